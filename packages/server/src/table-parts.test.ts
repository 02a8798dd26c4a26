// Each part of a table alone: its frames (fan-out numbering), its presence, its clocks.
import type { ClockSpec, Driver, Emitted } from '@boss-table/core';
import { describe, expect, it, vi } from 'vitest';
import type { ServerMessage } from '@boss-table/protocol';
import { TableClocks } from './table-clocks.js';
import { Follower, type FollowHost } from './table-follow.js';
import { Frames } from './table-frames.js';
import { Presence, type Conn } from './table-presence.js';
import { TableViews, type ViewHost } from './table-views.js';
import { BoundedSender, type OutboundSocket } from './outbound.js';
import type { CommittedMove, Storage, StoredTable } from './storage.js';

const type = (e: unknown): string => (e as { type: string }).type;
const ev = (type: string, audience: 'all' | number = 'all'): Emitted<unknown> => ({
  audience,
  event: { type },
});

describe('Frames: each viewer numbers only the moves it was told of', () => {
  it('a sealed move moves its seat only; events are filtered per viewer', () => {
    const f = new Frames(2, [ev('setup')]);
    f.record(0, { a: 1 }, [ev('open')], false);
    f.record(1, { a: 2 }, [ev('mine', 1)], true);
    f.record(0, { a: 3 }, [ev('close'), ev('secret', 0)], false);
    expect(f.seq).toBe(3);
    expect([f.position(0), f.position(1), f.position(null)]).toEqual([2, 3, 2]);
    expect(f.pastFor(1).map((p) => [p.seq, p.seat, p.events.map(type)])).toEqual([
      [1, 0, ['open']],
      [2, 1, ['mine']],
      [3, 0, ['close']],
    ]);
    expect(f.pastFor(0, 1).map((p) => [p.seq, p.events.map(type)])).toEqual([
      [2, ['close', 'secret']],
    ]);
    expect(f.pastFor(null).flatMap((p) => p.events.map(type))).toEqual(['open', 'close']);
  });
});

describe('TableViews: one frame per viewer, however many connections it has', () => {
  it("builds and encodes each seat's frame once, and gives each seat only its own", () => {
    const views: (number | null)[] = [];
    const frames = new Frames(2, [ev('setup')]);
    const host = {
      id: 't',
      game: {
        view: (_state: unknown, seat: number | null) => (views.push(seat), { mine: seat }),
        activeSeats: () => [0],
        legalSummary: (_state: unknown, seat: number) => ({ legalFor: seat }),
      },
      stored: { status: 'running' },
      state: {},
      frames,
      publicSeats: () => [],
      clockFields: () => ({ timer: null }),
    } as unknown as ViewHost;
    // Two devices of seat 0, one of seat 1, three spectators: each through its own sender.
    const written: { seat: number | null; text: string }[] = [];
    const conns: Conn[] = [0, 0, 1, null, null, null].map((seat) => {
      const socket: OutboundSocket = {
        readyState: 1,
        OPEN: 1,
        bufferedAmount: 0,
        send: (text) => written.push({ seat, text }),
        close: () => {},
        terminate: () => {},
      };
      const out = new BoundedSender(socket, 1e6, () => {});
      return { seat, send: (m: ServerMessage) => out.send(m), close: () => {} };
    });
    frames.record(0, { a: 1 }, [ev('open'), ev('secret', 1)], false);
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      new TableViews(host).tell(conns, 0, frames.history[1], false);
      // Three viewers (seat 0, seat 1, the spectators): three views, three encodings.
      expect(views).toEqual([0, 1, null]);
      expect(stringify).toHaveBeenCalledTimes(3);
    } finally {
      stringify.mockRestore();
    }
    const got = written.map((w) => ({ seat: w.seat, frame: JSON.parse(w.text) }));
    expect(got).toHaveLength(6);
    for (const { seat, frame } of got) {
      expect(frame.view).toEqual({ mine: seat });
      expect(frame.legal).toEqual(seat === 0 ? { legalFor: 0 } : null);
      expect(frame.events.map(type)).toEqual(seat === 1 ? ['open', 'secret'] : ['open']);
    }
  });
});

describe('Presence: who counts as connected', () => {
  const stored = {
    seats: [{ kind: 'human', tokenHash: 'x' }, { kind: 'human', tokenHash: 'y' }, { kind: 'bot' }],
  } as unknown as StoredTable;
  const conn = (seat: number | null): Conn => ({
    seat,
    send: (_m: ServerMessage) => undefined,
    close: () => undefined,
  });

  it('seats connected here or on another node; a stand-in leaves when its person is back elsewhere', () => {
    const told: string[] = [];
    const p = new Presence({
      id: 't',
      stored,
      holder: true,
      deps: { log: { info: () => undefined } as never },
      broadcastSeats: () => told.push('seats'),
      syncBots: () => told.push('bots'),
      schedule: () => told.push('schedule'),
    });
    const greeted: string[] = [];
    p.attach(conn(0), () => greeted.push('0'));
    p.attach(conn(null), () => greeted.push('spectator'));
    expect(greeted).toEqual(['0', 'spectator']);
    // Seat 0's first connection changes what the others see; a spectator's does not.
    expect(told).toEqual(['bots', 'seats', 'schedule', 'schedule']);
    expect([...p.connectedSeats()]).toEqual([0]);
    p.standIn.set(1, 'disconnected');
    expect(p.publicSeats(stored).map((s) => [s.connected, s.botStandIn])).toEqual([
      [true, false],
      [false, true],
      [true, false],
    ]);
    expect(p.setRemote(new Set([1]), false)).toEqual({ changed: true, reclaimed: false });
    expect(p.standIn.has(1)).toBe(true);
    expect(p.setRemote(new Set([1]), true)).toEqual({ changed: false, reclaimed: false });
    p.setRemote(new Set(), true);
    expect(p.setRemote(new Set([1]), true)).toEqual({ changed: true, reclaimed: true });
    expect(p.standIn.has(1)).toBe(false);
  });
});

