/**
 * The driver against two tiny games defined here: `count`, a strict turn (two seats add 1 or
 * 2 to a total until it reaches 10), and `bids`, an open window (every seat bids 0–3 once, in
 * any order, on a secret hand; a clock closes the window, after its shortest length once
 * everyone has bid; three windows).
 */
import { describe, expect, it } from 'vitest';
import { botContext, randomBot, type Bot } from './bot.js';
import {
  ClockKeeper,
  Driver,
  playOutRandom,
  type BotRequest,
  type DriverMove,
  type SeatBot,
} from './driver.js';
import { CLOCK, type AnyGame, type ClockSpec, type GameDefinition, type Seat } from './game.js';
import { parseRecord, replay } from './record.js';
import { err, gameError, ok } from './result.js';
import { Rng } from './rng.js';
import {
  bidVeto,
  type BidVetoMove,
  type BidVetoState,
  type BidVetoView,
} from './testing/bid-veto.js';

// ---- count: a strict turn ----

interface CountState {
  total: number;
  turn: number;
}
type CountMove = { add: 1 | 2 };
const countOver = (s: CountState) => s.total >= 10;

const count: GameDefinition<
  object,
  CountState,
  CountMove,
  CountState & { viewer: Seat | null },
  string
> = {
  id: 'count',
  name: 'Count',
  minPlayers: 2,
  maxPlayers: 2,
  parseOptions: () => ok({}),
  parsePresets: () => ok(undefined),
  setup: (_o, seed) => ok({ state: { total: 0, turn: seed.length % 2 }, events: [] }),
  playerCount: () => 2,
  activeSeats: (s) => (countOver(s) ? [] : [s.turn]),
  legalMoves: (s, seat) => (countOver(s) || seat !== s.turn ? [] : [{ add: 1 }, { add: 2 }]),
  randomMove: (s, seat, rng) =>
    countOver(s) || seat !== s.turn ? undefined : { add: (rng.int(2) + 1) as 1 | 2 },
  parseMove: (raw) => {
    const add = (raw as { add?: unknown }).add;
    return add === 1 || add === 2 ? ok({ add }) : err(gameError('shape', '"add" must be 1 or 2.'));
  },
  apply: (s, seat, move) => {
    if (countOver(s)) return err(gameError('game-over', 'The game is over.'));
    if (seat !== s.turn) return err(gameError('not-your-turn', `It is seat ${s.turn}'s turn.`));
    const state = { total: s.total + move.add, turn: 1 - s.turn };
    return ok({ state, events: [{ audience: 'all', event: `${seat}+${move.add}` }] });
  },
  clone: (s) => ({ ...s }),
  applyInPlace: (s, seat, move) => {
    if (seat !== s.turn) return gameError('not-your-turn', 'Not your turn.');
    s.total += move.add;
    s.turn = 1 - s.turn;
    return undefined;
  },
  view: (s, viewer) => ({ ...s, viewer }),
  viewer: (v) => v.viewer,
  sample: (v) => ({ total: v.total, turn: v.turn }),
  legalSummary: () => null,
  isOver: countOver,
  outcome: () => undefined,
  summary: (s) => s,
};

// ---- bids: an open window with a clock ----

interface BidsState {
  window: number;
  hands: number[];
  bids: (number | null)[];
  scores: number[];
}
type BidsMove = { bid: number } | { close: true };
interface BidsView {
  viewer: Seat | null;
  window: number;
  hand: number | null;
  bid: number | null;
}
const WINDOWS = 3;
const bidsOver = (s: BidsState) => s.window >= WINDOWS;
const bidsActive = (s: BidsState): Seat[] =>
  bidsOver(s) ? [] : s.bids.flatMap((b, seat) => (b === null ? [seat] : []));

