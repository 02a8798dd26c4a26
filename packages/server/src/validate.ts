// Checks create-table and join request bodies at the edge, and the RequestError every refusal is sent as.
import type { AnyGame } from '@boss-table/core';
import { findGame, GAMES } from '@boss-table/games';
import { parseBotSpec } from '@boss-table/games/bots';
import { cleanName } from './names.js';
import type {
  CreateTableRequest,
  JoinRequest,
  SeatRequest,
  TimerRequest,
} from '@boss-table/protocol';

/** A request refused at the edge: HTTP status, machine-readable code, a sentence. */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Seconds to wait before trying again (sent as `Retry-After`). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

const bad = (code: string, message: string) => new RequestError(400, code, message);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function onlyKeys(o: Record<string, unknown>, allowed: readonly string[], what: string): void {
  for (const key of Object.keys(o))
    if (!allowed.includes(key))
      throw bad(
        'unknown-field',
        `Unknown field "${key}" in ${what}; allowed: ${allowed.join(', ')}.`,
      );
}

export interface ValidCreate {
  readonly game: AnyGame;
  readonly request: CreateTableRequest;
  readonly options: unknown;
}

export function parseCreateTable(raw: unknown): ValidCreate {
  if (!isObject(raw)) throw bad('bad-body', 'The body must be a JSON object.');
  onlyKeys(
    raw,
    ['game', 'options', 'seats', 'timer', 'graceSeconds', 'visibility', 'rated'],
    'the table',
  );
  if (raw.rated !== undefined && typeof raw.rated !== 'boolean')
    throw bad('bad-rated', '"rated" must be true (rated) or false (casual).');
  const visibility = raw.visibility ?? 'public';
  if (visibility !== 'public' && visibility !== 'unlisted' && visibility !== 'private')
    throw bad('bad-visibility', '"visibility" must be "public", "unlisted" or "private".');
  if (typeof raw.game !== 'string')
    throw bad('bad-game', `"game" must name a game: ${Object.keys(GAMES).join(', ')}.`);
  const game = findGame(raw.game);
  if (!game)
    throw bad('unknown-game', `No game "${raw.game}"; known: ${Object.keys(GAMES).join(', ')}.`);
  if (!Array.isArray(raw.seats) || raw.seats.length === 0)
    throw bad(
      'bad-seats',
      '"seats" must list every seat: {"kind":"human"} or {"kind":"bot","bot":"…"}.',
    );
  const seats: SeatRequest[] = raw.seats.map((s: unknown, i: number) => {
    if (!isObject(s)) throw bad('bad-seats', `Seat ${i} must be an object.`);
    onlyKeys(s, ['kind', 'bot', 'reserved'], `seat ${i}`);
    if (s.kind === 'human') {
      if (s.bot !== undefined) throw bad('bad-seats', `Seat ${i} is human: it takes no "bot".`);
      if (s.reserved !== undefined && typeof s.reserved !== 'boolean')
        throw bad('bad-seats', `Seat ${i}: "reserved" must be true or false.`);
      return s.reserved || visibility === 'private'
        ? { kind: 'human', reserved: true }
        : { kind: 'human' };
    }
    if (s.reserved !== undefined)
      throw bad('bad-seats', `Seat ${i}: only a human seat can be "reserved".`);
    if (s.kind !== 'bot') throw bad('bad-seats', `Seat ${i}: "kind" must be "human" or "bot".`);
    const spec = typeof s.bot === 'string' ? s.bot : 'heuristic';
    const parsed = parseBotSpec(game.id, spec);
    if (!parsed.ok) throw bad('unknown-bot', `Seat ${i}: ${parsed.error.message}`);
    return { kind: 'bot', bot: parsed.value.spec };
  });
  if (raw.rated === true && !seats.some((s) => s.kind === 'human'))
    throw bad(
      'bad-rated',
      'A table of bots only is never rated: a rated table needs a seat for a signed-in player.',
    );
  const options = { ...(isObject(raw.options) ? raw.options : {}), players: seats.length };
  if (raw.options !== undefined && !isObject(raw.options))
    throw bad('bad-options', '"options" must be an object.');
  if (
    isObject(raw.options) &&
    raw.options.players !== undefined &&
    raw.options.players !== seats.length
  )
    throw bad(
      'bad-options',
      `"options.players" (${String(raw.options.players)}) must match the ${seats.length} seats.`,
    );
  const parsed = game.parseOptions(options);
  if (!parsed.ok) throw bad('bad-options', parsed.error.message);
  let timer: TimerRequest | undefined;
  if (raw.timer !== undefined) {
    const t = raw.timer;
    if (!isObject(t)) throw bad('bad-timer', '"timer" must be an object.');
    if (t.mode === 'realtime') {
      onlyKeys(t, ['mode', 'turnSeconds', 'bankSeconds'], 'the timer');
      const turn = t.turnSeconds;
      const bank = t.bankSeconds ?? 0;
      if (typeof turn !== 'number' || !(turn >= 1 && turn <= 3600))
        throw bad('bad-timer', '"timer.turnSeconds" must be a number of seconds from 1 to 3600.');
      if (typeof bank !== 'number' || !(bank >= 0 && bank <= 86400))
        throw bad('bad-timer', '"timer.bankSeconds" must be a number of seconds from 0 to 86400.');
      timer = { mode: 'realtime', turnSeconds: turn, bankSeconds: bank };
    } else if (t.mode === 'turn-based') {
      onlyKeys(t, ['mode', 'turnHours'], 'the timer');
      const h = t.turnHours;
      if (typeof h !== 'number' || !(h > 0 && h <= 24 * 14))
        throw bad('bad-timer', '"timer.turnHours" must be a number of hours up to 336.');
      timer = { mode: 'turn-based', turnHours: h };
    } else throw bad('bad-timer', '"timer.mode" must be "realtime" or "turn-based".');
  }
  const grace = raw.graceSeconds ?? 60;
  if (typeof grace !== 'number' || !(grace >= 0 && grace <= 86400))
    throw bad('bad-grace', '"graceSeconds" must be a number of seconds from 0 to 86400.');
  return {
    game,
    options,
    request: {
      game: game.id,
      options,
      seats,
      timer,
      graceSeconds: grace,
      visibility,
      ...(raw.rated === true ? { rated: true } : {}),
    },
  };
}

export function parseJoin(raw: unknown): JoinRequest {
  if (!isObject(raw)) throw bad('bad-body', 'The body must be a JSON object with a "name".');
  onlyKeys(raw, ['name', 'invite'], 'the join request');
  if (typeof raw.name !== 'string')
    throw bad('bad-name', '"name" must be 1 to 40 printable characters.');
  const name = cleanName(raw.name);
  if (raw.invite !== undefined && (typeof raw.invite !== 'string' || raw.invite.length > 100))
    throw bad('bad-invite', '"invite" must be the invite string you were given.');
  return { name, ...(raw.invite !== undefined ? { invite: raw.invite as string } : {}) };
}
