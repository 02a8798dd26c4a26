// Whether this node reaches its database: an outage is noticed once, logged once, probed with back-off, and its end told to every table.
import type { Logger } from './log.js';

/** Error codes of a database out of reach (PostgreSQL's connection classes, the socket's, SQLite's). */
const OUTAGE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'SQLITE_BUSY',
  'SQLITE_IOERR',
  'SQLITE_FULL',
  'SQLITE_READONLY',
  'SQLITE_CANTOPEN',
]);

const OUTAGE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|the database system is (starting up|shutting down|in recovery mode)|Client has encountered a connection error|Connection ended unexpectedly|database is locked/i;

/** Whether `e` says the database is out of reach (rather than a refused or broken request). */
export function isOutage(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' && (OUTAGE_CODES.has(code) || code.startsWith('SQLITE_IOERR')))
    return true;
  return OUTAGE_MESSAGES.test(e.message);
}

/** Seconds a client is told to wait (`Retry-After`) while the database is out of reach. */
export const RETRY_AFTER_SECONDS = 5;

export interface HealthOptions {
  /** First wait between probes, doubled after each failed one up to `maxMs`. */
  readonly minMs?: number;
  readonly maxMs?: number;
}

/**
 * The node's view of its database. Any part that meets an outage (a table storing a move, a
 * request, the cluster's beat) says so (`failed`); the first one logs it, later ones add
 * nothing. While it lasts, tables ask no bot and store no clock: they wait for its end, which
 * a probe (`ping`, with back-off) or any successful write (`ok`) finds, logs once, and tells
 * every listener (`onBack`), so nothing stays still once the database is back.
 */
export class StorageHealth {
  private since: number | null = null;
  private probeMs = 0;
  private probeHandle: NodeJS.Timeout | null = null;
  private readonly listeners = new Set<() => void>();
  private closed = false;
  /** Counts outages: a probe answering for an earlier one is ignored. */
  private outage = 0;
  private readonly minMs: number;
  private readonly maxMs: number;

  constructor(
    private readonly ping: () => Promise<unknown>,
    private readonly log: Logger,
    opts: HealthOptions = {},
  ) {
    this.minMs = opts.minMs ?? 250;
    this.maxMs = opts.maxMs ?? 5000;
  }

  /** The database is out of reach (as last seen). */
  get down(): boolean {
    return this.since !== null;
  }

  /** How long to wait before trying again, while down: the probe's current back-off. */
  get retryMs(): number {
    return Math.max(this.minMs, this.probeMs);
  }

  /** The database could not be reached (`e`, if known): logged once per outage, then probed. */
  failed(e?: unknown): void {
    if (this.closed || this.since !== null) return;
    this.since = Date.now();
    this.outage++;
    this.log.error('database out of reach; bots and clocks wait for it', {
      ...(e instanceof Error ? { error: e.message } : {}),
    });
    this.probeMs = this.minMs;
    this.probe();
  }

  /** The database answered: an outage, if any, ends (logged once, every listener told). */
  ok(): void {
    if (this.closed || this.since === null) return;
    const downMs = Date.now() - this.since;
    this.since = null;
    if (this.probeHandle) clearTimeout(this.probeHandle);
    this.probeHandle = null;
    this.probeMs = 0;
    this.log.info('database reachable again', { downMs });
    for (const fn of [...this.listeners]) fn();
  }

  /** Calls `fn` at the end of every outage; returns a function that stops it. */
  onBack(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  close(): void {
    this.closed = true;
    if (this.probeHandle) clearTimeout(this.probeHandle);
    this.probeHandle = null;
    this.listeners.clear();
  }

  private probe(): void {
    if (this.closed || this.since === null) return;
    const outage = this.outage;
    this.probeHandle = setTimeout(() => {
      this.probeHandle = null;
      this.ping().then(
        () => {
          if (outage === this.outage) this.ok();
        },
        () => {
          if (outage !== this.outage) return; // that outage ended; another has its own probe
          this.probeMs = Math.min(this.maxMs, this.probeMs * 2);
          this.probe();
        },
      );
    }, this.probeMs);
    this.probeHandle.unref();
  }
}
