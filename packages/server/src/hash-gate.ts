// Caps concurrent password hashing, with a short queue and per-address share; past them, a quick 503.
import { RequestError } from './validate.js';

/** Password hashes computed at once, at most (each holds a core and 32 MiB for ~0.1 s). */
export const HASHES_AT_ONCE = 2;
/** Hashes waiting their turn, at most; past them a sign-in is answered 503 at once. */
export const HASH_QUEUE = 16;
/** Hashes one address may have running or waiting at once: a few addresses cannot fill the queue. */
export const HASHES_PER_ADDRESS = 4;
/** What a refused sign-in is told to wait (`Retry-After`, seconds). */
export const HASH_RETRY_SECONDS = 2;

/**
 * A bound on the password hashes (scrypt) a node computes at once, with a short queue: a
 * crowd of sign-ins from a few addresses cannot keep a normal one waiting for seconds, nor
 * fill the thread pool that file and database work share. One address holds at most a few
 * places, running or waiting, so that a crowd from a few addresses leaves room for everyone
 * else. Past the queue, or past its address's share, a request is refused at once with 503
 * and `Retry-After`, before any hash is computed.
 */
export class HashGate {
  private running = 0;
  private readonly queue: (() => void)[] = [];
  /** Places held (running or waiting) by address. */
  private readonly held = new Map<string, number>();

  constructor(
    private readonly atOnce = HASHES_AT_ONCE,
    private readonly queueMax = HASH_QUEUE,
    private readonly perAddress = HASHES_PER_ADDRESS,
  ) {}

  /** Runs `fn` when a slot is free; a `RequestError` 503 if the queue or the address's share is full. */
  async run<T>(address: string, fn: () => Promise<T>): Promise<T> {
    const mine = this.held.get(address) ?? 0;
    if (
      mine >= this.perAddress ||
      (this.running >= this.atOnce && this.queue.length >= this.queueMax)
    )
      throw new RequestError(
        503,
        'busy',
        'Too many sign-ins right now; try again in a few seconds.',
        HASH_RETRY_SECONDS,
      );
    this.held.set(address, mine + 1);
    try {
      if (this.running >= this.atOnce) await new Promise<void>((go) => this.queue.push(go));
      else this.running++;
      try {
        return await fn();
      } finally {
        // The slot passes straight to the next in line (`running` stays counted).
        const next = this.queue.shift();
        if (next) next();
        else this.running--;
      }
    } finally {
      const left = (this.held.get(address) ?? 1) - 1;
      if (left > 0) this.held.set(address, left);
      else this.held.delete(address);
    }
  }
}