const bids: GameDefinition<object, BidsState, BidsMove, BidsView, string> = {
  id: 'bids',
  name: 'Bids',
  minPlayers: 2,
  maxPlayers: 4,
  parseOptions: () => ok({}),
  parsePresets: () => ok(undefined),
  setup: (_o, seed) => {
    const rng = Rng.fromSeed(seed);
    const hands = [0, 1, 2].map(() => rng.int(100));
    return ok({
      state: { window: 0, hands, bids: [null, null, null], scores: [0, 0, 0] },
      events: [],
    });
  },
  playerCount: () => 3,
  activeSeats: bidsActive,
  legalMoves: (s, seat) =>
    bidsActive(s).includes(seat) ? [0, 1, 2, 3].map((bid) => ({ bid })) : [],
  randomMove: (s, seat, rng) => (bidsActive(s).includes(seat) ? { bid: rng.int(4) } : undefined),
  parseMove: (raw) => {
    const m = raw as { bid?: unknown; close?: unknown };
    if (m.close === true) return ok({ close: true });
    return Number.isInteger(m.bid) && (m.bid as number) >= 0 && (m.bid as number) <= 3
      ? ok({ bid: m.bid as number })
      : err(gameError('shape', 'A bid is 0 to 3.'));
  },
  apply(s, seat, move) {
    const next = { ...s, bids: [...s.bids], scores: [...s.scores] };
    const error = this.applyInPlace(next, seat, move);
    return error ? err(error) : ok({ state: next, events: [] });
  },
  clone: (s) => ({ ...s, bids: [...s.bids], scores: [...s.scores], hands: [...s.hands] }),
  applyInPlace(s, seat, move) {
    if (bidsOver(s)) return gameError('game-over', 'The game is over.');
    if ('close' in move) {
      if (seat !== CLOCK) return gameError('not-the-clock', 'Only the clock closes a window.');
      s.bids.forEach((b, i) => (s.scores[i] += b ?? 0));
      s.window++;
      s.bids = s.bids.map(() => null);
      return undefined;
    }
    if (s.bids[seat] !== null) return gameError('already-bid', `Seat ${seat} has bid.`);
    s.bids[seat] = move.bid;
    return undefined;
  },
  view: (s, viewer) => ({
    viewer,
    window: s.window,
    hand: viewer === null ? null : s.hands[viewer],
    bid: viewer === null ? null : s.bids[viewer],
  }),
  viewer: (v) => v.viewer,
  sample: () => {
    throw new Error('not used');
  },
  legalSummary: () => null,
  clocks: (s) =>
    bidsOver(s)
      ? []
      : [
          {
            id: `bids:${s.window}`,
            seats: [],
            ms: 1000,
            minMs: 300,
            running: true,
            expiry: { close: true },
          },
        ],
  concurrency: () => 'open',
  sealed: (_s, _seat, move) => 'bid' in move,
  isOver: bidsOver,
  outcome: () => undefined,
  summary: (s) => s,
};

/** Bids what its generator draws; remembers the first number of each generator it gets. */
function eager(draws: number[] = []): Bot<BidsView, BidsMove> {
  return {
    name: 'eager',
    chooseMove: (_view, ctx) => {
      const x = ctx.rng.next();
      draws.push(x);
      return { bid: x % 4 };
    },
  };
}
const waiter: Bot<BidsView, BidsMove | null> = { name: 'waiter', chooseMove: () => null };

function runAll<G extends AnyGame>(driver: Driver<G>): DriverMove[] {
  const moves: DriverMove[] = [];
  const end = driver.run((m) => moves.push(m));
  if (!end.ok) throw new Error(end.error.message);
  expect(end.value).toBe('over');
  return moves;
}

function started<G extends AnyGame>(game: G, seed: string, bots: SeatBot[]): Driver<G> {
  const s = Driver.start(game, {}, seed, { bots });
  if (!s.ok) throw new Error(s.error.message);
  return s.value.driver;
}

