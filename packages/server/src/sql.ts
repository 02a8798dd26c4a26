// A small SQL layer on SQLite or PostgreSQL for the accounts, ratings and chat stores: batches, notify.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import pg from 'pg';
import type { Engine } from './migrations.js';

/** A row's values: what the statements below bind (`?` placeholders, in order). */
export type Params = readonly (string | number | null)[];

/** One statement of a batch; `mustChange`: the batch is rolled back if it changes no row. */
export interface Step {
  readonly sql: string;
  readonly params: Params;
  readonly mustChange?: boolean;
}

/**
 * The few statements the accounts, ratings and chat stores need, written once for both
 * engines: `?` placeholders (PostgreSQL's `$n` are made from them), integers and text only.
 * Their tables come with the schema's versions (`migrations.ts`), applied by the storage.
 *
 * Writes that go together are a batch, one transaction that holds no lock while anything
 * else runs: on SQLite it is synchronous, so that the tables' own connection never waits for
 * this one's lock (both live on one thread). Read-then-write is optimistic: a batch's steps
 * check what was read (`mustChange`), and the caller reads again when one fails.
 */
export interface Sql {
  readonly engine: Engine;
  all<T>(sql: string, params?: Params): Promise<T[]>;
  /** Runs a statement; how many rows it changed. */
  run(sql: string, params?: Params): Promise<number>;
  /**
   * The steps in one transaction: -1 once committed, else the index of the first
   * `mustChange` step that changed nothing (everything rolled back). Throws, rolled back, if
   * a statement fails (a unique key taken meanwhile).
   */
  batch(steps: readonly Step[]): Promise<number>;
  /**
   * On PostgreSQL, the nodes' messages (`LISTEN/NOTIFY`): `notify` sends a payload on a
   * channel to every node listening, this one too; `listen` calls `on` with each and
   * resolves to its stop. Absent on SQLite (one process).
   */
  notify?(channel: string, payload: string): Promise<void>;
  listen?(channel: string, on: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** A batch stopped at a step that changed nothing. */
class Unchanged extends Error {
  constructor(readonly step: number) {
    super(`step ${step} changed nothing`);
  }
}

export const one = async <T>(q: Sql, sql: string, params?: Params): Promise<T | undefined> =>
  (await q.all<T>(sql, params))[0];

/** SQLite: a connection of its own to the data folder's database (next to `SqliteStorage`'s). */
export class SqliteSql implements Sql {
  readonly engine = 'sqlite' as const;
  private readonly db: Database.Database;
  private readonly cache = new Map<string, Database.Statement>();

  constructor(dataDir: string) {
    this.db = new Database(join(dataDir, 'boss-table.sqlite'));
    this.db.pragma('busy_timeout = 5000');
  }

  private stmt(sql: string): Database.Statement {
    let s = this.cache.get(sql);
    if (!s) this.cache.set(sql, (s = this.db.prepare(sql)));
    return s;
  }

  async all<T>(sql: string, params: Params = []): Promise<T[]> {
    return this.stmt(sql).all(...params) as T[];
  }
  async run(sql: string, params: Params = []): Promise<number> {
    return this.stmt(sql).run(...params).changes;
  }
  async batch(steps: readonly Step[]): Promise<number> {
    try {
      this.db.transaction(() => {
        for (const [i, s] of steps.entries())
          if (this.stmt(s.sql).run(...s.params).changes === 0 && s.mustChange)
            throw new Unchanged(i);
      })();
      return -1;
    } catch (e) {
      if (e instanceof Unchanged) return e.step;
      throw e;
    }
  }
  async close(): Promise<void> {
    this.db.close();
  }
}

/** `?` placeholders as PostgreSQL's `$1, $2…` (no statement here has a `?` in a literal). */
export const numbered = (sql: string): string => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

/** PostgreSQL: a small pool of its own on `DATABASE_URL`. */
export class PgSql implements Sql {
  readonly engine = 'postgres' as const;
  private readonly pool: pg.Pool;

  constructor(
    private readonly url: string,
    max = 4,
  ) {
    this.pool = new pg.Pool({ connectionString: url, max });
    // An idle client's error (the server restarted) must not crash the process.
    this.pool.on('error', () => undefined);
  }

  /** The statements' names: each is parsed and planned once per connection, not per call. */
  private readonly names = new Map<string, string>();

  private prepared(sql: string, params: Params): pg.QueryConfig {
    let name = this.names.get(sql);
    if (!name) this.names.set(sql, (name = `boss-sql-${this.names.size}`));
    return { name, text: numbered(sql), values: params as unknown[] };
  }

  async all<T>(sql: string, params: Params = []): Promise<T[]> {
    return (await this.pool.query(this.prepared(sql, params))).rows as T[];
  }
  async run(sql: string, params: Params = []): Promise<number> {
    return (await this.pool.query(this.prepared(sql, params))).rowCount ?? 0;
  }
  async batch(steps: readonly Step[]): Promise<number> {
    const c = await this.pool.connect();
    let broken = false;
    try {
      await c.query('BEGIN');
      for (const [i, s] of steps.entries()) {
        const done = await c.query(this.prepared(s.sql, s.params));
        if ((done.rowCount ?? 0) === 0 && s.mustChange) throw new Unchanged(i);
      }
      await c.query('COMMIT');
      return -1;
    } catch (e) {
      await c.query('ROLLBACK').catch(() => (broken = true));
      if (e instanceof Unchanged) return e.step;
      throw e;
    } finally {
      c.release(broken);
    }
  }
  async notify(channel: string, payload: string): Promise<void> {
    await this.pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
  }

  /** Listens on a connection of its own; a lost connection listens again a second later. */
  async listen(channel: string, on: (payload: string) => void): Promise<() => Promise<void>> {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`Bad channel name "${channel}".`);
    let current: pg.Client | undefined;
    let stopped = false;
    const connect = async (): Promise<void> => {
      const client = new pg.Client({ connectionString: this.url });
      let lost = false;
      const again = () => {
        if (lost || stopped) return;
        lost = true;
        client.end().catch(() => undefined);
        const retry = setTimeout(() => void connect().catch(() => undefined), 1000);
        retry.unref();
      };
      client.on('error', again);
      client.on('end', again);
      client.on('notification', (n) => {
        if (n.channel === channel && n.payload) on(n.payload);
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${channel}`);
        current = client;
      } catch (e) {
        again();
        throw e;
      }
    };
    await connect();
    return async () => {
      stopped = true;
      await current?.end().catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
