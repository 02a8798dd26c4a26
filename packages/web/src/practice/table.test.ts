// Unit tests for a practice table's worker side: a whole game against bots, the seat's view only, bot pace, hidden clocks and resuming from a save.
import { describe, expect, it } from 'vitest';
import { botContext, parseRecord, replay } from '@boss-table/core';
import { findEntry } from '@boss-table/games';
import { makeBot } from '@boss-table/games/bots';
import { theBossGame } from '../the-boss/index.js';
import type { FromWorker } from './protocol.js';
import { newPracticeGame } from './start.js';
import type { PracticeGame } from './store.js';
import { PracticeTable, type TableHost } from './table.js';

const entry = findEntry('the-boss')!;
const botOf = (spec: string) => {
  const b = makeBot('the-boss', spec);
  if (!b.ok) throw new Error(b.error.message);
  return b.value;
};

/** A host in virtual time: timers fire only when `advance` passes them. */
function virtualHost() {
  let now = 0;
  const posts: FromWorker[] = [];
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  const host: TableHost = {
    post: (m) => posts.push(m),
    now: () => now,
    wall: () => 1_000_000 + now,
    setTimer: (fn, ms) => {
      const id = nextId++;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimer: (id) => {
      timers = timers.filter((t) => t.id !== id);
    },
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const t = timers.sort((a, b) => a.at - b.at)[0];
      if (!t || t.at > end) break;
      timers = timers.filter((x) => x !== t);
      now = Math.max(now, t.at);
      t.fn();
    }
    now = end;
  };
  return { host, posts, advance };
}

const lastOf = <K extends FromWorker['kind']>(posts: FromWorker[], kind: K) =>
  posts.filter((p): p is Extract<FromWorker, { kind: K }> => p.kind === kind).at(-1);

/** Plays the person's seat with a random bot on its own view until the game ends. */
function playOut(table: PracticeTable, posts: FromWorker[], advance: (ms: number) => void) {
  const person = botOf('random');
  let id = 0;
  for (let i = 0; i < 5000; i++) {
    const save = lastOf(posts, 'save');
    if (save?.game.finished) return save.game;
    const seen = posts.filter((p) => p.kind === 'snapshot' || p.kind === 'events').at(-1) as
      Extract<FromWorker, { kind: 'events' }> | undefined;
    if (seen && seen.legal !== null) {
      const move = person.chooseMove(seen.view, botContext(`p${i}`, 10));
      table.play(++id, move);
    } else advance(1000);
  }
  throw new Error('The game did not end.');
}

const fresh = (paceMs?: number): PracticeGame => ({
  ...newPracticeGame(theBossGame, { players: 3, name: 'Ann' }),
  ...(paceMs !== undefined ? { paceMs } : {}),
});

