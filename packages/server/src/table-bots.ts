// The bots of a table: which bot plays each seat, asking them through the bot pool, and storing their answers and the clocks that fall due.
import {
  Rng,
  type AnyGame,
  type BotRequest,
  type Driver,
  type DriverError,
  type PreparedMove,
  type Seat,
} from '@boss-table/core';
import { botKinds } from '@boss-table/games/bots';
import type { BotPool } from './bot-pool.js';
import { isOutage, type StorageHealth } from './health.js';
import type { Logger } from './log.js';
import type { Metrics } from './metrics.js';
import { MoveRefused } from './move-refused.js';
import { LeaseLost, SeqTaken, type StoredTable } from './storage.js';
import type { StandIn } from './table-presence.js';

/** What the bots need of their table (`LiveTable` is one). */
export interface BotHost {
  readonly id: string;
  readonly game: AnyGame;
  readonly stored: StoredTable;
  readonly state: unknown;
  readonly driver: Driver | null;
  /** The table runs here: not closing, running, with a driver. */
  readonly live: boolean;
  /** A move is being stored: the driver is asked nothing until it is taken. */
  readonly storing: boolean;
  /** Seats a bot plays while their person is away. */
  readonly standIns: ReadonlyMap<Seat, StandIn>;
  /** Whether the node reaches its database: while it does not, no bot is asked. */
  readonly health: StorageHealth;
  readonly deps: {
    readonly bots: BotPool;
    readonly log: Logger;
    readonly metrics: Metrics;
  };
  /** Runs a change in the table's queue. */
  run<T>(change: () => Promise<T> | T): Promise<T>;
  /** Stores a move the driver prepared and tells it (the table's take path). */
  commit(prepared: PreparedMove, standIn?: StandIn, auto?: boolean): Promise<void>;
  /** Lets bots move, and arms the clocks and the grace period again. */
  schedule(): void;
  /** Takes in the moves other nodes committed. */
  follow(): Promise<void>;
}

/**
 * A table's bots. Who acts next is core's `Driver`: it says which bots to ask (each
 * `BotRequest` goes to the bot pool), holds their answers until their time, and runs the
 * rules' clocks; these are stored through the table's take path, one at a time.
 */
export class TableBots {
  /** The bot each seat was handed to in the driver (null: a person). */
  private readonly assigned: (string | null)[];
  /** Seats whose turn timed out: a stand-in plays that one turn. */
  private readonly timedOutSeats = new Set<Seat>();
  /** Why a bot plays, by the request it was asked with (for the move's frames). */
  private readonly reasons = new WeakMap<BotRequest, StandIn>();
  /** The driver was not asked while a move was being stored: ask it once that is done. */
  private askAfterStore = false;
  private wakeHandle: NodeJS.Timeout | null = null;
  /** Bot or clock moves that failed to store in a row: the wait before the next try doubles. */
  private failures = 0;
  /** No bot is asked and no clock stored before this time (ms), after a failure to store. */
  private retryAt = 0;

  constructor(private readonly host: BotHost) {
    this.assigned = host.stored.seats.map(() => null);
  }

  /** The stand-in bot: the game's heuristic, else a random player. */
  standInSpec(): string {
    return 'heuristic' in botKinds(this.host.game.id) ? 'heuristic' : 'random';
  }

  /** The bot that plays `seat` now (a bot seat's, a stand-in), or null for a person. */
  botFor(seat: Seat): string | null {
    const stored = this.host.stored.seats[seat];
    if (stored.kind === 'bot') return stored.bot ?? this.standInSpec();
    return this.host.standIns.has(seat) || this.timedOutSeats.has(seat) ? this.standInSpec() : null;
  }

  /** Hands each seat whose player changed to its bot, or back to its person, in the driver. */
  sync(): void {
    const driver = this.host.driver;
    if (!driver) return;
    for (let seat = 0; seat < this.assigned.length; seat++) {
      const bot = this.botFor(seat);
      if (bot === this.assigned[seat]) continue;
      this.assigned[seat] = bot;
      driver.setBot(seat, bot === null ? null : { name: bot });
    }
  }

  /** A new driver: every seat is handed to its player again. */
  reset(): void {
    this.assigned.fill(null);
    this.sync();
  }

