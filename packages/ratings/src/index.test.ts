// Tests the Weng-Lin Plackett-Luce ratings against the worked examples published with openskill.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MODEL,
  displayRating,
  newRating,
  placesOf,
  rateGame,
  rateTeams,
  type Rating,
} from './index.js';

const close = (actual: Rating, mu: number, sigma: number, digits = 2) => {
  expect(actual.mu).toBeCloseTo(mu, digits);
  expect(actual.sigma).toBeCloseTo(sigma, digits);
};

// The worked examples published with the openskill library (Plackett-Luce, its defaults,
// computed there without the dynamics factor: tau = 0).
const NO_TAU = { ...DEFAULT_MODEL, tau: 0 };
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
      NO_TAU,
    );
    close(x1, 28.67, 8.07);
    close(x2, 33.83, 5.06);
    close(y1, 43.07, 2.42);
    close(y2, 23.15, 6.14);
  });

  it('four players from new ratings, places 4, 1, 3, 2', () => {
    const r = rateTeams(
      [[newRating()], [newRating()], [newRating()], [newRating()]],
      [4, 1, 3, 2],
      NO_TAU,
    );
    close(r[0][0], 20.963, 8.084, 3);
    close(r[1][0], 27.795, 8.263, 3);
    close(r[2][0], 24.689, 8.084, 3);
    close(r[3][0], 26.553, 8.179, 3);
  });

  it('ties share a place: scores 37, 19, 37, 42', () => {
    const r = rateTeams(
      [[newRating()], [newRating()], [newRating()], [newRating()]],
      [2, 4, 2, 1],
      NO_TAU,
    );
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

describe('the dynamics factor tau', () => {
  it("is openskill's default, mu / 300, so that a long-time player's rating still moves", () => {
    expect(DEFAULT_MODEL.tau).toBeCloseTo(DEFAULT_MODEL.mu / 300, 12);
    // 400 games that alternate a win and a loss against an equal player.
    let me = newRating();
    for (let i = 0; i < 400; i++)
      me = rateGame([me, me], {
        scores: [0, 0],
        winners: [i % 2],
        ranking: [i % 2, 1 - (i % 2)],
        decidedBy: 'test',
      })[0];
    // With tau = 0 the deviation only shrinks (below 0.6 here) and a win barely moves it.
    expect(me.sigma).toBeGreaterThan(0.8);
    const won = rateGame([me, me], {
      scores: [0, 0],
      winners: [0],
      ranking: [0, 1],
      decidedBy: 'test',
    })[0];
    expect(displayRating(won) - displayRating(me)).toBeGreaterThanOrEqual(2);
  });
});