describe('a practice table', () => {
  it('plays a whole game against bots, telling the page its seat only, and keeps a record that replays', () => {
    const { host, posts, advance } = virtualHost();
    const game = fresh();
    const table = new PracticeTable(entry.game, botOf, game, host, true, 50);
    expect(posts[0]).toMatchObject({ kind: 'snapshot', seq: 0, seat: 0 });
    // A new game's log has setup's events only.
    expect(
      (posts[0] as unknown as { past: { seq: number }[] }).past.every((p) => p.seq === 0),
    ).toBe(true);
    const end = playOut(table, posts, advance);
    expect(end.finished).toBe(true);
    const events = posts.filter((p) => p.kind === 'events');
    // One events message per move, numbered one by one.
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    const record = parseRecord(end.record);
    expect(record.ok).toBe(true);
    if (!record.ok) return;
    expect(record.value.moves.length).toBe(events.length);
    expect(end.record.players).toEqual([
      { name: 'Ann' },
      { bot: 'heuristic' },
      { bot: 'heuristic' },
    ]);
    // The record replays to the end, and the page only ever saw seat 0's view.
    const states: unknown[] = [];
    const r = replay(entry.game, record.value, { onStep: (s) => states.push(s) });
    expect(r.ok && entry.game.isOver(r.value.state)).toBe(true);
    expect(events.at(-1)!.view).toEqual(entry.game.view(states.at(-1), 0));
    expect(events.at(-1)!.view).not.toEqual(entry.game.view(states.at(-1), 1));
  });

  it('lets a bot answer only once its pace is up', () => {
    const { host, posts, advance } = virtualHost();
    const game = { ...fresh(), seat: 1, bots: ['heuristic', null, 'heuristic'] };
    new PracticeTable(entry.game, botOf, game, host, true, 700);
    const parsed = parseRecord(game.record);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const start = replay(entry.game, parsed.value);
    if (!start.ok) throw new Error(start.error.message);
    // Whoever starts, a bot moves before the person's second turn: no bot move before its pace.
    expect(entry.game.activeSeats(start.value.state)).not.toContain(1);
    advance(699);
    expect(posts.filter((p) => p.kind === 'events')).toHaveLength(0);
    advance(1);
    expect(posts.filter((p) => p.kind === 'events').length).toBeGreaterThan(0);
  });

  it('refuses a move the rules refuse, and a move when it is not the seat’s turn', () => {
    const { host, posts } = virtualHost();
    const table = new PracticeTable(entry.game, botOf, fresh(), host, true, 50);
    table.play(7, { nonsense: true });
    expect(lastOf(posts, 'refused')).toMatchObject({ kind: 'refused', id: 7 });
    expect(posts.some((p) => p.kind === 'ack')).toBe(false);
  });

  it('stands still while hidden, and goes on once shown again', () => {
    const { host, posts, advance } = virtualHost();
    const game = { ...fresh(), seat: 2, bots: ['heuristic', 'heuristic', null] };
    const table = new PracticeTable(entry.game, botOf, game, host, false, 100);
    advance(60_000);
    expect(posts.filter((p) => p.kind === 'events')).toHaveLength(0);
    table.setVisible(true);
    advance(60_000);
    const moved = posts.filter((p) => p.kind === 'events').length;
    table.setVisible(false);
    expect(lastOf(posts, 'save')).toBeDefined();
    advance(60_000);
    expect(posts.filter((p) => p.kind === 'events').length).toBe(moved);
  });

  it('resumes a saved game in the same position, its log rebuilt from the record', () => {
    const a = virtualHost();
    const game = fresh();
    const table = new PracticeTable(entry.game, botOf, game, a.host, true, 50);
    const person = botOf('random');
    // A few of the person's moves, then a save to resume from.
    for (let i = 0, id = 0; i < 200 && id < 3; i++) {
      const seen = a.posts.filter((p) => p.kind === 'snapshot' || p.kind === 'events').at(-1) as {
        view: unknown;
        legal: unknown;
      };
      if (seen.legal !== null)
        table.play(++id, person.chooseMove(seen.view, botContext(`${i}`, 5)));
      else a.advance(100);
    }
    const save = lastOf(a.posts, 'save')!.game;
    const lastSeen = a.posts.filter((p) => p.kind === 'events').at(-1)!;
    const b = virtualHost();
    new PracticeTable(entry.game, botOf, save, b.host, false, 50);
    const snap = b.posts[0] as Extract<FromWorker, { kind: 'snapshot' }>;
    expect(snap.kind).toBe('snapshot');
    expect(snap.seq).toBe(lastSeen.seq);
    expect(snap.view).toEqual(lastSeen.view);
    expect(snap.legal).toEqual(lastSeen.legal);
    expect(snap.past.filter((p) => p.seq > 0)).toHaveLength(lastSeen.seq);
  });

  it('plays a random legal move for a bot whose move the rules refuse, and goes on', () => {
    const { host, posts, advance } = virtualHost();
    // A broken bot in seat 1: every answer is nonsense.
    const broken = (spec: string) =>
      spec === 'broken'
        ? { ...botOf('random'), chooseMove: () => ({ nonsense: true }) }
        : botOf(spec);
    const game = { ...fresh(), seat: 0, bots: [null, 'broken', 'heuristic'] };
    const table = new PracticeTable(entry.game, broken, game, host, true, 50);
    expect(playOut(table, posts, advance).finished).toBe(true);
    expect(posts.some((p) => p.kind === 'error')).toBe(false);
    const moved = posts.filter((p) => p.kind === 'events').map((p) => p.moved);
    expect(moved).toContain(1);
  });

  it("gives a bot the server's budget, so that each search level keeps its own time (hard about 900 ms)", () => {
    const { host, posts, advance } = virtualHost();
    const left: number[] = [];
    const timed = (spec: string) => {
      const bot = botOf(spec);
      return {
        ...bot,
        chooseMove: (view: unknown, ctx: Parameters<typeof bot.chooseMove>[1]) => {
          left.push(ctx.deadline - performance.now());
          return bot.chooseMove(view, ctx);
        },
      };
    };
    const game = { ...fresh(), seat: 0, bots: [null, 'heuristic', 'heuristic'] };
    const table = new PracticeTable(entry.game, timed, game, host, true, 50);
    playOut(table, posts, advance);
    expect(left.length).toBeGreaterThan(10);
    // Hard searches about 900 ms: every ask leaves it at least that.
    expect(Math.min(...left)).toBeGreaterThan(950);
  });
});
