// The practice games kept in this browser (IndexedDB): a game's record and clocks, saved after every move.
import type { ClockTime } from '@boss-table/core';

/**
 * One practice game, as this browser keeps it: the record so far (core's record format, as a
 * file holds it), the bots of each seat, the person's seat and the clocks' times, so that a
 * reload or a closed tab resumes it where it was. Nothing of it is ever sent anywhere.
 */
export interface PracticeGame {
  readonly id: string;
  readonly game: string;
  /** The person's seat. */
  readonly seat: number;
  /** One per seat: a bot's spec, or null for the person. */
  readonly bots: readonly (string | null)[];
  /** The record so far, as a record file holds it (`players` included). */
  readonly record: Record<string, unknown>;
  /** The clocks' times when last saved, to resume them. */
  readonly clockTimes: readonly ClockTime[];
  readonly finished: boolean;
  /** Milliseconds since the epoch. */
  readonly startedAt: number;
  readonly updatedAt: number;
  /** How long a bot waits before it answers, in ms (absent: the usual pace). */
  readonly paceMs?: number;
}

const DB = 'boss-table-practice';
const STORE = 'games';

/** The database, opened (and made, the first time) from `factory`. */
function open(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = factory.open(DB, 1);
    req.onupgradeneeded = () => {
      req.result.createObjectStore(STORE, { keyPath: 'id' });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB did not open.'));
  });
}

/** One request in one transaction; the database is closed once it is done. */
async function run<T>(
  factory: IDBFactory,
  mode: IDBTransactionMode,
  ask: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await open(factory);
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = ask(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error ?? req.error ?? new Error('IndexedDB refused.'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB aborted.'));
    });
  } finally {
    db.close();
  }
}

/** The practice games of this browser, in IndexedDB (`factory`: the browser's, or a test's). */
export class PracticeStore {
  constructor(private readonly factory: IDBFactory = globalThis.indexedDB) {}

  /** Stores the game (a new one, or its newer state). */
  async put(game: PracticeGame): Promise<void> {
    await run(this.factory, 'readwrite', (s) => s.put(game));
  }

  async get(id: string): Promise<PracticeGame | null> {
    const g = await run<PracticeGame | undefined>(
      this.factory,
      'readonly',
      (s) => s.get(id) as IDBRequest<PracticeGame | undefined>,
    );
    return g ?? null;
  }

  /** Every game kept, the newest first. */
  async list(): Promise<PracticeGame[]> {
    const all = await run(
      this.factory,
      'readonly',
      (s) => s.getAll() as IDBRequest<PracticeGame[]>,
    );
    return all.sort((a, b) => b.updatedAt - a.updatedAt);
  }

  async delete(id: string): Promise<void> {
    await run(this.factory, 'readwrite', (s) => s.delete(id));
  }
}

/** The store of this browser, or null where IndexedDB is missing (then nothing is kept). */
export const practiceStore = (): PracticeStore | null =>
  typeof indexedDB === 'undefined' ? null : new PracticeStore(indexedDB);

/** A new game's id: time and chance, unique in one browser. */
export const newPracticeId = (): string =>
  `p${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 6).toString(36)}`;