  /** A move was taken: a timed-out turn's stand-in played that turn only. */
  turnPlayed(): void {
    if (this.timedOutSeats.size === 0) return;
    this.timedOutSeats.clear();
    this.sync();
  }

  /**
   * The table's turn timer ran out for `seat` (the driver tells, as it works out what is
   * due): a stand-in plays that turn; it is asked once the driver is asked next.
   */
  timedOut(seat: Seat): void {
    if (this.botFor(seat) !== null) return; // already played by a bot
    this.timedOutSeats.add(seat);
    this.sync();
  }

  /** This node lets the table's bots go (another holds its lease). */
  letGo(): void {
    this.timedOutSeats.clear();
    this.stop();
  }

  stop(): void {
    if (this.wakeHandle) clearTimeout(this.wakeHandle);
    this.wakeHandle = null;
  }

  /** A move failed to store: the driver is asked again if it was held back meanwhile. */
  storeFailed(): void {
    if (this.askAfterStore) this.ask();
  }

  /**
   * Asks the driver who acts next: each bot it names is asked (`think`) and the driver's
   * timer is kept for its `wakeAt` (a held answer or a clock falls due).
   */
  ask(): void {
    const driver = this.host.driver;
    if (!this.host.live || !driver) return;
    if (this.host.storing) {
      this.askAfterStore = true;
      return;
    }
    this.askAfterStore = false;
    // After a failure to store, or while the database is out of reach: nothing is asked (a
    // bot's thinking would be wasted) until the back-off ends; the end of an outage asks at once.
    const wait = this.host.health.down
      ? this.host.health.retryMs
      : Math.max(0, this.retryAt - Date.now());
    if (wait > 0) return this.later(wait);
    const due = driver.next(Date.now());
    for (const request of due.ask) this.think(request);
    this.stop();
    if (due.wakeAt !== null) {
      this.wakeHandle = setTimeout(
        () => void this.wake().catch(() => undefined),
        Math.max(0, due.wakeAt - Date.now()),
      );
      this.wakeHandle.unref();
    }
  }

  /** Asks the driver again in `ms` (a back-off), and not before. */
  private later(ms: number): void {
    this.stop();
    this.wakeHandle = setTimeout(() => this.ask(), ms);
    this.wakeHandle.unref();
  }

  /**
   * A bot's or clock's move was not stored (not for the lease or a seq taken): the next try
   * waits, twice as long after each failure in a row (250 ms up to 5 s). An outage is the
   * node's to log, once (`StorageHealth`); anything else is logged here.
   */
  private notStored(e: unknown, what: string, seat?: Seat): void {
    const host = this.host;
    this.failures++;
    this.retryAt = Date.now() + Math.min(5000, 250 * 2 ** Math.min(this.failures - 1, 5));
    if (isOutage(e) || host.health.down) return host.health.failed(e);
    host.deps.log.error(what, {
      table: host.id,
      ...(seat !== undefined ? { seat } : {}),
      code: e instanceof MoveRefused ? e.code : 'internal',
    });
  }

  /** A bot's or clock's move was stored: the back-off ends. */
  private stored(): void {
    this.failures = 0;
    this.retryAt = 0;
  }

  /**
   * The driver's timer: held bot answers and the rules' clocks that fall due are applied,
   * one stored move at a time.
   */
  private wake(): Promise<void> {
    const host = this.host;
    return host.run(async () => {
      for (;;) {
        const driver = host.driver;
        if (!host.live || !driver) return;
        let due;
        try {
          due = driver.prepareWake(Date.now());
        } catch {
          // The rules' own expiry move refused: a bug of the game; the table stops waiting
          // on that clock rather than looping (its sentence may name cards: not logged).
          host.deps.log.error('a clock expiry move was refused', { table: host.id });
          return;
        }
        if (!due.ok) return this.refusedBot(due.error);
        if (!due.value) return this.ask();
        const request = due.value.request;
        const reason = request ? this.reasons.get(request) : undefined;
        try {
          await host.commit(due.value, reason, true);
          this.stored();
        } catch (e) {
          if (this.settledElsewhere(e)) return;
          // Tried again after a back-off until stored (or the lease is lost): a clock whose
          // expiry could not be stored must not leave the table still.
          this.notStored(
            e,
            request ? 'bot move not played' : 'clock move not stored',
            request?.seat,
          );
          return host.schedule();
        }
      }
    });
  }

