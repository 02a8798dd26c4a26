// Per-address limits on one node: POST rate and caps on bots-only and open tables, plus the token bucket.
import { RequestError } from './validate.js';

/** A token bucket: `rate` a second on average, bursts of `burst`. */
export class Bucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly rate: number,
    private readonly burst: number,
    now = Date.now(),
  ) {
    this.tokens = burst;
    this.at = now;
  }

  /** Takes one token if there is one. */
  take(now = Date.now()): boolean {
    this.refill(now);
    if (this.tokens < 1) return false;
    this.tokens--;
    return true;
  }

  /** Full again: nothing to remember. */
  full(now = Date.now()): boolean {
    this.refill(now);
    return this.tokens >= this.burst;
  }

  private refill(now: number): void {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.rate);
    this.at = now;
  }
}

export interface AddressLimitOptions {
  /** POST requests one address may make per second on average, bursts of 30 times as many; 0: no limit. */
  readonly postsPerSecond: number;
  /**
   * Tables running with no person there that one address may have at once: tables of bots
   * only, and tables whose every human seat is unconnected or stood in for (a seat the
   * creator took and left); 0: no limit.
   */
  readonly botTablesPerAddress: number;
  /** Tables waiting for players that one address may have open at once; 0: no limit. */
  readonly openTablesPerAddress: number;
}

/**
 * What one address may ask for: POST requests by rate, and how many bots-only and open
 * tables it may have at once (each bots-only table keeps the bot workers busy, each open
 * table stays in memory until it fills or expires). Counted in this process
 * (`AddressLimits`) on one node, in the database shared by the nodes on a cluster
 * (`SharedAddressLimits` in `shared-limits.ts`), so that an address gets them once whichever
 * nodes a balancer sends it to.
 */
export interface AddressLimiter {
  /** One more POST from the address; a 429 past its rate. */
  post(address: string): Promise<void>;
  /**
   * Counts the new table `id` as the address's; a 429 (and nothing counted) past its caps.
   * `withBots`: the table has a bot seat (`botsOnly`: nothing else).
   */
  reserveTable(address: string, id: string, botsOnly: boolean, withBots?: boolean): Promise<void>;
  /** Forgets what no longer limits anyone (called now and then). */
  sweep(): Promise<void>;
}

export const tooManyPosts = (rate: number) =>
  new RequestError(
    429,
    'rate-limited',
    `Too many requests: at most ${rate} a second from one address.`,
  );

export const tooManyTables = (botsOnly: boolean, cap: number) =>
  botsOnly
    ? new RequestError(
        429,
        'too-many-bot-tables',
        `At most ${cap} games with nobody at them (bots only, or seats left to stand-ins) may run at once from one address; wait for one to end.`,
      )
    : new RequestError(
        429,
        'too-many-open-tables',
        `At most ${cap} tables waiting for players may be open at once from one address.`,
      );

/** What the address limits ask of a table in memory. */
export interface TableLook {
  readonly status: string;
  /** Running with nobody at it: no human seat is connected (a stand-in plays any). */
  readonly unattended: boolean;
}

/** The address limits of one process, in its memory. */
export class AddressLimits implements AddressLimiter {
  private readonly posts = new Map<string, Bucket>();
  /** Every table an address made that still runs (or may): counted when nobody is at it. */
  private readonly botTables = new Map<string, Set<string>>();
  private readonly openTables = new Map<string, Set<string>>();

  constructor(
    private readonly opts: AddressLimitOptions,
    /** A table by id (undefined once it is gone from memory). */
    private readonly lookOf: (id: string) => TableLook | undefined,
  ) {}

  async post(address: string): Promise<void> {
    const rate = this.opts.postsPerSecond;
    if (rate <= 0) return;
    let b = this.posts.get(address);
    if (!b) this.posts.set(address, (b = new Bucket(rate, rate * 30)));
    if (!b.take()) throw tooManyPosts(rate);
  }

  private live(set: Set<string> | undefined, status: string): number {
    if (!set) return 0;
    for (const id of set) if (this.lookOf(id)?.status !== status) set.delete(id);
    return set.size;
  }

  /** The address's tables running with nobody at them (forgetting those over or gone). */
  private unattended(set: Set<string> | undefined): number {
    if (!set) return 0;
    let n = 0;
    for (const id of set) {
      const look = this.lookOf(id);
      if (!look || (look.status !== 'open' && look.status !== 'running')) set.delete(id);
      else if (look.status === 'running' && look.unattended) n++;
    }
    return n;
  }

  // The table is in memory (its status known) before anything else runs in this process:
  // the storage's write in between answers at once (SQLite). A new table with a bot seat
  // waits while the address has its cap of tables running with nobody at them: a table the
  // creator joined and left runs its bots and stand-ins like a table of bots only.
  async reserveTable(
    address: string,
    id: string,
    botsOnly: boolean,
    withBots = botsOnly,
  ): Promise<void> {
    const botCap = this.opts.botTablesPerAddress;
    if (withBots && botCap > 0 && this.unattended(this.botTables.get(address)) >= botCap)
      throw tooManyTables(true, botCap);
    const openCap = this.opts.openTablesPerAddress;
    if (!botsOnly && openCap > 0 && this.live(this.openTables.get(address), 'open') >= openCap)
      throw tooManyTables(false, openCap);
    for (const map of botsOnly ? [this.botTables] : [this.botTables, this.openTables]) {
      let set = map.get(address);
      if (!set) map.set(address, (set = new Set()));
      set.add(id);
    }
  }

  async sweep(): Promise<void> {
    for (const [a, b] of this.posts) if (b.full()) this.posts.delete(a);
    for (const [a, set] of this.openTables)
      if (this.live(set, 'open') === 0) this.openTables.delete(a);
    for (const [a, set] of this.botTables) {
      this.unattended(set);
      if (set.size === 0) this.botTables.delete(a);
    }
  }
}

/** `name`, or `name (2)`, `name (3)`… when another seat of the table carries it already. */
export function uniqueName(name: string, taken: readonly (string | undefined)[]): string {
  const used = new Set(taken.filter((n) => n !== undefined).map((n) => n.toLowerCase()));
  if (!used.has(name.toLowerCase())) return name;
  for (let k = 2; ; k++) {
    const candidate = `${name.slice(0, 34)} (${k})`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}
