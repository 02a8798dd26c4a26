import pg from 'pg';
import type { Logger } from './log.js';
import { MIGRATIONS, migrationSql } from './migrations.js';
import {
  tableRow,
  toTable,
  type Storage,
  type StoredMove,
  type StoredTable,
  type TableRow,
} from './storage.js';

/**
 * A `DATABASE_URL` checked: a `postgres://` or `postgresql://` URL. Throws an error that
 * never shows the password.
 */
export function parseDatabaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(
      'DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/boss, not something that does not parse as a URL.',
    );
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
    throw new Error(
      `DATABASE_URL must start with postgres:// or postgresql://, not "${url.protocol}//".`,
    );
  return raw;
}

/** The URL as it may be shown in a log or an error: without its password. */
export function redactUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(a URL that does not parse)';
  }
}

/** Any constant: the advisory lock that lets one node at a time migrate the schema. */
const MIGRATION_LOCK = 0x626f7373;

/**
 * Brings the schema to the last version in `MIGRATIONS`, in one transaction: creates it in
 * an empty database, applies only the missing versions otherwise. Nodes starting at once
 * wait for each other (an advisory lock). Returns the version the database had before.
 */
export async function migratePostgres(pool: pg.Pool): Promise<number> {
  const c = await pool.connect();
  let broken = false;
  try {
    await c.query('BEGIN');
    await c.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await c.query(`CREATE TABLE IF NOT EXISTS schema_version (
      one_row BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (one_row),
      version INTEGER NOT NULL
    )`);
    const got = await c.query<{ version: number }>('SELECT version FROM schema_version');
    const from = got.rows[0]?.version ?? 0;
    if (from > MIGRATIONS.length)
      throw new Error(
        `the database's schema is at version ${from}, newer than this server's ${MIGRATIONS.length}: run a newer Boss Table.`,
      );
    for (let v = from; v < MIGRATIONS.length; v++)
      await c.query(migrationSql(MIGRATIONS[v], 'postgres'));
    await c.query(
      `INSERT INTO schema_version (version) VALUES ($1)
       ON CONFLICT (one_row) DO UPDATE SET version = EXCLUDED.version`,
      [MIGRATIONS.length],
    );
    await c.query('COMMIT');
    return from;
  } catch (e) {
    await c.query('ROLLBACK').catch(() => (broken = true));
    throw e;
  } finally {
    c.release(broken);
  }
}

export interface PostgresOptions {
  readonly log?: Logger;
  /** Connections in the pool (default 10). */
  readonly maxConnections?: number;
}

/**
 * Tables and moves in PostgreSQL, with the same schema and meaning as `SqliteStorage`:
 * `(table_id, seq)` is the moves' primary key, so a second move at the same seq is refused
 * whichever node sends it, and a call resolves only once its transaction is committed.
 */
export class PostgresStorage implements Storage {
  private closed = false;

  private constructor(private readonly pool: pg.Pool) {}

  /** Connects and brings the schema up to date (see `migratePostgres`). */
  static async open(url: string, opts: PostgresOptions = {}): Promise<PostgresStorage> {
    const pool = new pg.Pool({
      connectionString: parseDatabaseUrl(url),
      max: opts.maxConnections ?? 10,
      connectionTimeoutMillis: 10_000,
      application_name: 'boss-table',
    });
    // An idle connection the server drops: the pool replaces it; without a listener the
    // error would end the process.
    pool.on('error', (e) => opts.log?.warn('postgres connection lost', { error: e.message }));
    try {
      const from = await migratePostgres(pool);
      opts.log?.info('postgres ready', {
        database: redactUrl(url),
        schema: MIGRATIONS.length,
        ...(from < MIGRATIONS.length ? { migratedFrom: from } : {}),
      });
    } catch (e) {
      await pool.end().catch(() => undefined);
      throw new Error(`PostgreSQL at ${redactUrl(url)}: ${(e as Error).message}`, { cause: e });
    }
    return new PostgresStorage(pool);
  }

  /** Runs `fn` in a transaction on one connection: committed, or rolled back if it throws. */
  private async tx(fn: (c: pg.PoolClient) => Promise<void>): Promise<void> {
    const c = await this.pool.connect();
    let broken = false;
    try {
      await c.query('BEGIN');
      await fn(c);
      await c.query('COMMIT');
    } catch (e) {
      await c.query('ROLLBACK').catch(() => (broken = true));
      throw e;
    } finally {
      c.release(broken);
    }
  }

  private static insert(t: StoredTable): pg.QueryConfig {
    const r = tableRow(t);
    return {
      name: 'boss-insert-table',
      text: `INSERT INTO game_tables (id, game, options, seed, status, seats, timer, grace_seconds, created_at, rematch, visibility, clocks)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      values: [
        r.id,
        r.game,
        r.options,
        r.seed,
        r.status,
        r.seats,
        r.timer,
        r.grace_seconds,
        r.created_at,
        r.rematch,
        r.visibility,
        r.clocks,
      ],
    };
  }

  private static update(t: StoredTable): pg.QueryConfig {
    const r = tableRow(t);
    return {
      name: 'boss-update-table',
      text: `UPDATE game_tables SET status = $2, seats = $3, rematch = $4, clocks = $5 WHERE id = $1`,
      values: [r.id, r.status, r.seats, r.rematch, r.clocks],
    };
  }

  async createTable(t: StoredTable): Promise<void> {
    await this.pool.query(PostgresStorage.insert(t));
  }

  async updateTable(t: StoredTable): Promise<void> {
    await this.pool.query(PostgresStorage.update(t));
  }

  async appendMove(table: string, m: StoredMove, after?: StoredTable): Promise<void> {
    await this.tx(async (c) => {
      await c.query({
        name: 'boss-insert-move',
        text: `INSERT INTO moves (table_id, seq, seat, move, created_at) VALUES ($1, $2, $3, $4, $5)`,
        values: [table, m.seq, m.seat, JSON.stringify(m.move), Date.now()],
      });
      if (after) await c.query(PostgresStorage.update(after));
    });
  }

  async createRematch(next: StoredTable, of: StoredTable): Promise<void> {
    await this.tx(async (c) => {
      await c.query(PostgresStorage.insert(next));
      await c.query(PostgresStorage.update(of));
    });
  }

  async tables(filter: 'unfinished' | 'all'): Promise<StoredTable[]> {
    const where = filter === 'all' ? '' : `WHERE status IN ('open', 'running')`;
    const res = await this.pool.query<TableRow>(
      `SELECT * FROM game_tables ${where} ORDER BY created_at, id`,
    );
    return res.rows.map(toTable);
  }

  async table(id: string): Promise<StoredTable | undefined> {
    const res = await this.pool.query<TableRow>({
      name: 'boss-table',
      text: `SELECT * FROM game_tables WHERE id = $1`,
      values: [id],
    });
    return res.rows[0] ? toTable(res.rows[0]) : undefined;
  }

  async moves(table: string): Promise<StoredMove[]> {
    const res = await this.pool.query<{ seq: number; seat: number; move: string }>({
      name: 'boss-moves',
      text: `SELECT seq, seat, move FROM moves WHERE table_id = $1 ORDER BY seq`,
      values: [table],
    });
    return res.rows.map((r) => ({ seq: r.seq, seat: r.seat, move: JSON.parse(r.move) }));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.end();
  }
}
