import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

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
}

/**
 * Where tables live: event-sourced, a table is its options, its secret seed and its ordered
 * moves, `(table, seq)` unique. SQLite here; the SQL is kept portable for PostgreSQL.
 */
export interface Storage {
  createTable(t: StoredTable): Promise<void>;
  /** Writes the table's status, seats, rematch and clocks in one statement. */
  updateTable(t: StoredTable): Promise<void>;
  /**
   * Commits one move, and with `after` the table's new status, seats and clocks, in one
   * transaction; rejects if `(table, seq)` already exists. Durable when it resolves.
   */
  appendMove(table: string, move: StoredMove, after?: StoredTable): Promise<void>;
  /** A rematch: the new table and the finished one's link to it, in one transaction. */
  createRematch(next: StoredTable, of: StoredTable): Promise<void>;
  tables(filter: 'unfinished' | 'all'): Promise<StoredTable[]>;
  table(id: string): Promise<StoredTable | undefined>;
  moves(table: string): Promise<StoredMove[]>;
  close(): Promise<void>;
}

interface TableRow {
  id: string;
  game: string;
  options: string;
  seed: string;
  status: StoredTable['status'];
  seats: string;
  timer: string;
  grace_seconds: number;
  created_at: number;
  rematch: string | null;
  visibility: Visibility;
  clocks: string | null;
}

const toTable = (r: TableRow): StoredTable => ({
  id: r.id,
  game: r.game,
  options: JSON.parse(r.options),
  seed: r.seed,
  status: r.status,
  seats: JSON.parse(r.seats),
  timer: JSON.parse(r.timer),
  graceSeconds: r.grace_seconds,
  createdAt: r.created_at,
  ...(r.rematch ? { rematch: r.rematch } : {}),
  visibility: r.visibility,
  ...(r.clocks ? { clocks: JSON.parse(r.clocks) } : {}),
});

/**
 * How hard SQLite pushes each commit to the disk. `normal` (the default, with WAL): an
 * acknowledged move survives a killed process, not a power loss or an OS crash. `full`: it
 * survives those too, at the cost of a sync per commit.
 */
export type SqliteSync = 'normal' | 'full';

/** Schema versions, applied in order on start; `PRAGMA user_version` is the last applied. */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS game_tables (
     id TEXT PRIMARY KEY,
     game TEXT NOT NULL,
     options TEXT NOT NULL,
     seed TEXT NOT NULL,
     status TEXT NOT NULL,
     seats TEXT NOT NULL,
     timer TEXT NOT NULL,
     grace_seconds REAL NOT NULL,
     created_at BIGINT NOT NULL,
     rematch TEXT
   );
   CREATE TABLE IF NOT EXISTS moves (
     table_id TEXT NOT NULL REFERENCES game_tables(id),
     seq INTEGER NOT NULL,
     seat INTEGER NOT NULL,
     move TEXT NOT NULL,
     created_at BIGINT NOT NULL,
     PRIMARY KEY (table_id, seq)
   );
   CREATE INDEX IF NOT EXISTS game_tables_status ON game_tables(status);`,
  // 2: who can find and join a table.
  `ALTER TABLE game_tables ADD COLUMN visibility TEXT NOT NULL DEFAULT 'public';`,
  // 3: the clocks' state, so that a restart resumes them with the time they had left.
  `ALTER TABLE game_tables ADD COLUMN clocks TEXT;`,
];

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
      for (let v = from; v < MIGRATIONS.length; v++) this.db.exec(MIGRATIONS[v]);
      this.db.pragma(`user_version = ${MIGRATIONS.length}`);
    })();
    this.stmts = {
      insert: this.db.prepare(
        `INSERT INTO game_tables (id, game, options, seed, status, seats, timer, grace_seconds, created_at, rematch, visibility, clocks)
         VALUES (@id, @game, @options, @seed, @status, @seats, @timer, @grace_seconds, @created_at, @rematch, @visibility, @clocks)`,
      ),
      update: this.db.prepare(
        `UPDATE game_tables SET status = @status, seats = @seats, rematch = @rematch, clocks = @clocks WHERE id = @id`,
      ),
      move: this.db.prepare(
        `INSERT INTO moves (table_id, seq, seat, move, created_at) VALUES (?, ?, ?, ?, ?)`,
      ),
      unfinished: this.db.prepare(
        `SELECT * FROM game_tables WHERE status IN ('open', 'running') ORDER BY created_at`,
      ),
      all: this.db.prepare(`SELECT * FROM game_tables ORDER BY created_at`),
      one: this.db.prepare(`SELECT * FROM game_tables WHERE id = ?`),
      moves: this.db.prepare(`SELECT seq, seat, move FROM moves WHERE table_id = ? ORDER BY seq`),
    };
  }

  private row(t: StoredTable) {
    return {
      id: t.id,
      game: t.game,
      options: JSON.stringify(t.options ?? {}),
      seed: t.seed,
      status: t.status,
      seats: JSON.stringify(t.seats),
      timer: JSON.stringify(t.timer ?? null),
      grace_seconds: t.graceSeconds,
      created_at: t.createdAt,
      rematch: t.rematch ?? null,
      visibility: t.visibility,
      clocks: t.clocks === undefined ? null : JSON.stringify(t.clocks),
    };
  }

  // SQLite answers at once; the interface is asynchronous so that an engine that does not
  // (PostgreSQL) fits it, and the tables' command queues keep the order either way.
  async createTable(t: StoredTable): Promise<void> {
    this.stmts.insert.run(this.row(t));
  }
  async updateTable(t: StoredTable): Promise<void> {
    this.stmts.update.run(this.row(t));
  }
  async appendMove(table: string, m: StoredMove, after?: StoredTable): Promise<void> {
    this.db.transaction(() => {
      this.stmts.move.run(table, m.seq, m.seat, JSON.stringify(m.move), Date.now());
      if (after) this.stmts.update.run(this.row(after));
    })();
  }
  async createRematch(next: StoredTable, of: StoredTable): Promise<void> {
    this.db.transaction(() => {
      this.stmts.insert.run(this.row(next));
      this.stmts.update.run(this.row(of));
    })();
  }
  async tables(filter: 'unfinished' | 'all'): Promise<StoredTable[]> {
    return (this.stmts[filter === 'all' ? 'all' : 'unfinished'].all() as TableRow[]).map(toTable);
  }
  async table(id: string): Promise<StoredTable | undefined> {
    const r = this.stmts.one.get(id) as TableRow | undefined;
    return r ? toTable(r) : undefined;
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
  async close(): Promise<void> {
    this.db.close();
  }
}
