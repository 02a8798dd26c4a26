/**
 * Root-parallel search in worker threads (Node only: import `@boss-table/core/threads`; the
 * browser build never loads this module). A searching bot's decision is searched at once
 * by this thread and `threads − 1` workers, each with its own generator and the same
 * deadline (or the same iteration count, if the bot's budget counts iterations); the root
 * statistics are summed (`mergeSearchResults`) and the move chosen from the sums.
 *
 * `chooseMove` stays synchronous (the drivers call bots synchronously): this thread runs its
 * own share of the search, then blocks on a shared counter (`Atomics.wait`) until every
 * worker has posted its statistics, and reads them with `receiveMessageOnPort`.
 *
 * Generic: a worker makes its copy of the bot from a `BotRecipe` (a module, an export and
 * its arguments), so core names no game.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  MessageChannel,
  receiveMessageOnPort,
  Worker,
  type MessagePort,
} from 'node:worker_threads';
import type { Appraisal, Bot, BotContext } from './bot.js';
import { mergeSearchResults, type SearchResult } from './ismcts.js';
import { Rng } from './rng.js';

/**
 * How a worker thread makes the same bot: `import(module)[exportName](...args)`, which
 * returns the bot (or a `Result` holding it). Arguments must survive `postMessage`.
 */
export interface BotRecipe {
  /** A module specifier a worker can import: a `file:` URL, or a package name. */
  readonly module: string;
  readonly exportName: string;
  readonly args: readonly unknown[];
}

/** A job for a search worker: one decision, its seed and its time. */
export interface SearchJob {
  readonly id: number;
  /** `search`: the bot's root search; `appraise`: `played` and `best` measured alone. */
  readonly kind: 'search' | 'appraise';
  readonly view: unknown;
  readonly seed: string;
  /** Time the worker may take, in ms from when it starts (its clock is its own). */
  readonly ms: number;
  readonly played?: unknown;
  readonly best?: unknown;
}

export type SearchReply =
  | { readonly id: number; readonly ok: true; readonly result: unknown }
  | { readonly id: number; readonly ok: false; readonly message: string };

/** A bot that searches each decision on several threads; `close` ends its workers. */
export interface ParallelBot<View = unknown, Move = unknown> extends Bot<View, Move> {
  readonly threads: number;
  /** The last decision's merged statistics (for tests and benchmarks). */
  readonly lastSearch: SearchResult<Move> | undefined;
  /** How many threads' statistics it summed (fewer than `threads` if a worker was late). */
  readonly lastThreads: number;
  close(): Promise<void>;
}

/** How long after the deadline this thread waits for a late worker before going on without it. */
const GRACE_MS = 1_000;

/**
 * The worker's script beside this module, or the built one when this module runs from the
 * sources (tests that load the TypeScript: a worker thread runs only built JavaScript).
 */
function workerScript(): URL {
  const beside = new URL('./threads-worker.js', import.meta.url);
  return existsSync(fileURLToPath(beside))
    ? beside
    : new URL('../dist/threads-worker.js', import.meta.url);
}

interface SearchWorker {
  readonly worker: Worker;
  readonly port: MessagePort;
}

/**
 * `bot` searching with `threads` threads in all (this one and `threads − 1` workers, each
 * making its bot from `recipe`, which must make the same bot). With one thread, or for a bot
 * without `searchRoot`, it is `bot` itself. Workers start at once and do not keep the
 * process alive; `close()` ends them.
 *
 * The threads' seeds are drawn from the context's generator, so a search whose budget counts
 * iterations gives the same move for the same seed; a time budget does not (each thread
 * does what it can in the time).
 */
