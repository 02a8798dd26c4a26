/**
 * `npm run migrate-sqlite-to-postgres -- --from <data dir> --to <postgres url>`: copies a
 * SQLite data folder (`DATA_DIR`) into PostgreSQL, every table, its seats and every move as stored
 * (the JSON text and the times unchanged). Run it with the server stopped. A second run
 * copies only what is not there yet; every run ends by checking, table by table, that
 * PostgreSQL holds the same moves as the folder.
 */
import Database from 'better-sqlite3';
import { existsSync, realpathSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { migratePostgres, parseDatabaseUrl, redactUrl } from '../storage-pg.js';
import { SqliteStorage } from '../storage.js';

export const USAGE =
  'Usage: npm run migrate-sqlite-to-postgres -- --from <data dir> --to <postgres url>\n' +
  '  --from  the SQLite data folder (DATA_DIR; it holds boss-table.sqlite)\n' +
  '  --to    postgres://user:password@host:5432/database (default: DATABASE_URL)\n';

/** A bad command line: the message says what to change. */
export class UsageError extends Error {}

const SQLITE_FILE = 'boss-table.sqlite';

export function parseMigrateArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
): { from: string; to: string } {
  let values: { from?: string; to?: string };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { from: { type: 'string' }, to: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  if (!values.from) throw new UsageError('--from <data dir> is missing.');
  const to = values.to ?? env.DATABASE_URL;
  if (!to) throw new UsageError('--to <postgres url> is missing (and DATABASE_URL is not set).');
  const from = resolve(values.from);
  if (!existsSync(from) || !statSync(from).isDirectory())
    throw new UsageError(`--from: ${from} is not a folder.`);
  if (!existsSync(join(from, SQLITE_FILE)))
    throw new UsageError(`--from: ${from} has no ${SQLITE_FILE}; is it the server's DATA_DIR?`);
  try {
    parseDatabaseUrl(to);
  } catch (e) {
    throw new UsageError(`--to: ${(e as Error).message.replace(/^DATABASE_URL/, 'it')}`);
  }
  return { from, to };
}

export interface MigrateReport {
  readonly tables: number;
  readonly tablesCopied: number;
  readonly moves: number;
  readonly movesCopied: number;
}

/** What PostgreSQL holds differs from the folder: the tables concerned, and how. */
export class VerifyError extends Error {}

interface SqliteTableRow {
  id: string;
  game: string;
  options: string;
  seed: string;
  status: string;
  timer: string;
  grace_seconds: number;
  created_at: number;
  rematch: string | null;
  visibility: string;
  clocks: string | null;
}

/** The columns of `table_seats` (`table-seats.ts`), in order. */
const SEAT_COLUMNS = [
  'seat',
  'kind',
  'bot',
  'name',
  'token_hash',
  'invite_hash',
  'previous_token_hash',
  'reserved',
] as const;
type SeatRow = Record<(typeof SEAT_COLUMNS)[number], string | number | null>;

interface MoveRow {
  seq: number;
  seat: number;
  move: string;
  created_at: number;
}

const BATCH = 1000;

/** Copies the folder `from` into the database at `to`; see the file's comment. */
export async function migrateSqliteToPostgres(
  from: string,
  to: string,
  say: (line: string) => void = () => undefined,
): Promise<MigrateReport> {
  const file = join(from, SQLITE_FILE);
  if (!existsSync(file)) throw new UsageError(`${from} has no ${SQLITE_FILE}.`);
  // Bring an older folder's schema up to date first, as the server would on start.
  await new SqliteStorage(from).close();
  const db = new Database(file, { readonly: true, fileMustExist: true });
  const pool = new pg.Pool({ connectionString: to, max: 2, connectionTimeoutMillis: 10_000 });
  pool.on('error', () => undefined);
  try {
    try {
      await migratePostgres(pool);
    } catch (e) {
      throw new Error(`PostgreSQL at ${redactUrl(to)}: ${(e as Error).message}`, { cause: e });
    }
    // One read transaction: a consistent snapshot of the folder.
    db.exec('BEGIN');
    const tables = db
      .prepare('SELECT * FROM game_tables ORDER BY created_at, id')
      .all() as SqliteTableRow[];
    const seatsOf = db.prepare(
      `SELECT ${SEAT_COLUMNS.join(', ')} FROM table_seats WHERE table_id = ? ORDER BY seat`,
    );
    const movesOf = db.prepare(
      'SELECT seq, seat, move, created_at FROM moves WHERE table_id = ? ORDER BY seq',
    );
    let moves = 0;
    let tablesCopied = 0;
    let movesCopied = 0;
    const mismatches: string[] = [];
    for (const t of tables) {
      const rows = movesOf.all(t.id) as MoveRow[];
      const seats = seatsOf.all(t.id) as SeatRow[];
      moves += rows.length;
      const c = await pool.connect();
      let broken = false;
      try {
        await c.query('BEGIN');
        const inserted = await c.query(
          `INSERT INTO game_tables (id, game, options, seed, status, timer, grace_seconds, created_at, rematch, visibility, clocks)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (id) DO NOTHING`,
          [
            t.id,
            t.game,
            t.options,
            t.seed,
            t.status,
            t.timer,
            t.grace_seconds,
            t.created_at,
            t.rematch,
            t.visibility,
            t.clocks,
          ],
        );
        tablesCopied += inserted.rowCount ?? 0;
        await c.query(
          `INSERT INTO table_seats (table_id, ${SEAT_COLUMNS.join(', ')})
           SELECT $1, * FROM unnest($2::integer[], $3::text[], $4::text[], $5::text[], $6::text[],
             $7::text[], $8::text[], $9::integer[])
           ON CONFLICT (table_id, seat) DO NOTHING`,
          [t.id, ...SEAT_COLUMNS.map((col) => seats.map((s) => s[col]))],
        );
        for (let i = 0; i < rows.length; i += BATCH) {
          const batch = rows.slice(i, i + BATCH);
          const res = await c.query(
            `INSERT INTO moves (table_id, seq, seat, move, created_at)
             SELECT $1, * FROM unnest($2::integer[], $3::integer[], $4::text[], $5::bigint[])
             ON CONFLICT (table_id, seq) DO NOTHING`,
            [
              t.id,
              batch.map((m) => m.seq),
              batch.map((m) => m.seat),
              batch.map((m) => m.move),
              batch.map((m) => m.created_at),
            ],
          );
          movesCopied += res.rowCount ?? 0;
        }
        await c.query('COMMIT');
      } catch (e) {
        await c.query('ROLLBACK').catch(() => (broken = true));
        throw new Error(`Copying table ${t.id}: ${(e as Error).message}`, { cause: e });
      } finally {
        c.release(broken);
      }
      // Check the table: the same game, the same seats, and the same moves, by count and content.
      const there = await pool.query<{ game: string; seed: string; options: string }>(
        'SELECT game, seed, options FROM game_tables WHERE id = $1',
        [t.id],
      );
      const row = there.rows[0];
      if (!row || row.game !== t.game || row.seed !== t.seed || row.options !== t.options) {
        mismatches.push(`${t.id}: PostgreSQL has another table under this id`);
        continue;
      }
      const pgSeats = await pool.query<SeatRow>(
        `SELECT ${SEAT_COLUMNS.join(', ')} FROM table_seats WHERE table_id = $1 ORDER BY seat`,
        [t.id],
      );
      if (JSON.stringify(pgSeats.rows) !== JSON.stringify(seats)) {
        mismatches.push(`${t.id}: its seats differ between SQLite and PostgreSQL`);
        continue;
      }
      const pgMoves = await pool.query<{ seq: number; seat: number; move: string }>(
        'SELECT seq, seat, move FROM moves WHERE table_id = $1 ORDER BY seq',
        [t.id],
      );
      if (pgMoves.rows.length !== rows.length) {
        mismatches.push(
          `${t.id}: ${rows.length} moves in SQLite, ${pgMoves.rows.length} in PostgreSQL`,
        );
        continue;
      }
      const differs = rows.findIndex((m, i) => {
        const p = pgMoves.rows[i];
        return p.seq !== m.seq || p.seat !== m.seat || p.move !== m.move;
      });
      if (differs >= 0)
        mismatches.push(`${t.id}: move ${rows[differs].seq} differs between SQLite and PostgreSQL`);
    }
    db.exec('COMMIT');
    const report = { tables: tables.length, tablesCopied, moves, movesCopied };
    say(
      `Copied ${tablesCopied} of ${tables.length} tables and ${movesCopied} of ${moves} moves ` +
        `to ${redactUrl(to)} (the rest were there already).`,
    );
    if (mismatches.length > 0)
      throw new VerifyError(
        `PostgreSQL does not hold what the folder holds for ${mismatches.length} table(s):\n` +
          mismatches.map((m) => `  ${m}`).join('\n'),
      );
    say(`Checked: every table's moves in PostgreSQL are the folder's (${tables.length} tables).`);
    return report;
  } finally {
    db.close();
    await pool.end();
  }
}

/**
 * The command: returns its exit code (0 done or `--help`, 1 failed or not verified, 2 bad
 * arguments).
 */
export async function main(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    out(USAGE);
    return 0;
  }
  let args;
  try {
    args = parseMigrateArgs(argv, env);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    err(`${e.message}\n${USAGE}`);
    return 2;
  }
  try {
    await migrateSqliteToPostgres(args.from, args.to, out);
    return 0;
  } catch (e) {
    err(`Migration failed: ${(e as Error).message}`);
    return 1;
  }
}

/** Run as a program (not imported, as by the tests)? */
function isEntry(): boolean {
  try {
    return import.meta.url === pathToFileURL(realpathSync(process.argv[1] ?? '')).href;
  } catch {
    return false;
  }
}

if (isEntry()) {
  process.exitCode = await main(
    process.argv.slice(2),
    process.env,
    (l) => process.stdout.write(`${l}\n`),
    (l) => process.stderr.write(`${l}\n`),
  );
}