describe('driver, strict turn', () => {
  it('plays bots to the end; the record replays to the same state; the seed decides', () => {
    const a = started(count, 'seed', [randomBot(count), randomBot(count)]);
    const moves = runAll(a);
    expect(moves.length).toBeGreaterThanOrEqual(5);
    expect(a.over).toBe(true);
    const replayed = replay(count, a.toRecord());
    expect(replayed.ok && replayed.value.state).toEqual(a.state);
    const b = started(count, 'seed', [randomBot(count), randomBot(count)]);
    runAll(b);
    expect(b.moves).toEqual(a.moves);
    // Moves alternate: only the active seat is ever asked.
    a.moves.forEach((m, i) => expect(m.seat).toBe((i + 'seed'.length) % 2));
  });

  it('gives each bot a seed with its seat and the moves so far', () => {
    const draws: number[] = [];
    const bot: Bot<unknown, CountMove> = {
      name: 'spy',
      chooseMove: (view, ctx) => {
        draws.push(ctx.rng.next());
        return { add: 1 };
      },
    };
    const d = started(count, 's', [bot, bot]);
    runAll(d);
    expect(draws).toHaveLength(10);
    draws.forEach((x, n) => expect(x).toBe(Rng.fromSeed(`s/bot/${(n + 1) % 2}/${n}`).next()));
    expect(d.seedFor(1)).toBe('s/bot/1/10');
  });

  it('waits for an outside seat and takes its moves through play, errors as values', () => {
    const d = started(count, 'ab', [randomBot(count), null]);
    const first = d.run();
    expect(first.ok && first.value).toEqual([1]);
    expect(d.outsideSeats()).toEqual([1]);
    const shape = d.play(1, { add: 5 });
    expect(shape).toEqual({
      ok: false,
      error: { kind: 'shape', message: '"add" must be 1 or 2.' },
    });
    const turn = d.play(0, { add: 1 });
    expect(!turn.ok && turn.error.kind).toBe('not-your-turn');
    const done = d.play(1, { add: 2 });
    expect(done.ok && done.value).toMatchObject({ actor: 1, move: { add: 2 } });
    expect(d.moves.at(-1)).toEqual({ seat: 1, add: 2 });
    const step = d.step();
    expect(step.ok && step.value.kind).toBe('move');
  });

  it('shows each move to onMove before taking it; a throw there leaves nothing moved', () => {
    let fail = false;
    const seen: unknown[] = [];
    const s = Driver.start(count, {}, 'ab', {
      onMove: (move, events) => {
        if (fail) throw new Error('disk full');
        seen.push([move.actor, events]);
      },
    });
    if (!s.ok) throw new Error(s.error.message);
    const d = s.value.driver;
    expect(d.play(0, { add: 2 }).ok).toBe(true);
    expect(seen).toEqual([[0, [{ audience: 'all', event: '0+2' }]]]);
    fail = true;
    expect(() => d.play(1, { add: 1 })).toThrow('disk full');
    expect(d.moves).toEqual([{ seat: 0, add: 2 }]);
    expect((d.state as CountState).total).toBe(2);
    fail = false;
    expect(d.play(1, { add: 1 }).ok).toBe(true);
    expect((d.state as CountState).total).toBe(3);
  });

  it('reports a bot move the rules refuse, with its rule', () => {
    const cheat: Bot = { name: 'cheat', chooseMove: () => ({ add: 2 }) };
    const liar: Bot = { name: 'liar', chooseMove: () => ({ add: 7 }) };
    const d = started(count, 'ab', [cheat, liar]);
    const end = d.run();
    expect(end.ok).toBe(false);
    if (!end.ok)
      expect(end.error).toMatchObject({ kind: 'bot-move-refused', seat: 1, rule: 'shape' });
    expect(d.moves).toEqual([{ seat: 0, add: 2 }]);
  });

  it('calls a bot that always waits, with no clock, a deadlock', () => {
    const d = started(count, 'ab', [waiter as Bot, waiter as Bot]);
    const step = d.step();
    expect(step.ok).toBe(false);
    if (!step.ok) {
      expect(step.error.kind).toBe('deadlock');
      expect(step.error.message).toMatch(/waiter at seat 0 wait, and no clock runs/);
    }
  });

  it('plays the same random games on the fast path as the plain loop it replaces', () => {
    for (let g = 0; g < 20; g++) {
      const a = count.setup({}, `g${g}`);
      const b = count.setup({}, `g${g}`);
      if (!a.ok || !b.ok) throw new Error('setup');
      const rngA = Rng.fromSeed('r');
      const rngB = Rng.fromSeed('r');
      const moves = playOutRandom(count, a.value.state, rngA);
      let plain = 0;
      const s = b.value.state;
      while (!count.isOver(s)) {
        const seat = count.activeSeats(s)[0];
        count.applyInPlace(s, seat, count.randomMove(s, seat, rngB)!);
        plain++;
      }
      expect(moves).toBe(plain);
      expect(a.value.state).toEqual(s);
      expect(rngA.next()).toBe(rngB.next());
    }
  });
});

