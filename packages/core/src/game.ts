// The contract every game implements: options, setup, moves, views, legal moves, clocks and the end.
import { err, ok, type GameError, type Result } from './result.js';
import type { Rng } from './rng.js';

/** A seat at the table, numbered from 0 clockwise. */
export type Seat = number;

/**
 * The actor of a move applied by a clock when it runs out (DESIGN.md, "Open windows and
 * clocks"): `apply(state, CLOCK, clock.expiry)`. Records write it as `"seat": "clock"`.
 */
export const CLOCK: Seat = -1;

/**
 * A wait of the rules, as data. The rules never read a clock: they say what they wait for,
 * and the table (server, driver) keeps the time and, when it runs out, applies `expiry` as a
 * move of the clock (`CLOCK`).
 */
export interface ClockSpec<Move = unknown> {
  /**
   * Names this wait; the same id while the same wait lasts (a new id is a new clock, with
   * its full length again). E.g. `window:stop:17`.
   */
  readonly id: string;
  /** Seats whose time this is (for display); empty for a window shared by the table. */
  readonly seats: readonly Seat[];
  /** Its length in milliseconds. */
  readonly ms: number;
  /**
   * The shortest time the wait lasts, whatever the seats do (a sealed window never closes
   * sooner, so that its speed tells nothing): the table holds the expiry move back until
   * then even when every seat has answered. 0 when any answer may end it.
   */
  readonly minMs: number;
  /** A paused clock keeps the time it has left. */
  readonly running: boolean;
  /**
   * The move the clock makes when the time is up; legal for `CLOCK` in this state while the
   * clock runs (a paused clock's expiry may be refused: it cannot run out while paused).
   */
  readonly expiry: Move;
}

/**
 * How the moves of different seats interleave now. `turn`: a move counts only if it was
 * built on the table's current state (its `seq`). `open`: several seats act in any order,
 * and a move built on an older state is still taken when the rules accept it against the
 * current one (stale acceptances fail by the rules, thanks to ids on proposals).
 */
export type Concurrency = 'turn' | 'open';

/** Who looks at a game: a seat, or `null` for a spectator. */
export type Viewer = Seat | null;

/** Who may receive an event: everyone (seats and spectators) or one seat only. */
export type Audience = 'all' | Seat;

export interface Emitted<E> {
  readonly audience: Audience;
  readonly event: E;
}

/** A new state and the events that produced it. */
export interface Applied<S, E> {
  readonly state: S;
  readonly events: readonly Emitted<E>[];
}

export interface Outcome {
  /** Winning seats; more than one only when the rules end in a shared win. */
  readonly winners: readonly Seat[];
  readonly scores: readonly number[];
  /** Every seat, best first. */
  readonly ranking: readonly Seat[];
  /** The rule that separated the winners from the rest, in the game's own words. */
  readonly decidedBy: string;
}

/**
 * Everything a game provides. Rules are pure and deterministic: all chance comes from the
 * seeded generator held in the state, and every function returns errors as values.
 *
 * `State` is the full, secret state (server and playouts only). `View` is what one seat or
 * a spectator may know; it is plain JSON and the only thing clients and bots ever receive.
 */
export interface GameDefinition<Options, State, Move, View, Event, Presets = unknown> {
  readonly id: string;
  readonly name: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;

  /** Validates options from outside (a record, an HTTP body, CLI flags). */
  parseOptions(raw: unknown): Result<Options, GameError>;
  /** Reads the record fields that fix chance in advance (explicit deals, deck order). */
  parsePresets(
    record: Readonly<Record<string, unknown>>,
    options: Options,
  ): Result<Presets | undefined, GameError>;
  /** The initial state and the events of setting up (deals are events too). */
  setup(
    options: Options,
    seed: string,
    presets?: Presets,
  ): Result<Applied<State, Event>, GameError>;

