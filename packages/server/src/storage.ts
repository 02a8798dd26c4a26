// The event-sourced storage contract for tables and their moves, and its SQLite implementation for one node.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS, migrationSql } from './migrations.js';
import type { Step } from './sql.js';
import {
  claimResult,
  claimSteps,
  groupSeats,
  insertSeats,
  renewTokenSteps,
  seatBotsSteps,
  SELECT_TABLES,
  type ClaimResult,
  type SeatClaim,
  type TableSeatRow,
} from './table-seats.js';

/** A seat as stored: secrets only as SHA-256 hashes. */
export interface StoredSeat {
  readonly kind: 'human' | 'bot';
  readonly bot?: string;
  name?: string;
  tokenHash?: string;
  inviteHash?: string;
  /** At a rematch: the hash of this seat's token at the finished table, which claims it. */
  previousTokenHash?: string;
  /** Only its invite (or, at a rematch, its previous holder's token) claims this seat. */
  reserved?: boolean;
}

/** A free human seat that a plain join (no invite) may not take. */
export const isReserved = (s: StoredSeat): boolean =>
  s.reserved === true || s.previousTokenHash !== undefined;

export type Visibility = 'public' | 'unlisted' | 'private';

export interface StoredTable {
  readonly id: string;
  readonly game: string;
  readonly options: unknown;
  /** Secret: never sent to a client before the game is over. */
  readonly seed: string;
  /** `expired`: an open table nobody filled in time; kept on disk, never reloaded. */
  status: 'open' | 'running' | 'finished' | 'expired';
  seats: StoredSeat[];
  readonly timer: unknown;
  readonly graceSeconds: number;
  readonly createdAt: number;
  rematch?: string;
  readonly visibility: Visibility;
  /** The clocks' saved state (`ClockKeeper`'s JSON): deadlines, time used, banks. */
  clocks?: unknown;
}

export interface StoredMove {
  readonly seq: number;
  readonly seat: number;
  readonly move: unknown;
  /** A bot played this person's seat: why (their turn timed out, or they were away). */
  readonly standIn?: 'timeout' | 'disconnected';
}

/** A move as read back: with when it was committed (ms since the epoch). */
export interface CommittedMove extends StoredMove {
  readonly at: number;
}

/** Another move is stored at this `(table, seq)` already (another node committed first). */
export class SeqTaken extends Error {
  constructor(table: string, seq: number) {
    super(`Table ${table} already has a move ${seq}.`);
  }
}

/** A move of the table itself (a bot's, a clock's) from a node that no longer holds its lease. */
export class LeaseLost extends Error {
  constructor(table: string) {
    super(`This node no longer holds table ${table}'s lease.`);
  }
}

/**
 * Where tables live: event-sourced, a table is its options, its secret seed and its ordered
 * moves, `(table, seq)` unique. `SqliteStorage` here, `PostgresStorage` in `storage-pg.ts`;
 * both apply the schema's versions in `migrations.ts`.
 */
