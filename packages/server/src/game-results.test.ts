// Tests a finished game's places (people who abandoned it put last) and the rating changes they produce.
import { describe, expect, it } from 'vitest';
import { abandonedLast, rateRows } from './game-results.js';

describe('places of a finished game', () => {
  it('puts a person who abandoned the game after everyone else', () => {
    expect(abandonedLast([1, 2, 3, 4], [])).toEqual([1, 2, 3, 4]);
    expect(abandonedLast([1, 2, 3, 4], [0])).toEqual([4, 1, 2, 3]);
    expect(abandonedLast([1, 1, 3, 4], [1, 3])).toEqual([1, 3, 2, 3]);
    expect(abandonedLast([2, 1], [0, 1])).toEqual([1, 1]);
  });

  it('rates the places with Weng-Lin: the first gains, the last loses, counts move', () => {
    const fresh = (subject: string) => ({
      subject,
      game: 'g',
      mu: 25,
      sigma: 25 / 3,
      games: 0,
      wins: 0,
    });
    const { rows, shown } = rateRows([fresh('a'), fresh('b'), fresh('c')], [1, 2, 3]);
    expect(rows[0].mu).toBeGreaterThan(25);
    expect(rows[2].mu).toBeLessThan(25);
    expect(rows.map((r) => [r.games, r.wins])).toEqual([
      [1, 1],
      [1, 0],
      [1, 0],
    ]);
    expect(shown.map((s) => s.before)).toEqual([1500, 1500, 1500]);
    expect(shown[0].after).toBeGreaterThan(shown[2].after);
  });
});
