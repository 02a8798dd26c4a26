/**
 * Who is ahead where a search's playout stops: each seat's chance to win, a softmax over the
 * seats of a score weighed from `seatFeatures` (cash, holdings, growth to come, hand, …),
 * each weight a quadratic in the part of the game left (pieces in the box / 92). The weights
 * were fitted (maximum likelihood, a conditional logit) to who won games of four `heuristic`
 * seats from where they stood at their turns: `packages/big-boss/bench/fit-leaf.mjs`,
 * docs/big-boss.md. It reads every hand: for the full states a search draws from a view.
 */
import { PIECES } from '../companies.js';
import type { BigBossState } from '../state.js';
import type { RuleSet } from '../types.js';
import { SEAT_FEATURES, seatFeatures } from './heuristic.js';

/** Features are in hundreds of millions when weighed. */
const UNIT = 100;

/**
 * Per rule set and number of players (`modern/4`): the weights of each feature (in
 * `SEAT_FEATURES` order), then of each times the part left, then of each times its square;
 * none where not fitted.
 */
export const LEAF_WEIGHTS: Readonly<Partial<Record<`${RuleSet}/${number}`, readonly number[]>>> = {
  'modern/4': [
    2.736, 2.933, 4.758, 1.079, 0.301, 2.398, 0.43, -2.89, -4.578, 2.641, 0.984, 1.311, 3.864,
    1.835, 2.299, 4.307, 9.449, 0.055, -2.984, -3.777, -2.725,
  ],
};

/** The fitted weights for the state's rules and number of players, if any. */
export const leafWeights = (s: BigBossState): readonly number[] | undefined =>
  LEAF_WEIGHTS[`${s.config.rules}/${s.config.players}`];

/** Each seat's chance to win as the fitted judge sees the state; undefined when not fitted. */
export function winChances(s: BigBossState): number[] | undefined {
  const w = leafWeights(s);
  if (!w) return undefined;
  const n = SEAT_FEATURES.length;
  const t = s.piecesLeft / PIECES;
  const scores: number[] = [];
  for (let p = 0; p < s.config.players; p++) {
    const f = seatFeatures(s, p);
    let score = 0;
    for (let j = 0; j < n; j++)
      score += (f[j] / UNIT) * (w[j] + t * w[n + j] + t * t * w[2 * n + j]);
    scores.push(score);
  }
  const top = Math.max(...scores);
  let sum = 0;
  for (let p = 0; p < scores.length; p++) {
    scores[p] = Math.exp(scores[p] - top);
    sum += scores[p];
  }
  return scores.map((e) => e / sum);
}
