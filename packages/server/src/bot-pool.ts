// The worker threads bots think on, off the event loop, shared fairly between tables; budgets cut under load.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { chooseBotMove, type BotJob } from './bot-job.js';

/**
 * Whose work a job is: `people`, a table with a person at it (its bot seats and the
 * stand-ins for its people), served before `bots`, a table of bots only.
 */
export type BotPriority = 'people' | 'bots';

/** Which table a job thinks for, and how urgent it is. */
export interface BotTicket {
  readonly table: string;
  readonly priority: BotPriority;
}

/** How the pool orders its jobs: `fair` (the default) or `fifo` (one queue, full budgets). */
export type BotSchedule = 'fair' | 'fifo';

export interface BotPoolOptions {
  /** Default: `BOT_SCHEDULE` from the environment, else `fair`. */
  readonly schedule?: BotSchedule;
  /** The shortest budget a cut gives a job, in ms (never more than the job asked for). */
  readonly floorMs?: number;
  /** The clock queue waits are measured with, in ms (tests pass their own). */
  readonly now?: () => number;
  /**
   * How long a table with people counts as playing after its bots last asked, in ms: while
   * it does, bots-only jobs leave it its share of the workers (default: a minute, longer
   * than most people think).
   */
  readonly peopleActiveMs?: number;
}

/** What the pool is doing now, for metrics and admission decisions. */
export interface BotPoolStats {
  readonly workers: number;
  readonly running: Readonly<Record<BotPriority, number>>;
  readonly queued: Readonly<Record<BotPriority, number>>;
  /** Jobs running and queued per worker: 1 is a pool just busy, 10 a queue ten jobs deep. */
  readonly load: number;
  /** Tables with people whose bots asked lately (see `peopleActiveMs`). */
  readonly peopleTablesPlaying: number;
}

interface Waiting {
  readonly job: BotJob;
  readonly ticket: BotTicket;
  readonly queuedAt: number;
  /** Arrival order, to break ties between tables equally due. */
  readonly order: number;
  resolve(move: unknown): void;
  reject(e: Error): void;
}

/** The shortest budget a job is cut to under load, in ms. */
export const BUDGET_FLOOR_MS = 20;

/**
 * A job's budget once dispatched: while more jobs contend for the workers than there are
 * workers, each gets its share (`workers / contenders`) of what it asked for, never less than
 * the floor. A person's table also counts its wait in the queue against its budget, so that
 * a person waits about the budget, queue included. Budgets depend on the load only, never on
 * what a bot holds.
 */
export function budgetFor(
  askedMs: number,
  priority: BotPriority,
  waitedMs: number,
  contenders: number,
  workers: number,
  floorMs = BUDGET_FLOOR_MS,
): number {
  let ms = contenders > workers ? (askedMs * workers) / contenders : askedMs;
  if (priority === 'people') ms = Math.min(ms, askedMs - waitedMs);
  return Math.min(askedMs, Math.max(floorMs, Math.round(ms)));
}

/**
 * Bots think here, off the main event loop: a pool of worker threads, one job each at a
 * time. (Run from TypeScript sources, as in the unit tests, the pool thinks in-thread, one
 * job per worker slot at a time, through the same queue.)
 *
 * Scheduling is fair between tables: tables with people go before tables of bots only, and
 * within each kind the table served least recently goes first (a table's own jobs keep their
 * order), so a crowd of busy tables cannot hold back one that asks now. Under load budgets
 * are cut (see `budgetFor`), bots-only tables' first.
 */
export class BotPool {
  private readonly idle: Worker[] = [];
  private readonly all: Worker[] = [];
  /** Queued jobs per priority, then per table (each table's jobs in arrival order). */
  private readonly lanes: Record<BotPriority, Map<string, Waiting[]>> = {
    people: new Map(),
    bots: new Map(),
  };
  private readonly queuedCount: Record<BotPriority, number> = { people: 0, bots: 0 };
  private readonly runningCount: Record<BotPriority, number> = { people: 0, bots: 0 };
  /** When each table was last dispatched (a tick of `ticks`); forgotten once long past. */
  private readonly served = new Map<string, number>();
  private ticks = 0;
  private arrivals = 0;
  private readonly busy = new Map<Worker, Waiting>();
  private readonly inline: boolean;
  /** Inline mode: jobs taken and not yet finished. */
  private inlineRunning = 0;
  private readonly workers: number;
  private readonly schedule: BotSchedule;
  private readonly floorMs: number;
  private readonly now: () => number;
  private readonly peopleActiveMs: number;
  /** Tables with people, by when their bots last asked (dropped once no longer playing). */
  private readonly peopleAsked = new Map<string, number>();
  private peopleSweptAt = -Infinity;
  private closed = false;

