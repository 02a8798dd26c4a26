import { describe, expect, it } from 'vitest';
import { displayRating, newRating, placesOf, rateGame, rateTeams, type Rating } from './index.js';

const close = (actual: Rating, mu: number, sigma: number, digits = 2) => {
  expect(actual.mu).toBeCloseTo(mu, digits);
  expect(actual.sigma).toBeCloseTo(sigma, digits);
};

// The worked examples published with the openskill library (Plackett-Luce, its defaults).
describe("Weng-Lin Plackett-Luce against openskill's worked examples", () => {
  it('two teams of two: a1 and a2 beat b1 and b2', () => {
    const [[x1, x2], [y1, y2]] = rateTeams(
      [
        [newRating(), { mu: 32.444, sigma: 5.123 }],
        [
          { mu: 43.381, sigma: 2.421 },
          { mu: 25.188, sigma: 6.211 },
        ],
      ],
      [1, 2],
    );
    close(x1, 28.67, 8.07);
    close(x2, 33.83, 5.06);
    close(y1, 43.07, 2.42);
    close(y2, 23.15, 6.14);
  });

  it('four players from new ratings, places 4, 1, 3, 2', () => {
    const r = rateTeams([[newRating()], [newRating()], [newRating()], [newRating()]], [4, 1, 3, 2]);
    close(r[0][0], 20.963, 8.084, 3);
    close(r[1][0], 27.795, 8.263, 3);
    close(r[2][0], 24.689, 8.084, 3);
    close(r[3][0], 26.553, 8.179, 3);
  });

  it('ties share a place: scores 37, 19, 37, 42', () => {
    const r = rateTeams([[newRating()], [newRating()], [newRating()], [newRating()]], [2, 4, 2, 1]);
    close(r[0][0], 24.689, 8.179, 3);
    close(r[1][0], 22.826, 8.179, 3);
    close(r[2][0], 24.689, 8.179, 3);
    close(r[3][0], 27.795, 8.263, 3);
  });
});

describe('ratings of a game', () => {
  it('places: the winners share first, the rest follow the ranking', () => {
    expect(
      placesOf({ winners: [2], scores: [5, 3, 9, 1], ranking: [2, 0, 1, 3], decidedBy: 'x' }),
    ).toEqual([2, 3, 1, 4]);
    expect(
      placesOf({ winners: [0, 1], scores: [5, 5, 1], ranking: [0, 1, 2], decidedBy: 'x' }),
    ).toEqual([1, 1, 3]);
  });

  it('a winner gains, a loser loses, and a strong favourite gains little', () => {
    const outcome = { winners: [0], scores: [1, 0], ranking: [0, 1], decidedBy: 'x' };
    const [w, l] = rateGame([newRating(), newRating()], outcome);
    expect(w.mu).toBeGreaterThan(25);
    expect(l.mu).toBeLessThan(25);
    const [fav] = rateGame(
      [
        { mu: 40, sigma: 2 },
        { mu: 20, sigma: 2 },
      ],
      outcome,
    );
    expect(fav.mu - 40).toBeLessThan(w.mu - 25);
  });

  it('shows 1500 for a new player', () => {
    expect(displayRating(newRating())).toBe(1500);
    expect(displayRating({ mu: 30, sigma: 1 })).toBe(1500 + 40 * 27);
  });
});