export interface Storage {
  /** The table's row and its seats' rows, in one transaction. */
  createTable(t: StoredTable): Promise<void>;
  /**
   * Writes the table's status, rematch and clocks in one statement. Its seats change only
   * through the seat calls below, one seat's row at a time.
   */
  updateTable(t: StoredTable): Promise<void>;
  /**
   * Commits one move, and with `after` the table's new status and clocks, in one
   * transaction; rejects if `(table, seq)` already exists (`SeqTaken` when the engine can
   * tell). Durable when it resolves. `auto`: a move of the table itself (a bot's, a clock's),
   * which on a cluster only the node holding the table's lease may store (else `LeaseLost`).
   */
  appendMove(
    table: string,
    move: StoredMove,
    after?: StoredTable,
    opts?: { readonly auto?: boolean },
  ): Promise<void>;
  /**
   * A seat claim: a conditional update of that seat's row, written only if nobody holds the
   * seat (`taken` otherwise), and in the same transaction the table's start when no human
   * seat is left free (`started`). Claims of different seats of one table all succeed.
   */
  claimSeat(table: string, seat: number, claim: SeatClaim): Promise<ClaimResult>;
  /**
   * Quick play: if the table is still open, a bot of spec `bot` at every seat nobody holds
   * and the table started, in one transaction; false (nothing written) if it is not open.
   */
  seatBots(table: string, bot: string): Promise<boolean>;
  /** A held seat's new token; false if nobody holds that seat. */
  renewSeatToken(table: string, seat: number, tokenHash: string): Promise<boolean>;
  /**
   * A rematch: the new table and the finished one's link to it, in one transaction, only if
   * `of` has no rematch yet (a conditional update). Returns the rematch in effect: `next`'s
   * id, or the one another request made first (then `next` is not stored).
   */
  createRematch(next: StoredTable, of: StoredTable): Promise<string>;
  tables(filter: 'unfinished' | 'all'): Promise<StoredTable[]>;
  table(id: string): Promise<StoredTable | undefined>;
  moves(table: string): Promise<StoredMove[]>;
  /** The moves after `seq`, in order, with when each was committed. */
  movesSince(table: string, seq: number): Promise<CommittedMove[]>;
  /** Resolves once the database answers a trivial query (the probe during an outage). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** A `game_tables` row as both engines store it (JSON as text); the seats have rows of their own. */
export interface TableRow {
  id: string;
  game: string;
  options: string;
  seed: string;
  status: StoredTable['status'];
  timer: string;
  grace_seconds: number;
  /** PostgreSQL returns a `BIGINT` as a string. */
  created_at: number | string;
  rematch: string | null;
  visibility: Visibility;
  clocks: string | null;
}

export const toTable = (r: TableRow, seats: StoredSeat[]): StoredTable => ({
  id: r.id,
  game: r.game,
  options: JSON.parse(r.options),
  seed: r.seed,
  status: r.status,
  seats,
  timer: JSON.parse(r.timer),
  graceSeconds: r.grace_seconds,
  createdAt: Number(r.created_at),
  ...(r.rematch ? { rematch: r.rematch } : {}),
  visibility: r.visibility,
  ...(r.clocks ? { clocks: JSON.parse(r.clocks) } : {}),
});

/** The tables in rows of `SELECT_TABLES` (`table-seats.ts`). */
export const toTables = (rows: readonly TableSeatRow[]): StoredTable[] => groupSeats(rows, toTable);

/** A table as a `game_tables` row (without its seats). */
export function tableRow(t: StoredTable) {
  return {
    id: t.id,
    game: t.game,
    options: JSON.stringify(t.options ?? {}),
    seed: t.seed,
    status: t.status,
    timer: JSON.stringify(t.timer ?? null),
    grace_seconds: t.graceSeconds,
    created_at: t.createdAt,
    rematch: t.rematch ?? null,
    visibility: t.visibility,
    clocks: t.clocks === undefined ? null : JSON.stringify(t.clocks),
  };
}

/**
 * How hard SQLite pushes each commit to the disk. `normal` (the default, with WAL): an
 * acknowledged move survives a killed process, not a power loss or an OS crash. `full`: it
 * survives those too, at the cost of a sync per commit.
 */
export type SqliteSync = 'normal' | 'full';

export class SqliteStorage implements Storage {
  private readonly db: Database.Database;
  private readonly stmts;

