// The storage thread: opens SqliteStorage and answers the main thread's calls in order (`storage-thread.ts`).
import { parentPort, workerData } from 'node:worker_threads';
import { SqliteSql, type Sql } from './sql.js';
import { SqliteStorage, type SqliteSync, type Storage } from './storage.js';
import type { StorageAnswer, StorageCall } from './storage-thread.js';

const { dataDir, sync } = workerData as { dataDir: string; sync: SqliteSync };
const storage: Storage = new SqliteStorage(dataDir, sync);
// Opened after the storage, which creates the folder and applies the schema.
const sql: Sql = new SqliteSql(dataDir);
const port = parentPort!;

const refuse = (id: number, e: unknown) => {
  const err = e instanceof Error ? e : new Error(String(e));
  const code = (err as { code?: unknown }).code;
  port.postMessage({
    id,
    ok: false,
    error: { name: err.name, message: err.message, ...(code !== undefined ? { code } : {}) },
  } satisfies StorageAnswer);
};

port.on('message', (c: StorageCall) => {
  // SqliteStorage answers synchronously inside its promises: each call is whole before the next.
  try {
    const target = c.to === 'sql' ? sql : storage;
    (target[c.method as keyof typeof target] as (...a: unknown[]) => Promise<unknown>)
      .apply(target, [...c.args])
      .then(
        (value) => port.postMessage({ id: c.id, ok: true, value } satisfies StorageAnswer),
        (e: unknown) => refuse(c.id, e),
      )
      .catch((e: unknown) => refuse(c.id, e));
  } catch (e) {
    refuse(c.id, e);
  }
});
