// The conformance kit (test-only, `@boss-table/core/testing`): game-agnostic checks of the game contract over random games.
/**
 * The conformance kit: game-agnostic checks of the contract in `game.ts` that every game's
 * tests run (issue 14). Plain functions that throw a `ConformanceError` saying what broke,
 * where (game, options, seed, step, seat, move) and how to reproduce it; no test framework.
 *
 * `checkConformance(game, { options, seeds, games })` plays random games (every active seat
 * moves in a random order; when no seat may move, or now and then while seats still think,
 * a clock runs out and its expiry is applied by `CLOCK`) and checks at every state:
 *
 * - views: plain JSON; for every seat (and spectators, when the game can sample their view),
 *   a state sampled from the view gives the same view back — so the sampler agrees with the
 *   view, and a view that shows what the sampler must draw (a leak) is caught as soon as a
 *   draw differs; sampled states are playable, and a seat's own legal moves are the same in
 *   the sample (they must depend on its view only, or bots playing from samples go wrong);
 * - legality: `legalMoves` non-empty and `legalSummary` non-null exactly for active seats;
 *   every legal move is accepted by `apply` and survives `parseMove` of its JSON; moves legal
 *   elsewhere (other seats', other states', clock expiries, out-of-range seats, `CLOCK`) are
 *   refused unless `legalMoves` lists them; `randomMove` returns a listed move;
 * - `apply` leaves its input alone and `applyInPlace` on a clone agrees with it;
 * - clocks: unique ids, `0 <= minMs <= ms`, and each running clock's expiry is accepted from
 *   `CLOCK` (a paused one's may be refused);
 * - sealed moves: every event addressed to the mover only, and no other seat's view nor the
 *   spectators' changes, nor the clocks' ids and seats;
 * - events: plain JSON, addressed to everyone or a seat of the game;
 * - now and then: states sampled from each seat's view play out to the end, and `randomMove`
 *   draws uniformly (chi-square far in the tail);
 * - the sampler's calibration at setup: states sampled from a seat's view show the other
 *   seats the same distribution of views as real deals (leaf by leaf, chi-square);
 * - the end: no active seat and no clock, an outcome with every seat ranked once;
 * - replay: the game's record (clock moves written `"seat": "clock"`) goes through JSON,
 *   `parseRecord` and `replay` twice, each time to the same state, views and events.
 */
import {
  CLOCK,
  randomPlayerMove,
  type AnyGame,
  type Applied,
  type ClockSpec,
  type Emitted,
  type Seat,
  type Viewer,
} from '../game.js';
import { parseRecord, recordedMoveJson, replay } from '../record.js';
import type { GameError, Result } from '../result.js';
import { Rng } from '../rng.js';

/** The names of the checks, for messages and for `skip`. */
export type CheckName =
  | 'views'
  | 'spectator-views'
  | 'legality'
  | 'random-move'
  | 'apply-in-place'
  | 'clocks'
  | 'sealed'
  | 'events'
  | 'sample-playout'
  | 'sampler-calibration'
  | 'end'
  | 'replay';

export class ConformanceError extends Error {
  constructor(
    readonly check: CheckName | 'play' | 'crash',
    message: string,
  ) {
    super(`[${check}] ${message}`);
    this.name = 'ConformanceError';
  }
}

/** Where a check runs, for its message. */
export interface Where {
  readonly game: string;
  readonly options?: unknown;
  readonly seed?: string;
  readonly step?: number;
}

const describe = (w: Where | undefined): string =>
  w
    ? ` (game ${w.game}${w.options !== undefined ? `, options ${json(w.options)}` : ''}${
        w.seed !== undefined ? `, seed ${json(w.seed)}` : ''
      }${w.step !== undefined ? `, after ${w.step} moves` : ''})`
    : '';

const fail = (check: CheckName | 'play' | 'crash', message: string, where?: Where): never => {
  throw new ConformanceError(check, message + describe(where));
};

const json = (v: unknown): string => {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 300 ? `${s.slice(0, 300)}…` : s;
};

const who = (v: Viewer): string =>
  v === null ? 'the spectators' : v === CLOCK ? 'the clock' : `seat ${v}`;

/** A key for a move (or any JSON): keys sorted, undefined fields dropped. */
export function canonical(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'undefined';
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`;
}

/**
 * The first place two values differ (`$.players[1].cards`), or null when they are equal.
 * Compares arrays, typed arrays, Maps, Sets and objects (own enumerable fields, class
 * instances included; a field holding undefined counts as absent).
 */
export function firstDifference(a: unknown, b: unknown, path = '$'): string | null {
  if (a === b || Object.is(a, b)) return null;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null)
    return `${path}: ${json(a)} ≠ ${json(b)}`;
  if (Array.isArray(a) !== Array.isArray(b)) return `${path}: an array and a non-array`;
  if (ArrayBuffer.isView(a) || ArrayBuffer.isView(b)) {
    const x = Array.from(a as unknown as ArrayLike<number>);
    const y = Array.from(b as unknown as ArrayLike<number>);
    return firstDifference(x, y, path);
  }
  if (a instanceof Map || b instanceof Map) {
    if (!(a instanceof Map && b instanceof Map)) return `${path}: a Map and a non-Map`;
    if (a.size !== b.size) return `${path}: Maps of ${a.size} and ${b.size} entries`;
    for (const [k, v] of a) {
      if (!b.has(k)) return `${path}: key ${json(k)} missing`;
      const d = firstDifference(v, b.get(k), `${path}.get(${json(k)})`);
      if (d) return d;
    }
    return null;
  }
  if (a instanceof Set || b instanceof Set) {
    if (!(a instanceof Set && b instanceof Set)) return `${path}: a Set and a non-Set`;
    if (a.size !== b.size) return `${path}: Sets of ${a.size} and ${b.size} items`;
    for (const v of a) if (!b.has(v)) return `${path}: ${json(v)} in one Set only`;
    return null;
  }
  if (Array.isArray(a)) {
    const y = b as unknown[];
    if (a.length !== y.length) return `${path}: length ${a.length} ≠ ${y.length}`;
    for (let i = 0; i < a.length; i++) {
      const d = firstDifference(a[i], y[i], `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  for (const k of keys) {
    const d = firstDifference(x[k], y[k], `${path}.${k}`);
    if (d) return d;
  }
  return null;
}

