// A table in memory: the one ordered queue through which every change passes, and the take path that stores a move and hands it to fan-out, clocks and presence.
import {
  CLOCK,
  Driver,
  type AnyGame,
  type ClockSpec,
  type ClockTime,
  type Emitted,
  type PreparedMove,
  type Seat,
} from '@boss-table/core';
import type { ClockState, PublicSeat, TimerState } from '@boss-table/protocol';
import { isOutage, StorageHealth } from './health.js';
import { LeaseLost, SeqTaken, type CommittedMove, type StoredTable } from './storage.js';
import { TableBots } from './table-bots.js';
import { Timekeeper, type SavedClocks } from './table-clocks.js';
import type { TableDeps } from './table-deps.js';
import { Follower } from './table-follow.js';
import { Frames } from './table-frames.js';
import { judgeMove } from './table-intake.js';
import { Presence, type Conn, type StandIn } from './table-presence.js';
import { TableViews } from './table-views.js';

export type { Conn, StandIn } from './table-presence.js';
export { CLOSE_EXPIRED, type TableCluster, type TableDeps } from './table-deps.js';
export { MoveRefused } from './move-refused.js';

/**
 * After a crash, a clock that was running keeps its deadline, but at least this long. Not on
 * a cluster: there the game goes on elsewhere, and a node taking a table over (or loading it
 * to follow) keeps the deadlines the other nodes tell.
 */
const RESTART_FLOOR_MS = 5000;
/**
 * In an open window a bot's answer lands this long after it was asked, drawn by the driver
 * (from the table's seed, never from the bot's hand or its thinking time).
 */
const OPEN_BOT_DELAY_MS: readonly [number, number] = [400, 2500];

/** How a person's move is played: its `id` (a resend answers with its ack), its stand-in, its ack. */
export interface PlayOptions {
  readonly id?: string;
  readonly standIn?: StandIn;
  /** Called with the move's number in its seat's frames once stored, before anyone is told. */
  readonly onCommitted?: (seq: number) => void;
}

/** On a cluster: how many times a move is judged again after losing its seq to another node. */
const MAX_SEQ_RACES = 8;

/**
 * A table in memory: its stored record, the game state rebuilt from its moves, its sockets.
 * Every change (a move, a clock's expiry, a bot's answer, a claim) goes through one ordered
 * queue (`run`), so the order of changes never depends on how long storage takes; and every
 * move, a person's, a bot's, a clock's or one another node committed, goes through one take
 * path: stored (`commit`, one transaction), taken by the driver, then handed in order to the
 * frames (`Frames`), the viewers (`TableViews`), the clocks (`TableClocks`), the bots
 * (`TableBots`) and presence (`Presence`) (`told`). docs/architecture.md draws the parts.
 *
 * Who acts next is core's `Driver` (real time) once the table runs: it says which bots to
 * ask, holds their answers until their time, and runs every clock, the rules' and the
 * table's own turn timer alike. A move counts once stored: the driver prepares it, the table
 * stores it, then the driver takes it (`prepare*`, `take`).
 */
export class LiveTable {
  state: unknown;
  /** Every move's events and each viewer's numbering of its frames (fan-out). */
  readonly frames: Frames;
  /** Connections, seats connected elsewhere, stand-ins. */
  private readonly presence: Presence;
  private queue: Promise<unknown> = Promise.resolve();
  /** Who acts next, once the table runs (`start`, `resume`). */
  private driverOf: Driver | null = null;
  /** The bots, asked through the driver. */
  private readonly bots: TableBots;
  /** Every message the table sends, for each viewer's eyes (snapshot, summary, record…). */
  readonly views: TableViews;
  /** What other nodes committed, taken in. */
  private readonly follower: Follower;
  /** A move is being stored: the driver is asked nothing until it is taken. */
  storing = false;
  /** The seq of the move being stored here, if any (its notification needs no reading). */
  storingSeq = 0;
  /** A move another node committed was followed: its row may hold other clocks. */
  private rowUnknown = false;
  /** Every clock (the rules' or the turn timer) as shown, saved and restored. */
  private readonly time: Timekeeper;
  private graceHandle: NodeJS.Timeout | null = null;
  private closed = false;
  /**
   * Whether this process runs the table's bots, clocks and stand-ins: always in one
   * process; on a cluster, while this node holds the table's lease (`setHolder`).
   */
  holder = true;
  /** When something last happened here (a move, a connection coming or going), in ms. */
  lastActivity = Date.now();
  /** Whether the node reaches its database: while it does not, bots and clocks wait. */
  readonly health: StorageHealth;
  private readonly offHealth: () => void;

