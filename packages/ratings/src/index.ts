// Player and bot ratings for free-for-all games: Weng-Lin Bayesian updates with the Plackett-Luce model.
import type { Outcome } from '@boss-table/core';

/**
 * Ratings for free-for-all games of 2–6 seats: the Weng-Lin Bayesian approximation with the
 * Plackett-Luce model (R. C. Weng and C.-J. Lin, "A Bayesian Approximation Method for Online
 * Ranking", JMLR 12, 2011, algorithm 4), as the openskill library computes it: each rating is
 * a normal belief about a skill, mean `mu` and deviation `sigma`. Tested against openskill's
 * published worked examples (`index.test.ts`). Written here rather than taken from openskill
 * itself because that package brings 16 MB of dependencies (its own math library and ramda)
 * for an exponential and a square root (docs/decisions.md).
 */
export interface Rating {
  readonly mu: number;
  readonly sigma: number;
}

export interface RatingModel {
  /** A new player's mean (25) and deviation (25/3). */
  readonly mu: number;
  readonly sigma: number;
  /** The spread of performances around a skill (sigma / 2). */
  readonly beta: number;
  /** The smallest factor a deviation may shrink by in one game (0.0001). */
  readonly kappa: number;
  /**
   * Added to every deviation before a game, so that a rating never freezes: openskill's
   * default, mu / 300 (0 would let a deviation only shrink, and a long-time player's rating
   * stop moving).
   */
  readonly tau: number;
}

export const DEFAULT_MODEL: RatingModel = {
  mu: 25,
  sigma: 25 / 3,
  beta: 25 / 6,
  kappa: 0.0001,
  tau: 25 / 300,
};

export const newRating = (model: RatingModel = DEFAULT_MODEL): Rating => ({
  mu: model.mu,
  sigma: model.sigma,
});

/**
 * New ratings after one game. `teams[i]` are the ratings of team i's players (one player a
 * team in free-for-all games); `ranks[i]` its place, lower is better, equal ranks a tie.
 */
export function rateTeams(
  teams: readonly (readonly Rating[])[],
  ranks: readonly number[],
  model: RatingModel = DEFAULT_MODEL,
): Rating[][] {
  if (teams.length !== ranks.length) throw new Error('One rank a team.');
  if (teams.length < 2) throw new Error('A game needs two teams at least.');
  const players = teams.map((t) =>
    t.map((p) => ({ mu: p.mu, sigma: Math.sqrt(p.sigma ** 2 + model.tau ** 2) })),
  );
  const team = players.map((t) => ({
    mu: t.reduce((s, p) => s + p.mu, 0),
    sigmaSq: t.reduce((s, p) => s + p.sigma ** 2, 0),
  }));
  const c = Math.sqrt(team.reduce((s, t) => s + t.sigmaSq + model.beta ** 2, 0));
  const n = teams.length;
  const strength = team.map((t) => Math.exp(t.mu / c));
  // For each team q: the strength of every team placed no better than q.
  const sumQ = ranks.map((rq) => strength.reduce((s, e, i) => (ranks[i] >= rq ? s + e : s), 0));
  const tied = ranks.map((r) => ranks.filter((x) => x === r).length);
  return players.map((members, i) => {
    let omega = 0;
    let delta = 0;
    for (let q = 0; q < n; q++) {
      if (ranks[q] > ranks[i]) continue;
      const quotient = strength[i] / sumQ[q];
      omega += (q === i ? 1 - quotient : -quotient) / tied[q];
      delta += (quotient * (1 - quotient)) / tied[q];
    }
    const { sigmaSq } = team[i];
    const gamma = Math.sqrt(sigmaSq) / c;
    const teamOmega = (omega * sigmaSq) / c;
    const teamDelta = (gamma * delta * sigmaSq) / c ** 2;
    return members.map((p) => {
      const share = p.sigma ** 2 / sigmaSq;
      return {
        mu: p.mu + share * teamOmega,
        sigma: p.sigma * Math.sqrt(Math.max(1 - share * teamDelta, model.kappa)),
      };
    });
  });
}

/**
 * The places of a game's seats (1 best): the winners share first place, the others follow in
 * the order of the game's ranking.
 */
export function placesOf(outcome: Outcome): number[] {
  const places = outcome.scores.map(() => 0);
  const winners = new Set(outcome.winners);
  let next = winners.size + 1;
  for (const seat of outcome.ranking) places[seat] = winners.has(seat) ? 1 : next++;
  return places;
}

/** One rating a seat, after a game with that outcome. */
export function rateGame(
  ratings: readonly Rating[],
  outcome: Outcome,
  model: RatingModel = DEFAULT_MODEL,
): Rating[] {
  return rateTeams(
    ratings.map((r) => [r]),
    placesOf(outcome),
    model,
  ).map(([r]) => r);
}

/**
 * The number shown to people: a conservative estimate (`mu - 3 sigma`, the skill the player
 * is 99.7 % likely to exceed) on a familiar scale, 1500 for a new player, 40 points an
 * ordinal unit. Early games can raise it even when lost, as the deviation shrinks.
 */
export function displayRating(r: Rating): number {
  return Math.round(1500 + 40 * (r.mu - 3 * r.sigma));
}