  private readonly url = new URL('./bot-worker.js', import.meta.url);

  constructor(size = Math.max(1, availableParallelism() - 1), options: BotPoolOptions = {}) {
    this.workers = Math.max(1, size);
    const env = process.env.BOT_SCHEDULE;
    this.schedule = options.schedule ?? (env === 'fifo' ? 'fifo' : 'fair');
    this.floorMs = options.floorMs ?? BUDGET_FLOOR_MS;
    this.peopleActiveMs = options.peopleActiveMs ?? 60_000;
    this.now = options.now ?? (() => performance.now());
    this.inline = !existsSync(fileURLToPath(this.url));
    if (this.inline) return;
    for (let i = 0; i < this.workers; i++) this.spawn();
  }

  /** Starts one worker; a worker that dies fails its job and is replaced. */
  private spawn(): void {
    const w = new Worker(this.url);
    let gone = false;
    const lose = (e: Error) => {
      if (gone) return;
      gone = true;
      const job = this.busy.get(w);
      this.busy.delete(w);
      if (job) this.runningCount[job.ticket.priority]--;
      this.all.splice(this.all.indexOf(w), 1);
      const idleAt = this.idle.indexOf(w);
      if (idleAt >= 0) this.idle.splice(idleAt, 1);
      job?.reject(e);
      if (!this.closed) {
        this.spawn();
        this.pump();
      }
    };
    w.on('message', (m: { ok: boolean; move?: unknown; message?: string }) => {
      const job = this.busy.get(w);
      this.busy.delete(w);
      this.idle.push(w);
      if (job) this.runningCount[job.ticket.priority]--;
      if (job && m.ok) job.resolve(m.move);
      else if (job) job.reject(new Error(m.message));
      this.pump();
    });
    w.on('error', (e) => lose(e));
    w.on('exit', (code) => lose(new Error(`A bot worker stopped (exit code ${code}).`)));
    w.unref();
    this.all.push(w);
    this.idle.push(w);
  }

  /** Workers alive now (for tests and metrics). */
  get size(): number {
    return this.inline ? this.workers : this.all.length;
  }

  /** Stops one worker as a crash would (for tests). */
  async crashOne(): Promise<void> {
    await this.all[0]?.terminate();
  }

  /** What the pool is doing now. */
  stats(): BotPoolStats {
    const running = { ...this.runningCount };
    const queued = { ...this.queuedCount };
    const total = running.people + running.bots + queued.people + queued.bots;
    return {
      workers: this.workers,
      running,
      queued,
      load: total / this.workers,
      peopleTablesPlaying: this.peoplePlaying(this.now()),
    };
  }

  /** Jobs running and queued per worker (see `BotPoolStats.load`). */
  load(): number {
    return this.stats().load;
  }

