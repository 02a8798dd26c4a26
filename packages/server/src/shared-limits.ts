/**
 * The limits per address and per account on a cluster, counted in PostgreSQL so that an
 * address gets them once, not once per node a balancer sends it to. One process on SQLite
 * counts them in memory instead (`limits.ts`, `accounts.ts`).
 *
 * Rates are sliding-window counters (schema version 7, `rate_counts`, UNLOGGED): one row per
 * key and fixed window, raised by an upsert that returns the window's count in the same
 * statement, with the previous window's count weighed by the share of it that still lies
 * within the last `windowMs`. One round trip per request counted, on the database's clock
 * (nodes whose clocks differ count alike). Tables per address (`address_tables`) are counted
 * against the tables' statuses: the check and the count in one transaction, behind a lock
 * per address, so two nodes cannot both give an address its last place.
 */
import type { AttemptLog, AttemptLogs } from './accounts.js';
import {
  tooManyPosts,
  tooManyTables,
  type AddressLimitOptions,
  type AddressLimiter,
} from './limits.js';
import { one, type Sql, type Step } from './sql.js';

/** A key's counts: this window's and the one before, and how far into this one it is. */
export interface WindowCounts {
  readonly hits: number;
  readonly prev: number;
  readonly elapsedMs: number;
  readonly windowMs: number;
}

/** The hits within the last `windowMs`, as the sliding window estimates them. */
export const slidingCount = (w: WindowCounts): number =>
  w.hits + w.prev * (1 - w.elapsedMs / w.windowMs);

/**
 * Milliseconds until the estimate is at most `room` if nothing more is counted; 0 if it is.
 * An attempt is let through while at most `max - 1` others (estimated, a fraction counting
 * as one) lie within the window, so that the estimate's dip when a window starts anew does
 * not let one more through.
 */
export function slidingWait(w: WindowCounts, room: number): number {
  if (slidingCount(w) <= room) return 0;
  const { hits, prev, elapsedMs, windowMs } = w;
  // Within this window: once enough of the previous one has slid out.
  if (hits <= room) return Math.ceil(windowMs * (1 - (room - hits) / prev) - elapsedMs) + 1;
  // After it: once enough of this one has.
  return Math.ceil(windowMs - elapsedMs + windowMs * (1 - room / hits)) + 1;
}

/** Now on the database's clock, and the start of the window of `?` ms it falls in. */
const WINDOW = `w AS (
    SELECT now, now - now % ?::bigint AS start
    FROM (SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now) t)`;

const PREVIOUS = `(SELECT hits FROM rate_counts p WHERE p.key = ? AND p.window_start = w.start - ?::bigint)`;

/** Counts one more for the key, and reads its counts. */
const HIT = `WITH ${WINDOW},
  cur AS (
    INSERT INTO rate_counts (key, window_start, hits) SELECT ?, start, 1 FROM w
    ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_counts.hits + 1
    RETURNING hits)
  SELECT w.now - w.start AS elapsed, (SELECT hits FROM cur) AS hits, ${PREVIOUS} AS prev FROM w`;

interface CountsRow {
  elapsed: string | number;
  hits: number | null;
  prev: number | null;
}

/** Keys are addresses and names typed by anyone: bounded. */
const boundedKey = (key: string) => key.slice(0, 200);

/** The windowed counts of `rate_counts`. */
export class SharedCounts {
  constructor(readonly sql: Sql) {}

  private async read(sql: string, key: string, windowMs: number): Promise<WindowCounts> {
    const k = boundedKey(key);
    const r = (await one<CountsRow>(this.sql, sql, [windowMs, k, k, windowMs]))!;
    return { hits: r.hits ?? 0, prev: r.prev ?? 0, elapsedMs: Number(r.elapsed), windowMs };
  }

  /** Counts one more for `key` in its window of `windowMs`; its counts, this one included. */
  hit(key: string, windowMs: number): Promise<WindowCounts> {
    return this.read(HIT, key, windowMs);
  }

  /** Uncounts one hit of the key's latest window (an attempt refused or given back). */
  async unhit(key: string): Promise<void> {
    const k = boundedKey(key);
    await this.sql.run(
      `UPDATE rate_counts SET hits = hits - 1 WHERE key = ? AND hits > 0
       AND window_start = (SELECT max(window_start) FROM rate_counts WHERE key = ?)`,
      [k, k],
    );
  }

  /** Forgets windows older than `keepMs` (the longest window twice over). */
  async sweep(keepMs: number): Promise<void> {
    await this.sql.run(
      `DELETE FROM rate_counts WHERE window_start < (extract(epoch FROM clock_timestamp()) * 1000)::bigint - ?::bigint`,
      [keepMs],
    );
  }
}

