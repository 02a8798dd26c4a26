// A game's record: the format written and read, its parser with clear errors, and replay to the same end.
import { CLOCK, type AnyGame, type Applied, type Emitted, type Seat } from './game.js';
import { err, ok, type Result } from './result.js';

/**
 * The record format this code writes and reads (docs/records.md). A record without `version`
 * is from before versions (read as 1); one with a higher version is refused with a message.
 */
export const RECORD_VERSION = 1;

/** Who played a seat, for people reading a record (a replay shows the names). */
export interface RecordPlayer {
  readonly name?: string;
  /** The bot's spec, e.g. `ismcts:hard`, when a bot held the seat. */
  readonly bot?: string;
}

/**
 * A game record: enough to reproduce a game exactly. Games may add top-level fields that
 * fix chance in advance (The Boss: `deals`, `police`).
 */
export interface GameRecord {
  /** The format version (`RECORD_VERSION`); absent in records written before it existed. */
  readonly version?: number;
  readonly game: string;
  /** One per seat, in seat order: names and bots; not needed to replay. */
  readonly players?: readonly RecordPlayer[];
  readonly options: unknown;
  readonly seed: string;
  readonly moves: readonly RecordedMove[];
  readonly [field: string]: unknown;
}

export interface RecordedMove {
  /** Who moved; `CLOCK` (-1) for a clock's expiry move, written `"clock"` in JSON. */
  readonly seat: Seat;
  readonly [field: string]: unknown;
}

/** A move as a record's JSON holds it: the clock's moves say `"seat": "clock"`. */
export function recordedMoveJson(seat: Seat, move: unknown): Record<string, unknown> {
  return { seat: seat === CLOCK ? 'clock' : seat, ...(move as object) };
}

export type RecordErrorKind =
  | 'invalid-record'
  | 'newer-version'
  | 'unknown-game'
  | 'invalid-options'
  | 'invalid-presets'
  | 'invalid-move'
  | 'illegal-move';

export interface RecordError {
  readonly kind: RecordErrorKind;
  readonly message: string;
  /** For move errors: the move's index in `moves`, its seat and the rule it breaks. */
  readonly moveIndex?: number;
  readonly seat?: Seat;
  readonly rule?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks the shape every record shares; the game checks the rest. */
export function parseRecord(raw: unknown): Result<GameRecord, RecordError> {
  const bad = (message: string) => err<RecordError>({ kind: 'invalid-record', message });
  if (!isObject(raw)) return bad('A record must be a JSON object.');
  if (raw.version !== undefined) {
    if (!Number.isInteger(raw.version) || (raw.version as number) < 1)
      return bad('"version" must be a whole number from 1.');
    if ((raw.version as number) > RECORD_VERSION)
      return err<RecordError>({
        kind: 'newer-version',
        message: `This record has format version ${String(raw.version)}: it was written by a newer version of Boss Table, and this one reads records up to version ${RECORD_VERSION}. Update Boss Table to replay it.`,
      });
  }
  if (raw.players !== undefined) {
    if (!Array.isArray(raw.players)) return bad('"players" must be an array, one entry a seat.');
    for (let i = 0; i < raw.players.length; i++) {
      const p: unknown = raw.players[i];
      if (!isObject(p)) return bad(`Player ${i} must be an object.`);
      if (p.name !== undefined && typeof p.name !== 'string')
        return bad(`Player ${i}'s "name" must be a string.`);
      if (p.bot !== undefined && typeof p.bot !== 'string')
        return bad(`Player ${i}'s "bot" must be a string.`);
    }
  }
  if (typeof raw.game !== 'string' || raw.game === '') return bad('"game" must name a game.');
  if (typeof raw.seed !== 'string') return bad('"seed" must be a string.');
  if (raw.options !== undefined && !isObject(raw.options))
    return bad('"options" must be an object.');
  if (!Array.isArray(raw.moves)) return bad('"moves" must be an array.');
  const moves: RecordedMove[] = [];
  for (let i = 0; i < raw.moves.length; i++) {
    const m: unknown = raw.moves[i];
    if (!isObject(m)) return bad(`Move ${i} must be an object.`);
    if (m.seat === 'clock') moves.push({ ...m, seat: CLOCK });
    else if (!Number.isInteger(m.seat) || (m.seat as number) < 0)
      return bad(`Move ${i} needs a "seat": a whole number from 0, or "clock".`);
    else moves.push(m as RecordedMove);
  }
  return ok({ ...raw, options: raw.options ?? {}, moves } as unknown as GameRecord);
}

export interface Replayed<S, E> {
  readonly state: S;
  /** The events of setup, then of each move, in order. */
  readonly events: readonly Emitted<E>[];
}

/**
 * Replays a record from its start. A move the rules refuse stops it with its index.
 * `onStep` sees the state after setup and after each move, with that step's events.
 */
export function replay<G extends AnyGame>(
  game: G,
  record: GameRecord,
  opts: {
    keepEvents?: boolean;
    onStep?: (state: ReturnType<G['clone']>, events: readonly Emitted<unknown>[]) => void;
  } = {},
): Result<Replayed<ReturnType<G['clone']>, unknown>, RecordError> {
  if (record.game !== game.id)
    return err({
      kind: 'unknown-game',
      message: `This record is for "${record.game}", not "${game.id}".`,
    });
  const options = game.parseOptions(record.options);
  if (!options.ok)
    return err({
      kind: 'invalid-options',
      message: options.error.message,
      rule: options.error.kind,
    });
  const presets = game.parsePresets(record, options.value);
  if (!presets.ok)
    return err({
      kind: 'invalid-presets',
      message: presets.error.message,
      rule: presets.error.kind,
    });
  const start = game.setup(options.value, record.seed, presets.value);
  if (!start.ok)
    return err({ kind: 'invalid-presets', message: start.error.message, rule: start.error.kind });
  const events: Emitted<unknown>[] = opts.keepEvents ? [...start.value.events] : [];
  let state = start.value.state;
  opts.onStep?.(state, start.value.events);
  for (let i = 0; i < record.moves.length; i++) {
    const { seat, ...rawMove } = record.moves[i];
    const move = game.parseMove(rawMove);
    if (!move.ok)
      return err({
        kind: 'invalid-move',
        message: `Move ${i} (seat ${seat}): ${move.error.message}`,
        moveIndex: i,
        seat,
        rule: move.error.kind,
      });
    const applied: Result<
      Applied<unknown, unknown>,
      { kind: string; message: string }
    > = game.apply(state, seat, move.value);
    if (!applied.ok)
      return err({
        kind: 'illegal-move',
        message: `Move ${i} (seat ${seat}) breaks the rule "${applied.error.kind}": ${applied.error.message}`,
        moveIndex: i,
        seat,
        rule: applied.error.kind,
      });
    state = applied.value.state;
    if (opts.keepEvents) events.push(...applied.value.events);
    opts.onStep?.(state, applied.value.events);
  }
  return ok({ state, events });
}