  constructor(
    readonly stored: StoredTable,
    readonly game: AnyGame,
    readonly deps: TableDeps,
  ) {
    const options = game.parseOptions(stored.options);
    if (!options.ok) throw new Error(`Table ${stored.id}: ${options.error.message}`);
    const setup = game.setup(options.value, stored.seed);
    if (!setup.ok) throw new Error(`Table ${stored.id}: ${setup.error.message}`);
    this.state = setup.value.state;
    this.frames = new Frames(stored.seats.length, setup.value.events);
    this.time = new Timekeeper(game, stored);
    this.health = deps.health ?? new StorageHealth(() => deps.storage.ping(), deps.log);
    // The database is back: bots and clocks that waited for it go on at once. The node's
    // health tells the table service, which tells the tables it holds (a table it dropped
    // is not kept alive by a listener); a table on its own listens to its own.
    this.offHealth = deps.health ? () => undefined : this.health.onBack(() => this.schedule());
    this.presence = new Presence(this);
    this.bots = new TableBots(this);
    this.views = new TableViews(this);
    this.follower = new Follower(this, deps.storage, deps.cluster !== undefined);
  }

  /** The table runs here: not closing, running, with a driver. */
  get live(): boolean {
    return !this.closed && this.stored.status === 'running' && this.driverOf !== null;
  }

  /** Seats a bot plays while their person is away. */
  get standIns(): ReadonlyMap<Seat, StandIn> {
    return this.presence.standIn;
  }

  /** Moves committed (all of them: the table's own numbering). */
  get seq(): number {
    return this.frames.seq;
  }

  /** Events of each move, by sequence number (index 0: setup). */
  get history(): readonly Emitted<unknown>[][] {
    return this.frames.history;
  }

  get moves(): readonly { seat: Seat; move: unknown }[] {
    return this.frames.moves;
  }

  get conns(): Set<Conn> {
    return this.presence.conns;
  }

  /** The driver deciding who acts next; null until the table runs. */
  get driver(): Driver | null {
    return this.driverOf;
  }

  /**
   * The driver, from the state and moves so far, at `now`; `clockTimes`: the rules' clocks
   * as they stood (a restart).
   */
  private startDriver(now: number, clockTimes?: readonly ClockTime[]): void {
    const [low, high] = OPEN_BOT_DELAY_MS;
    this.driverOf = new Driver(
      this.game,
      {
        state: this.state,
        options: this.stored.options,
        seed: this.stored.seed,
        moves: this.moves.map((m) => ({ seat: m.seat, ...(m.move as object) })),
      },
      {
        budgetMs: this.deps.botBudgetMs,
        openDelayMinMs: low,
        openDelayMs: high - low,
        now,
        ...(clockTimes ? { clockTimes } : {}),
        // One clock: the table's turn timer is a clock the driver runs, as the rules' are.
        ...this.time.driverOptions((clock) => this.turnTimedOut(clock)),
      },
    );
    this.bots.reset();
    this.time.noteShown(this.driverOf);
  }

  /** The table's turn timer ran out (told by the driver): a stand-in bot plays the turn. */
  private turnTimedOut(clock: ClockSpec): void {
    const seat = clock.seats[0];
    this.deps.log.info('turn timed out; a bot plays it', { table: this.id, seat });
    this.bots.timedOut(seat);
  }

  get id(): string {
    return this.stored.id;
  }

