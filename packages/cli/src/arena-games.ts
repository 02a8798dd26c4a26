// One game of a bots' tournament played out: who sits where, its seed, its ranking and decision times.
import { Driver, type Bot } from '@boss-table/core';
import { findGame } from '@boss-table/games';
import { makeBot } from '@boss-table/games/bots';

/** One game of a tournament: who sits where, and its seed. */
export interface ArenaJob {
  readonly index: number;
  readonly gameId: string;
  readonly options: unknown;
  readonly seed: string;
  /** Bot spec of each seat. */
  readonly seats: readonly string[];
  readonly budgetMs: number;
}

export interface ArenaGameResult {
  readonly index: number;
  readonly seats: readonly string[];
  readonly scores: readonly number[];
  readonly winners: readonly number[];
  /** Every seat, best first (the game's ranking). */
  readonly ranking: readonly number[];
  /** Decision times in ms, per seat. */
  readonly decisionMs: readonly (readonly number[])[];
}

/**
 * Plays one game between bots through the driver, each seeing only its own seat's view and
 * seeded with its seat and the moves so far.
 */
export function playArenaGame(job: ArenaJob, cache = new Map<string, Bot>()): ArenaGameResult {
  const game = findGame(job.gameId);
  if (!game) throw new Error(`No game "${job.gameId}".`);
  const bots = job.seats.map((spec) => {
    let bot = cache.get(spec);
    if (!bot) {
      const made = makeBot(job.gameId, spec);
      if (!made.ok) throw new Error(made.error.message);
      bot = made.value;
      cache.set(spec, bot);
    }
    return bot;
  });
  // Moves in an open window take their time, as at a table, so a deal's clocks run out there.
  const started = Driver.start(game, job.options, job.seed, {
    bots,
    budgetMs: job.budgetMs,
    openDelaysInVirtualTime: true,
  });
  if (!started.ok) throw new Error(started.error.message);
  const { driver } = started.value;
  const decisionMs: number[][] = job.seats.map(() => []);
  const end = driver.run((move) => {
    for (const ask of move.asks) decisionMs[ask.seat].push(ask.ms);
  });
  if (!end.ok) throw new Error(end.error.message);
  const outcome = game.outcome(driver.state);
  if (!outcome) throw new Error(`${job.gameId}: the game ended without an outcome.`);
  return {
    index: job.index,
    seats: job.seats,
    scores: outcome.scores,
    winners: outcome.winners,
    ranking: outcome.ranking,
    decisionMs,
  };
}
