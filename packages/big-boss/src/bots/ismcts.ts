// Big Boss's search bot levels: which moves core's IS-MCTS tries, how playouts run and how they are judged.
import {
  ismctsBot,
  type Bot,
  type Rng,
  type SearchBudget,
  type SearchHooks,
} from '@boss-table/core';
import { COMPANY_INDEX, isIndustry, cardId } from '../companies.js';
import { bigBoss } from '../game.js';
import { legalMoves, money } from '../play.js';
import type { BigBossState } from '../state.js';
import type { BigBossMove, BigBossView } from '../types.js';
import { sample } from '../view.js';
import {
  DEFAULT_HEURISTIC,
  heuristicMove,
  judge as heuristicJudge,
  scoreInvestMoves,
  scorePlayMoves,
} from './heuristic.js';

import { leafWeights, winChances } from './leaf.js';
import { DEFAULT_POLICY, playGain, policyMove, type PolicyWeights } from './playout.js';

/** Millions of the heuristic's worth that move a heuristic-judged playout's reward from 0.5 to 0.73. */
const HEURISTIC_SCALE = 40;

export type IsmctsLevel = 'easy' | 'medium' | 'hard';

export interface BigBossSearchConfig {
  readonly budget: SearchBudget;
  /**
   * Playouts stop after this many moves and the position is judged by each seat's money as
   * it would be counted now (cash + shares at their prices + towers + cards); Infinity plays
   * to the end.
   */
  readonly depth: number;
  readonly policy: PolicyWeights;
  /** In the invest step, at most this many candidates (the best by a quick score). */
  readonly investWidth?: number;
  /**
   * When set, the root moves are the heuristic bot's best this many by its own judgement
   * (its choice first, so it is the fallback); otherwise every legal move is searched.
   */
  readonly width?: number;
  /**
   * How playouts are played: `light`, the fast greedy-ish policy; `heuristic`, every seat as
   * the heuristic bot plays (slower, so a short `depth`), the position then judged as the
   * heuristic judges it.
   */
  readonly playout?: 'light' | 'heuristic';
  /**
   * `false`: the search forgets what passes tell (it samples from views without pass
   * clues), to measure what they are worth (docs/benchmarks.md). Default true.
   */
  readonly passClues?: boolean;
  /**
   * How a heuristic playout that stops before the end is judged: `heuristic`, the heuristic's
   * worth against the others (half the best, half the mean), squashed; `fitted`, the seat's
   * chance to win as the fitted judge sees it (`bots/leaf.ts`; a playout reaching the end
   * then counts as a win share), or as `heuristic` under rules or at numbers of players it
   * was not fitted for.
   */
  readonly leaf?: 'heuristic' | 'fitted';
}

export const ISMCTS_LEVELS: Readonly<Record<IsmctsLevel, BigBossSearchConfig>> = {
  // Light playouts over every move: a different, weaker player than the heuristic.
  easy: { budget: { timeMs: 25 }, depth: 36, policy: DEFAULT_POLICY },
  // The heuristic's best five, each played on by every seat as the heuristic would for two
  // rounds on the same drawn cards, then judged by the fitted judge (each seat's chance to
  // win from where it stands, bots/leaf.ts).
  medium: {
    budget: { timeMs: 250, paired: true },
    depth: 16,
    policy: DEFAULT_POLICY,
    width: 5,
    playout: 'heuristic',
    leaf: 'fitted',
  },
  hard: {
    budget: { timeMs: 900, paired: true },
    depth: 16,
    policy: DEFAULT_POLICY,
    width: 5,
    playout: 'heuristic',
    leaf: 'fitted',
  },
};

/**
 * The moves searched at the root: every legal move, without the choices that change nothing
 * (a founding's company name; which of a company's spaces with the same pieces a Level card
 * goes on), the one that earns most first (the fallback when there is no time to search).
 */
export function candidateMoves(view: BigBossView, seat: number, rng: Rng): BigBossMove[] {
  // The seat's own moves depend only on its hand and the public position, both in the view.
  const s = sample(view, rng);
  const seen = new Set<string>();
  const out: { move: BigBossMove; score: number }[] = [];
  for (const move of legalMoves(s, seat)) {
    let key: string;
    if (move.type === 'found') key = `f${move.card}:${move.start}:${move.top}`;
    else if (move.type === 'expand' && !isIndustry(cardId(move.card)!))
      key = `l${move.card}:${s.owner[move.space - 1]}:${s.pieces[move.space - 1]}`;
    else key = JSON.stringify(move);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ move, score: quickScore(s, seat, move) });
  }
  out.sort((a, b) => b.score - a.score);
  return out.map((m) => m.move);
}