const seatsOf = (game: AnyGame, state: unknown): Seat[] =>
  Array.from({ length: game.playerCount(state) as number }, (_, i) => i);

const viewersOf = (game: AnyGame, state: unknown): Viewer[] => [...seatsOf(game, state), null];

type Applier = (
  state: unknown,
  seat: Seat,
  move: unknown,
) => Result<Applied<unknown, unknown>, GameError>;
const applyOf = (game: AnyGame): Applier => game.apply.bind(game) as Applier;

/** Up to `k` items drawn without replacement (all of them when there are few). */
function some<T>(items: readonly T[], k: number, rng: Rng): T[] {
  if (items.length <= k) return items.slice();
  const copy = items.slice();
  const out: T[] = [];
  for (let i = 0; i < k; i++) {
    const j = i + rng.int(copy.length - i);
    [copy[i], copy[j]] = [copy[j], copy[i]];
    out.push(copy[i]);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The individual checks

export interface ViewCheckOptions {
  /** States drawn from each view. Default 2. */
  readonly samples?: number;
  /** Check the spectators' view by sampling it too. Default true. */
  readonly spectators?: boolean;
  readonly where?: Where;
  /** Told when something could not be checked (e.g. spectators' views cannot be sampled). */
  readonly note?: (note: string) => void;
}

/**
 * Views leak nothing and the sampler agrees with them: for each seat (and spectators), the
 * view is plain JSON, and a state sampled from it has the same view, the same active state
 * for that seat and the same own legal moves, and is playable (every active seat has moves).
 */
export function checkViews(
  game: AnyGame,
  state: unknown,
  rng: Rng,
  opts: ViewCheckOptions = {},
): void {
  const where = opts.where;
  const samples = opts.samples ?? 2;
  const activeNow = new Set<Seat>(game.activeSeats(state));
  for (const viewer of viewersOf(game, state)) {
    if (viewer === null && opts.spectators === false) continue;
    const check: CheckName = viewer === null ? 'spectator-views' : 'views';
    const v: unknown = game.view(state, viewer);
    const d = firstDifference(JSON.parse(JSON.stringify(v)), v);
    if (d) fail(check, `The view of ${who(viewer)} is not plain JSON: ${d}.`, where);
    if (game.viewer(v) !== viewer)
      fail(check, `viewer(view) says ${json(game.viewer(v))} for a view of ${who(viewer)}.`, where);
    for (let i = 0; i < samples; i++) {
      let t: unknown;
      try {
        t = game.sample(v, rng);
      } catch (e) {
        if (viewer === null) {
          opts.note?.(
            `spectators' views not checked by sampling: sample() throws on them (${(e as Error).message})`,
          );
          break;
        }
        fail(
          check,
          `sample() throws on the view of ${who(viewer)}: ${(e as Error).message}`,
          where,
        );
      }
      const back = game.view(t, viewer);
      const diff = firstDifference(back, v);
      if (diff)
        fail(
          check,
          `A state sampled from the view of ${who(viewer)} has another view (${diff}): the view shows something its sampler draws (a leak), or the sampler ignores part of the view.`,
          where,
        );
      if (game.isOver(t) !== game.isOver(state))
        fail(
          check,
          `A state sampled from the view of ${who(viewer)} disagrees on whether the game is over.`,
          where,
        );
      const activeThere = game.activeSeats(t) as readonly Seat[];
      for (const seat of activeThere)
        if ((game.legalMoves(t, seat) as unknown[]).length === 0)
          fail(
            check,
            `A state sampled from the view of ${who(viewer)} is not playable: seat ${seat} is active there with no legal move.`,
            where,
          );
      if (viewer !== null) {
        if (activeThere.includes(viewer) !== activeNow.has(viewer))
          fail(
            check,
            `Seat ${viewer} is ${activeNow.has(viewer) ? '' : 'not '}active, but ${activeNow.has(viewer) ? 'not ' : ''}in a state sampled from its view.`,
            where,
          );
        const mine = (game.legalMoves(state, viewer) as unknown[]).map(canonical);
        const there = (game.legalMoves(t, viewer) as unknown[]).map(canonical);
        const dm = firstDifference(there, mine);
        if (dm)
          fail(
            check,
            `Seat ${viewer}'s legal moves differ in a state sampled from its view (${dm}): they must depend on its view only.`,
            where,
          );
      }
    }
  }
}

export interface LegalityCheckOptions {
  /** Legal moves applied per seat (drawn at random when there are more). Default 40. */
  readonly maxLegal?: number;
  /** Moves from elsewhere tried per seat. Default 40. */
  readonly maxForeign?: number;
  readonly where?: Where;
}

/**
 * Legal moves ⇔ accepted moves. `legalMoves` non-empty and `legalSummary` non-null exactly
 * for the active seats; every listed move is accepted and parses from its JSON; a move not
 * listed for a seat (another seat's, one from `foreign` — moves of other states —, a clock's
 * expiry) is refused for it, and so is every move for an out-of-range seat, and every move
 * but a clock's expiry for `CLOCK`.
 */
export function checkLegality(
  game: AnyGame,
  state: unknown,
  rng: Rng,
  foreign: readonly unknown[] = [],
  opts: LegalityCheckOptions = {},
): void {
  const where = opts.where;
  const apply = applyOf(game);
  const seats = seatsOf(game, state);
  const active = new Set<Seat>(game.activeSeats(state));
  for (const seat of active)
    if (!seats.includes(seat))
      fail('legality', `activeSeats lists ${who(seat)}, not a seat of this game.`, where);
  if (game.isOver(state) && active.size > 0)
    fail('legality', `The game is over but seats ${[...active].join(', ')} are active.`, where);
  const concurrency: unknown = game.concurrency?.(state) ?? 'turn';
  if (concurrency !== 'turn' && concurrency !== 'open')
    fail('legality', `concurrency() says ${json(concurrency)}: "turn" or "open" expected.`, where);
  const legal = seats.map((seat) => game.legalMoves(state, seat) as unknown[]);
  const legalKeys = legal.map((moves) => new Set(moves.map(canonical)));
  const clockMoves = ((game.clocks?.(state) ?? []) as ClockSpec[]).map((c) => c.expiry);
  const clockKeys = new Set(clockMoves.map(canonical));
  const everyone = [...legal.flat(), ...foreign, ...clockMoves];
  for (const seat of seats) {
    const moves = legal[seat];
    const isActive = active.has(seat);
    if (moves.length > 0 !== isActive)
      fail(
        'legality',
        `Seat ${seat} is ${isActive ? '' : 'not '}active but has ${moves.length} legal moves.`,
        where,
      );
    if (legalKeys[seat].size !== moves.length)
      fail('legality', `legalMoves lists a move twice for seat ${seat}.`, where);
    const summary: unknown = game.legalSummary(state, seat);
    if ((summary === null) === isActive)
      fail(
        'legality',
        `legalSummary is ${json(summary)} for seat ${seat}, which is ${isActive ? '' : 'not '}active (null exactly when not active).`,
        where,
      );
    if (summary !== null && firstDifference(JSON.parse(JSON.stringify(summary)), summary))
      fail('legality', `legalSummary for seat ${seat} is not plain JSON.`, where);
    for (const move of some(moves, opts.maxLegal ?? 40, rng)) {
      const r = apply(state, seat, move);
      if (!r.ok)
        fail(
          'legality',
          `Seat ${seat}'s legal move ${json(move)} is refused: ${r.error.kind}: ${r.error.message}`,
          where,
        );
      const parsed = game.parseMove(JSON.parse(JSON.stringify(move))) as Result<unknown, GameError>;
      if (!parsed.ok)
        fail(
          'legality',
          `Seat ${seat}'s legal move ${json(move)} does not parse from its JSON: ${parsed.error.message}`,
          where,
        );
      else if (canonical(parsed.value) !== canonical(move)) {
        const again = apply(state, seat, parsed.value);
        if (!again.ok)
          fail(
            'legality',
            `Seat ${seat}'s legal move ${json(move)} is refused once parsed from JSON.`,
            where,
          );
      }
    }
    for (const move of some(everyone, opts.maxForeign ?? 40, rng)) {
      if (legalKeys[seat].has(canonical(move))) continue;
      const r = apply(state, seat, move);
      if (r.ok)
        fail(
          'legality',
          `Seat ${seat}${isActive ? '' : ', not active,'} may play ${json(move)}, which legalMoves does not list for it.`,
          where,
        );
    }
  }
  for (const move of some(everyone, opts.maxForeign ?? 40, rng)) {
    if (apply(state, seats.length, move).ok)
      fail('legality', `Seat ${seats.length}, beyond the table, may play ${json(move)}.`, where);
    if (!clockKeys.has(canonical(move)) && apply(state, CLOCK, move).ok)
      fail('legality', `The clock may play ${json(move)}, which is no clock's expiry now.`, where);
  }
}

/**
 * `randomMove` (and `randomPlay`, when the game has one) returns a move `legalMoves` lists
 * (undefined exactly when it lists none).
 */
export function checkRandomMove(game: AnyGame, state: unknown, rng: Rng, where?: Where): void {
  const pickers: [string, (state: unknown, seat: Seat, rng: Rng) => unknown][] = [
    ['randomMove', (s, seat, r) => game.randomMove(s, seat, r)],
  ];
  if (game.randomPlay) pickers.push(['randomPlay', (s, seat, r) => game.randomPlay!(s, seat, r)]);
  for (const seat of seatsOf(game, state)) {
    const legal = new Set((game.legalMoves(state, seat) as unknown[]).map(canonical));
    for (const [fn, pick] of pickers)
      for (let i = 0; i < 3; i++) {
        const m = pick(state, seat, rng);
        if (m === undefined) {
          if (legal.size > 0)
            fail(
              'random-move',
              `${fn} gives nothing for seat ${seat}, which has ${legal.size} legal moves.`,
              where,
            );
          break;
        }
        if (!legal.has(canonical(m)))
          fail(
            'random-move',
            `${fn} gives seat ${seat} ${json(m)}, which legalMoves does not list.`,
            where,
          );
      }
    if (game.playRandomInPlace && legal.size > 0)
      for (let i = 0; i < 3; i++) {
        // The fast path plays what a random player would draw with the same generator.
        const seed = `play-random-in-place/${i}/${rng.int(1 << 30)}`;
        const [slow, fast] = [game.clone(state), game.clone(state)];
        const [slowRng, fastRng] = [Rng.fromSeed(seed), Rng.fromSeed(seed)];
        const move = randomPlayerMove(game, slow, seat, slowRng);
        const slowError = game.applyInPlace(slow, seat, move);
        const fastError = game.playRandomInPlace(fast, seat, fastRng);
        const diff = firstDifference(slow, fast);
        if (slowError || fastError || diff || slowRng.int(1 << 30) !== fastRng.int(1 << 30))
          fail(
            'random-move',
            `playRandomInPlace for seat ${seat} does not play ${json(move)} as applyInPlace does: ${
              fastError?.message ?? slowError?.message ?? diff ?? 'it takes other draws'
            }.`,
            where,
          );
      }
  }
}

/**
 * `apply` does not change its input; `applyInPlace` on a clone reaches the same state (or
 * refuses with the same kind) and leaves the original alone. Returns what `apply` gave.
 */
export function checkApplyInPlace(
  game: AnyGame,
  state: unknown,
  seat: Seat,
  move: unknown,
  where?: Where,
): Result<Applied<unknown, unknown>, GameError> {
  const before = snapshot(game, state);
  const r = applyOf(game)(state, seat, move);
  const changed = firstDifference(state, before);
  if (changed)
    fail(
      'apply-in-place',
      `apply(${who(seat)}, ${json(move)}) changed its input state: ${changed}.`,
      where,
    );
  const copy: unknown = game.clone(state);
  const views = viewersOf(game, state).map((v) => game.view(copy, v) as unknown);
  const viewsBefore = JSON.stringify(views);
  const e = game.applyInPlace(copy, seat, move) as GameError | undefined;
  if (JSON.stringify(views) !== viewsBefore)
    fail(
      'apply-in-place',
      `applyInPlace of ${json(move)} by ${who(seat)} changed views taken before it: view() shares data with the state.`,
      where,
    );
  const changed2 = firstDifference(state, before);
  if (changed2)
    fail(
      'apply-in-place',
      `applyInPlace on a clone changed the original state: ${changed2} (clone shares data).`,
      where,
    );
  if (r.ok !== (e === undefined))
    fail(
      'apply-in-place',
      `apply ${r.ok ? 'accepts' : 'refuses'} ${json(move)} from ${who(seat)} but applyInPlace ${e ? `refuses it (${e.kind})` : 'accepts it'}.`,
      where,
    );
  if (!r.ok) {
    if (e && e.kind !== r.error.kind)
      fail(
        'apply-in-place',
        `apply refuses ${json(move)} as ${r.error.kind}, applyInPlace as ${e.kind}.`,
        where,
      );
    return r;
  }
  const d = firstDifference(copy, r.value.state);
  if (d)
    fail(
      'apply-in-place',
      `applyInPlace and apply of ${json(move)} by ${who(seat)} differ: ${d}.`,
      where,
    );
  return r;
}

/** A deep copy that does not trust the game's `clone` (which is under test). */
function snapshot(game: AnyGame, state: unknown): unknown {
  try {
    return structuredClone(state);
  } catch {
    return game.clone(state);
  }
}

/** Clocks: unique ids, `0 <= minMs <= ms`, seats at the table, and each running clock's expiry accepted from `CLOCK`. */
export function checkClocks(game: AnyGame, state: unknown, where?: Where): readonly ClockSpec[] {
  if (!game.clocks) return [];
  const clocks = game.clocks(state) as readonly ClockSpec[];
  const seats = seatsOf(game, state);
  const ids = new Set<string>();
  for (const c of clocks) {
    if (typeof c.id !== 'string' || c.id === '')
      fail('clocks', `A clock has no id: ${json(c)}.`, where);
    if (ids.has(c.id)) fail('clocks', `Two clocks share the id ${json(c.id)}.`, where);
    ids.add(c.id);
    if (!(Number.isFinite(c.ms) && Number.isFinite(c.minMs) && c.minMs >= 0 && c.minMs <= c.ms))
      fail(
        'clocks',
        `Clock ${c.id}: need 0 <= minMs <= ms, got minMs ${c.minMs}, ms ${c.ms}.`,
        where,
      );
    for (const s of c.seats)
      if (!seats.includes(s)) fail('clocks', `Clock ${c.id} names ${who(s)}, not a seat.`, where);
    const r = c.running ? applyOf(game)(state, CLOCK, c.expiry) : null;
    if (r && !r.ok)
      fail(
        'clocks',
        `Clock ${c.id}'s expiry ${json(c.expiry)} is refused from CLOCK: ${r.error.kind}: ${r.error.message}`,
        where,
      );
    const parsed = game.parseMove(JSON.parse(JSON.stringify(c.expiry))) as Result<
      unknown,
      GameError
    >;
    if (!parsed.ok)
      fail(
        'clocks',
        `Clock ${c.id}'s expiry ${json(c.expiry)} does not parse from JSON: ${parsed.error.message}`,
        where,
      );
  }
  if (game.isOver(state) && clocks.length > 0)
    fail(
      'clocks',
      `The game is over but clocks still run: ${clocks.map((c) => c.id).join(', ')}.`,
      where,
    );
  return clocks;
}

/**
 * A sealed move stays unannounced: when `sealed(state, seat, move)`, every event of the
 * move is addressed to `seat`, and no other seat's view nor the spectators' changes.
 */
export function checkSealed(
  game: AnyGame,
  state: unknown,
  seat: Seat,
  move: unknown,
  applied: Applied<unknown, unknown>,
  where?: Where,
): boolean {
  if (seat === CLOCK || !game.sealed?.(state, seat, move)) return false;
  for (const e of applied.events as readonly Emitted<unknown>[])
    if (e.audience !== seat)
      fail(
        'sealed',
        `Seat ${seat}'s sealed move ${json(move)} emits ${json(e.event)} to ${e.audience === 'all' ? 'everyone' : who(e.audience)}.`,
        where,
      );
  for (const viewer of viewersOf(game, state)) {
    if (viewer === seat) continue;
    const d = firstDifference(game.view(applied.state, viewer), game.view(state, viewer));
    if (d)
      fail(
        'sealed',
        `Seat ${seat}'s sealed move ${json(move)} changes the view of ${who(viewer)}: ${d}.`,
        where,
      );
  }
  // A clock's id and seats are shown to everyone: a sealed answer must not change them (its
  // length may drop to its shortest once every seat has answered: the table holds it then).
  const shown = (st: unknown) =>
    ((game.clocks?.(st) ?? []) as ClockSpec[]).map((c) => ({ id: c.id, seats: c.seats }));
  const dc = firstDifference(shown(applied.state), shown(state));
  if (dc)
    fail(
      'sealed',
      `Seat ${seat}'s sealed move ${json(move)} changes the clocks everyone sees: ${dc}.`,
      where,
    );
  return true;
}

/** Events are plain JSON, each addressed to everyone or to a seat of the game. */
export function checkEvents(
  game: AnyGame,
  state: unknown,
  events: readonly Emitted<unknown>[],
  where?: Where,
): void {
  const n = game.playerCount(state) as number;
  for (const e of events) {
    if (
      e.audience !== 'all' &&
      !(Number.isInteger(e.audience) && e.audience >= 0 && e.audience < n)
    )
      fail('events', `An event is addressed to ${json(e.audience)}: ${json(e.event)}.`, where);
    const d = firstDifference(JSON.parse(JSON.stringify(e.event ?? null)), e.event);
    if (d) fail('events', `An event is not plain JSON (${d}): ${json(e.event)}.`, where);
  }
}

/**
 * A state sampled from each seat's view plays to the end: random moves of every active seat
 * (and clock expiries when none may move), each accepted, within `maxMoves`.
 */
export function checkSamplePlayout(
  game: AnyGame,
  state: unknown,
  rng: Rng,
  where?: Where,
  maxMoves = 5000,
): void {
  for (const viewer of seatsOf(game, state)) {
    const v: unknown = game.view(state, viewer);
    const before = JSON.stringify(v);
    // The bots' fast path: sample, then applyInPlace, never apply.
    const t: unknown = game.sample(v, rng);
    for (let k = 0; !game.isOver(t); k++) {
      if (k >= maxMoves)
        fail(
          'sample-playout',
          `A state sampled from seat ${viewer}'s view does not end in ${maxMoves} moves.`,
          where,
        );
      const active = game.activeSeats(t) as Seat[];
      let seat: Seat;
      let move: unknown;
      if (active.length === 0) {
        const clocks = ((game.clocks?.(t) ?? []) as ClockSpec[]).filter((c) => c.running);
        if (clocks.length === 0)
          fail(
            'sample-playout',
            `A state sampled from seat ${viewer}'s view gets stuck after ${k} moves: nobody may act, no clock runs.`,
            where,
          );
        seat = CLOCK;
        move = clocks[0].expiry;
      } else {
        seat = rng.pick(active);
        move = game.randomMove(t, seat, rng);
        if (move === undefined)
          fail(
            'sample-playout',
            `In a playout from a state sampled from seat ${viewer}'s view, seat ${seat} is active (after ${k} moves) but randomMove gives nothing.`,
            where,
          );
      }
      const e = game.applyInPlace(t, seat, move) as GameError | undefined;
      if (e)
        fail(
          'sample-playout',
          `In a playout from a state sampled from seat ${viewer}'s view, ${who(seat)}'s move ${json(move)} (after ${k} moves) is refused: ${e.kind}: ${e.message}`,
          where,
        );
    }
    if (JSON.stringify(v) !== before)
      fail(
        'sample-playout',
        `Playing out a state sampled from seat ${viewer}'s view changed the view: sample() shares data with its view.`,
        where,
      );
  }
}

/** The chi-square quantile at 1 - 1e-6 for `df` degrees of freedom (Wilson–Hilferty). */
function chiSquareLimit(df: number): number {
  const z = 4.753;
  return df * (1 - 2 / (9 * df) + z * Math.sqrt(2 / (9 * df))) ** 3;
}

/** A view's leaves, `path → value`, e.g. `$.hands[2].cards[0] → "boston:3"`. */
function leaves(v: unknown, path = '$', out = new Map<string, string>()): Map<string, string> {
  if (v !== null && typeof v === 'object') {
    if (Array.isArray(v)) {
      out.set(`${path}.length`, String(v.length));
      v.forEach((x, i) => leaves(x, `${path}[${i}]`, out));
    } else for (const [k, x] of Object.entries(v)) leaves(x, `${path}.${k}`, out);
  } else out.set(path, JSON.stringify(v) ?? 'undefined');
  return out;
}

/**
 * The sampler draws from the exact distribution at the start of a game: over `games` seeds,
 * a real state s and a state t sampled from view(s, A) (for every seat A, and the spectators)
 * must give another seat B (the next one) views with the same distribution, leaf by leaf (a
 * two-sample chi-square test per leaf, p < 1e-6). E.g. a sampler that deals the unknown cards with a bias, or
 * gives an unknown card with the wrong chance, fails. Only at setup: later, what the real
 * states are depends on how the seats played, which the sampler need not model.
 */
export function checkSamplerCalibration(
  game: AnyGame,
  rawOptions: unknown,
  games = 600,
  seedPrefix = 'calibration',
): void {
  const where: Where = { game: game.id, options: rawOptions };
  const options = game.parseOptions(rawOptions) as Result<unknown, GameError>;
  if (!options.ok) return fail('play', `Options refused: ${options.error.message}`, where);
  const presets = game.parsePresets(
    { game: game.id, options: rawOptions, seed: '', moves: [] },
    options.value,
  ) as Result<unknown, GameError>;
  if (!presets.ok) return fail('play', `parsePresets refuses: ${presets.error.message}`, where);
  const rng = Rng.fromSeed(`${seedPrefix}:sampler`);
  // counts[`A→B path`][value] = [real, sampled]
  const counts = new Map<string, Map<string, [number, number]>>();
  const add = (key: string, path: string, value: string, which: 0 | 1) => {
    const k = `${key}\t${path}`;
    let m = counts.get(k);
    if (!m) counts.set(k, (m = new Map()));
    const c = m.get(value) ?? [0, 0];
    c[which]++;
    m.set(value, c);
  };
  for (let i = 0; i < games; i++) {
    const start = game.setup(options.value, `${seedPrefix}:${i}`, presets.value) as Result<
      Applied<unknown, unknown>,
      GameError
    >;
    if (!start.ok) return fail('play', `Setup fails: ${start.error.message}`, where);
    const s = start.value.state;
    const n = game.playerCount(s) as number;
    for (const a of viewersOf(game, s)) {
      let t: unknown;
      try {
        t = game.sample(game.view(s, a), rng);
      } catch {
        if (a === null) continue; // spectators' views the game cannot sample
        throw new ConformanceError('views', `sample() throws on the view of ${who(a)}.`);
      }
      // One other seat's view: the next seat's (seat 0's for the spectators).
      const b = a === null ? 0 : (a + 1) % n;
      const key = `${who(a)}→${who(b)}`;
      const real = leaves(game.view(s, b));
      const drawn = leaves(game.view(t, b));
      // s and t are two draws given A's view, so (real, drawn) is exchangeable when the
      // sampler is exact, also among the leaves where they differ: only those are counted.
      for (const path of new Set([...real.keys(), ...drawn.keys()])) {
        const x = real.get(path) ?? 'absent';
        const y = drawn.get(path) ?? 'absent';
        if (x === y) continue;
        add(key, path, x, 0);
        add(key, path, y, 1);
      }
    }
  }
  for (const [k, m] of counts) {
    // Values seen fewer than 10 times in all are pooled, so that the test stays valid.
    let chi2 = 0;
    let cells = 0;
    let poolR = 0;
    let poolS = 0;
    for (const [r, x] of m.values()) {
      if (r + x < 10) {
        poolR += r;
        poolS += x;
        continue;
      }
      chi2 += (r - x) ** 2 / (r + x);
      cells++;
    }
    if (poolR + poolS > 0) {
      chi2 += (poolR - poolS) ** 2 / (poolR + poolS);
      cells++;
    }
    if (cells < 2) continue;
    const limit = chiSquareLimit(cells - 1);
    if (chi2 > limit) {
      const [pair, path] = k.split('\t');
      const [from, to] = pair.split('→');
      const shown = [...m]
        .sort((x, y) => y[1][0] + y[1][1] - x[1][0] - x[1][1])
        .slice(0, 8)
        .map(([value, [r, x]]) => `${value}: ${r} real, ${x} sampled`)
        .join('; ');
      fail(
        'sampler-calibration',
        `At setup, states sampled from the view of ${from} give ${to} another distribution of ${path} than real states do, over ${games} games (chi-square ${chi2.toFixed(1)} > ${limit.toFixed(1)}): ${shown}.`,
        where,
      );
    }
  }
}

/**
 * `randomMove` draws uniformly from `legalMoves`: for each seat with 2 to `maxLegal` legal
 * moves, `perMove` draws per move, and a chi-square test far out in the tail (p < 1e-6:
 * only a skewed draw fails; the draws are seeded, so the result is fixed).
 */
export function checkRandomUniform(
  game: AnyGame,
  state: unknown,
  rng: Rng,
  where?: Where,
  maxLegal = 24,
  perMove = 60,
): void {
  for (const seat of game.activeSeats(state) as Seat[]) {
    const legal = (game.legalMoves(state, seat) as unknown[]).map(canonical);
    const k = legal.length;
    if (k < 2 || k > maxLegal) continue;
    const counts = new Map<string, number>(legal.map((m) => [m, 0]));
    const draws = k * perMove;
    for (let i = 0; i < draws; i++) {
      const m = canonical(game.randomMove(state, seat, rng));
      const c = counts.get(m);
      if (c === undefined)
        fail(
          'random-move',
          `randomMove gives seat ${seat} ${m}, which legalMoves does not list.`,
          where,
        );
      else counts.set(m, c + 1);
    }
    let chi2 = 0;
    for (const c of counts.values()) chi2 += (c - perMove) ** 2 / perMove;
    const limit = chiSquareLimit(k - 1);
    if (chi2 > limit)
      fail(
        'random-move',
        `randomMove is not uniform for seat ${seat}: over ${draws} draws among ${k} moves, counts ${json(
          Object.fromEntries(counts),
        )} (chi-square ${chi2.toFixed(1)} > ${limit.toFixed(1)}).`,
        where,
      );
  }
}

/** At the end: no active seat, an outcome ranking every seat once, winners among them. */
export function checkEnd(game: AnyGame, state: unknown, where?: Where): void {
  const seats = seatsOf(game, state);
  const over = game.isOver(state);
  const outcome = game.outcome(state);
  if (over !== (outcome !== undefined))
    fail('end', `isOver is ${over} but outcome is ${json(outcome)}.`, where);
  if (!outcome) return;
  if ((game.activeSeats(state) as Seat[]).length > 0)
    fail('end', 'The game is over but seats are active.', where);
  if ([...outcome.ranking].sort((a, b) => a - b).join() !== seats.join())
    fail('end', `The ranking ${json(outcome.ranking)} does not list every seat once.`, where);
  if (outcome.scores.length !== seats.length)
    fail('end', `Scores ${json(outcome.scores)}: one per seat expected.`, where);
  if (outcome.winners.length === 0 || outcome.winners.some((w: Seat) => !seats.includes(w)))
    fail('end', `Winners ${json(outcome.winners)} are not seats.`, where);
  if (typeof outcome.decidedBy !== 'string' || outcome.decidedBy === '')
    fail('end', 'The outcome does not say what decided it.', where);
}

/**
 * Replay is deterministic: the record, through JSON and `parseRecord`, replays twice to the
 * state given, with the same views for every seat and the spectators.
 */
export function checkReplay(
  game: AnyGame,
  record: RecordJson,
  finalState: unknown,
  where?: Where,
  /** The events of setup and of every move, in order, when known: the replay must emit them. */
  events?: readonly Emitted<unknown>[],
): void {
  const parsed = parseRecord(JSON.parse(JSON.stringify(record)));
  if (!parsed.ok)
    return fail('replay', `The record does not parse: ${parsed.error.message}`, where);
  for (let run = 1; run <= 2; run++) {
    const r = replay(game, parsed.value, { keepEvents: events !== undefined });
    if (!r.ok) return fail('replay', `Replay ${run} fails: ${r.error.message}`, where);
    if (events) {
      const de = firstDifference(r.value.events, events);
      if (de) fail('replay', `Replay ${run} emits other events: ${de}.`, where);
    }
    for (const viewer of viewersOf(game, finalState)) {
      const d = firstDifference(game.view(r.value.state, viewer), game.view(finalState, viewer));
      if (d) fail('replay', `Replay ${run} reaches another view for ${who(viewer)}: ${d}.`, where);
    }
    const d = firstDifference(r.value.state, finalState);
    if (d) fail('replay', `Replay ${run} reaches another state: ${d}.`, where);
  }
}

// ---------------------------------------------------------------------------------------------
// Random games

/** A record as its JSON holds it (a clock's moves say `"seat": "clock"`). */
export interface RecordJson {
  readonly game: string;
  readonly options: unknown;
  readonly seed: string;
  readonly moves: readonly Record<string, unknown>[];
}

export interface PlayHooks {
  /** Called with the state and events of setup. */
  readonly onSetup?: (state: unknown, events: readonly Emitted<unknown>[]) => void;
  /** Called on every state reached (after setup and after each move), with moves so far. */
  readonly onState?: (state: unknown, step: number) => void;
  /** Called after each move with the state before and what `apply` gave. */
  readonly onMove?: (
    before: unknown,
    seat: Seat,
    move: unknown,
    applied: Applied<unknown, unknown>,
    step: number,
  ) => void;
  /** Applies a move instead of `game.apply` (the checks wrap it). */
  readonly apply?: (
    state: unknown,
    seat: Seat,
    move: unknown,
    step: number,
  ) => Result<Applied<unknown, unknown>, GameError>;
  /** How often a clock runs out while seats still may act (0–1). Default 0.1. */
  readonly earlyExpiry?: number;
  /** Moves after which the game is declared stuck. Default 5000. */
  readonly maxMoves?: number;
  /** Stop after this many moves, without failing: the record of a game's first moves. */
  readonly stopAfter?: number;
}

/**
 * Plays a random game from raw options and a seed: every active seat moves, in a random
 * order (a seat no longer active when its turn comes is skipped); when none may move, or
 * now and then while some still may, a clock's expiry is applied by `CLOCK`. Returns the
 * record and the final state.
 */
export function playRandomGame(
  game: AnyGame,
  rawOptions: unknown,
  seed: string,
  hooks: PlayHooks = {},
): { record: RecordJson; state: unknown; events: Emitted<unknown>[] } {
  const where: Where = { game: game.id, options: rawOptions, seed };
  const options = game.parseOptions(rawOptions) as Result<unknown, GameError>;
  if (!options.ok) return fail('play', `Options refused: ${options.error.message}`, where);
  const base = { game: game.id, options: rawOptions, seed, moves: [] };
  const presets = game.parsePresets(base, options.value) as Result<unknown, GameError>;
  if (!presets.ok)
    return fail(
      'play',
      `parsePresets refuses a record without presets: ${presets.error.message}`,
      where,
    );
  const start = game.setup(options.value, seed, presets.value) as Result<
    Applied<unknown, unknown>,
    GameError
  >;
  if (!start.ok) return fail('play', `Setup fails: ${start.error.message}`, where);
  const rng = Rng.fromSeed(`conformance:${seed}`);
  const apply = hooks.apply ?? ((s, seat, m) => applyOf(game)(s, seat, m));
  const maxMoves = hooks.maxMoves ?? 5000;
  const moves: Record<string, unknown>[] = [];
  let state = start.value.state;
  const events: Emitted<unknown>[] = [...(start.value.events as Emitted<unknown>[])];
  hooks.onSetup?.(state, start.value.events as Emitted<unknown>[]);
  hooks.onState?.(state, 0);
  const step = (seat: Seat, move: unknown) => {
    const r = apply(state, seat, move, moves.length);
    if (!r.ok)
      fail(
        'play',
        `${who(seat)}'s move ${json(move)} is refused: ${r.error.kind}: ${r.error.message}`,
        { ...where, step: moves.length },
      );
    else {
      hooks.onMove?.(state, seat, move, r.value, moves.length + 1);
      moves.push(recordedMoveJson(seat, move));
      events.push(...(r.value.events as Emitted<unknown>[]));
      state = r.value.state;
      hooks.onState?.(state, moves.length);
    }
  };
  const stopAfter = hooks.stopAfter ?? Infinity;
  while (!game.isOver(state) && moves.length < stopAfter) {
    if (moves.length >= maxMoves) fail('play', `No end after ${maxMoves} moves.`, where);
    const active = [...(game.activeSeats(state) as Seat[])];
    const clocks = ((game.clocks?.(state) ?? []) as ClockSpec[]).filter((c) => c.running);
    if (active.length === 0 || (clocks.length > 0 && rng.float() < (hooks.earlyExpiry ?? 0.1))) {
      if (clocks.length === 0)
        fail('play', 'The game is not over, no seat may act and no clock runs: it is stuck.', {
          ...where,
          step: moves.length,
        });
      // The clock ending soonest (shortest length; the first of equals).
      const clock = clocks.reduce((a, b) => (b.ms < a.ms ? b : a));
      step(CLOCK, clock.expiry);
      continue;
    }
    rng.shuffle(active);
    for (const seat of active) {
      if (game.isOver(state) || moves.length >= stopAfter) break;
      if (!(game.activeSeats(state) as Seat[]).includes(seat)) continue;
      const move: unknown = game.randomMove(state, seat, rng);
      if (move === undefined)
        fail('random-move', `randomMove gives nothing for active seat ${seat}.`, {
          ...where,
          step: moves.length,
        });
      step(seat, move);
    }
  }
  return { record: { ...base, moves }, state, events };
}

// ---------------------------------------------------------------------------------------------
// Everything at once

export interface ConformanceOptions {
  /** Raw option sets (as a record holds them), used in turn. */
  readonly options: readonly unknown[];
  readonly seeds: readonly string[];
  /** Random games to play. Default: one per option set and seed. */
  readonly games?: number;
  /** Run the per-state checks on every k-th state only (views, legality). Default 1. */
  readonly stride?: number;
  /** States sampled from each view. Default 2. */
  readonly samples?: number;
  readonly maxLegal?: number;
  readonly maxForeign?: number;
  /** Checks not to run, each with the reason (it goes into the notes). */
  readonly skip?: Partial<Record<CheckName, string>>;
  readonly earlyExpiry?: number;
  readonly maxMoves?: number;
  /**
   * Every k-th state, the states sampled from each seat's view are played out to the end
   * (and, every k-th state too, randomMove's draws are tested for uniformity). Default 20.
   */
  readonly playoutEvery?: number;
  /** Games set up per option set for the sampler's calibration at setup. Default 300; 0: none. */
  readonly calibrationGames?: number;
}

export interface ConformanceReport {
  readonly games: number;
  readonly moves: number;
  readonly clockMoves: number;
  readonly sealedMoves: number;
  /** States the per-state checks ran on. */
  readonly statesChecked: number;
  /** What could not be checked, and skipped checks with their reasons. */
  readonly notes: readonly string[];
}

/** Runs `f`; an exception other than a ConformanceError (the game threw) says where it happened. */
function guard<T>(where: () => Where, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof ConformanceError) throw e;
    const error = new ConformanceError(
      'crash',
      `The game threw: ${e instanceof Error ? e.message : String(e)}${describe(where())}`,
    );
    error.cause = e;
    throw error;
  }
}

