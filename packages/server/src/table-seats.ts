/**
 * A table's seats as rows of `table_seats` (schema version 6), one per seat, written once for
 * both engines: `?` placeholders (`numbered` makes PostgreSQL's `$n`), integers and text only.
 *
 * A seat claim is a conditional update of that seat's row; its row count decides between two
 * requests for the same seat, whichever nodes they reach, while claims of different seats
 * of one table both succeed. The storages only run the steps (`Step[]`, one transaction);
 * what the steps are and what their row counts mean is here.
 */
import type { Params, Step } from './sql.js';
import type { StoredSeat, StoredTable, TableRow } from './storage.js';

/** A `table_seats` row as both engines return it. */
export interface SeatRow {
  seat: number;
  kind: StoredSeat['kind'];
  bot: string | null;
  name: string | null;
  token_hash: string | null;
  invite_hash: string | null;
  previous_token_hash: string | null;
  reserved: number;
}

/** What a claim writes into a free seat. */
export interface SeatClaim {
  readonly tokenHash: string;
  readonly name: string;
}

/** `taken`: someone holds the seat (nothing written); `started`: the claim filled the table. */
export type ClaimResult = 'taken' | 'claimed' | 'started';

const INSERT_SEAT = `INSERT INTO table_seats (table_id, seat, kind, bot, name, token_hash, invite_hash, previous_token_hash, reserved)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/** A seat's values in `INSERT_SEAT`'s order. */
const seatParams = (table: string, seat: number, s: StoredSeat): Params => [
  table,
  seat,
  s.kind,
  s.bot ?? null,
  s.name ?? null,
  s.tokenHash ?? null,
  s.inviteHash ?? null,
  s.previousTokenHash ?? null,
  s.reserved ? 1 : 0,
];

/** The rows of a new table's seats (in the transaction that inserts its row). */
export const insertSeats = (t: StoredTable): Step[] =>
  t.seats.map((s, seat) => ({ sql: INSERT_SEAT, params: seatParams(t.id, seat, s) }));

/**
 * Locks the table's row until the transaction ends, so that the claims of one table's seats
 * decide the table's start one after the other: each sees the seats the one before it
 * committed (on SQLite writers are serialized anyway).
 */
const lockTable = (table: string): Step => ({
  sql: `UPDATE game_tables SET status = status WHERE id = ?`,
  params: [table],
});

/** The table starts once no human seat is free (in the transaction that took the last one). */
const startIfFull = (table: string): Step => ({
  sql: `UPDATE game_tables SET status = 'running'
        WHERE id = ? AND status = 'open' AND NOT EXISTS (
          SELECT 1 FROM table_seats WHERE table_id = ? AND kind = 'human' AND token_hash IS NULL)`,
  params: [table, table],
});

/** A seat claim's steps; `claimResult` reads their row counts. */
export const claimSteps = (table: string, seat: number, claim: SeatClaim): Step[] => [
  lockTable(table),
  {
    sql: `UPDATE table_seats SET token_hash = ?, name = ?
          WHERE table_id = ? AND seat = ? AND kind = 'human' AND token_hash IS NULL`,
    params: [claim.tokenHash, claim.name, table, seat],
    mustChange: true,
  },
  startIfFull(table),
];

/** The outcome of `claimSteps`: their row counts, or null if the claim changed nothing. */
export const claimResult = (counts: readonly number[] | null): ClaimResult =>
  counts === null ? 'taken' : counts[2] > 0 ? 'started' : 'claimed';

/**
 * Quick play's steps: the table starts if it is still open (else nothing is written), with
 * a bot of `bot`'s spec at every seat nobody holds.
 */
export const seatBotsSteps = (table: string, bot: string): Step[] => [
  {
    sql: `UPDATE game_tables SET status = 'running' WHERE id = ? AND status = 'open'`,
    params: [table],
    mustChange: true,
  },
  {
    sql: `UPDATE table_seats SET kind = 'bot', bot = ?, name = NULL, invite_hash = NULL,
            previous_token_hash = NULL, reserved = 0
          WHERE table_id = ? AND kind = 'human' AND token_hash IS NULL`,
    params: [bot, table],
  },
];

/** A held seat's new token (its account takes it again); the old token stops opening it. */
export const renewTokenSteps = (table: string, seat: number, tokenHash: string): Step[] => [
  {
    sql: `UPDATE table_seats SET token_hash = ? WHERE table_id = ? AND seat = ? AND token_hash IS NOT NULL`,
    params: [tokenHash, table, seat],
    mustChange: true,
  },
];

/** The tables with their seats, one row per seat, in seat order: followed by a WHERE. */
const TABLES_WITH_SEATS = `SELECT g.*, s.seat, s.kind, s.bot, s.name, s.token_hash, s.invite_hash,
    s.previous_token_hash, s.reserved
  FROM game_tables g LEFT JOIN table_seats s ON s.table_id = g.id`;

/** One statement (so one snapshot of the row and its seats) for each way tables are read. */
export const SELECT_TABLES = {
  one: `${TABLES_WITH_SEATS} WHERE g.id = ? ORDER BY s.seat`,
  all: `${TABLES_WITH_SEATS} ORDER BY g.created_at, g.id, s.seat`,
  unfinished: `${TABLES_WITH_SEATS} WHERE g.status IN ('open', 'running') ORDER BY g.created_at, g.id, s.seat`,
} as const;

export const toSeat = (r: SeatRow): StoredSeat => ({
  kind: r.kind,
  ...(r.bot !== null ? { bot: r.bot } : {}),
  ...(r.name !== null ? { name: r.name } : {}),
  ...(r.token_hash !== null ? { tokenHash: r.token_hash } : {}),
  ...(r.invite_hash !== null ? { inviteHash: r.invite_hash } : {}),
  ...(r.previous_token_hash !== null ? { previousTokenHash: r.previous_token_hash } : {}),
  ...(r.reserved ? { reserved: true } : {}),
});

/** A table row joined with one of its seats (the seat's columns null for a table without). */
export type TableSeatRow = TableRow & (SeatRow | { [K in keyof SeatRow]: null });

/** Rows of `SELECT_TABLES`, in order, as tables: consecutive rows of one table are its seats. */
export function groupSeats(
  rows: readonly TableSeatRow[],
  toTable: (r: TableRow, seats: StoredSeat[]) => StoredTable,
): StoredTable[] {
  const tables: StoredTable[] = [];
  let seats: StoredSeat[] = [];
  for (const [i, r] of rows.entries()) {
    if (r.seat !== null) seats.push(toSeat(r as SeatRow));
    if (rows[i + 1]?.id !== r.id) {
      tables.push(toTable(r, seats));
      seats = [];
    }
  }
  return tables;
}
