import { RequestError } from './validate.js';

/** Password hashes computed at once, at most (each holds a core and 32 MiB for ~0.1 s). */
export const HASHES_AT_ONCE = 2;
/** Hashes waiting their turn, at most; past them a sign-in is answered 503 at once. */
export const HASH_QUEUE = 16;
/** What a refused sign-in is told to wait (`Retry-After`, seconds). */
export const HASH_RETRY_SECONDS = 2;

/**
 * A bound on the password hashes (scrypt) a node computes at once, with a short queue: a
 * crowd of sign-ins from a few addresses cannot keep a normal one waiting for seconds, nor
 * fill the thread pool that file and database work share. Past the queue a request is
 * refused at once with 503 and `Retry-After`, before any hash is computed.
 */
export class HashGate {
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly atOnce = HASHES_AT_ONCE,
    private readonly queueMax = HASH_QUEUE,
  ) {}

  /** Whether a request would be refused now (nothing is reserved). */
  full(): boolean {
    return this.running >= this.atOnce && this.queue.length >= this.queueMax;
  }

  /** Runs `fn` when a slot is free; a `RequestError` 503 if the queue is full. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running >= this.atOnce) {
      if (this.queue.length >= this.queueMax)
        throw new RequestError(
          503,
          'busy',
          'Too many sign-ins right now; try again in a few seconds.',
          HASH_RETRY_SECONDS,
        );
      await new Promise<void>((go) => this.queue.push(go));
    } else this.running++;
    try {
      return await fn();
    } finally {
      // The slot passes straight to the next in line (`running` stays counted).
      const next = this.queue.shift();
      if (next) next();
      else this.running--;
    }
  }
}
