// Table and move storage on PostgreSQL for clustered nodes: migrations, leased commits, notifications.
import { isOutage } from './health.js';
import pg from 'pg';
import type { Logger } from './log.js';
import { MIGRATIONS, migrationSql } from './migrations.js';
import { numbered, type Step } from './sql.js';
import {
  committedMove,
  LeaseLost,
  SeqTaken,
  tableRow,
  toTables,
  type CommittedMove,
  type MoveRow,
  type Storage,
  type StoredMove,
  type StoredTable,
} from './storage.js';
import {
  claimResult,
  claimSteps,
  insertSeats,
  renewTokenSteps,
  seatBotsSteps,
  SELECT_TABLES,
  type ClaimResult,
  type SeatClaim,
  type TableSeatRow,
} from './table-seats.js';

/**
 * The channel of the nodes' notifications (`cluster.ts`), sent in the transaction that made
 * the change, so they are delivered only once it is committed: `m:<table>:<seq>` a move,
 * `t:<table>` the table's row (seats, status, rematch).
 */
export const CHANNEL = 'boss_tables';

/** Thrown inside a transaction to roll it back (a step that had to change a row did not). */
const ROLLBACK = new Error('rolled back');

/** PostgreSQL's code for a unique key violation. */
const UNIQUE_VIOLATION = '23505';

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

/**
 * Runs `fn` in a transaction on one of the pool's connections: committed, or rolled back if
 * it throws. While the connection is out of the pool its errors (the server ending it) reach
 * `fn`'s queries; the listener here only keeps them from ending the process between two.
 */
