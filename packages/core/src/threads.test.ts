// Tests searches shared over worker threads: statistics summed, the same move under a seed, answers by deadline.
import { describe, expect, it } from 'vitest';
import type { Bot } from './bot.js';
import type { SearchResult } from './ismcts.js';

// The worker threads load built files, so this test runs on core's dist/ (built by
// `npm run build` / `npx tsc -b` before the tests), imported by URL so that the type check
// reads the sources.
const dist = (path: string) => new URL(`../dist/${path}`, import.meta.url).href;
const { CLOCK, mergeSearchResults, Rng } = (await import(
  dist('index.js')
)) as typeof import('./index.js');
const { mergeAppraisals, parallelBot } = (await import(
  dist('threads.js')
)) as typeof import('./threads.js');
const { bidVeto, bidVetoSearchBot } = (await import(
  dist('testing/index.js')
)) as typeof import('./testing/index.js');
type BotRecipe = import('./threads.js').BotRecipe;

const recipe = (budget: object): BotRecipe => ({
  module: new URL('../dist/testing/search-bot.js', import.meta.url).href,
  exportName: 'bidVetoSearchBot',
  args: [budget],
});

/** A position of bidVeto some moves in, as seat 0 sees it. */
function position(seed: string) {
  const options = bidVeto.parseOptions({ players: 3 });
  if (!options.ok) throw new Error(options.error.message);
  const setup = bidVeto.setup(options.value, seed);
  if (!setup.ok) throw new Error(setup.error.message);
  const state = setup.value.state;
  const rng = Rng.fromSeed(seed);
  // Some moves in (a clock's expiry where only a clock can move), to a seat with a choice.
  for (let i = 0; ; i++) {
    const seats = bidVeto.activeSeats(state);
    if (seats.length === 0) {
      bidVeto.applyInPlace(state, CLOCK, bidVeto.clocks!(state)[0].expiry);
      continue;
    }
    if (i >= 4 && bidVeto.legalMoves(state, seats[0]).length > 1) break;
    bidVeto.applyInPlace(state, seats[0], bidVeto.randomMove(state, seats[0], rng)!);
  }
  const seat = bidVeto.activeSeats(state)[0];
  return { state, seat, view: bidVeto.view(state, seat) };
}

const result = (
  moves: string[],
  visits: number[],
  values: number[],
  rule: 'visits' | 'mean' = 'visits',
): SearchResult<string> => ({
  move: moves[0],
  moves,
  iterations: visits.reduce((a, b) => a + b, 0),
  visits,
  values,
  wins: values.map((v) => v / 2),
  rule,
});