/** The longest window counted (sign-ups: an hour); windows twice as old are forgotten. */
const KEEP_MS = 2 * 3_600_000;

/**
 * A token bucket of `rate` a second and bursts of 30 times as many (`limits.ts`), as a
 * sliding window: 30 times `rate` within any 30 seconds.
 */
const POST_WINDOW_MS = 30_000;

/** A table's address row counts before its table's row exists for this long (its creation). */
const CREATING_MS = 60_000;

/** The address limits of a cluster, in the database. */
export class SharedAddressLimits implements AddressLimiter {
  constructor(
    private readonly counts: SharedCounts,
    private readonly opts: AddressLimitOptions,
  ) {}

  async post(address: string): Promise<void> {
    const rate = this.opts.postsPerSecond;
    if (rate <= 0) return;
    // This one included: refused if more than the window's allowance.
    const w = await this.counts.hit(`post:${address}`, POST_WINDOW_MS);
    if (slidingCount(w) > rate * (POST_WINDOW_MS / 1000)) throw tooManyPosts(rate);
  }

  async reserveTable(
    address: string,
    id: string,
    botsOnly: boolean,
    withBots = botsOnly,
  ): Promise<void> {
    // A table for people only is not held back by the tables with nobody at them.
    const botCap = withBots ? this.opts.botTablesPerAddress : 0;
    const openCap = this.opts.openTablesPerAddress;
    const key = boundedKey(address);
    const creating = `(g.id IS NULL AND a.at > (extract(epoch FROM clock_timestamp()) * 1000)::bigint - ?::bigint)`;
    // A new table with a bot seat waits while the address has its cap of tables running with
    // nobody at them: bots only, or no human seat connected on any node (`seat_presence`).
    const steps: Step[] = [
      { sql: `SELECT pg_advisory_xact_lock(1651471219, hashtext(?))`, params: [key] },
      {
        sql: `SELECT 1 AS room WHERE ?::int <= 0 OR (
                SELECT count(*) FROM address_tables a LEFT JOIN game_tables g ON g.id = a.table_id
                WHERE a.address = ? AND ((g.status = 'running' AND NOT EXISTS (
                  SELECT 1 FROM seat_presence p WHERE p.table_id = a.table_id))
                  OR (a.bots_only = 1 AND ${creating}))
              ) < ?`,
        params: [botCap, key, CREATING_MS, botCap],
        mustChange: true,
      },
    ];
    if (!botsOnly)
      steps.push({
        sql: `SELECT 1 AS room WHERE ?::int <= 0 OR (
                SELECT count(*) FROM address_tables a LEFT JOIN game_tables g ON g.id = a.table_id
                WHERE a.address = ? AND a.bots_only = 0 AND (g.status = 'open' OR ${creating})
              ) < ?`,
        params: [openCap, key, CREATING_MS, openCap],
        mustChange: true,
      });
    // Unlimited: still recorded, so that lowering the cap later counts what is there.
    steps.push({
      sql: `INSERT INTO address_tables (table_id, address, bots_only, at)
            VALUES (?, ?, ?, (extract(epoch FROM clock_timestamp()) * 1000)::bigint)`,
      params: [id, key, botsOnly ? 1 : 0],
    });
    const failed = await this.counts.sql.batch(steps);
    if (failed === 1) throw tooManyTables(true, botCap);
    if (failed === 2) throw tooManyTables(false, openCap);
  }

  async sweep(): Promise<void> {
    await this.counts.sweep(KEEP_MS);
    await this.counts.sql.run(
      `DELETE FROM address_tables a
       WHERE a.at < (extract(epoch FROM clock_timestamp()) * 1000)::bigint - ?::bigint
         AND NOT EXISTS (SELECT 1 FROM game_tables g WHERE g.id = a.table_id
           AND g.status IN ('open', 'running'))`,
      [CREATING_MS],
    );
  }
}

/** Attempt logs (`accounts.ts`) of a cluster, in the database. */
export const sharedAttempts =
  (counts: SharedCounts): AttemptLogs =>
  (kind, max, windowMs): AttemptLog => ({
    // Counted and read in one statement: two nodes cannot both let the last attempt through.
    // One refused is uncounted again, so that refusals do not prolong a lock.
    take: async (key) => {
      const w = await counts.hit(`${kind}:${key}`, windowMs);
      if (slidingCount(w) <= max) return 0;
      await counts.unhit(`${kind}:${key}`);
      return Math.max(1, slidingWait({ ...w, hits: w.hits - 1 }, max - 1));
    },
    release: (key) => counts.unhit(`${kind}:${key}`),
    // The address limits' sweep forgets the old windows of every kind.
    sweep: () => undefined,
  });
