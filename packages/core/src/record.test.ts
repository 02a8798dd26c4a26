/**
 * Records, replay and event filtering against a tiny game defined here, so that core's
 * contract is tested without any real game: two seats take turns adding 1 or 2 to a total
 * until it reaches 5; each seat is dealt a secret number at setup (a private event).
 */
import { describe, expect, it } from 'vitest';
import { eventsFor, type Emitted, type GameDefinition } from './game.js';
import { parseRecord, RECORD_VERSION, replay, type GameRecord } from './record.js';
import { err, gameError, ok } from './result.js';
import { Rng } from './rng.js';

interface CountState {
  total: number;
  turn: number;
  secrets: number[];
}
interface CountMove {
  add: 1 | 2;
}
type CountEvent =
  { type: 'dealt'; seat: number; secret: number } | { type: 'added'; seat: number; add: number };

const over = (s: CountState) => s.total >= 5;

const count: GameDefinition<{ players: 2 }, CountState, CountMove, unknown, CountEvent> = {
  id: 'count',
  name: 'Count',
  minPlayers: 2,
  maxPlayers: 2,
  parseOptions: (raw) =>
    typeof raw === 'object' && raw !== null && (raw as { players?: unknown }).players === 3
      ? err(gameError('players', 'Count is for 2 players.'))
      : ok({ players: 2 }),
  parsePresets: () => ok(undefined),
  setup: (_options, seed) => {
    const rng = Rng.fromSeed(seed);
    const secrets = [rng.int(100), rng.int(100)];
    const events: Emitted<CountEvent>[] = secrets.map((secret, seat) => ({
      audience: seat,
      event: { type: 'dealt', seat, secret },
    }));
    return ok({ state: { total: 0, turn: 0, secrets }, events });
  },
  playerCount: () => 2,
  activeSeats: (s) => (over(s) ? [] : [s.turn]),
  legalMoves: (s, seat) => (over(s) || seat !== s.turn ? [] : [{ add: 1 }, { add: 2 }]),
  randomMove: (s, seat, rng) =>
    over(s) || seat !== s.turn ? undefined : { add: (rng.int(2) + 1) as 1 | 2 },
  parseMove: (raw) => {
    const add = (raw as { add?: unknown }).add;
    return add === 1 || add === 2 ? ok({ add }) : err(gameError('shape', '"add" must be 1 or 2.'));
  },
  apply: (s, seat, move) => {
    if (over(s)) return err(gameError('game-over', 'The game is over.'));
    if (seat !== s.turn) return err(gameError('not-your-turn', `It is seat ${s.turn}'s turn.`));
    const state = { ...s, total: s.total + move.add, turn: 1 - s.turn };
    return ok({ state, events: [{ audience: 'all', event: { type: 'added', seat, ...move } }] });
  },
  clone: (s) => ({ ...s, secrets: [...s.secrets] }),
  applyInPlace: () => undefined,
  view: (s, viewer) => ({ total: s.total, mine: viewer === null ? null : s.secrets[viewer] }),
  viewer: () => null,
  sample: () => ({ total: 0, turn: 0, secrets: [0, 0] }),
  legalSummary: () => null,
  isOver: over,
  outcome: () => undefined,
  summary: (s) => s.total,
};

const record = (moves: { seat: number; add: unknown }[], seed = 's'): GameRecord => ({
  game: 'count',
  options: {},
  seed,
  moves,
});

describe('parseRecord', () => {
  const message = (raw: unknown) => {
    const r = parseRecord(raw);
    return r.ok ? 'accepted' : `${r.error.kind}: ${r.error.message}`;
  };

  it('refuses malformed records and says what is wrong', () => {
    expect(message(null)).toBe('invalid-record: A record must be a JSON object.');
    expect(message('text')).toContain('JSON object');
    expect(message([])).toContain('JSON object');
    expect(message({ game: '', seed: 's', moves: [] })).toContain('"game" must name a game');
    expect(message({ game: 'count', seed: 3, moves: [] })).toContain('"seed" must be a string');
    expect(message({ game: 'count', seed: 's', moves: {} })).toContain('"moves" must be an array');
    expect(message({ game: 'count', seed: 's', options: [], moves: [] })).toContain('"options"');
    expect(message({ game: 'count', seed: 's', moves: [{ add: 1 }, null] })).toContain(
      'Move 0 needs a "seat"',
    );
    expect(message({ game: 'count', seed: 's', moves: [{ seat: 0 }, null] })).toContain(
      'Move 1 must be an object',
    );
    expect(message({ game: 'count', seed: 's', moves: [{ seat: 1.5 }] })).toContain('Move 0');
  });

  it('reads its own format version and older records, refuses a newer one with a message', () => {
    const base = { game: 'count', seed: 's', moves: [] };
    expect(message(base)).toBe('accepted');
    expect(message({ ...base, version: RECORD_VERSION })).toBe('accepted');
    expect(message({ ...base, version: RECORD_VERSION + 1 })).toMatch(
      /^newer-version: .*written by a newer version of Boss Table/,
    );
    expect(message({ ...base, version: 0 })).toContain('"version"');
    expect(message({ ...base, version: '1' })).toContain('"version"');
  });

  it("keeps players' names and bots, and checks their shape", () => {
    const base = { game: 'count', seed: 's', moves: [] };
    const players = [{ name: 'Ann' }, { bot: 'random' }];
    const r = parseRecord({ ...base, players });
    expect(r.ok && r.value.players).toEqual(players);
    expect(message({ ...base, players: {} })).toContain('"players" must be an array');
    expect(message({ ...base, players: [null] })).toContain('Player 0 must be an object');
    expect(message({ ...base, players: [{ name: 3 }] })).toContain('"name" must be a string');
    expect(message({ ...base, players: [{ bot: 3 }] })).toContain('"bot" must be a string');
  });

  it('keeps extra fields and defaults options to {}', () => {
    const r = parseRecord({ game: 'count', seed: 's', moves: [{ seat: 0, add: 1 }], deals: [1] });
    expect(r.ok && r.value).toEqual({
      game: 'count',
      seed: 's',
      options: {},
      moves: [{ seat: 0, add: 1 }],
      deals: [1],
    });
  });
});

