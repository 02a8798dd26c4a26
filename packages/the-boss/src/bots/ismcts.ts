// The Boss's searching bot: core's tree search over the heuristic's best moves, with cheap greedy playouts.
import {
  ismctsBot,
  type Bot,
  type Rng,
  type SearchBudget,
  type SearchHooks,
} from '@boss-table/core';
import {
  CARD_FACE,
  CARD_NAME,
  CHICAGO,
  CITY_CARDS,
  CITY_IDS,
  SLOTS,
  chicagoValue,
  type CityId,
} from '../cities.js';
import { theBoss } from '../game.js';
import { checkPlacement } from '../placement.js';
import { applyMove, randomMove, type BossMove } from '../play.js';
import { bigToPlace, cubesOn, type BossState } from '../state.js';
import type { BossView } from '../view.js';
import { DEFAULT_WEIGHTS, rankPlacements, rankReveals, toMove } from './heuristic.js';

export type IsmctsLevel = 'easy' | 'medium' | 'hard';

interface LevelConfig {
  readonly budget: SearchBudget;
  /** Placements (best by the heuristic) and reveals per placement searched at the root. */
  readonly placements: number;
  readonly reveals: number;
}

/**
 * Every level searches a tree (core's `treeSearch`): head to head against the root-only
 * search of the same budget it won 61 % of 200 2-player games at `easy` and 67 % of 100 at `medium`
 * (docs/benchmarks.md, "Issue 20: a search that builds a tree").
 */
export const ISMCTS_LEVELS: Readonly<Record<IsmctsLevel, LevelConfig>> = {
  easy: { budget: { timeMs: 25, tree: true }, placements: 4, reveals: 2 },
  medium: { budget: { timeMs: 250, tree: true }, placements: 6, reveals: 3 },
  hard: { budget: { timeMs: 900, tree: true }, placements: 8, reveals: 4 },
};

/** Value of a reward face to its boss inside a playout (where it is known). */
const FACE_VALUE: readonly number[] = (() => {
  const w = DEFAULT_WEIGHTS.face;
  return [
    w['0'],
    w['1'],
    w['2'],
    w['3'],
    w['4'],
    w.hospital,
    w.prison,
    w.revolver,
    w.banished,
    w.theft,
    w.shootout,
  ];
})();

const EPSILON = 0.2;

/**
 * What a city's reward is worth as the table sees it: the mean over its cards not yet
 * revealed. Playout players do not peek at the sampled reward, as real opponents cannot.
 */
function publicValue(s: BossState, slot: number): number {
  const cards = CITY_CARDS[slot];
  const revealed = s.revealed[slot];
  let sum = 0;
  let n = 0;
  for (const id of cards) {
    if (revealed.includes(id)) continue;
    sum += FACE_VALUE[CARD_FACE[id]];
    n++;
  }
  return n ? sum / n : 0;
}

function chicagoNow(s: BossState): number {
  let sum = 0;
  for (const slot of s.row) {
    if (slot === CHICAGO) break;
    const cards = s.revealed[slot];
    if (cards.length) sum += chicagoValue(CARD_FACE[cards[cards.length - 1]]);
  }
  return Math.floor(sum / 2);
}

/**
 * The playout policy: cheap and greedy. With probability ε a uniformly random move;
 * otherwise take the lead, with as few cubes as it takes, on the city whose (sampled)
 * reward is worth most for what it costs, or place nothing; reveal a random card.
 */
export function rolloutMove(s: BossState, p: number, rng: Rng, peek = false): BossMove {
  if (rng.float() < EPSILON) return randomMove(s, p, rng)!;
  const hand = s.hands[p];
  const reveal = CARD_NAME[hand[rng.int(hand.length)]];
  const bigLeft = bigToPlace(s, p);
  const smallLeft = s.smallLeft[p];
  let best = -1;
  let bestBig = 0;
  let bestSmall = 0;
  let bestScore = 0.5;
  for (const slot of s.row) {
    const value =
      slot === CHICAGO
        ? chicagoNow(s)
        : peek
          ? FACE_VALUE[CARD_FACE[s.rewards[slot]]]
          : publicValue(s, slot);
    if (value <= 0) continue;
    const mine = cubesOn(s, p, slot);
    let most = 0;
    for (let o = 0; o < s.config.players; o++)
      if (o !== p) most = Math.max(most, cubesOn(s, o, slot));
    const need = Math.max(1, most - mine + 1);
    const big = Math.min(need, bigLeft);
    const small = need - big;
    if ((big === 0 && s.big[p * SLOTS + slot] === 0) || small > smallLeft) continue;
    const score = value - big * 0.5 - small * 1.2 + rng.float() * 0.3;
    if (score > bestScore) {
      bestScore = score;
      best = slot;
      bestBig = big;
      bestSmall = small;
    }
  }
  if (best < 0) return { reveal };
  const place = { city: CITY_IDS[best] as CityId, big: bestBig, small: bestSmall };
  return checkPlacement(s, p, place) ? { reveal } : { place, reveal };
}

export interface PlayoutPolicy {
  /**
   * Playout players value a city by its sampled reward instead of its public mean (the
   * default, `false`, is not to peek: in 100 4-player games against three heuristic bots,
   * ismcts:hard won 49 % without peeking and 35 % peeking; docs/benchmarks.md).
   */
  readonly peek?: boolean;
}

export function bossHooks(
  level: LevelConfig,
  policy: PlayoutPolicy = {},
): SearchHooks<BossView, BossState, unknown> {
  const peek = policy.peek ?? false;
  return {
    candidates(view, seat, rng) {
      const placements = rankPlacements(view, seat, rng).slice(0, level.placements);
      if (!placements.some((p) => p.place === null)) placements.push({ place: null, score: 0 });
      const moves: BossMove[] = [];
      for (const p of placements)
        for (const reveal of rankReveals(view, seat, p.place, rng).slice(0, level.reveals))
          moves.push(toMove(p.place, reveal));
      return moves;
    },
    rollout(s, rng) {
      for (let guard = 0; s.outcome === null && guard < 2000; guard++) {
        const p = s.turn;
        if (applyMove(s, p, rolloutMove(s, p, rng, peek), null))
          applyMove(s, p, randomMove(s, p, rng)!, null);
      }
    },
    reward(s, seat) {
      if (s.outcome === null) return 0.5;
      const { winners, scores } = s.outcome;
      const top = Math.max(1, ...scores);
      return (winners.includes(seat) ? 0.8 / winners.length : 0) + (0.2 * scores[seat]) / top;
    },
  };
}

export function ismctsBossBot(
  level: IsmctsLevel,
  override?: SearchBudget,
): Bot<BossView, BossMove> {
  const config = ISMCTS_LEVELS[level];
  return ismctsBot(theBoss, bossHooks(config), override ?? config.budget, `ismcts:${level}`) as Bot<
    BossView,
    BossMove
  >;
}