/** Plays random games and runs every check on them; throws a `ConformanceError` on the first failure. */
export function checkConformance(game: AnyGame, opts: ConformanceOptions): ConformanceReport {
  if (opts.options.length === 0 || opts.seeds.length === 0)
    throw new Error('checkConformance needs at least one option set and one seed.');
  const skip = opts.skip ?? {};
  const notes = new Set<string>();
  for (const [check, why] of Object.entries(skip)) notes.add(`${check} skipped: ${why}`);
  const on = (c: CheckName) => skip[c] === undefined;
  const games = opts.games ?? opts.options.length * opts.seeds.length;
  const stride = Math.max(1, opts.stride ?? 1);
  const playoutEvery = Math.max(1, opts.playoutEvery ?? 20);
  let moves = 0;
  let clockMoves = 0;
  let sealedMoves = 0;
  let statesChecked = 0;
  for (let i = 0; i < games; i++) {
    const rawOptions = opts.options[i % opts.options.length];
    const round = Math.floor(i / opts.options.length);
    const seed = `${opts.seeds[round % opts.seeds.length]}${round >= opts.seeds.length ? `#${Math.floor(round / opts.seeds.length)}` : ''}`;
    const rng = Rng.fromSeed(`conformance-checks:${seed}`);
    const base: Where = { game: game.id, options: rawOptions, seed };
    // Moves met in earlier states, to try where they are not listed.
    const pool: unknown[] = [];
    const remember = (m: unknown) => {
      if (pool.length < 200) pool.push(m);
      else pool[rng.int(pool.length)] = m;
    };
    let at: Where = base;
    const { record, state, events } = guard(
      () => at,
      () =>
        playRandomGame(game, rawOptions, seed, {
          earlyExpiry: opts.earlyExpiry,
          maxMoves: opts.maxMoves,
          onState(s, step) {
            const where = { ...base, step };
            at = where;
            if (on('clocks')) checkClocks(game, s, where);
            if (on('end')) checkEnd(game, s, where);
            if (step % stride !== 0 && !game.isOver(s)) return;
            statesChecked++;
            if (on('views') || on('spectator-views'))
              checkViews(game, s, rng, {
                samples: opts.samples,
                spectators: on('spectator-views'),
                where,
                note: (n) => notes.add(n),
              });
            if (on('legality'))
              checkLegality(game, s, rng, some(pool, 20, rng), {
                maxLegal: opts.maxLegal,
                maxForeign: opts.maxForeign,
                where,
              });
            if (on('random-move')) checkRandomMove(game, s, rng, where);
            if (step % playoutEvery === 0) {
              if (on('sample-playout')) checkSamplePlayout(game, s, rng, where, opts.maxMoves);
              if (on('random-move')) checkRandomUniform(game, s, rng, where);
            }
            for (const seat of game.activeSeats(s) as Seat[])
              for (const m of some(game.legalMoves(s, seat) as unknown[], 3, rng)) remember(m);
          },
          apply(s, seat, move, step) {
            const where = { ...base, step };
            return on('apply-in-place')
              ? checkApplyInPlace(game, s, seat, move, where)
              : (game.apply(s, seat, move) as Result<Applied<unknown, unknown>, GameError>);
          },
          onSetup(s, events) {
            if (on('events')) checkEvents(game, s, events, base);
          },
          onMove(before, seat, move, applied, step) {
            if (seat === CLOCK) clockMoves++;
            if (on('events')) checkEvents(game, before, applied.events, { ...base, step });
            if (on('sealed') && checkSealed(game, before, seat, move, applied, { ...base, step }))
              sealedMoves++;
          },
        }),
    );
    moves += record.moves.length;
    if (on('replay'))
      guard(
        () => base,
        () => checkReplay(game, record, state, base, events),
      );
  }
  const calibration = opts.calibrationGames ?? 300;
  if (on('sampler-calibration') && calibration > 0)
    for (const rawOptions of opts.options)
      guard(
        () => ({ game: game.id, options: rawOptions }),
        () => checkSamplerCalibration(game, rawOptions, calibration),
      );
  if (!game.sealed) notes.add('no sealed moves: the game has no sealed()');
  if (!game.clocks) notes.add('no clocks: the game has no clocks()');
  return { games, moves, clockMoves, sealedMoves, statesChecked, notes: [...notes] };
}