  /** Runs one change after every change before it; its errors reach the caller only. */
  run<T>(change: () => Promise<T> | T): Promise<T> {
    const next = this.queue.then(change);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** The last number this viewer's frames carry. */
  position(viewer: Seat | null): number {
    return this.frames.position(viewer);
  }

  /** The seat's number just after its own last stored move (0: none yet). */
  ownPosition(seat: Seat): number {
    return this.frames.ownPosition(seat);
  }

  /** Rebuilds the state from stored moves (on start-up). */
  replayStored(moves: readonly { seq: number; seat: Seat; move: unknown }[]): void {
    this.state = this.frames.replay(this.game, this.id, this.state, moves);
  }

  /** Seats with a connection here or, on a cluster, on another node. */
  connectedSeats(): Set<Seat> {
    return this.presence.connectedSeats();
  }

  /** Seats with a connection on this node. */
  localSeats(): Set<Seat> {
    return this.presence.localSeats();
  }

  publicSeats(): PublicSeat[] {
    return this.presence.publicSeats(this.stored);
  }

  /** The clocks as a frame carries them: `timer` (older clients) and every clock in `clocks`. */
  clockFields(): { timer: TimerState | null; clocks: ClockState[] } {
    return this.time.fields(this.driverOf);
  }

  /** `history`: a fresh connection's snapshot brings every past move's events (for a log). */
  attach(conn: Conn, since: number | undefined, history = false): void {
    this.lastActivity = Date.now();
    const resumed =
      since !== undefined &&
      Number.isInteger(since) &&
      since >= 0 &&
      since <= this.position(conn.seat);
    this.presence.attach(conn, () => {
      if (!resumed) return conn.send(this.views.snapshot(conn.seat, history));
      for (const m of this.views.missedSince(conn.seat, since)) conn.send(m);
      conn.send(this.views.seats());
    });
  }

  detach(conn: Conn): void {
    this.lastActivity = Date.now();
    this.presence.detach(conn);
  }

  /** Hands each seat to its bot or person again in the driver. */
  syncBots(): void {
    this.bots.sync();
  }

  // ---- On a cluster (`cluster.ts`) ----

  /** The seats connected on the other nodes now. */
  setRemoteSeats(seats: ReadonlySet<Seat>): void {
    this.presence.remoteSeats(seats);
  }

  /** The lease holder's stand-ins, shown by the other nodes. */
  setStandIns(seats: readonly Seat[]): void {
    this.presence.holderStandIns(seats);
  }

  /** This node takes the table's bots, clocks and stand-ins, or lets them go. */
  setHolder(holder: boolean): void {
    if (this.holder === holder) return;
    this.holder = holder;
    if (!holder) {
      this.clearTimers();
      this.bots.letGo();
      return;
    }
    this.bots.sync();
    this.schedule();
  }

  /** Takes in the moves other nodes committed since the last one here (`Follower.follow`). */
  follow(): Promise<void> {
    return this.follower.follow();
  }

  /** Takes in the table's row as another node wrote it, after its moves. */
  refresh(): Promise<void> {
    return this.follower.refresh();
  }

  /** On a cluster, before answering from memory: what other nodes committed (`Follower.catchUp`). */
  catchUp(): Promise<void> {
    return this.follower.catchUp();
  }

  get closing(): boolean {
    return this.closed;
  }

  get started(): boolean {
    return this.driverOf !== null;
  }

  /** A move another node committed: applied and told as if made here. */
  takeCommitted(m: CommittedMove): void {
    const driver = this.driverOf;
    const parsed = this.game.parseMove(m.move);
    if (!parsed.ok || !driver)
      throw new Error(`Table ${this.id}: committed move ${m.seq} cannot be followed.`);
    if (m.seq !== this.seq + 1)
      throw new Error(`Table ${this.id}: committed move ${m.seq} is out of order.`);
    const sealed =
      m.seat !== CLOCK && (this.game.sealed?.(this.state, m.seat, parsed.value) ?? false);
    this.time.account(m.seat, driver, this.seq, m.at);
    const prepared = driver.prepare(m.seat, m.move, m.at);
    if (!prepared.ok)
      throw new Error(`Table ${this.id}: committed move ${m.seq}: ${prepared.error.message}`);
    driver.take(prepared.value);
    this.state = driver.state;
    this.rowUnknown = true;
    const over = this.game.isOver(this.state);
    if (over) this.stored.status = 'finished';
    this.told(m.seat, m.move, [...prepared.value.events], sealed, over, m.standIn);
  }

  broadcastSeats(): void {
    const msg = this.views.seats();
    for (const c of this.conns) c.send(msg);
  }

  /**
   * Checks and commits a move of `seat` built on the state its frames numbered `seq`; the
   * error says which rule it broke. Resolves with the move's number in the seat's frames
   * once it is stored. Goes through the table's queue.
   */
  play(seat: Seat, seq: number, raw: unknown, opts: PlayOptions = {}): Promise<number> {
    return this.run(() => this.playNow(seat, seq, raw, opts));
  }

  private async playNow(
    seat: Seat,
    seq: number,
    raw: unknown,
    opts: PlayOptions,
    tries = 1,
  ): Promise<number> {
    const started = performance.now();
    // The same move again (a resend: same id, seq and move) is answered with its ack, stored once.
    const sent =
      opts.id === undefined ? undefined : { id: opts.id, seq, move: JSON.stringify(raw) };
    const stored = sent && this.frames.resent(seat, sent);
    if (stored !== undefined) {
      opts.onCommitted?.(stored);
      return stored;
    }
    const prepared = judgeMove(this, seat, seq, raw);
    try {
      // The mover is acknowledged once the move is stored, before anyone is told its events.
      await this.commit(prepared, opts.standIn, false, () =>
        opts.onCommitted?.(this.position(seat)),
      );
    } catch (e) {
      // Another node committed a move at this seq first: judged again on the new state (a
      // strict turn then says the seq is stale; an open window may still take it, and in a
      // window several seats may race more than once).
      if (!(e instanceof SeqTaken) || tries >= MAX_SEQ_RACES) throw e;
      await this.follower.now();
      return this.playNow(seat, seq, raw, opts, tries + 1);
    }
    this.deps.metrics.observeMove((performance.now() - started) / 1000);
    if (sent) this.frames.noteSent(seat, sent);
    return this.position(seat);
  }

  /**
   * Stores a move the driver prepared (with the table's status and clocks, in one
   * transaction), then has the driver take it, then tells (`stored` first: the mover's ack).
   */
  async commit(
    prepared: PreparedMove,
    standIn?: StandIn,
    auto = false,
    stored?: () => void,
  ): Promise<void> {
    const driver = this.driverOf!;
    const { actor: seat, move: raw } = prepared.move;
    const state = prepared.state;
    const events = [...prepared.events];
    let sealed = false;
    if (seat !== CLOCK && this.game.sealed) {
      const parsed = this.game.parseMove(raw);
      sealed = parsed.ok && this.game.sealed(this.state, seat, parsed.value);
    }
    const bank = this.time.account(seat, driver, this.seq, prepared.move.at);
    const over = this.game.isOver(state);
    const before = this.state;
    this.state = state;
    // Every clock, the next turn's included, with the move (one transaction).
    const saved = this.time.saveAfter(prepared.clockTimes, state, this.seq + 1, prepared.move.at);
    const running = saved.clocks.length;
    // The table's row is written with the move only when it changes: the status at the end,
    // or clocks that run (or ran until now).
    const hadClocks = ((this.stored.clocks as SavedClocks | undefined)?.clocks.length ?? 0) > 0;
    // After a move another node committed (on a cluster) this node does not know what the
    // row holds: it writes it.
    const rowChanges = over || running > 0 || hadClocks || this.rowUnknown;
    this.storing = true;
    this.storingSeq = this.seq + 1;
    try {
      await this.deps.storage.appendMove(
        this.id,
        { seq: this.seq + 1, seat, move: raw, ...(standIn ? { standIn } : {}) },
        rowChanges
          ? { ...this.stored, status: over ? 'finished' : this.stored.status, clocks: saved }
          : undefined,
        { auto },
      );
    } catch (e) {
      this.storing = false;
      this.storingSeq = 0;
      this.state = before;
      this.time.unaccount(bank);
      if (e instanceof LeaseLost) {
        this.setHolder(false);
        this.deps.cluster?.leaseLost(this.id);
      } else {
        if (isOutage(e)) this.health.failed(e);
        this.bots.storeFailed();
      }
      throw e;
    }
    this.health.ok();
    this.storing = false;
    this.storingSeq = 0;
    driver.take(prepared);
    this.state = driver.state;
    if (over) this.stored.status = 'finished';
    if (rowChanges) {
      this.stored.clocks = saved;
      this.rowUnknown = false;
    }
    this.told(seat, raw, events, sealed, over, standIn, stored);
  }

  /**
   * A move taken: numbered, its stand-ins and timers settled, told to each connection
   * (`stored` is called once it is numbered, before any connection is told).
   */
  private told(
    seat: Seat,
    raw: unknown,
    events: Emitted<unknown>[],
    sealed: boolean,
    over: boolean,
    standIn?: StandIn,
    stored?: () => void,
  ): void {
    this.frames.record(seat, raw, events, sealed);
    stored?.();
    this.time.noteShown(this.driverOf);
    // A timed-out turn's stand-in plays that turn only.
    this.bots.turnPlayed();
    this.lastActivity = Date.now();
    if (over) {
      this.clearTimers();
      this.deps.log.info('game over', { table: this.id, seq: this.seq });
      if (this.holder) this.deps.cluster?.finished(this.id);
    }
    this.views.tell(this.conns, seat, events, sealed, standIn);
    // The table's status changed: said to everyone, so that a client needs no game's rules to
    // know the game ended.
    if (over) this.broadcastSeats();
    this.schedule();
  }

  /**
   * After a restart: the clocks resume with the time they had left (see `ClockKeeper` and
   * `restoreRulesClocks`), and bots and grace periods are armed, with or without connections.
   */
  resume(): void {
    if (this.stored.status !== 'running') return;
    const now = Date.now();
    const floor = this.deps.cluster ? 0 : RESTART_FLOOR_MS;
    this.startDriver(now, this.time.restore(this.state, this.seq, now, floor));
    this.schedule();
  }

  /**
   * Called when every seat is taken, once the caller has stored the table as `running` (in
   * the same transaction as the last seat's claim).
   */
  start(): void {
    const now = Date.now();
    this.startDriver(now);
    this.deps.log.info('table started', { table: this.id });
    // Every clock is saved when it starts: the first turn's too, which no move saves (killed
    // before the first move, the table would come back with a fresh full turn).
    const saved = this.time.save(this.driverOf!, this.state, this.seq, now);
    if (this.holder && saved.clocks.length > 0) {
      this.stored.clocks = saved;
      void this.run(() => this.deps.storage.updateTable(this.stored)).catch((e: Error) => {
        if (isOutage(e)) this.health.failed(e);
        else this.deps.log.error('clocks not saved', { table: this.id, error: e.message });
      });
    }
    for (const c of this.conns) c.send(this.views.snapshot(c.seat));
    this.schedule();
  }

  private clearTimers(): void {
    if (this.graceHandle) clearTimeout(this.graceHandle);
    this.graceHandle = null;
    this.bots.stop();
  }

  /** Lets bots move, and arms the clocks and the disconnection grace period. */
  schedule(): void {
    if (this.closed || this.stored.status !== 'running' || !this.driverOf) return;
    this.clearTimers();
    if (!this.holder) return;
    const active = this.game.activeSeats(this.state);
    this.bots.ask();
    this.graceHandle = this.presence.armGrace(active);
  }

  /**
   * Stops the table's timers; with `save`, stores its clocks as paused with the time they
   * have left (a clean stop: the time the server is down does not count).
   */
  async close(save = false): Promise<void> {
    this.closed = true;
    this.clearTimers();
    this.offHealth();
    if (!this.deps.health) this.health.close();
    // A move still being stored (its storage answers later, as on a thread) is stored first,
    // so that the save below neither overwrites its status nor misses its clocks.
    if (save) await this.queue;
    if (save && this.holder && this.stored.status === 'running') {
      const now = Date.now();
      const driver = this.driverOf;
      const saved = driver ? this.time.save(driver, this.state, this.seq, now, true) : null;
      if (saved && saved.clocks.length > 0) {
        this.stored.clocks = saved;
        await this.deps.storage.updateTable(this.stored).catch(() => undefined);
      }
    }
  }
}