describe('driver, open window with a clock', () => {
  it('asks every active bot, in an order drawn from its seed, not seat 0 first', () => {
    const firsts = new Set<Seat>();
    for (let g = 0; g < 12; g++) {
      const d = started(bids, `g${g}`, [eager(), eager(), eager()]);
      const first = d.step();
      if (first.ok && first.value.kind === 'move') firsts.add(first.value.move.actor);
    }
    expect([...firsts].sort()).toEqual([0, 1, 2]);
  });

  it('closes a window at its shortest length once all have bid, and replays the record', () => {
    const d = started(bids, 'x', [eager(), eager(), eager()]);
    const moves = runAll(d);
    expect(moves.map((m) => m.actor).filter((a) => a === CLOCK)).toHaveLength(WINDOWS);
    // Each window: three bids at once, then the clock at 300 ms of that window.
    expect(moves.filter((m) => m.actor === CLOCK).map((m) => m.at)).toEqual([300, 600, 900]);
    const json = JSON.parse(JSON.stringify(d.recordJson()));
    expect(json.moves[3]).toEqual({ seat: 'clock', close: true });
    const parsed = parseRecord(json);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const replayed = replay(bids, parsed.value);
    expect(replayed.ok && replayed.value.state).toEqual(d.state);
  });

  it('lets a bot wait: the others go on and the clock closes at its full length', () => {
    const d = started(bids, 'w', [eager(), waiter as Bot, eager()]);
    const moves = runAll(d);
    const clocks = moves.filter((m) => m.actor === CLOCK);
    expect(clocks.map((m) => m.at)).toEqual([1000, 2000, 3000]);
    expect(d.moves.filter((m) => m.seat === 1)).toEqual([]);
    // Once the others have bid, only the waiter is left to ask, once, before the clock.
    for (const m of clocks) expect(m.asks.map((a) => a.seat)).toEqual([1]);
    // It is asked again after each change, never twice between two moves.
    for (const m of moves) expect(m.asks.filter((a) => a.seat === 1).length).toBeLessThanOrEqual(1);
    expect((d.state as BidsState).scores[1]).toBe(0);
  });

  it('waits for an outside seat, and lets virtual time run out on request', () => {
    const d = started(bids, 'o', [eager(), null, eager()]);
    const step = () => {
      const s = d.step();
      if (!s.ok) throw new Error(s.error.message);
      return s.value;
    };
    expect(step().kind).toBe('move');
    expect(step().kind).toBe('move');
    expect(step()).toEqual({ kind: 'outside', seats: [1], clockAt: 1000 });
    expect(d.expireClock()).toMatchObject({ actor: CLOCK, at: 1000 });
    expect((d.state as BidsState).window).toBe(1);
  });

  it('keeps a clock by its id: same id keeps its start, a new id starts afresh, a pause keeps time left', () => {
    const spec = (id: string, running = true): ClockSpec => ({
      id,
      seats: [],
      ms: 1000,
      minMs: 100,
      running,
      expiry: null,
    });
    const k = new ClockKeeper();
    k.observe([spec('a')], 0);
    k.observe([spec('a')], 200);
    expect(k.earliest([spec('a')], false, 200)?.at).toBe(1000);
    k.observe([spec('a', false)], 400);
    expect(k.earliest([spec('a', false)], false, 400)).toBeNull();
    k.observe([spec('a')], 900);
    expect(k.earliest([spec('a')], false, 900)?.at).toBe(1500);
    expect(k.snapshot(1000)).toEqual([{ id: 'a', elapsedMs: 1000, ranMs: 500 }]);
    // The rules may shorten a clock under the same id: it runs out when it has run that long.
    expect(k.earliest([{ ...spec('a'), ms: 600 }], false, 1000)?.at).toBe(1100);
    k.observe([spec('b')], 1000);
    expect(k.earliest([spec('b')], false, 1000)?.at).toBe(2000);
    expect(k.earliest([spec('b')], true, 1000)?.at).toBe(1100);
    // A restart resumes with the time it had left.
    const resumed = new ClockKeeper([{ id: 'b', elapsedMs: 600, ranMs: 600 }], 50_000);
    resumed.observe([spec('b')], 50_000);
    expect(resumed.earliest([spec('b')], false, 50_000)?.at).toBe(50_400);
  });

  it('plays random games out on the fast path through the clocks', () => {
    const start = bids.setup({}, 'fast');
    if (!start.ok) throw new Error('setup');
    const moves = playOutRandom(bids, start.value.state, Rng.fromSeed('r'));
    expect(moves).toBe(WINDOWS * 4);
    expect(bids.isOver(start.value.state)).toBe(true);
  });
});