  playerCount(state: State): number;
  /** Seats that may act now; empty once the game is over. */
  activeSeats(state: State): readonly Seat[];
  /** Every legal move of a seat, in a stable order. */
  legalMoves(state: State, seat: Seat): Move[];
  /** A move drawn uniformly from `legalMoves`, without listing them; undefined if none. */
  randomMove(state: State, seat: Seat, rng: Rng): Move | undefined;
  /**
   * Optional: how a random player chooses (the `random` bot, random playouts, `boss bench`):
   * one of the game's own choices drawn uniformly — a card to play or a draw, a kind of move
   * — then a move within it. A game whose moves come many to one choice (a card with thirteen
   * namings) brings it so that a random game looks like play and ends; `randomMove` when
   * absent. A legal move; undefined exactly when there is none. See `randomPlayerMove`.
   */
  randomPlay?(state: State, seat: Seat, rng: Rng): Move | undefined;
  /**
   * Optional fast path for random playouts (`playOutRandom`, `boss bench`): plays in place,
   * without events, the move `randomPlayerMove` would draw with the same `rng`, without
   * building it; the same state after, the same draws taken (the conformance kit checks).
   * Returns the rule broken, as `applyInPlace`, if the seat has no move.
   */
  playRandomInPlace?(state: State, seat: Seat, rng: Rng): GameError | undefined;
  /** Validates the shape of a move from outside; the rules check it in `apply`. */
  parseMove(raw: unknown): Result<Move, GameError>;
  /** The new state and its events, or the rule the move breaks. `state` is not changed. */
  apply(state: State, seat: Seat, move: Move): Result<Applied<State, Event>, GameError>;

  /** Fast path for playouts: a private copy of a state, and `apply` in place without events. */
  clone(state: State): State;
  applyInPlace(state: State, seat: Seat, move: Move): GameError | undefined;

  /** What a seat (or a spectator, with `null`) may know. Never holds secrets of others. */
  view(state: State, viewer: Viewer): View;
  /** The seat whose view this is, or null for a spectator's. */
  viewer(view: View): Viewer;
  /**
   * A complete state consistent with a seat's view, hidden parts drawn from their exact
   * distribution given that view (and a fresh seed for the future).
   */
  sample(view: View, rng: Rng): State;

  /**
   * What a seat may do now in a compact, documented JSON form, so that a thin client with
   * no rules library can offer only legal choices; null when the seat may not act.
   */
  legalSummary(state: State, seat: Seat): unknown;

  /**
   * Optional: the clocks the rules wait on now (their lengths from the options held in the
   * state). A game without it has none, and tables apply their own turn timer instead.
   */
  clocks?(state: State): readonly ClockSpec<Move>[];
  /** Optional: how moves interleave now; `turn` when absent. */
  concurrency?(state: State): Concurrency;
  /**
   * Optional: whether this move of `seat` (legal in `state`) is sealed: announced to nobody
   * but its seat until the rules reveal it with later events. Its events must then be
   * addressed to that seat only. Never sealed when absent.
   */
  sealed?(state: State, seat: Seat, move: Move): boolean;

  isOver(state: State): boolean;
  outcome(state: State): Outcome | undefined;
  /** A JSON summary of where a game stands (what `boss replay --json` prints). */
  summary(state: State): unknown;
}

// Helpers that work for any game.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = GameDefinition<any, any, any, any, any, any>;

/** A random player's move: the game's `randomPlay` when it has one, else `randomMove`. */
export function randomPlayerMove<G extends AnyGame>(
  game: G,
  state: ReturnType<G['clone']>,
  seat: Seat,
  rng: Rng,
): ReturnType<G['randomMove']> {
  return game.randomPlay ? game.randomPlay(state, seat, rng) : game.randomMove(state, seat, rng);
}

/** The events a viewer may see among those emitted. */
export function eventsFor<E>(emitted: readonly Emitted<E>[], viewer: Viewer): E[] {
  const out: E[] = [];
  for (const e of emitted) if (e.audience === 'all' || e.audience === viewer) out.push(e.event);
  return out;
}

/**
 * A game's `apply` from its in-place rules step (the one `applyInPlace` runs without
 * events): the step runs on a copy of the state, collecting its events; the state passed in
 * is not changed.
 */
export function applyOnCopy<S, M, E, K extends GameError = GameError>(
  clone: (state: S) => S,
  step: (state: S, seat: Seat, move: M, events: Emitted<E>[] | null) => K | undefined,
): (state: S, seat: Seat, move: M) => Result<Applied<S, E>, K> {
  return (state, seat, move) => {
    const next = clone(state);
    const events: Emitted<E>[] = [];
    const broken = step(next, seat, move, events);
    return broken ? err(broken) : ok({ state: next, events });
  };
}