export function parallelBot<View, Move>(
  bot: Bot<View, Move>,
  recipe: BotRecipe,
  threads: number,
): ParallelBot<View, Move> {
  if (!Number.isInteger(threads) || threads < 1)
    throw new Error(`Threads must be a whole number from 1, not ${threads}.`);
  const searchRoot = bot.searchRoot?.bind(bot);
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const workers: SearchWorker[] = [];
  if (searchRoot)
    for (let i = 1; i < threads; i++) {
      const { port1, port2 } = new MessageChannel();
      const worker = new Worker(workerScript(), {
        workerData: { recipe, port: port2, signal },
        transferList: [port2],
      });
      worker.unref();
      port1.unref();
      const entry = { worker, port: port1 };
      workers.push(entry);
      // A worker that fails (say, its recipe makes no bot) or ends is left out from the
      // next decision on; its failure is not the process's.
      const drop = () => {
        const at = workers.indexOf(entry);
        if (at >= 0) workers.splice(at, 1);
        port1.close();
      };
      worker.on('error', drop);
      worker.on('exit', drop);
    }
  let nextId = 0;
  let last: SearchResult<Move> | undefined;
  let lastThreads = 0;

  /**
   * Runs one job on every thread, this one (`here`) included, each with its own seed drawn
   * from `rng`, and returns the answers in thread order (so that a fixed seed and iteration
   * counts give one sum); a worker that has not answered by the deadline and a grace is left
   * out. A worker posts, then bumps the shared counter: the counter is read before the ports
   * are drained, so an answer posted after the drain wakes the wait at once.
   */
  function fanOut<T>(
    job: Omit<SearchJob, 'id' | 'seed' | 'ms'>,
    ctx: BotContext,
    here: (ctx: BotContext) => T,
  ): T[] {
    const id = ++nextId;
    const seeds = Array.from({ length: workers.length + 1 }, () => ctx.rng.deriveSeed());
    const ms = Math.max(0, ctx.deadline - performance.now());
    workers.forEach(({ worker }, i) => {
      worker.postMessage({ ...job, id, seed: seeds[i + 1], ms } satisfies SearchJob);
    });
    const own = here({ rng: Rng.fromSeed(seeds[0]), deadline: ctx.deadline });
    const replies: (T | undefined)[] = workers.map(() => undefined);
    const waitUntil = Math.max(ctx.deadline, performance.now()) + GRACE_MS;
    for (let missing = workers.length; missing > 0;) {
      const seen = Atomics.load(signal, 0);
      workers.forEach(({ port }, i) => {
        for (let m = receiveMessageOnPort(port); m; m = receiveMessageOnPort(port)) {
          const reply = m.message as SearchReply;
          if (reply.id !== id) continue; // a late answer to an earlier job
          if (!reply.ok) throw new Error(`A search thread failed: ${reply.message}`);
          replies[i] = reply.result as T;
          missing--;
        }
      });
      const left = waitUntil - performance.now();
      if (missing === 0 || left <= 0) break;
      Atomics.wait(signal, 0, seen, left);
    }
    return [own, ...replies.filter((r): r is T => r !== undefined)];
  }

  const chooseMove = (view: View, ctx: BotContext): Move => {
    if (!searchRoot || workers.length === 0) return bot.chooseMove(view, ctx);
    const results = fanOut({ kind: 'search', view }, ctx, (c) => searchRoot(view, c));
    last = mergeSearchResults(results as SearchResult<Move>[]);
    lastThreads = results.length;
    return last.move;
  };

  const appraise = bot.appraise?.bind(bot);
  const parallel: ParallelBot<View, Move> = {
    name: bot.name,
    threads: searchRoot ? threads : 1,
    get lastSearch() {
      return last;
    },
    get lastThreads() {
      return lastThreads;
    },
    chooseMove,
    ...(appraise
      ? {
          /**
           * The search's choice by the root-parallel search, then the choice and the move
           * played each measured alone on every thread (`appraise` given the choice), their
           * playouts summed: a move's chance is the mean over all threads' playouts.
           */
          appraise(view: View, ctx: BotContext, played: Move): Appraisal<Move> {
            if (!searchRoot || workers.length === 0) return appraise(view, ctx, played);
            const best = chooseMove(view, ctx);
            const all = fanOut({ kind: 'appraise', view, played, best }, ctx, (c) =>
              appraise(view, c, played, best),
            ) as Appraisal<Move>[];
            return mergeAppraisals(all, best);
          },
        }
      : {}),
    async close() {
      const all = workers.splice(0);
      await Promise.all(all.map(({ worker }) => worker.terminate()));
      for (const { port } of all) port.close();
    },
  };
  return parallel;
}

/** Appraisals of the same moves summed: each move's chance weighted by its playouts. */
export function mergeAppraisals<Move>(
  all: readonly Appraisal<Move>[],
  best: Move,
): Appraisal<Move> {
  const index = new Map<string, { move: Move; visits: number; won: number }>();
  for (const a of all)
    for (const m of a.moves) {
      const key = JSON.stringify(m.move);
      const sum = index.get(key) ?? { move: m.move, visits: 0, won: 0 };
      sum.visits += m.visits;
      sum.won += m.winChance * m.visits;
      index.set(key, sum);
    }
  const moves = [...index.values()].map(({ move, visits, won }) => ({
    move,
    winChance: visits > 0 ? won / visits : 0,
    visits,
  }));
  return {
    best: moves.find((m) => JSON.stringify(m.move) === JSON.stringify(best))?.move ?? best,
    moves,
  };
}
