import Database from 'better-sqlite3';
import { join } from 'node:path';
import pg from 'pg';
import type { Engine } from './migrations.js';

/** A row's values: what the statements below bind (`?` placeholders, in order). */
export type Params = readonly (string | number | null)[];

/**
 * The few statements the accounts, ratings and chat stores need, written once for both
 * engines: `?` placeholders (PostgreSQL's `$n` are made from them), integers and text only.
 * Their tables come with the schema's versions (`migrations.ts`), applied by the storage.
 */
export interface Sql {
  readonly engine: Engine;
  all<T>(sql: string, params?: Params): Promise<T[]>;
  /** Runs a statement; how many rows it changed. */
  run(sql: string, params?: Params): Promise<number>;
  /** `fn` in one transaction: committed if it resolves, rolled back if it throws. */
  tx<T>(fn: (q: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const one = async <T>(q: Sql, sql: string, params?: Params): Promise<T | undefined> =>
  (await q.all<T>(sql, params))[0];

/**
 * SQLite: a connection of its own to the data folder's database (next to `SqliteStorage`'s;
 * WAL lets both work). Its statements run one after another through a queue, so that a
 * transaction's awaits never let another statement in.
 */
export class SqliteSql implements Sql {
  readonly engine = 'sqlite' as const;
  private readonly db: Database.Database;
  private readonly cache = new Map<string, Database.Statement>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(dataDir: string) {
    this.db = new Database(join(dataDir, 'boss-table.sqlite'));
    this.db.pragma('busy_timeout = 5000');
  }

  private stmt(sql: string): Database.Statement {
    let s = this.cache.get(sql);
    if (!s) this.cache.set(sql, (s = this.db.prepare(sql)));
    return s;
  }

  private readonly direct: Sql = {
    engine: 'sqlite',
    all: async <T>(sql: string, params: Params = []) => this.stmt(sql).all(...params) as T[],
    run: async (sql: string, params: Params = []) => this.stmt(sql).run(...params).changes,
    tx: (fn) => fn(this.direct),
    close: async () => undefined,
  };

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.queue.then(fn, fn);
    this.queue = next.catch(() => undefined);
    return next;
  }

  all<T>(sql: string, params?: Params): Promise<T[]> {
    return this.serial(() => this.direct.all<T>(sql, params));
  }
  run(sql: string, params?: Params): Promise<number> {
    return this.serial(() => this.direct.run(sql, params));
  }
  tx<T>(fn: (q: Sql) => Promise<T>): Promise<T> {
    return this.serial(async () => {
      this.db.exec('BEGIN IMMEDIATE');
      try {
        const out = await fn(this.direct);
        this.db.exec('COMMIT');
        return out;
      } catch (e) {
        this.db.exec('ROLLBACK');
        throw e;
      }
    });
  }
  async close(): Promise<void> {
    await this.queue;
    this.db.close();
  }
}

/** `?` placeholders as PostgreSQL's `$1, $2…` (no statement here has a `?` in a literal). */
const numbered = (sql: string): string => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

/** PostgreSQL: a small pool of its own on `DATABASE_URL`. */
export class PgSql implements Sql {
  readonly engine = 'postgres' as const;
  private readonly pool: pg.Pool;

  constructor(url: string, max = 4) {
    this.pool = new pg.Pool({ connectionString: url, max });
    // An idle client's error (the server restarted) must not crash the process.
    this.pool.on('error', () => undefined);
  }

  private static over(c: pg.Pool | pg.PoolClient): Omit<Sql, 'tx' | 'close'> {
    return {
      engine: 'postgres',
      all: async <T>(sql: string, params: Params = []) =>
        (await c.query(numbered(sql), params as unknown[])).rows as T[],
      run: async (sql: string, params: Params = []) =>
        (await c.query(numbered(sql), params as unknown[])).rowCount ?? 0,
    };
  }

  all<T>(sql: string, params?: Params): Promise<T[]> {
    return PgSql.over(this.pool).all<T>(sql, params);
  }
  run(sql: string, params?: Params): Promise<number> {
    return PgSql.over(this.pool).run(sql, params);
  }
  async tx<T>(fn: (q: Sql) => Promise<T>): Promise<T> {
    const c = await this.pool.connect();
    const q: Sql = {
      ...PgSql.over(c),
      tx: (inner) => inner(q),
      close: async () => undefined,
    };
    let broken = false;
    try {
      await c.query('BEGIN');
      const out = await fn(q);
      await c.query('COMMIT');
      return out;
    } catch (e) {
      await c.query('ROLLBACK').catch(() => (broken = true));
      throw e;
    } finally {
      c.release(broken);
    }
  }
  async close(): Promise<void> {
    await this.pool.end();
  }
}