describe('root-parallel search', () => {
  it('sums the root statistics move by move and chooses from the sums', () => {
    const a = result(['x', 'y', 'z'], [10, 30, 5], [5, 12, 4]);
    const b = result(['z', 'x'], [40, 25], [20, 20]);
    const m = mergeSearchResults([a, b]);
    expect(m.moves).toEqual(['x', 'y', 'z']);
    expect(m.visits).toEqual([35, 30, 45]);
    expect(m.values).toEqual([25, 12, 24]);
    expect(m.wins).toEqual([12.5, 6, 12]);
    expect(m.iterations).toBe(110);
    // Most visits in all: z, though y led the first search and x the second's... visits.
    expect(m.move).toBe('z');
    // Paired playouts choose by the best mean: x (25/35) over z (24/45).
    const p = mergeSearchResults([
      { ...a, rule: 'mean' as const },
      { ...b, rule: 'mean' as const },
    ]);
    expect(p.move).toBe('x');
    // Ties go to the move listed first.
    expect(mergeSearchResults([result(['x', 'y'], [5, 5], [1, 1])]).move).toBe('x');
    expect(() => mergeSearchResults([a, { ...b, rule: 'mean' as const }])).toThrow(/rules/);
    expect(() => mergeSearchResults([])).toThrow();
  });

  it('two threads given iteration counts: a legal move, the same for the same seed, the sum of two searches', async () => {
    const budget = { iterations: 150 };
    const one = bidVetoSearchBot(budget);
    const two = parallelBot(one, recipe(budget), 2);
    const again = parallelBot(bidVetoSearchBot(budget), recipe(budget), 2);
    try {
      expect(two.threads).toBe(2);
      for (const seed of ['p0', 'p1', 'p2']) {
        const { state, seat, view } = position(seed);
        const move = two.chooseMove(view, {
          rng: Rng.fromSeed(seed),
          deadline: performance.now() + 30_000,
        });
        expect(bidVeto.applyInPlace(bidVeto.clone(state), seat, move as never)).toBeUndefined();
        const merged = two.lastSearch!;
        expect(merged.iterations).toBe(300);
        expect(two.lastThreads).toBe(2);
        expect(merged.values.some((v) => v > 0)).toBe(true);
        // Deterministic: another pair of threads, the same seed, the same statistics.
        again.chooseMove(view, { rng: Rng.fromSeed(seed), deadline: performance.now() + 30_000 });
        expect(again.lastSearch).toEqual(merged);
        // And it is the sum of the two searches each thread ran, with the seeds drawn from
        // the context's generator in thread order.
        const rng = Rng.fromSeed(seed);
        const seeds = [rng.deriveSeed(), rng.deriveSeed()];
        const alone = seeds.map((s) =>
          one.searchRoot!(view, { rng: Rng.fromSeed(s), deadline: performance.now() + 30_000 }),
        );
        expect(merged).toEqual(mergeSearchResults(alone));
        expect(merged.visits.reduce((x: number, y: number) => x + y, 0)).toBe(
          alone[0].visits.reduce((x, y) => x + y, 0) + alone[1].visits.reduce((x, y) => x + y, 0),
        );
      }
    } finally {
      await two.close();
      await again.close();
    }
  });

  it('appraises on every thread: the choice of the parallel search, each move measured on both and summed', async () => {
    const budget = { iterations: 120 };
    const one = bidVetoSearchBot(budget);
    const two = parallelBot(one, recipe(budget), 2);
    try {
      const { view } = position('a0');
      const played = one.chooseMove(view, { rng: Rng.fromSeed('other'), deadline: Infinity });
      const deadline = performance.now() + 30_000;
      const appraisal = two.appraise!(view, { rng: Rng.fromSeed('a0'), deadline }, played);
      expect(appraisal.moves.some((m) => m.move === appraisal.best)).toBe(true);
      expect(appraisal.moves.some((m) => JSON.stringify(m.move) === JSON.stringify(played))).toBe(
        true,
      );
      // The same as each thread's appraisal given that choice, summed: seeds 3 and 4 of the
      // context's generator (1 and 2 went to the search).
      const rng = Rng.fromSeed('a0');
      const seeds = [rng.deriveSeed(), rng.deriveSeed(), rng.deriveSeed(), rng.deriveSeed()];
      expect(JSON.stringify(appraisal.best)).toBe(JSON.stringify(two.lastSearch!.move));
      const alone = seeds
        .slice(2)
        .map((s) =>
          one.appraise!(view, { rng: Rng.fromSeed(s), deadline }, played, appraisal.best),
        );
      expect(appraisal).toEqual(mergeAppraisals(alone, appraisal.best));
      for (const m of appraisal.moves)
        expect(m.visits).toBe(
          alone.reduce(
            (sum, a) =>
              sum + a.moves.find((x) => JSON.stringify(x.move) === JSON.stringify(m.move))!.visits,
            0,
          ),
        );
    } finally {
      await two.close();
    }
  });

  it('with a time budget both threads search for it and the move comes by the deadline', async () => {
    const budget = { timeMs: 100 };
    const bot = parallelBot(bidVetoSearchBot(budget), recipe(budget), 2);
    try {
      const { state, seat, view } = position('t');
      // Warm the worker up (its first job waits for the bot's module).
      bot.chooseMove(view, { rng: Rng.fromSeed('w'), deadline: performance.now() + 5_000 });
      const started = performance.now();
      const move = bot.chooseMove(view, {
        rng: Rng.fromSeed('t'),
        deadline: performance.now() + 5_000,
      });
      const took = performance.now() - started;
      expect(bidVeto.applyInPlace(bidVeto.clone(state), seat, move as never)).toBeUndefined();
      expect(took).toBeLessThan(1_000);
      // Both threads' statistics summed (each thread's count depends on the machine's load).
      expect(bot.lastThreads).toBe(2);
      expect(bot.lastSearch!.iterations).toBeGreaterThan(0);
    } finally {
      await bot.close();
    }
  });

  it('says so when a worker cannot make the bot from its recipe', async () => {
    const budget = { iterations: 20 };
    const bot = parallelBot(bidVetoSearchBot(budget), { ...recipe(budget), exportName: 'nope' }, 2);
    try {
      const { view } = position('bad');
      expect(() =>
        bot.chooseMove(view, { rng: Rng.fromSeed('b'), deadline: performance.now() + 5_000 }),
      ).toThrow(/A search thread failed: .+ has no function nope/);
    } finally {
      await bot.close();
    }
  });

  it('is the bot itself with one thread, or for a bot without a root search', async () => {
    const plain: Bot = { name: 'plain', chooseMove: () => 'm' };
    const p = parallelBot(plain, recipe({ iterations: 1 }), 2);
    expect(p.threads).toBe(1);
    expect(p.chooseMove({}, { rng: Rng.fromSeed('x'), deadline: Infinity })).toBe('m');
    await p.close();
    expect(() => parallelBot(plain, recipe({}), 0)).toThrow(/Threads/);
  });
});