  /** Why a bot plays `seat` now, if it stands in for a person. */
  private reasonFor(seat: Seat): StandIn | undefined {
    return this.timedOutSeats.has(seat) ? 'timeout' : this.host.standIns.get(seat);
  }

  /**
   * Has the bot pool answer a driver's request for `seat`, from that seat's view only, with
   * the driver's seed for the seat. The driver applies the answer at its time: in an open
   * window at a delay drawn from the table's seed, not from the bot's hand or its thinking
   * time, so its speed tells nobody what it holds. It may also answer "wait" (null), and is
   * asked again after the next change.
   */
  private think(request: BotRequest): void {
    const host = this.host;
    const { seat } = request;
    const spec = this.botFor(seat) ?? this.standInSpec();
    const reason = this.reasonFor(seat);
    if (reason) this.reasons.set(request, reason);
    // Tables take turns in the pool, and one with a person at it goes before bots-only ones.
    const priority = host.stored.seats.some((s) => s.kind !== 'bot') ? 'people' : 'bots';
    const asked = performance.now();
    host.deps.bots
      .think(
        {
          gameId: host.game.id,
          spec,
          view: request.view,
          seed: request.seed,
          budgetMs: request.budgetMs,
        },
        { table: host.id, priority },
      )
      .then(
        (move) => {
          host.deps.metrics.observeBot(priority, (performance.now() - asked) / 1000);
          return host.run(() => this.answered(request, move, false));
        },
        (e: Error) => {
          host.deps.log.error('bot failed; playing a random move', {
            table: host.id,
            seat,
            error: e.message,
          });
          return host.run(() => {
            const driver = host.driver;
            if (!host.live || !driver) return;
            // In its place, a random legal move (built on the state it was asked on).
            const random =
              request.n === driver.moves.length
                ? (host.game.randomMove(host.state, seat, Rng.fromSeed(request.seed)) ?? null)
                : null;
            return this.answered(request, random, true);
          });
        },
      )
      .catch(() => undefined);
  }

  /** A bot's answer arrived: the driver applies it now, holds it, or drops it. */
  private async answered(request: BotRequest, move: unknown, random: boolean): Promise<void> {
    const driver = this.host.driver;
    if (!this.host.live || !driver) return;
    const due = driver.prepareAnswer(request, move, Date.now());
    if (!due.ok) return this.refusedBot(due.error, random);
    if (!due.value) return random ? this.host.schedule() : this.ask();
    if (!(await this.commitBot(due.value, this.reasons.get(request)))) this.host.schedule();
  }

  /**
   * A bot's move the rules refused (its error may name its own cards: not logged) falls back
   * to a random legal move; if that fails too, the seat is asked again.
   */
  private async refusedBot(error: DriverError, random = false): Promise<void> {
    const host = this.host;
    const driver = host.driver!;
    const seat = error.seat!;
    host.deps.log.error('bot move not played', { table: host.id, seat, code: 'illegal-move' });
    const reason = this.reasonFor(seat);
    const fallback = random
      ? undefined
      : host.game.randomMove(host.state, seat, Rng.fromSeed(driver.seedFor(seat)));
    const prepared = fallback === undefined ? null : driver.prepare(seat, fallback, Date.now());
    if (!prepared?.ok) {
      if (prepared)
        host.deps.log.error('bot move not played', { table: host.id, seat, code: 'illegal-move' });
      return host.schedule();
    }
    if (!(await this.commitBot(prepared.value, reason))) host.schedule();
  }

  /**
   * A bot's or clock's move another node decided (its move took the seq first: the table
   * follows it; the lease went: the new holder plays on). True when so.
   */
  private settledElsewhere(e: unknown): boolean {
    if (e instanceof SeqTaken) {
      void this.host.follow().catch(() => undefined);
      return true;
    }
    return e instanceof LeaseLost;
  }

  /** Stores a bot's move; false (logged) if it was not. */
  private async commitBot(prepared: PreparedMove, standIn?: StandIn): Promise<boolean> {
    const started = performance.now();
    try {
      await this.host.commit(prepared, standIn, true);
      this.stored();
      this.host.deps.metrics.observeMove((performance.now() - started) / 1000);
      return true;
    } catch (e) {
      if (this.settledElsewhere(e)) return true;
      this.notStored(e, 'bot move not played', prepared.move.actor);
      return false;
    }
  }
}