describe('driver, real time', () => {
  it('asks all active bots with delays that do not depend on their hands', () => {
    const at = (hands: number[]) => {
      const state: BidsState = { window: 0, hands, bids: [null, null, null], scores: [0, 0, 0] };
      const d = new Driver(
        bids,
        { state, options: {}, seed: 'same' },
        {
          bots: [eager(), eager(), eager()],
          now: 10_000,
          budgetMs: 100,
        },
      );
      return d.next(10_000).ask.map((r) => [r.seat, r.applyAt, r.seed]);
    };
    const a = at([1, 2, 3]);
    expect(a).toHaveLength(3);
    expect(at([99, 0, 42])).toEqual(a);
    for (const [, applyAt] of a) expect(applyAt).toBeGreaterThanOrEqual(10_100);
    expect(new Set(a.map(([, applyAt]) => applyAt)).size).toBeGreaterThan(1);
  });

  it('holds an early answer until its time, then applies due answers and the clock in order', () => {
    const d = started(bids, 'rt', [eager(), eager(), waiter as Bot]);
    const due = d.next(0);
    expect(due.ask.map((r) => r.seat).sort()).toEqual([0, 1, 2]);
    expect(due.clockAt).toBe(1000);
    // Nobody is asked twice while a request is out.
    expect(d.next(5).ask).toEqual([]);
    const answers = due.ask.map((r) => ({
      r,
      move: r.seat === 2 ? null : { bid: r.seat + 1 },
    }));
    for (const { r, move } of answers)
      expect(d.answer(r, move, 50)).toEqual({ ok: true, value: null });
    const waiting = d.next(50);
    expect(waiting.ask).toEqual([]);
    const firstAnswer = Math.min(...due.ask.filter((r) => r.seat !== 2).map((r) => r.applyAt));
    expect(waiting.wakeAt).toBe(Math.min(firstAnswer, 1000));
    const woken = d.wake(1000);
    if (!woken.ok) throw new Error(woken.error.message);
    expect(woken.value.map((m) => m.actor)).toEqual(
      [...due.ask]
        .filter((r) => r.seat !== 2 && r.applyAt <= 1000)
        .sort((x, y) => x.applyAt - y.applyAt)
        .map((r) => r.seat)
        .concat([CLOCK]),
    );
    expect((d.state as BidsState).window).toBe(1);
    // The next window asks all three again, but for an answer still held (it will be tried
    // against the new window when its time comes).
    expect(
      d
        .next(1000)
        .ask.map((r) => r.seat)
        .sort(),
    ).toEqual(
      due.ask
        .filter((r) => r.seat === 2 || r.applyAt <= 1000)
        .map((r) => r.seat)
        .sort(),
    );
  });

  it('hands a seat to a bot that runs elsewhere and back, dropping its answer', () => {
    const d = started(bids, 'si', [eager(), null, eager()]);
    expect(
      d
        .next(0)
        .ask.map((r) => r.seat)
        .sort(),
    ).toEqual([0, 2]);
    expect(d.outsideSeats()).toEqual([1]);
    d.setBot(1, { name: 'heuristic' });
    const [standIn] = d.next(10).ask;
    expect(standIn).toMatchObject({ seat: 1, seed: 'si/bot/1/0', askedAt: 10 });
    expect(d.outsideSeats()).toEqual([]);
    // The person is back before the stand-in answers: its answer is dropped.
    d.setBot(1, null);
    expect(d.answer(standIn, { bid: 1 }, 20_000)).toEqual({ ok: true, value: null });
    expect(d.moves).toEqual([]);
    expect(d.next(20_000).ask).toEqual([]);
    // A bot that runs elsewhere cannot be driven in virtual time.
    const virtual = started(bids, 'si', [{ name: 'pool' }, { name: 'pool' }, { name: 'pool' }]);
    expect(() => virtual.step()).toThrow(/pool at seat \d runs elsewhere/);
  });

  it('tells each clock when it runs out, for display', () => {
    const d = started(bids, 'cd', [null, null, null]);
    expect(d.clockDeadlines()).toMatchObject([{ clock: { id: 'bids:0' }, at: 1000 }]);
    for (const seat of [0, 1, 2]) expect(d.play(seat, { bid: 1 }, 100).ok).toBe(true);
    // Everyone has bid: the window closes at its shortest length.
    expect(d.clockDeadlines()).toMatchObject([{ clock: { id: 'bids:0' }, at: 300 }]);
    expect(d.next(100).clockAt).toBe(300);
    const woken = d.wake(300);
    expect(woken.ok && woken.value.map((m) => m.actor)).toEqual([CLOCK]);
    expect(d.clockDeadlines()).toMatchObject([{ clock: { id: 'bids:1' }, at: 1300 }]);
  });

  it("runs a table's own clock with the rules' ones: shown, persisted, and told when it runs out, no move made", () => {
    const timedOut: string[] = [];
    const turnClock = (state: unknown, moves: number): ClockSpec[] => {
      const s = state as CountState;
      return countOver(s)
        ? []
        : [
            {
              id: `turn:${moves}`,
              seats: [s.turn],
              ms: 1000,
              minMs: 0,
              running: true,
              expiry: { standIn: 'timeout' },
            },
          ];
    };
    const start = Driver.start(count, {}, 'ab', {
      bots: [null, null],
      now: 0,
      tableClocks: turnClock,
      onTimeout: (c) => timedOut.push(c.id),
    });
    if (!start.ok) throw new Error(start.error.message);
    const d = start.value.driver;
    const seat = d.outsideSeats()[0];
    expect(d.clockDeadlines()).toEqual([{ clock: turnClock(d.state, 0)[0], at: 1000 }]);
    expect(d.next(0).wakeAt).toBe(1000);
    // A move at 400 ms: the next turn has its own full second; its time is persisted.
    const prepared = d.prepare(seat, { add: 1 }, 400);
    expect(prepared.ok && prepared.value.clockTimes).toEqual([
      { id: 'turn:1', elapsedMs: 0, ranMs: 0 },
    ]);
    if (prepared.ok) d.take(prepared.value);
    expect(d.clockDeadlines()[0]).toMatchObject({ clock: { id: 'turn:1' }, at: 1400 });
    // It runs out: no move, the caller is told once, and the driver has nothing more due.
    const woken = d.wake(1400);
    expect(woken.ok && woken.value).toEqual([]);
    expect(timedOut).toEqual(['turn:1']);
    expect(d.moves.length).toBe(1);
    expect(d.next(1500).wakeAt).toBeNull();
    expect(d.wake(2000).ok).toBe(true);
    expect(timedOut).toEqual(['turn:1']);
    // The seat's move ends that clock; the next turn's runs.
    expect(d.play(1 - seat, { add: 1 }, 2100).ok).toBe(true);
    expect(d.next(2100).wakeAt).toBe(3100);
  });

  it('drops an answer to an old request in a strict turn and asks again', () => {
    const d = started(count, 'ab', [randomBot(count), randomBot(count)]);
    const [r] = d.next(0).ask;
    expect(r.applyAt).toBe(0);
    const played = d.play(r.seat, { add: 1 });
    expect(played.ok).toBe(true);
    expect(d.answer(r, { add: 1 }, 1)).toEqual({ ok: true, value: null });
    const again = d.next(2).ask;
    expect(again.map((x) => x.seat)).toEqual([1 - r.seat]);
    const applied = d.answer(again[0], { add: 2 }, 3);
    expect(applied.ok && applied.value).toMatchObject({ actor: 1 - r.seat, at: 3 });
  });
});