async function inTransaction<T>(pool: pg.Pool, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const c = await pool.connect();
  const lost = () => undefined;
  c.on('error', lost);
  let broken = false;
  try {
    await c.query('BEGIN');
    const result = await fn(c);
    await c.query('COMMIT');
    return result;
  } catch (e) {
    await c.query('ROLLBACK').catch(() => (broken = true));
    throw e;
  } finally {
    c.off('error', lost);
    c.release(broken);
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
  return inTransaction(pool, async (c) => {
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
    return from;
  });
}

export interface PostgresOptions {
  readonly log?: Logger;
  /** Connections in the pool (default 10). */
  readonly maxConnections?: number;
  /**
   * On a cluster: this node's id. Moves of a table itself (bots, clocks) are then stored only
   * while this node holds the table's lease (`cluster.ts`), checked in the same statement.
   */
  readonly node?: string;
  /** A node not seen for this long is dead and its leases are void (default 4000). */
  readonly leaseMs?: number;
}

/**
 * Tables and moves in PostgreSQL, with the same schema and meaning as `SqliteStorage`:
 * `(table_id, seq)` is the moves' primary key, so a second move at the same seq is refused
 * whichever node sends it, and a call resolves only once its transaction is committed.
 */
export class PostgresStorage implements Storage {
  private closed = false;

  private constructor(
    /** The connections, shared with the cluster (`cluster.ts`). */
    readonly pool: pg.Pool,
    /** Where it is (with its password: never logged; `redactUrl`). */
    readonly url: string,
    private readonly node: string | undefined,
    readonly leaseMs: number,
  ) {}

  /** Connects and brings the schema up to date (see `migratePostgres`). */
  static async open(url: string, opts: PostgresOptions = {}): Promise<PostgresStorage> {
    const pool = new pg.Pool({
      connectionString: parseDatabaseUrl(url),
      max: opts.maxConnections ?? 10,
      connectionTimeoutMillis: 10_000,
      application_name: opts.node ? `boss-table ${opts.node}`.slice(0, 63) : 'boss-table',
    });
    // An idle connection the server drops: the pool replaces it; without a listener the
    // error would end the process. Once the node watches its health, that is told instead
    // (an outage drops every connection: logged once there, not once a connection).
    const made: { storage?: PostgresStorage } = {};
    pool.on('error', (e) => {
      if (made.storage?.onConnectionLost && isOutage(e)) made.storage.onConnectionLost(e);
      else opts.log?.warn('postgres connection lost', { error: e.message });
    });
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
    made.storage = new PostgresStorage(pool, url, opts.node, opts.leaseMs ?? 4000);
    return made.storage;
  }

  /** Told when an idle connection drops (the node's `StorageHealth`); else it is logged. */
  onConnectionLost: ((e: Error) => void) | undefined;

  private tx<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    return inTransaction(this.pool, fn);
  }

  private static insert(t: StoredTable): pg.QueryConfig {
    const r = tableRow(t);
    return {
      name: 'boss-insert-table',
      text: `INSERT INTO game_tables (id, game, options, seed, status, timer, grace_seconds, created_at, rematch, visibility, clocks)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      values: [
        r.id,
        r.game,
        r.options,
        r.seed,
        r.status,
        r.timer,
        r.grace_seconds,
        r.created_at,
        r.rematch,
        r.visibility,
        r.clocks,
      ],
    };
  }

  /**
   * Writes the table's row; the other nodes are told (`t:<id>`) once it is committed, except
   * for the row written with a move (`quiet`), which the move's own notification covers.
   */
  private static update(t: StoredTable, quiet = false): pg.QueryConfig {
    const r = tableRow(t);
    const values = [r.id, r.status, r.rematch, r.clocks];
    const set = `UPDATE game_tables SET status = $2, rematch = $3, clocks = $4 WHERE id = $1`;
    return quiet
      ? { name: 'boss-update-table-quiet', text: set, values }
      : {
          name: 'boss-update-table',
          text: `WITH u AS (${set} RETURNING id) SELECT pg_notify('${CHANNEL}', 't:' || id) FROM u`,
          values,
        };
  }

  async createTable(t: StoredTable): Promise<void> {
    await this.tx((c) => this.insertTable(c, t));
  }

  /**
   * A new table's row and seats; on a cluster with this node's lease, so that no other
   * node's takeover sees it without a holder in between.
   */
  private async insertTable(c: pg.PoolClient, t: StoredTable): Promise<void> {
    await c.query(PostgresStorage.insert(t));
    await PostgresStorage.run(c, insertSeats(t));
    if (this.node !== undefined)
      await c.query({
        name: 'boss-insert-lease',
        text: 'INSERT INTO table_leases (table_id, node) VALUES ($1, $2)',
        values: [t.id, this.node],
      });
  }

  /** The steps in order inside `c`'s transaction; null if a `mustChange` one changed nothing. */
  private static async run(c: pg.PoolClient, steps: readonly Step[]): Promise<number[] | null> {
    const counts: number[] = [];
    for (const s of steps) {
      const changes = (await c.query(numbered(s.sql), s.params as unknown[])).rowCount ?? 0;
      if (changes === 0 && s.mustChange) return null;
      counts.push(changes);
    }
    return counts;
  }

  /**
   * The steps in one transaction, and the other nodes told that the table's seats changed
   * (`t:<table>`, delivered on commit): their row counts, or null (all rolled back).
   */
  private async seatSteps(table: string, steps: readonly Step[]): Promise<number[] | null> {
    try {
      return await this.tx(async (c) => {
        const counts = await PostgresStorage.run(c, steps);
        if (counts === null) throw ROLLBACK;
        await c.query(`SELECT pg_notify('${CHANNEL}', 't:' || $1::text)`, [table]);
        return counts;
      });
    } catch (e) {
      if (e === ROLLBACK) return null;
      throw e;
    }
  }

  async updateTable(t: StoredTable): Promise<void> {
    await this.pool.query(PostgresStorage.update(t));
  }

  async appendMove(
    table: string,
    m: StoredMove,
    after?: StoredTable,
    opts: { readonly auto?: boolean } = {},
  ): Promise<void> {
    const values = [table, m.seq, m.seat, JSON.stringify(m.move), Date.now(), m.standIn ?? null];
    // A bot's or a clock's move: only while this node holds the lease (and is alive).
    const fenced = opts.auto === true && this.node !== undefined;
    try {
      await this.tx(async (c) => {
        const inserted = await c.query(
          fenced
            ? {
                name: 'boss-insert-move-fenced',
                text: `INSERT INTO moves (table_id, seq, seat, move, created_at, stand_in)
                       SELECT $1, $2, $3, $4, $5, $6 WHERE EXISTS (
                         SELECT 1 FROM table_leases l JOIN cluster_nodes n ON n.id = l.node
                         WHERE l.table_id = $1 AND l.node = $7
                           AND n.seen_at > clock_timestamp() - $8 * interval '1 millisecond')`,
                values: [...values, this.node, this.leaseMs],
              }
            : {
                name: 'boss-insert-move',
                text: `INSERT INTO moves (table_id, seq, seat, move, created_at, stand_in) VALUES ($1, $2, $3, $4, $5, $6)`,
                values,
              },
        );
        if (inserted.rowCount === 0) throw new LeaseLost(table);
        if (after) await c.query(PostgresStorage.update(after, true));
        await c.query({
          name: 'boss-notify-move',
          text: `SELECT pg_notify('${CHANNEL}', 'm:' || $1 || ':' || $2)`,
          values: [table, String(m.seq)],
        });
      });
    } catch (e) {
      if ((e as { code?: string }).code === UNIQUE_VIOLATION) throw new SeqTaken(table, m.seq);
      throw e;
    }
  }

  async claimSeat(table: string, seat: number, claim: SeatClaim): Promise<ClaimResult> {
    return claimResult(await this.seatSteps(table, claimSteps(table, seat, claim)));
  }

  async seatBots(table: string, bot: string): Promise<boolean> {
    return (await this.seatSteps(table, seatBotsSteps(table, bot))) !== null;
  }

  async renewSeatToken(table: string, seat: number, tokenHash: string): Promise<boolean> {
    return (await this.seatSteps(table, renewTokenSteps(table, seat, tokenHash))) !== null;
  }

  async createRematch(next: StoredTable, of: StoredTable): Promise<string> {
    return this.tx(async (c) => {
      const linked = await c.query({
        text: `WITH u AS (UPDATE game_tables SET rematch = $2 WHERE id = $1 AND rematch IS NULL RETURNING id)
               SELECT pg_notify('${CHANNEL}', 't:' || id) FROM u`,
        values: [of.id, next.id],
      });
      if (linked.rowCount === 0) {
        const first = await c.query<{ rematch: string }>(
          'SELECT rematch FROM game_tables WHERE id = $1',
          [of.id],
        );
        return first.rows[0].rematch;
      }
      await this.insertTable(c, next);
      return next.id;
    });
  }

  async movesSince(table: string, seq: number): Promise<CommittedMove[]> {
    const res = await this.pool.query<MoveRow>({
      name: 'boss-moves-since',
      text: `SELECT seq, seat, move, created_at, stand_in FROM moves WHERE table_id = $1 AND seq > $2 ORDER BY seq`,
      values: [table, seq],
    });
    return res.rows.map(committedMove);
  }

  /** The newest public tables not over (the lobby), by id, newest first. */
  async listed(limit: number): Promise<string[]> {
    const res = await this.pool.query<{ id: string }>({
      name: 'boss-listed',
      text: `SELECT id FROM game_tables WHERE visibility = 'public' AND status IN ('open', 'running')
             ORDER BY created_at DESC, id LIMIT $1`,
      values: [limit],
    });
    return res.rows.map((r) => r.id);
  }

  async tables(filter: 'unfinished' | 'all'): Promise<StoredTable[]> {
    const res = await this.pool.query<TableSeatRow>(numbered(SELECT_TABLES[filter]));
    return toTables(res.rows);
  }

  async table(id: string): Promise<StoredTable | undefined> {
    const res = await this.pool.query<TableSeatRow>({
      name: 'boss-table',
      text: numbered(SELECT_TABLES.one),
      values: [id],
    });
    return toTables(res.rows)[0];
  }

  async moves(table: string): Promise<StoredMove[]> {
    const res = await this.pool.query<{ seq: number; seat: number; move: string }>({
      name: 'boss-moves',
      text: `SELECT seq, seat, move FROM moves WHERE table_id = $1 ORDER BY seq`,
      values: [table],
    });
    return res.rows.map((r) => ({ seq: r.seq, seat: r.seat, move: JSON.parse(r.move) }));
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.end();
  }
}
