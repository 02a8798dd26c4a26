// Tests core's IS-MCTS on small games: a searched tree avoids a trap a root-only search walks into, on time.
import { describe, expect, it, vi } from 'vitest';
import type { AnyGame, Seat } from './game.js';
import { analyzeRecord } from './analysis.js';
import { ismctsBot, search, type SearchBudget, type SearchHooks } from './ismcts.js';
import { Rng } from './rng.js';

/**
 * A trap no root-only search sees: seat 0 picks `safe` (a shared win, surely) or `trap`;
 * after `trap`, seat 1 picks one of ten replies, nine of which lose for it and one wins.
 * Random playouts score `trap` at 0.9; a searched tree lets seat 1 find its one reply.
 */
interface TrapState {
  path: string[];
}
const REPLIES = ['r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8', 'win'];
const legal = (s: TrapState): string[] =>
  s.path.length === 0
    ? ['trap', 'safe']
    : s.path[0] === 'trap' && s.path.length === 1
      ? REPLIES
      : [];
const over = (s: TrapState) => legal(s).length === 0;
const trap = {
  id: 'trap',
  parseOptions: () => ({ ok: true, value: {} }),
  parsePresets: () => ({ ok: true, value: undefined }),
  setup: () => ({ ok: true, value: { state: { path: [] }, events: [] } }),
  parseMove: (raw: { m: string }) => ({ ok: true, value: raw.m }),
  apply(s: TrapState, seat: Seat, move: string) {
    const next = { path: [...s.path] };
    const broken = trap.applyInPlace(next, seat, move);
    return broken ? { ok: false, error: broken } : { ok: true, value: { state: next, events: [] } };
  },
  outcome: (s: TrapState) =>
    !over(s)
      ? undefined
      : { winners: s.path[0] === 'safe' ? [0, 1] : [s.path[1] === 'win' ? 1 : 0] },
  activeSeats: (s: TrapState): Seat[] => (over(s) ? [] : [s.path.length % 2]),
  isOver: over,
  clone: (s: TrapState): TrapState => ({ path: [...s.path] }),
  applyInPlace(s: TrapState, seat: Seat, move: string) {
    if (seat !== s.path.length % 2 || !legal(s).includes(move))
      return { code: 'illegal', message: `not ${move}` };
    s.path.push(move);
    return undefined;
  },
  view: (s: TrapState, viewer: Seat) => ({ path: [...s.path], viewer }),
  viewer: (v: { viewer: Seat }) => v.viewer,
  sample: (v: { path: string[] }): TrapState => ({ path: [...v.path] }),
} as unknown as AnyGame & {
  applyInPlace(s: TrapState, seat: Seat, m: string): { code: string } | undefined;
};

const hooks: SearchHooks<{ path: string[] }, TrapState, unknown> = {
  candidates: (view) => legal(view),
  rollout(s, rng) {
    while (!over(s)) {
      const moves = legal(s);
      s.path.push(moves[rng.int(moves.length)]);
    }
  },
  reward(s, seat) {
    const forZero = s.path[0] === 'safe' ? 0.5 : s.path[1] === 'win' ? 0 : 1;
    return seat === 0 ? forZero : 1 - forZero;
  },
};

const ctx = (seed: string) => ({ rng: Rng.fromSeed(seed), deadline: performance.now() + 60_000 });
const choose = (budget: SearchBudget, seed: string) =>
  search(trap, hooks as never, budget, { path: [], viewer: 0 }, 0, ctx(seed));

describe('information-set search', () => {
  it('scoring the root alone walks into the trap (what the tree is for)', () => {
    expect(choose({ iterations: 2000 }, 'root').move).toBe('trap');
  });

  it('a searched tree sees the reply below the root and avoids the trap', () => {
    for (const seed of ['a', 'b', 'c']) {
      const result = choose({ iterations: 2000, tree: true }, seed);
      expect(result.move).toBe('safe');
      expect(result.iterations).toBe(2000);
    }
  });

  it('progressive widening still offers every reply given the visits', () => {
    const result = choose({ iterations: 3000, tree: { wideningK: 1, wideningAlpha: 0.5 } }, 'w');
    expect(result.move).toBe('safe');
  });

  it('stops at its time budget and still answers with a root candidate', () => {
    const started = performance.now();
    const result = search(
      trap,
      hooks as never,
      { timeMs: 30, tree: true },
      { path: [], viewer: 0 },
      0,
      ctx('t'),
    );
    expect(['trap', 'safe']).toContain(result.move);
    expect(result.iterations).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('post-game analysis', () => {
  const record = (first: string, reply: string) => ({
    game: 'trap',
    options: {},
    seed: 'x',
    moves: [
      { seat: 0, m: first },
      { seat: 1, m: reply },
    ],
  });
  const bot = ismctsBot(trap, hooks as never, { iterations: 3000, tree: true });

  it("flags the move into the trap, and names the search's choice with its chances", () => {
    const reports = analyzeRecord(trap, record('trap', 'win'), 0, bot, { budgetMs: 60_000 });
    expect(reports.ok).toBe(true);
    if (!reports.ok) return;
    expect(reports.value).toHaveLength(1);
    const [r] = reports.value;
    expect(r).toMatchObject({ index: 0, played: 'trap', best: 'safe', sameAsBest: false });
    // `safe` shares the win (a chance of 0.5); `trap` wins only when seat 1 misses its
    // reply, which the tree learns not to: far under a half.
    expect(r.before).toBeCloseTo(0.5, 5);
    expect(r.after).toBeLessThan(0.4);
    expect(r.loss).toBeCloseTo(r.before - r.after, 9);
    expect(r.flagged).toBe(true);
  });

  it("measures each move for the level's playouts however long the search took", () => {
    // A clock that stands still: the search's own time is nil, as when a busy machine runs
    // out the time it took. Timed by it, the appraisal played no playout and said 0 for both.
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const reports = analyzeRecord(trap, record('trap', 'win'), 0, bot, { budgetMs: 60_000 });
      expect(reports.ok && reports.value[0].before).toBeCloseTo(0.5, 5);
    } finally {
      vi.useRealTimers();
    }
  });

  it('finds no loss in the best move, and analyses the other seat too', () => {
    const reports = analyzeRecord(trap, record('trap', 'win'), 1, bot, { budgetMs: 60_000 });
    expect(reports.ok && reports.value[0]).toMatchObject({
      index: 1,
      played: 'win',
      best: 'win',
      sameAsBest: true,
      loss: 0,
      flagged: false,
    });
  });
});