describe('replay', () => {
  it('refuses another game and refused options', () => {
    const other = replay(count, { ...record([]), game: 'chess' });
    expect(other.ok ? null : other.error.message).toBe('This record is for "chess", not "count".');
    const bad = replay(count, { ...record([]), options: { players: 3 } });
    expect(bad.ok ? null : bad.error).toMatchObject({ kind: 'invalid-options', rule: 'players' });
  });

  it('stops at the first illegal move with its index, seat and rule', () => {
    const r = replay(
      count,
      record([
        { seat: 0, add: 2 },
        { seat: 1, add: 1 },
        { seat: 1, add: 1 },
        { seat: 0, add: 7 },
      ]),
    );
    expect(r.ok ? null : r.error).toEqual({
      kind: 'illegal-move',
      message: `Move 2 (seat 1) breaks the rule "not-your-turn": It is seat 0's turn.`,
      moveIndex: 2,
      seat: 1,
      rule: 'not-your-turn',
    });
    const shape = replay(count, record([{ seat: 0, add: 7 }]));
    expect(shape.ok ? null : shape.error).toMatchObject({
      kind: 'invalid-move',
      moveIndex: 0,
      seat: 0,
      rule: 'shape',
    });
    const late = replay(
      count,
      record([
        { seat: 0, add: 2 },
        { seat: 1, add: 2 },
        { seat: 0, add: 2 },
        { seat: 1, add: 1 },
      ]),
    );
    expect(late.ok ? null : late.error).toMatchObject({ moveIndex: 3, rule: 'game-over' });
  });

  it('is deterministic: the same record gives the same state and events', () => {
    const moves = [
      { seat: 0, add: 1 },
      { seat: 1, add: 2 },
      { seat: 0, add: 2 },
    ];
    const a = replay(count, record(moves, 'x'), { keepEvents: true });
    const b = replay(count, record(moves, 'x'), { keepEvents: true });
    if (!a.ok || !b.ok) throw new Error('replay refused a legal record');
    expect(a.value).toEqual(b.value);
    expect(a.value.state.total).toBe(5);
    expect(a.value.events.map((e) => (e.event as CountEvent).type)).toEqual([
      'dealt',
      'dealt',
      'added',
      'added',
      'added',
    ]);
    // The seed decides chance: another seed deals other secrets, the moves still replay.
    const c = replay(count, record(moves, 'y'));
    expect(c.ok && c.value.state.secrets).not.toEqual(a.value.state.secrets);
    // Without keepEvents, no events are kept.
    const d = replay(count, record(moves, 'x'));
    expect(d.ok && d.value.events).toEqual([]);
  });

  it('shows each step to onStep: the state after setup and after each move, with its events', () => {
    const moves = [
      { seat: 0, add: 1 },
      { seat: 1, add: 2 },
    ];
    const seen: { total: number; events: string[] }[] = [];
    const r = replay(count, record(moves, 'x'), {
      onStep: (s, events) =>
        seen.push({ total: s.total, events: events.map((e) => (e.event as CountEvent).type) }),
    });
    if (!r.ok) throw new Error('replay refused a legal record');
    expect(seen).toEqual([
      { total: 0, events: ['dealt', 'dealt'] },
      { total: 1, events: ['added'] },
      { total: 3, events: ['added'] },
    ]);
  });
});

describe('eventsFor', () => {
  it('gives each seat public events and its own private ones, spectators public only', () => {
    const start = count.setup({ players: 2 }, 'e');
    if (!start.ok) throw new Error('setup refused');
    const applied = count.apply(start.value.state, 0, { add: 1 });
    if (!applied.ok) throw new Error('move refused');
    const emitted = [...start.value.events, ...applied.value.events];
    const [s0, s1] = start.value.state.secrets;
    expect(eventsFor(emitted, 0)).toEqual([
      { type: 'dealt', seat: 0, secret: s0 },
      { type: 'added', seat: 0, add: 1 },
    ]);
    expect(eventsFor(emitted, 1)).toEqual([
      { type: 'dealt', seat: 1, secret: s1 },
      { type: 'added', seat: 0, add: 1 },
    ]);
    expect(eventsFor(emitted, null)).toEqual([{ type: 'added', seat: 0, add: 1 }]);
    expect(eventsFor(emitted, 5)).toEqual([{ type: 'added', seat: 0, add: 1 }]);
    expect(eventsFor([], 0)).toEqual([]);
  });
});

describe('results', () => {
  it('builds values and errors', () => {
    expect(ok(3)).toEqual({ ok: true, value: 3 });
    expect(err('no')).toEqual({ ok: false, error: 'no' });
    expect(gameError('k', 'm')).toEqual({ kind: 'k', message: 'm' });
  });
});