/** The heuristic bot's best `width` moves, best first; empty outside phases play and invest. */
export function heuristicCandidates(
  view: BigBossView,
  seat: number,
  rng: Rng,
  width: number,
): BigBossMove[] {
  const s = sample(view, rng);
  const w = DEFAULT_HEURISTIC[view.rules];
  const scored =
    s.phase === 'invest'
      ? scoreInvestMoves(s, seat, w)
      : s.phase === 'play'
        ? scorePlayMoves(s, seat, w)
        : [];
  // A stable sort: among equal scores the heuristic's own first pick stays first.
  scored.sort((a, b) => b.score - a.score);
  return scored.slice(0, width).map((m) => m.move);
}

/** A rough worth of a move now, only to order the candidates. */
function quickScore(s: BigBossState, seat: number, move: BigBossMove): number {
  switch (move.type) {
    case 'found':
    case 'expand':
      return 100 + playGain(s, move);
    case 'buy':
      return move.from === 'deck' ? 2 : 1;
    case 'invest': {
      let score = 0;
      for (const id of move.shares) score += 10 - s.price[COMPANY_INDEX.get(id)!] / 10;
      return score + (move.tower ? 5 : 0);
    }
    case 'sell':
      return -1;
    case 'pass':
      return 0;
  }
}

/** Reward in [0, 1]: mostly winning, a little the share of the top money. */
function judge(scores: readonly number[], seat: number, winners: readonly number[] | null): number {
  let top = 1;
  let other = -Infinity;
  for (let p = 0; p < scores.length; p++) {
    top = Math.max(top, scores[p]);
    if (p !== seat) other = Math.max(other, scores[p]);
  }
  const share = (0.2 * Math.max(0, scores[seat])) / top;
  if (winners) return (winners.includes(seat) ? 0.8 / winners.length : 0) + share;
  // A position not played to the end: how far ahead of the best other seat, smoothly.
  const scale = Math.max(10, 0.08 * top);
  return 0.8 / (1 + Math.exp(-(scores[seat] - other) / scale)) + share;
}

export function bigBossHooks(
  config: BigBossSearchConfig,
): SearchHooks<BigBossView, BigBossState, unknown> {
  return {
    candidates(view, seat, rng) {
      if (config.width !== undefined) {
        const best = heuristicCandidates(view, seat, rng, config.width);
        if (best.length > 0) return best;
      }
      const moves = candidateMoves(view, seat, rng);
      return view.phase === 'invest' ? moves.slice(0, config.investWidth ?? Infinity) : moves;
    },
    rollout(s, rng, stopAt) {
      if (config.playout === 'heuristic') {
        for (
          let step = 0;
          s.outcome === null && step < config.depth && performance.now() < stopAt;
          step++
        ) {
          const p = s.turn;
          const move = heuristicMove(s, p)!;
          const broken = bigBoss.applyInPlace(s, p, move);
          if (broken) throw new Error(`playout move refused: ${broken.message}`);
        }
        return;
      }
      const limit = Math.min(config.depth, 5000);
      for (let step = 0; s.outcome === null && step < limit; step++) {
        const p = s.turn;
        const move = policyMove(s, p, rng, config.policy)!;
        const broken = bigBoss.applyInPlace(s, p, move);
        if (broken) throw new Error(`playout move refused: ${broken.message}`);
      }
    },
    reward(s, seat) {
      // The fitted judge's chance to win, and a finished playout its win share; rules and
      // numbers of players without a fitted judge are judged as below.
      if (config.playout === 'heuristic' && config.leaf === 'fitted' && leafWeights(s)) {
        if (!s.outcome) return winChances(s)![seat];
        const { winners } = s.outcome;
        return winners.includes(seat) ? 1 / winners.length : 0;
      }
      if (s.outcome) return judge(s.outcome.scores, seat, s.outcome.winners);
      if (config.playout === 'heuristic') {
        // The heuristic's worth (against the others), squashed into (0, 1).
        const v = heuristicJudge(s, seat, DEFAULT_HEURISTIC[s.config.rules]);
        return 1 / (1 + Math.exp(-v / HEURISTIC_SCALE));
      }
      const scores: number[] = [];
      for (let p = 0; p < s.config.players; p++) scores.push(money(s, p).total);
      return judge(scores, seat, null);
    },
  };
}

export function ismctsBigBossBot(
  level: IsmctsLevel,
  override?: Partial<BigBossSearchConfig>,
): Bot<BigBossView, BigBossMove> {
  const config = { ...ISMCTS_LEVELS[level], ...override };
  const bot = ismctsBot(bigBoss, bigBossHooks(config), config.budget, `ismcts:${level}`) as Bot<
    BigBossView,
    BigBossMove
  >;
  if (config.passClues !== false) return bot;
  return {
    name: `${bot.name}:no-pass-clues`,
    chooseMove: (view, ctx) => bot.chooseMove(withoutPassClues(view), ctx),
  };
}

/** The view as if passes told nothing. */
export const withoutPassClues = (view: BigBossView): BigBossView => ({
  ...view,
  seats: view.seats.map((seat) => ({ ...seat, passClues: [] })),
});