  constructor(dataDir: string, sync: SqliteSync = 'normal') {
    mkdirSync(dataDir, { recursive: true });
    this.db = new Database(join(dataDir, 'boss-table.sqlite'));
    this.db.pragma('journal_mode = WAL');
    // NORMAL: each commit reaches the OS before it returns, so a killed process loses
    // nothing; FULL also syncs it to the disk (survives a power loss).
    this.db.pragma(`synchronous = ${sync === 'full' ? 'FULL' : 'NORMAL'}`);
    this.db.pragma('busy_timeout = 5000');
    const applied = this.db.pragma('user_version', { simple: true }) as number;
    // Data folders from before versioning hold version 1's tables already.
    const hasTables = this.db
      .prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'game_tables'`)
      .get();
    const from = applied === 0 && hasTables ? 1 : applied;
    this.db.transaction(() => {
      for (let v = from; v < MIGRATIONS.length; v++)
        this.db.exec(migrationSql(MIGRATIONS[v], 'sqlite'));
      this.db.pragma(`user_version = ${MIGRATIONS.length}`);
    })();
    this.stmts = {
      insert: this.db.prepare(
        `INSERT INTO game_tables (id, game, options, seed, status, timer, grace_seconds, created_at, rematch, visibility, clocks)
         VALUES (@id, @game, @options, @seed, @status, @timer, @grace_seconds, @created_at, @rematch, @visibility, @clocks)`,
      ),
      update: this.db.prepare(
        `UPDATE game_tables SET status = @status, rematch = @rematch, clocks = @clocks WHERE id = @id`,
      ),
      move: this.db.prepare(
        `INSERT INTO moves (table_id, seq, seat, move, created_at, stand_in) VALUES (?, ?, ?, ?, ?, ?)`,
      ),
      unfinished: this.db.prepare(SELECT_TABLES.unfinished),
      all: this.db.prepare(SELECT_TABLES.all),
      one: this.db.prepare(SELECT_TABLES.one),
      moves: this.db.prepare(`SELECT seq, seat, move FROM moves WHERE table_id = ? ORDER BY seq`),
      since: this.db.prepare(
        `SELECT seq, seat, move, created_at, stand_in FROM moves WHERE table_id = ? AND seq > ? ORDER BY seq`,
      ),
      link: this.db.prepare(
        `UPDATE game_tables SET rematch = @rematch WHERE id = @id AND rematch IS NULL`,
      ),
    };
  }

  // SQLite answers at once; the interface is asynchronous so that an engine that does not
  // (PostgreSQL) fits it, and the tables' command queues keep the order either way.
  async createTable(t: StoredTable): Promise<void> {
    this.db.transaction(() => {
      this.stmts.insert.run(tableRow(t));
      this.run(insertSeats(t));
    })();
  }

  /** The steps in order inside the caller's transaction; null if a `mustChange` one changed nothing. */
  private run(steps: readonly Step[]): number[] | null {
    const counts: number[] = [];
    for (const s of steps) {
      const changes = this.stmt(s.sql).run(...s.params).changes;
      if (changes === 0 && s.mustChange) return null;
      counts.push(changes);
    }
    return counts;
  }

  /** The steps in one transaction: their row counts, or null (all rolled back) as in `run`. */
  private steps(steps: readonly Step[]): number[] | null {
    try {
      return this.db.transaction(() => {
        const counts = this.run(steps);
        if (counts === null) throw ROLLBACK;
        return counts;
      })();
    } catch (e) {
      if (e === ROLLBACK) return null;
      throw e;
    }
  }

  private readonly cache = new Map<string, Database.Statement>();
  private stmt(sql: string): Database.Statement {
    let s = this.cache.get(sql);
    if (!s) this.cache.set(sql, (s = this.db.prepare(sql)));
    return s;
  }
  async updateTable(t: StoredTable): Promise<void> {
    this.stmts.update.run(tableRow(t));
  }
  async appendMove(table: string, m: StoredMove, after?: StoredTable): Promise<void> {
    this.db.transaction(() => {
      this.stmts.move.run(
        table,
        m.seq,
        m.seat,
        JSON.stringify(m.move),
        Date.now(),
        m.standIn ?? null,
      );
      if (after) this.stmts.update.run(tableRow(after));
    })();
  }
  async claimSeat(table: string, seat: number, claim: SeatClaim): Promise<ClaimResult> {
    return claimResult(this.steps(claimSteps(table, seat, claim)));
  }
  async seatBots(table: string, bot: string): Promise<boolean> {
    return this.steps(seatBotsSteps(table, bot)) !== null;
  }
  async renewSeatToken(table: string, seat: number, tokenHash: string): Promise<boolean> {
    return this.steps(renewTokenSteps(table, seat, tokenHash)) !== null;
  }
  async createRematch(next: StoredTable, of: StoredTable): Promise<string> {
    return this.db.transaction(() => {
      if (this.stmts.link.run({ id: of.id, rematch: next.id }).changes === 0)
        return this.readTables(this.stmts.one, of.id)[0].rematch!;
      this.stmts.insert.run(tableRow(next));
      this.run(insertSeats(next));
      return next.id;
    })();
  }
  private readTables(stmt: Database.Statement, ...params: string[]): StoredTable[] {
    return toTables(stmt.all(...params) as TableSeatRow[]);
  }
  async tables(filter: 'unfinished' | 'all'): Promise<StoredTable[]> {
    return this.readTables(this.stmts[filter === 'all' ? 'all' : 'unfinished']);
  }
  async table(id: string): Promise<StoredTable | undefined> {
    return this.readTables(this.stmts.one, id)[0];
  }
  async moves(table: string): Promise<StoredMove[]> {
    return (this.stmts.moves.all(table) as { seq: number; seat: number; move: string }[]).map(
      (r) => ({
        seq: r.seq,
        seat: r.seat,
        move: JSON.parse(r.move),
      }),
    );
  }
  async movesSince(table: string, seq: number): Promise<CommittedMove[]> {
    const rows = this.stmts.since.all(table, seq) as MoveRow[];
    return rows.map(committedMove);
  }
  /** Takes the write lock and lets it go: a database locked or read-only fails it. */
  async ping(): Promise<void> {
    this.db.exec('BEGIN IMMEDIATE');
    this.db.exec('ROLLBACK');
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

/** Thrown inside a transaction to roll it back (a step that had to change a row did not). */
const ROLLBACK = new Error('rolled back');

/** A `moves` row as both engines return it (PostgreSQL: `BIGINT` as a string). */
export interface MoveRow {
  seq: number;
  seat: number;
  move: string;
  created_at: number | string;
  stand_in?: string | null;
}

export const committedMove = (r: MoveRow): CommittedMove => ({
  seq: r.seq,
  seat: r.seat,
  move: JSON.parse(r.move),
  at: Number(r.created_at),
  ...(r.stand_in === 'timeout' || r.stand_in === 'disconnected' ? { standIn: r.stand_in } : {}),
});
