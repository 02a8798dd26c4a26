import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { chooseBotMove, type BotJob } from './bot-job.js';

interface Waiting {
  readonly job: BotJob;
  resolve(move: unknown): void;
  reject(e: Error): void;
}

/**
 * Bots think here, off the main event loop: a pool of worker threads, one job each at a
 * time. (Run from TypeScript sources, as in the unit tests, the pool thinks in-thread.)
 */
export class BotPool {
  private readonly idle: Worker[] = [];
  private readonly all: Worker[] = [];
  private readonly queue: Waiting[] = [];
  private readonly busy = new Map<Worker, Waiting>();
  private readonly inline: boolean;
  private closed = false;

  private readonly url = new URL('./bot-worker.js', import.meta.url);

  constructor(size = Math.max(1, availableParallelism() - 1)) {
    this.inline = !existsSync(fileURLToPath(this.url));
    if (this.inline) return;
    for (let i = 0; i < size; i++) this.spawn();
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
    return this.all.length;
  }

  /** Stops one worker as a crash would (for tests). */
  async crashOne(): Promise<void> {
    await this.all[0]?.terminate();
  }

  think(job: BotJob): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('The bot pool is closed.'));
    if (this.inline)
      return new Promise((resolve, reject) =>
        setImmediate(() => {
          try {
            resolve(chooseBotMove(job));
          } catch (e) {
            reject(e as Error);
          }
        }),
      );
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.idle.length && this.queue.length) {
      const w = this.idle.pop()!;
      const next = this.queue.shift()!;
      this.busy.set(w, next);
      w.postMessage(next.job);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const q of this.queue.splice(0)) q.reject(new Error('The bot pool is closed.'));
    await Promise.all([...this.all].map((w) => w.terminate()));
  }
}