describe('driver, Bid and Veto (core/src/testing)', () => {
  /** Random moves, but a third of the time it waits, so windows also close by their clocks. */
  const hesitant = (game: typeof bidVeto): Bot<BidVetoView, BidVetoMove | null> => {
    const random = randomBot(game);
    return {
      name: 'hesitant',
      chooseMove: (view, ctx) =>
        ctx.rng.int(3) === 0 ? null : (random.chooseMove(view, ctx) as BidVetoMove),
    };
  };

  it('plays whole games with random and waiting bots; the records replay with their clocks', () => {
    let clockMoves = 0;
    let closedBids = 0;
    for (let g = 0; g < 30; g++) {
      const players = 2 + (g % 3);
      const bots = Array.from({ length: players }, (_, s) =>
        s % 2 === 0 ? hesitant(bidVeto) : randomBot(bidVeto),
      );
      const s = Driver.start(bidVeto, { players, rounds: 4 }, `bv-${g}`, { bots });
      if (!s.ok) throw new Error(s.error.message);
      const d = s.value.driver;
      // Each window's clock, from when it opened: bids close at their full length (someone
      // waited, or they would have closed at once), vetoes at 3 s (all answered) or 6 s.
      const phaseOf = () => `${d.state.round}:${d.state.phase}`;
      let phase = phaseOf();
      let opened = 0;
      for (;;) {
        const step = d.step();
        if (!step.ok) throw new Error(step.error.message);
        if (step.value.kind !== 'move') break;
        const m = step.value.move;
        if (m.actor === CLOCK) {
          clockMoves++;
          if ((m.move as BidVetoMove).type === 'close-bids') {
            closedBids++;
            expect(m.at - opened).toBe(10_000);
          } else expect([3000, 6000]).toContain(m.at - opened);
        }
        if (phaseOf() !== phase) [phase, opened] = [phaseOf(), m.at];
      }
      const state = d.state as BidVetoState;
      expect(state.phase).toBe('over');
      expect(state.history).toHaveLength(4);
      const parsed = parseRecord(JSON.parse(JSON.stringify(d.recordJson())));
      if (!parsed.ok) throw new Error(parsed.error.message);
      const replayed = replay(bidVeto, parsed.value);
      if (!replayed.ok) throw new Error(replayed.error.message);
      expect(bidVeto.summary(replayed.value.state)).toEqual(bidVeto.summary(state));
      // The same seed plays the same game.
      const again = Driver.start(bidVeto, { players, rounds: 4 }, `bv-${g}`, { bots });
      if (!again.ok) throw new Error(again.error.message);
      runAll(again.value.driver);
      expect(again.value.driver.moves).toEqual(d.moves);
    }
    expect(clockMoves).toBeGreaterThan(30);
    expect(closedBids).toBeGreaterThan(0);
  });

  it('runs whole games in simulated real time, as a table would, answers never before their time', () => {
    for (let g = 0; g < 10; g++) {
      const bots: Bot[] = [hesitant(bidVeto) as Bot, randomBot(bidVeto), hesitant(bidVeto) as Bot];
      const s = Driver.start(bidVeto, { players: 3, rounds: 3 }, `rt-${g}`, {
        // The bots run "in a pool" here: the driver only knows their names.
        bots: bots.map((b) => ({ name: b.name })),
        budgetMs: 50,
        now: 1_000_000,
      });
      if (!s.ok) throw new Error(s.error.message);
      const d = s.value.driver;
      let now = 1_000_000;
      const inFlight: { at: number; request: BotRequest; move: unknown }[] = [];
      const asked = new Map<Seat, BotRequest>();
      const checkTime = (m: DriverMove) => {
        if (m.actor !== CLOCK) expect(m.at).toBeGreaterThanOrEqual(asked.get(m.actor)!.applyAt);
      };
      let clockMoves = 0;
      for (let i = 0; i < 10_000 && !d.over; i++) {
        const due = d.next(now);
        for (const request of due.ask) {
          asked.set(request.seat, request);
          const move = bots[request.seat].chooseMove(
            request.view,
            botContext(request.seed, request.budgetMs),
          );
          // Thinking takes 5–40 ms, by seat: well within the budget.
          inFlight.push({ at: now + 5 + ((request.seat * 13) % 36), request, move });
        }
        inFlight.sort((a, b) => a.at - b.at);
        const answerAt = inFlight[0]?.at ?? Infinity;
        const t = Math.min(answerAt, due.wakeAt ?? Infinity);
        if (t === Infinity) throw new Error(`stuck at move ${d.moves.length}`);
        now = t;
        if (answerAt === t) {
          const { request, move } = inFlight.shift()!;
          const done = d.answer(request, move, now);
          if (!done.ok) throw new Error(done.error.message);
          if (done.value) checkTime(done.value);
        } else {
          const woken = d.wake(now);
          if (!woken.ok) throw new Error(woken.error.message);
          for (const m of woken.value) {
            checkTime(m);
            if (m.actor === CLOCK) clockMoves++;
          }
        }
      }
      expect(d.over).toBe(true);
      expect(clockMoves).toBeGreaterThan(0);
      const replayed = replay(bidVeto, d.toRecord());
      if (!replayed.ok) throw new Error(replayed.error.message);
      expect(bidVeto.summary(replayed.value.state)).toEqual(bidVeto.summary(d.state));
    }
  });

  it('closes the sealed veto window at its shortest length once all have answered', () => {
    const bots = [0, 1, 2].map(() => randomBot(bidVeto));
    const s = Driver.start(bidVeto, { players: 3, rounds: 2, vetoMs: 6000, vetoMinMs: 3000 }, 'v', {
      bots,
    });
    if (!s.ok) throw new Error(s.error.message);
    const moves = runAll(s.value.driver);
    const vetoCloses = moves.filter(
      (m) => m.actor === CLOCK && (m.move as BidVetoMove).type === 'close-veto',
    );
    expect(vetoCloses.length).toBeGreaterThan(0);
    // Random bots answer at once (virtual time), so every veto window lasts exactly 3 s.
    let windowStart = 0;
    for (const m of moves) {
      if (m.actor === CLOCK && (m.move as BidVetoMove).type === 'close-veto')
        expect(m.at - windowStart).toBe(3000);
      if ((m.move as BidVetoMove).type !== 'veto' && (m.move as BidVetoMove).type !== 'let-pass')
        windowStart = m.at;
    }
  });
});

