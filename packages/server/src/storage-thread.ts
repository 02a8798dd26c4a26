// SQLite's tables and moves on a worker thread of their own: the same SqliteStorage, its calls sent as messages, so that the event loop only sends and hears.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Params, Sql, Step } from './sql.js';
import { SqliteStorage, type SqliteSync, type Storage } from './storage.js';

/**
 * A call to the worker and its answer (`storage-thread-worker.ts`): to the tables' storage,
 * or to the accounts' statements (`Sql`), both on that thread, so neither waits for the
 * other's lock (as when both lived on the main thread).
 */
export type StorageCall =
  | {
      readonly id: number;
      readonly to: 'storage';
      readonly method: keyof Storage;
      readonly args: readonly unknown[];
    }
  | {
      readonly id: number;
      readonly to: 'sql';
      readonly method: 'all' | 'run' | 'batch' | 'close';
      readonly args: readonly unknown[];
    };
export type StorageAnswer =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | {
      readonly id: number;
      readonly ok: false;
      readonly error: { name: string; message: string; code?: unknown };
    };

const WORKER = new URL('./storage-thread-worker.js', import.meta.url);

/** The thread runs from the built package only; the sources (tests) use `SqliteStorage`. */
export const storageThreadBuilt = (): boolean => existsSync(fileURLToPath(WORKER));

/**
 * `Storage` on SQLite, answered by a worker thread: each call is one message and one answer,
 * the calls taken in the order sent (one connection, one thread), each transaction whole
 * there as in `SqliteStorage`. A call resolves once the worker committed it, so a move is
 * as durable when its promise resolves as on the main thread. An error comes back with its
 * name, message and SQLite code (`health.ts` reads the code to tell an outage).
 */
export class ThreadedSqliteStorage implements Storage {
  private readonly worker: Worker;
  private next = 1;
  private readonly waiting = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void }
  >();
  private failed: Error | null = null;
  private closing = false;

  private constructor(worker: Worker) {
    this.worker = worker;
    worker.on('message', (a: StorageAnswer) => {
      const w = this.waiting.get(a.id);
      if (!w) return;
      this.waiting.delete(a.id);
      if (a.ok) w.resolve(a.value);
      else w.reject(Object.assign(new Error(a.error.message), a.error));
    });
    const fail = (e: Error) => {
      if (this.failed) return;
      // Unless closed: a database error (`health.ts` reads the code), so the node reports an
      // outage (`/healthz`) rather than fail each move as a refused one.
      this.failed = this.closing ? e : Object.assign(e, { code: 'SQLITE_IOERR_THREAD' });
      for (const w of this.waiting.values()) w.reject(this.failed);
      this.waiting.clear();
      if (!this.closing) this.onFailed?.(this.failed);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The storage thread stopped (exit code ${code}).`)));
  }

  /**
   * Told once if the thread dies while open. It is not started again (a move it was storing
   * may or may not have been committed): the server logs it and reports an outage that does
   * not end (`/healthz` 503), for its supervisor to restart it, which replays every table
   * from the database.
   */
  onFailed?: (e: Error) => void;

  /** Opens the database on a new thread: resolves once it is open and migrated, else rejects. */
  static async open(dataDir: string, sync: SqliteSync = 'normal'): Promise<Storage> {
    if (!storageThreadBuilt()) return new SqliteStorage(dataDir, sync);
    const s = new ThreadedSqliteStorage(new Worker(WORKER, { workerData: { dataDir, sync } }));
    await s.call('ping', []);
    return s;
  }

  private send<T>(to: StorageCall['to'], method: string, args: readonly unknown[]): Promise<T> {
    if (this.failed) return Promise.reject(this.failed);
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      try {
        this.worker.postMessage({ id, to, method, args } as StorageCall);
      } catch (e) {
        // A value that cannot be copied to the thread (a function): refused here.
        this.waiting.delete(id);
        reject(e as Error);
      }
    });
  }
  private call<T>(method: keyof Storage, args: readonly unknown[]): Promise<T> {
    return this.send('storage', method, args);
  }

  /** The accounts', ratings' and chat's statements (`players.ts`), on the same thread. */
  readonly sql: Sql = {
    engine: 'sqlite',
    all: <T>(sql: string, params?: Params) => this.send<T[]>('sql', 'all', [sql, params]),
    run: (sql: string, params?: Params) => this.send<number>('sql', 'run', [sql, params]),
    batch: (steps: readonly Step[]) => this.send<number>('sql', 'batch', [steps]),
    // Closed with the thread when the storage closes first.
    close: () => (this.failed ? Promise.resolve() : this.send<void>('sql', 'close', [])),
  };

  createTable: Storage['createTable'] = (...a) => this.call('createTable', a);
  updateTable: Storage['updateTable'] = (...a) => this.call('updateTable', a);
  appendMove: Storage['appendMove'] = (...a) => this.call('appendMove', a);
  claimSeat: Storage['claimSeat'] = (...a) => this.call('claimSeat', a);
  seatBots: Storage['seatBots'] = (...a) => this.call('seatBots', a);
  renewSeatToken: Storage['renewSeatToken'] = (...a) => this.call('renewSeatToken', a);
  createRematch: Storage['createRematch'] = (...a) => this.call('createRematch', a);
  tables: Storage['tables'] = (...a) => this.call('tables', a);
  table: Storage['table'] = (...a) => this.call('table', a);
  moves: Storage['moves'] = (...a) => this.call('moves', a);
  movesSince: Storage['movesSince'] = (...a) => this.call('movesSince', a);
  ping: Storage['ping'] = () => this.call('ping', []);

  async close(): Promise<void> {
    if (this.failed) return;
    this.closing = true;
    try {
      await this.call('close', []);
    } finally {
      await this.worker.terminate();
    }
  }
}