  /**
   * Thinks `job` when its turn comes. Without a ticket the job is its own table with
   * people (as before tables said which they were).
   */
  think(job: BotJob, ticket?: BotTicket): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('The bot pool is closed.'));
    const order = this.arrivals++;
    let t: BotTicket = ticket ?? { table: `#${order}`, priority: 'people' };
    // FIFO: every job its own table in one lane, so arrival order alone decides.
    if (this.schedule === 'fifo') t = { table: `#${order}`, priority: 'bots' };
    return new Promise((resolve, reject) => {
      const lane = this.lanes[t.priority];
      const queuedAt = this.now();
      if (ticket && t.priority === 'people' && this.schedule === 'fair') {
        // Re-inserted, so the map stays in order of last asking (oldest first).
        this.peopleAsked.delete(t.table);
        this.peopleAsked.set(t.table, queuedAt);
      }
      const waiting: Waiting = { job, ticket: t, queuedAt, order, resolve, reject };
      const jobs = lane.get(t.table);
      if (jobs) jobs.push(waiting);
      else lane.set(t.table, [waiting]);
      this.queuedCount[t.priority]++;
      this.pump();
    });
  }

  private freeSlots(): number {
    return this.inline ? this.workers - this.inlineRunning : this.idle.length;
  }

  /** The next job due: people first, then the table served least recently. */
  private take(): Waiting | undefined {
    for (const priority of ['people', 'bots'] as const) {
      const lane = this.lanes[priority];
      let best: string | undefined;
      let bestServed = Infinity;
      let bestOrder = Infinity;
      for (const [table, jobs] of lane) {
        const served = this.served.get(table) ?? -1;
        if (served < bestServed || (served === bestServed && jobs[0].order < bestOrder)) {
          best = table;
          bestServed = served;
          bestOrder = jobs[0].order;
        }
      }
      if (best === undefined) continue;
      const jobs = lane.get(best)!;
      const next = jobs.shift()!;
      if (jobs.length === 0) lane.delete(best);
      this.queuedCount[priority]--;
      this.served.set(best, ++this.ticks);
      this.forgetLongServed();
      return next;
    }
    return undefined;
  }

  /**
   * Drops service times older than every queued table's: such a table, asking again, is
   * due after the queued tables never served and before the others whether remembered or
   * not (never served sorts first, ties by arrival).
   */
  private forgetLongServed(): void {
    const queuedTables = this.lanes.people.size + this.lanes.bots.size;
    if (this.served.size <= 2 * (queuedTables + this.workers) + 256) return;
    let oldestQueued = Infinity;
    for (const lane of Object.values(this.lanes))
      for (const table of lane.keys()) {
        const tick = this.served.get(table);
        if (tick !== undefined) oldestQueued = Math.min(oldestQueued, tick);
      }
    for (const [table, tick] of this.served)
      if (tick < oldestQueued && !this.lanes.people.has(table) && !this.lanes.bots.has(table))
        this.served.delete(table);
  }

  /** Tables with people playing now: their bots asked within `peopleActiveMs`. */
  private peoplePlaying(now: number): number {
    if (now - this.peopleSweptAt >= 1000) {
      this.peopleSweptAt = now;
      for (const [table, at] of this.peopleAsked) {
        if (now - at < this.peopleActiveMs) break;
        this.peopleAsked.delete(table);
      }
    }
    return this.peopleAsked.size;
  }

  /** The budget `next` thinks with, now that its turn has come. */
  private budget(next: Waiting): number {
    if (this.schedule === 'fifo') return next.job.budgetMs;
    const { priority } = next.ticket;
    const now = this.now();
    // Contenders: this job and those it shares the workers with. A table with people
    // contends only with the other such tables running or queued; a bots-only one with every
    // job, and with every table with people still playing (queued or not: the next move of
    // a person comes soon, and would wait behind it).
    const people = this.runningCount.people + this.queuedCount.people;
    const contenders =
      priority === 'people'
        ? 1 + people
        : 1 +
          this.runningCount.bots +
          this.queuedCount.bots +
          Math.max(people, this.peoplePlaying(now));
    return budgetFor(
      next.job.budgetMs,
      priority,
      now - next.queuedAt,
      contenders,
      this.workers,
      this.floorMs,
    );
  }

  private pump(): void {
    while (!this.closed && this.freeSlots() > 0) {
      const next = this.take();
      if (!next) return;
      const job: BotJob = { ...next.job, budgetMs: this.budget(next) };
      this.runningCount[next.ticket.priority]++;
      if (this.inline) this.runInline(next, job);
      else {
        const w = this.idle.pop()!;
        this.busy.set(w, next);
        w.postMessage(job);
      }
    }
  }

  private runInline(next: Waiting, job: BotJob): void {
    this.inlineRunning++;
    setImmediate(() => {
      this.inlineRunning--;
      this.runningCount[next.ticket.priority]--;
      if (this.closed) return next.reject(new Error('The bot pool is closed.'));
      try {
        next.resolve(chooseBotMove(job));
      } catch (e) {
        next.reject(e as Error);
      }
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const lane of Object.values(this.lanes)) {
      for (const jobs of lane.values())
        for (const q of jobs) q.reject(new Error('The bot pool is closed.'));
      lane.clear();
    }
    this.queuedCount.people = this.queuedCount.bots = 0;
    await Promise.all([...this.all].map((w) => w.terminate()));
  }
}
