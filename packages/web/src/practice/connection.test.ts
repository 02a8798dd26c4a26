// Unit tests for the page's side of practice: the worker protocol as the table page's state, moves answered, and every move kept in IndexedDB (fake-indexeddb).
import { describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { botContext } from '@boss-table/core';
import { findEntry } from '@boss-table/games';
import { makeBot } from '@boss-table/games/bots';
import type { TableState } from '@boss-table/client';
import { theBossGame } from '../the-boss/index.js';
import { PracticeConnection, type WorkerLike } from './connection.js';
import type { FromWorker, ToWorker } from './protocol.js';
import { newPracticeGame } from './start.js';
import { PracticeStore, type PracticeGame } from './store.js';
import { PracticeTable } from './table.js';

const botOf = (spec: string) => {
  const b = makeBot('the-boss', spec);
  if (!b.ok) throw new Error(b.error.message);
  return b.value;
};

/**
 * A worker in this thread: the real practice table behind the real message shapes (copied
 * through structured cloning, as a worker's are), its timers real but short.
 */
class InlineWorker implements WorkerLike {
  onmessage: ((e: MessageEvent<FromWorker>) => void) | null = null;
  readonly received: ToWorker[] = [];
  terminated = false;
  private table: PracticeTable | null = null;
  private timers = new Set<ReturnType<typeof setTimeout>>();

  postMessage(m: ToWorker): void {
    const message = structuredClone(m);
    this.received.push(message);
    queueMicrotask(() => {
      if (message.kind === 'open')
        this.table = new PracticeTable(
          findEntry(message.game.game)!.game,
          botOf,
          message.game,
          {
            post: (out) =>
              !this.terminated &&
              this.onmessage?.({ data: structuredClone(out) } as MessageEvent<FromWorker>),
            now: () => performance.now(),
            wall: () => Date.now(),
            setTimer: (fn, ms) => {
              const t = setTimeout(fn, ms);
              this.timers.add(t);
              return t;
            },
            clearTimer: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
          },
          true,
          message.game.paceMs,
        );
      else if (message.kind === 'move') this.table?.play(message.id, message.move);
      else this.table?.setVisible(message.visible);
    });
  }

  terminate(): void {
    this.terminated = true;
    for (const t of this.timers) clearTimeout(t);
  }
}

const until = async (ok: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('Timed out.');
    await new Promise((r) => setTimeout(r, 5));
  }
};

const fresh = (): PracticeGame => ({
  ...newPracticeGame(theBossGame, { players: 3, name: 'Ann' }),
  paceMs: 1,
});

describe('a practice connection', () => {
  it('opens the game in its worker and shows its seat’s state, as the table page reads it', async () => {
    const worker = new InlineWorker();
    const game = fresh();
    const conn = new PracticeConnection(worker, game, null);
    expect(worker.received[0]).toEqual({ kind: 'open', game });
    const snaps: TableState[] = [];
    conn.on('snapshot', (s) => snaps.push(s));
    await until(() => snaps.length > 0);
    expect(conn.state).toMatchObject({ seq: 0, seat: 0, status: 'running', timer: null });
    expect(conn.state!.seats.map((s) => s.kind)).toEqual(['human', 'bot', 'bot']);
    expect(conn.state!.view).toBeDefined();
    conn.close();
    expect(worker.terminated).toBe(true);
  });

  it('answers a move: taken (its sequence number) or refused (the rules’ words)', async () => {
    const worker = new InlineWorker();
    const conn = new PracticeConnection(worker, fresh(), null);
    const events: number[] = [];
    conn.on('events', (m) => events.push(m.seq));
    await until(() => conn.state?.legal != null);
    await expect(conn.move({ nonsense: 1 })).rejects.toThrow(/./);
    const seqBefore = conn.state!.seq;
    const move = botOf('random').chooseMove(conn.state!.view, botContext('t', 5));
    const seq = await conn.move(move);
    expect(seq).toBe(seqBefore + 1);
    await until(() => events.includes(seq));
    conn.close();
  });

  it('keeps the game in IndexedDB after every move, and a new connection resumes it there', async () => {
    const store = new PracticeStore(new IDBFactory());
    const game = fresh();
    await store.put(game);
    const conn = new PracticeConnection(new InlineWorker(), game, store);
    const saves: PracticeGame[] = [];
    conn.on('saved', (g) => saves.push(g));
    const person = botOf('random');
    for (let i = 0; i < 3; i++) {
      await until(() => conn.state?.legal != null);
      await conn.move(person.chooseMove(conn.state!.view, botContext(`m${i}`, 5)));
    }
    await until(() => conn.state?.legal != null);
    await conn.saved;
    const kept = await store.get(game.id);
    expect(saves.length).toBeGreaterThan(0);
    expect((kept!.record.moves as unknown[]).length).toBe(conn.state!.seq);
    expect(kept!.finished).toBe(false);
    const view = conn.state!.view;
    conn.close();
    // Reopened from the store (a reload): the same position.
    const again = new PracticeConnection(new InlineWorker(), kept!, store);
    await until(() => again.state !== null);
    expect(again.state!.view).toEqual(view);
    expect(again.state!.past?.filter((p) => p.seq > 0)).toHaveLength(conn.state!.seq);
    again.close();
  });

  it('plays to the end: the finished game is kept as finished', async () => {
    const store = new PracticeStore(new IDBFactory());
    const game = fresh();
    const conn = new PracticeConnection(new InlineWorker(), game, store);
    const person = botOf('random');
    // Read afresh each time: the worker's messages change it between awaits.
    const over = () => conn.state?.status === 'finished';
    for (let i = 0; i < 500 && !over(); i++) {
      await until(() => conn.state?.legal != null || over());
      if (over()) break;
      await conn.move(person.chooseMove(conn.state!.view, botContext(`e${i}`, 5)));
    }
    await conn.saved;
    expect(conn.state!.status).toBe('finished');
    expect((await store.get(game.id))!.finished).toBe(true);
    conn.close();
  });
});

describe('the practice store', () => {
  it('puts, gets, lists the newest first and deletes, kept across openings', async () => {
    const factory = new IDBFactory();
    const a = { ...fresh(), id: 'a', updatedAt: 1 };
    const b = { ...fresh(), id: 'b', updatedAt: 2 };
    await new PracticeStore(factory).put(a);
    await new PracticeStore(factory).put(b);
    const store = new PracticeStore(factory);
    expect(await store.get('a')).toEqual(a);
    expect(await store.get('nope')).toBeNull();
    expect((await store.list()).map((g) => g.id)).toEqual(['b', 'a']);
    await store.put({ ...a, updatedAt: 3, finished: true });
    expect((await store.list()).map((g) => [g.id, g.finished])).toEqual([
      ['a', true],
      ['b', false],
    ]);
    await store.delete('b');
    expect((await store.list()).map((g) => g.id)).toEqual(['a']);
  });
});