describe('TableClocks: every clock saved with a move and restored', () => {
  const spec = (id: string, ms: number, running = true): ClockSpec => ({
    id,
    seats: [0],
    ms,
    minMs: 0,
    running,
    expiry: { type: 'expire' },
  });

  it('a running clock keeps its deadline across a kill, with a floor; a paused one its time left', () => {
    const c = new TableClocks();
    c.note([spec('turn', 30_000), spec('deal', 60_000, false)]);
    const times = [
      { id: 'turn', elapsedMs: 10_000, ranMs: 10_000 },
      { id: 'deal', elapsedMs: 20_000, ranMs: 5_000 },
    ];
    const saved = c.save(times, [spec('turn', 30_000), spec('deal', 60_000, false)], 1000, []);
    expect(saved.clocks.map((x) => [x.id, x.usedMs, x.since])).toEqual([
      ['turn', 10_000, 1000],
      ['deal', 5_000, null],
    ]);
    // Killed, back 15 s later: the turn clock counts the time down; the paused one does not.
    const back = new TableClocks().restore(
      saved,
      [spec('turn', 30_000), spec('deal', 60_000, false)],
      16_000,
      0,
    );
    expect(back.map((t) => [t.id, t.ranMs])).toEqual([
      ['turn', 25_000],
      ['deal', 5_000],
    ]);
    // With a floor of 10 s, at least 10 s are left.
    const floored = new TableClocks().restore(saved, [spec('turn', 30_000)], 26_000, 10_000);
    expect(floored).toEqual([{ id: 'turn', elapsedMs: 20_000, ranMs: 20_000 }]);
  });

  it('a window that shrank still shows its first, longest length', () => {
    const c = new TableClocks();
    c.note([spec('window', 6000)]);
    c.note([spec('window', 2000)]);
    const driver = {
      now: 0,
      clockTimes: () => [{ id: 'window', elapsedMs: 1000, ranMs: 1000 }],
      clockDeadlines: () => [{ clock: spec('window', 2000), at: 2000 }],
    } as unknown as Driver;
    expect(c.states(driver, 1000)).toEqual([
      { id: 'window', seats: [0], running: true, deadline: 6000, leftMs: 5000 },
    ]);
  });
});

describe("Follower: other nodes' moves through the table's own take path", () => {
  function setup(started: boolean) {
    const taken: string[] = [];
    const moves: CommittedMove[] = [
      { seq: 1, seat: 0, move: { a: 1 }, at: 1 },
      { seq: 2, seat: 1, move: { a: 2 }, at: 2 },
    ];
    let queue: Promise<unknown> = Promise.resolve();
    const host: FollowHost & { seq: number } = {
      id: 't',
      stored: { status: started ? 'running' : 'open', seats: [] } as unknown as StoredTable,
      seq: 0,
      closing: false,
      started,
      conns: new Set(),
      start: () => taken.push('start'),
      broadcastSeats: () => taken.push('seats'),
      run: <T>(change: () => Promise<T> | T): Promise<T> => {
        const next = queue.then(change);
        queue = next.catch(() => undefined);
        return next;
      },
      takeCommitted: (m) => {
        taken.push(`move ${m.seq}`);
        host.seq = m.seq;
      },
      schedule: () => taken.push('schedule'),
    };
    let reads = 0;
    const storage = {
      movesSince: async (_id: string, after: number) => {
        reads++;
        return moves.filter((m) => m.seq > after);
      },
      table: async () => ({ status: 'running', seats: [] }) as unknown as StoredTable,
    } as unknown as Storage;
    return { follower: new Follower(host, storage, true), taken, reads: () => reads };
  }

  it('takes every move in order, the row first when the table started elsewhere', async () => {
    const { follower, taken } = setup(false);
    await follower.follow();
    expect(taken).toEqual(['start', 'move 1', 'move 2', 'schedule']);
  });

  it('calls made while one waits in the queue share it', async () => {
    const { follower, taken, reads } = setup(true);
    await Promise.all([follower.follow(), follower.follow(), follower.catchUp()]);
    expect(reads()).toBe(1);
    expect(taken).toEqual(['move 1', 'move 2', 'schedule']);
  });
});