describe('driver, two steps (a caller whose storage is asynchronous)', () => {
  const remote = { name: 'remote' };

  it('prepares a move without taking it; take takes it, once, and onMove sees it first', () => {
    const seen: number[] = [];
    const s = Driver.start(bids, {}, 'two', {
      bots: [null, null, null],
      onMove: (m) => seen.push(m.actor),
    });
    if (!s.ok) throw new Error(s.error.message);
    const d = s.value.driver;
    const before = d.state;
    const p = d.prepare(1, { bid: 2 }, 100);
    if (!p.ok) throw new Error(p.error.message);
    // Nothing moved yet: not the state, the record, the clocks, nor onMove.
    expect(d.state).toBe(before);
    expect(d.moves).toEqual([]);
    expect(seen).toEqual([]);
    expect(p.value.move).toMatchObject({ actor: 1, move: { bid: 2 }, at: 100 });
    expect((p.value.state as BidsState).bids).toEqual([null, 2, null]);
    expect(d.take(p.value)).toBe(p.value.move);
    expect(seen).toEqual([1]);
    expect(d.state).toBe(p.value.state);
    expect(d.moves).toEqual([{ seat: 1, bid: 2 }]);
    // The clocks' times it carried are the driver's once taken.
    expect(p.value.clockTimes).toEqual(d.clockTimes());
    // Prepared on a state that has moved on: it cannot be taken.
    const a = d.prepare(0, { bid: 1 }, 100);
    const b = d.prepare(2, { bid: 1 }, 100);
    if (!a.ok || !b.ok) throw new Error('refused');
    d.take(a.value);
    expect(() => d.take(b.value)).toThrow(/prepared at move 1/);
    // The rules refuse as with play, and nothing is prepared.
    expect(d.prepare(0, { bid: 1 }).ok).toBe(false);
    expect(d.prepare(0, { bid: 9 }).ok).toBe(false);
  });

  it('answers and wakes in two steps exactly as answer and wake do in one', () => {
    const run = (twoSteps: boolean) => {
      const d = started(bids, 'same-game', [remote, remote, remote]);
      const log: unknown[] = [];
      let now = 0;
      for (let i = 0; i < 40 && !d.over; i++) {
        const due = d.next(now);
        for (const r of due.ask) {
          const move = { bid: (r.seat + r.n) % 4 };
          if (twoSteps) {
            const p = d.prepareAnswer(r, move, now);
            if (!p.ok) throw new Error(p.error.message);
            if (p.value) {
              expect(p.value.request).toBe(r);
              log.push(d.take(p.value));
            }
          } else {
            const m = d.answer(r, move, now);
            if (!m.ok) throw new Error(m.error.message);
            if (m.value) log.push(m.value);
          }
        }
        now = d.next(now).wakeAt ?? now + 50;
        if (twoSteps)
          for (;;) {
            const p = d.prepareWake(now);
            if (!p.ok) throw new Error(p.error.message);
            if (!p.value) break;
            log.push(d.take(p.value));
          }
        else {
          const w = d.wake(now);
          if (!w.ok) throw new Error(w.error.message);
          log.push(...w.value);
        }
      }
      expect(d.over).toBe(true);
      return { log, record: d.toRecord() };
    };
    const one = run(false);
    expect(one.log.some((m) => (m as DriverMove).actor === CLOCK)).toBe(true);
    expect(run(true)).toEqual(one);
  });

  it('leaves the driver as it was when a prepared wake is not taken', () => {
    const d = started(bids, 'not-taken', [null, null, null]);
    d.next(0);
    const p = d.prepareWake(1000);
    if (!p.ok || !p.value) throw new Error('the clock should be due');
    expect(p.value.move.actor).toBe(CLOCK);
    // Not taken (say, storing it failed): the same clock is due again.
    expect(d.moves).toEqual([]);
    const again = d.prepareWake(1000);
    expect(again.ok && again.value?.move).toEqual(p.value.move);
  });

  it('delays an open-window answer by at least openDelayMinMs', () => {
    const d = new Driver(
      bids,
      {
        state: { window: 0, hands: [1, 2, 3], bids: [null, null, null], scores: [0, 0, 0] },
        options: {},
        seed: 'delay',
      },
      { bots: [remote, remote, remote], now: 0, budgetMs: 5, openDelayMinMs: 400, openDelayMs: 0 },
    );
    expect(d.next(0).ask.map((r) => r.applyAt)).toEqual([400, 400, 400]);
  });
});
