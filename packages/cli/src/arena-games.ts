import { Rng, deadlineIn, type Bot } from '@boss-table/core';
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
  /** Decision times in ms, per seat. */
  readonly decisionMs: readonly (readonly number[])[];
}

/** Plays one game between bots, each seeing only its own seat's view. */
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
  const options = game.parseOptions(job.options);
  if (!options.ok) throw new Error(options.error.message);
  const setup = game.setup(options.value, job.seed);
  if (!setup.ok) throw new Error(setup.error.message);
  let state = setup.value.state;
  const botRng = Rng.fromSeed(`${job.seed}/bots`);
  const decisionMs: number[][] = job.seats.map(() => []);
  while (!game.isOver(state)) {
    const seat = game.activeSeats(state)[0];
    const view = game.view(state, seat);
    const started = performance.now();
    const raw = bots[seat].chooseMove(view, {
      rng: Rng.fromSeed(botRng.deriveSeed()),
      deadline: deadlineIn(job.budgetMs),
    });
    decisionMs[seat].push(performance.now() - started);
    const move = game.parseMove(raw);
    if (!move.ok) throw new Error(`${job.seats[seat]} at seat ${seat}: ${move.error.message}`);
    const applied = game.apply(state, seat, move.value);
    if (!applied.ok)
      throw new Error(`${job.seats[seat]} at seat ${seat} broke "${applied.error.kind}".`);
    state = applied.value.state;
  }
  const outcome = game.outcome(state)!;
  return {
    index: job.index,
    seats: job.seats,
    scores: outcome.scores,
    winners: outcome.winners,
    decisionMs,
  };
}
