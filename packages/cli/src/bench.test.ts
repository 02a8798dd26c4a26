// Tests that `boss bench` returns within its time for every game, counting only games played to their end.
import { describe, expect, it } from 'vitest';
import { GAMES } from '@boss-table/games';
import { bench } from './bench.js';

describe('boss bench', () => {
  it.each(Object.keys(GAMES))(
    'returns on time for %s, with whole games only',
    (id) => {
      const game = GAMES[id];
      const options = game.parseOptions({ players: 4 });
      if (!options.ok) throw new Error(options.error.message);
      const r = bench(game, options.value, 300);
      // Before: a Boss Cards random game ran for minutes, and bench looked at the clock every
      // 50 games only; it returned long after its time, if ever.
      expect(r.seconds).toBeLessThan(5);
      expect(r.games).toBeGreaterThan(0);
      expect(r.moves / r.games).toBeGreaterThan(10);
    },
    60_000,
  );

  it('cuts a game off at the deadline and does not count it', () => {
    const game = GAMES['boss-cards'];
    const options = game.parseOptions({ players: 4 });
    if (!options.ok) throw new Error(options.error.message);
    // A random 4-player game of Boss Cards is thousands of moves: 1 ms ends inside the first.
    const r = bench(game, options.value, 1);
    expect(r).toMatchObject({ games: 0, moves: 0, cutOff: true });
    expect(r.seconds).toBeLessThan(1);
  });
});
