// What a bot is: it sees one seat's view and returns a legal move in time; the random bot every game has.
import { randomPlayerMove, type AnyGame } from './game.js';
import type { SearchResult } from './ismcts.js';
import { Rng } from './rng.js';

/** What a bot gets besides the view: its own generator and the time it must answer by. */
export interface BotContext {
  readonly rng: Rng;
  /** `performance.now()` value by which the move must be returned. */
  readonly deadline: number;
}

/**
 * A bot sees one seat's view and nothing else, and returns a legal move for that seat.
 * The type admits only a view: a bot cannot be handed the full state. In an open window a
 * bot may answer `WAIT` instead (its `Move` type then includes `null`, e.g.
 * `Bot<View, Move | typeof WAIT>`): it lets the others act and is asked again after the next
 * change. Drivers treat a `null` answer as a wait for every game.
 */
export interface Bot<View = unknown, Move = unknown> {
  readonly name: string;
  chooseMove(view: View, ctx: BotContext): Move;
  /**
   * Post-game analysis (searching bots only): the move this bot would choose, and each move
   * it weighed — `played` always among them — with its estimated chance to win for the
   * seat, from this view alone. Given `best` (found already, e.g. by a root-parallel
   * search), it skips its own search and measures `best` and `played` only.
   */
  appraise?(view: View, ctx: BotContext, played: Move, best?: Move): Appraisal<Move>;
  /**
   * Searching bots only: the search of `chooseMove` with its root statistics, so that
   * several searches of one decision (threads, each its own generator) can be summed
   * (`mergeSearchResults`, and `parallelBot` in `@boss-table/core/threads`).
   */
  searchRoot?(view: View, ctx: BotContext): SearchResult<Move>;
}

/** A bot's judgement of one position (see `Bot.appraise`). */
export interface Appraisal<Move = unknown> {
  readonly best: Move;
  /** Every move weighed, best first by the bot's own measure. */
  readonly moves: readonly AppraisedMove<Move>[];
}

export interface AppraisedMove<Move = unknown> {
  readonly move: Move;
  /** Estimated chance to win after this move, in [0, 1] (a shared win counts its share). */
  readonly winChance: number;
  /** Playouts behind the estimate. */
  readonly visits: number;
}

/** A bot's answer "not now" (see `Bot`). */
export const WAIT = null;

/**
 * A random player, on a state sampled from the view: the game's `randomPlay` (one of its
 * choices uniformly, then a move within it) when it has one, else uniformly among the legal
 * moves.
 */
export function randomBot<G extends AnyGame>(game: G): Bot<Parameters<G['viewer']>[0], unknown> {
  return {
    name: 'random',
    chooseMove(view, ctx) {
      const seat = game.viewer(view);
      if (seat === null) throw new Error('A spectator has no move to make.');
      const state = game.sample(view, ctx.rng);
      const move = randomPlayerMove(game, state, seat, ctx.rng);
      if (move === undefined) throw new Error(`Seat ${seat} has no legal move now.`);
      return move;
    },
  };
}

/** A time budget from now, in milliseconds, as a deadline for `BotContext`. */
export const deadlineIn = (ms: number): number => performance.now() + ms;

export const botContext = (seed: string, budgetMs: number): BotContext => ({
  rng: Rng.fromSeed(seed),
  deadline: deadlineIn(budgetMs),
});
