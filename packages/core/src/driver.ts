// The one driver of every table: holds state and record, and says who acts next, bots, people or clocks.
import { deadlineIn, type Bot } from './bot.js';
import {
  CLOCK,
  randomPlayerMove,
  type AnyGame,
  type ClockSpec,
  type Emitted,
  type Seat,
} from './game.js';
import { recordedMoveJson, type GameRecord, type RecordedMove } from './record.js';
import { err, ok, type GameError, type Result } from './result.js';
import { Rng } from './rng.js';

/**
 * One driver for every table (DESIGN.md, "Open windows and clocks"): it holds a game's state
 * and record, and decides who acts next — the seats' bots, outside actors (a person, a
 * remote client) and the clocks of the rules.
 *
 * - Every active seat held by a bot is asked, in an order drawn from the driver's generator
 *   (never seat 0 first by habit), each with the seed `${seed}/bot/${seat}/${n}` (`n`: the
 *   moves applied so far). A bot answering `WAIT` (null) is asked again after the next move.
 * - A clock runs from when its id is first seen in `game.clocks(state)` for its `ms`; the
 *   same id keeps its start, a new id starts afresh, a paused clock keeps the time it has
 *   left. Once no seat is active, a running clock closes at its shortest length (`minMs`)
 *   instead of its full length. Its `expiry` is applied as a move of `CLOCK`.
 * - Virtual time (`step`, `run`): bots answer at once and time only moves to a clock's
 *   deadline, so a game is a function of its seed. Real time (`next`, `answer`, `wake`): the
 *   caller runs the bots where it likes and keeps one timer; the driver owns no timers.
 */

/** A move the driver applied, and the bots asked on the way to it. */
export interface DriverMove {
  /** A seat, or `CLOCK`. */
  readonly actor: Seat;
  readonly move: unknown;
  /** The driver's time when it was applied (virtual or real milliseconds). */
  readonly at: number;
  /** Bots asked since the previous move (those that waited, then the one that moved). */
  readonly asks: readonly { readonly seat: Seat; readonly ms: number }[];
}

export type DriverErrorKind = 'bot-move-refused' | 'deadlock';

export interface DriverError {
  readonly kind: DriverErrorKind;
  readonly message: string;
  readonly seat?: Seat;
  /** For a refused bot move: the rule it broke. */
  readonly rule?: string;
}

/** What a virtual step did: a move, nothing because outside actors must move, or the end. */
export type Step =
  | { readonly kind: 'move'; readonly move: DriverMove }
  | {
      readonly kind: 'outside';
      /** The active seats no bot holds. */
      readonly seats: readonly Seat[];
      /** When the next clock runs out if they do nothing (`expireClock`), or null. */
      readonly clockAt: number | null;
    }
  | { readonly kind: 'over' };

/** Real time: a bot to ask. Run it anywhere, then hand its answer to `answer`. */
export interface BotRequest {
  readonly seat: Seat;
  /** The moves applied when it was asked. */
  readonly n: number;
  readonly view: unknown;
  readonly seed: string;
  readonly budgetMs: number;
  readonly askedAt: number;
  /**
   * Its answer is not applied before this time. In an open window that is
   * `askedAt + budgetMs + d`, `d` drawn from the driver's generator without looking at the
   * view, so when a bot acts tells nothing of its hand; in a strict turn, `askedAt`.
   */
  readonly applyAt: number;
}

/** Real time: what the caller should do now. */
export interface Due {
  /** Bots to ask now. */
  readonly ask: readonly BotRequest[];
  /** When the next clock runs out, or null. */
  readonly clockAt: number | null;
  /** When to call `wake` (a held answer or a clock falls due), or null: wait for news. */
  readonly wakeAt: number | null;
}

/**
 * A move worked out but not yet taken (`prepare`, `prepareAnswer`, `prepareWake`): a caller
 * whose storage is asynchronous stores it, then hands it to `take`; until then the driver's
 * state, record and clocks have not moved. It can be taken only while no other move was.
 */
export interface PreparedMove<S = unknown> {
  readonly move: DriverMove;
  /** The state once it is taken. */
  readonly state: S;
  readonly events: readonly Emitted<unknown>[];
  /** The clocks' times once it is taken (at `move.at`), to persist with the move. */
  readonly clockTimes: readonly ClockTime[];
  /** The bot request it answers, when it is a bot's answer. */
  readonly request?: BotRequest;
  /** The moves applied when it was prepared. */
  readonly n: number;
}

/** A clock's time, to persist and to resume with (`DriverOptions.clockTimes`). */
export interface ClockTime {
  readonly id: string;
  /** Time since it started (its shortest length counts from the start). */
  readonly elapsedMs: number;
  /** Time it has run, pauses left out (its length counts that). */
  readonly ranMs: number;
}

/**
 * Who holds a seat: a bot the driver runs (`step`), a bot that runs elsewhere (only its name:
 * real time, where the caller runs it from the `BotRequest`), or null for an outside actor
 * (a person, a remote client) whose moves come in through `play`.
 */
export type SeatBot = Bot | { readonly name: string; readonly chooseMove?: undefined } | null;

export interface DriverOptions {
  /** One per seat (absent: an outside actor). */
  readonly bots?: readonly SeatBot[];
  /** A bot's think time per answer in ms (default 100). */
  readonly budgetMs?: number;
  /** The time at the start (default 0: virtual time). */
  readonly now?: number;
  /** The largest random part of a bot's delay in an open window, in ms (default 2000). */
  readonly openDelayMs?: number;
  /** The fixed part of a bot's delay in an open window, in ms (default `budgetMs`). */
  readonly openDelayMinMs?: number;
  /**
   * Virtual time (`step`): a bot's move in an open window waits its delay, as in real time,
   * so the window's clocks (a deal's limit) run out as they would at a table, and a clock due
   * first moves first. Default false: such moves take no time (the window tests' rhythm).
   * Bot-only games that stand for real ones (the arena, self-play) set it.
   */
  readonly openDelaysInVirtualTime?: boolean;
  /** Clocks already running when resuming (from `clockTimes`). */
  readonly clockTimes?: readonly ClockTime[];
  /**
   * Clocks of the table's own, run beside the rules' (a turn timer for a game without clocks
   * of its own, say), listed for a state and the number of moves made. They are kept, shown
   * and persisted like the rules' clocks, but when one runs out no move is made: `onTimeout`
   * hears of it, once per id (say, to hand its seat to a stand-in bot).
   */
  readonly tableClocks?: (state: unknown, moves: number) => readonly ClockSpec[];
  /** A table clock ran out (`tableClocks`). */
  readonly onTimeout?: (clock: ClockSpec) => void;
  /**
   * Sees each move with its events (setup's events come from `start`), just before the
   * driver takes it: if it throws (say, storing the move failed), the move is not taken and
   * the error goes to the caller of `play`, `step`, `answer` or `wake`.
   */
  readonly onMove?: (move: DriverMove, events: readonly Emitted<unknown>[]) => void;
}

/** Where a game stands: its state and the record that led there. */
export interface DriverStart<S> {
  readonly state: S;
  /** The options as given (unparsed), for the record. */
  readonly options: unknown;
  readonly seed: string;
  /** The moves so far, in memory form (a clock's seat is `CLOCK`). */
  readonly moves?: readonly RecordedMove[];
}

interface Tracked {
  startedAt: number;
  pausedMs: number;
  /** Null while running. */
  pausedSince: number | null;
}

/**
 * Keeps each clock's start and pauses, by id, as the rules list their clocks. A clock runs
 * out when it has run its current `ms` (the rules may change it under the same id).
 */
export class ClockKeeper {
  private readonly times = new Map<string, Tracked>();

  /** `resumed`: clocks from `snapshot`, running again from `now`. */
  constructor(resumed: readonly ClockTime[] = [], now = 0) {
    for (const t of resumed)
      this.times.set(t.id, {
        startedAt: now - t.elapsedMs,
        pausedMs: t.elapsedMs - t.ranMs,
        pausedSince: null,
      });
  }

  /** Takes note of the clocks listed at `now`: new ids start, gone ones are forgotten. */
  observe(clocks: readonly ClockSpec[], now: number): void {
    const seen = new Set<string>();
    for (const c of clocks) {
      seen.add(c.id);
      const t = this.times.get(c.id);
      if (!t)
        this.times.set(c.id, { startedAt: now, pausedMs: 0, pausedSince: c.running ? null : now });
      else if (c.running && t.pausedSince !== null) {
        t.pausedMs += now - t.pausedSince;
        t.pausedSince = null;
      } else if (!c.running && t.pausedSince === null) t.pausedSince = now;
    }
    if (this.times.size > seen.size)
      for (const id of this.times.keys()) if (!seen.has(id)) this.times.delete(id);
  }

  /**
   * When a clock runs out (never before `now`), or null while paused; with `noneActive`, it
   * closes at its shortest length.
   */
  deadline(clock: ClockSpec, noneActive: boolean, now: number): number | null {
    const t = this.times.get(clock.id);
    if (!clock.running || !t || t.pausedSince !== null) return null;
    let at = t.startedAt + t.pausedMs + clock.ms;
    if (noneActive) at = Math.min(at, t.startedAt + clock.minMs);
    return Math.max(at, now);
  }

  /** The running clock that runs out first, and when; ties go to the first listed. */
  earliest(
    clocks: readonly ClockSpec[],
    noneActive: boolean,
    now: number,
  ): { clock: ClockSpec; at: number } | null {
    let best: { clock: ClockSpec; at: number } | null = null;
    for (const clock of clocks) {
      const at = this.deadline(clock, noneActive, now);
      if (at !== null && (!best || at < best.at)) best = { clock, at };
    }
    return best;
  }

  /** An independent copy, to work out clocks without touching these. */
  copy(): ClockKeeper {
    const copy = new ClockKeeper();
    for (const [id, t] of this.times) copy.times.set(id, { ...t });
    return copy;
  }

  /** Each clock's time at `now`, to persist. */
  snapshot(now: number): ClockTime[] {
    return [...this.times].map(([id, t]) => ({
      id,
      elapsedMs: now - t.startedAt,
      ranMs: now - t.startedAt - t.pausedMs - (t.pausedSince === null ? 0 : now - t.pausedSince),
    }));
  }
}

const describeActor = (bot: { readonly name: string }, seat: Seat) => `${bot.name} at seat ${seat}`;

/**
 * Real time, as a table uses it (times are `Date.now()` values):
 * 1. After every change (a seat's move through `play(seat, raw, now)`, an answer, a wake),
 *    call `next(now)`; run each `ask` request's bot (a worker pool will do:
 *    `bot.chooseMove(view, botContext(seed, budgetMs))`) and hand its answer to
 *    `answer(request, move, Date.now())`.
 * 2. Keep one timer for `wakeAt`; when it fires, call `wake(Date.now())`, then `next`.
 * 3. `clockTimes()` is what to persist; a restart passes it back as `clockTimes`.
 * A caller whose storage is asynchronous (a move counts once stored) uses the two-step forms:
 * `prepare`, `prepareAnswer` and `prepareWake` work a move out without taking it, the caller
 * stores it (with its `clockTimes`), then `take` takes it.
 * A `bot-move-refused` error leaves the seat to the caller (e.g. a random move via `play`).
 */
export class Driver<G extends AnyGame = AnyGame> {
  private current: ReturnType<G['clone']>;
  private readonly recorded: RecordedMove[];
  private readonly bots: SeatBot[];
  private readonly budgetMs: number;
  private readonly openDelayMs: number;
  private readonly openDelayMinMs: number;
  private readonly openDelaysInVirtualTime: boolean;
  private readonly rng: Rng;
  private readonly keeper: ClockKeeper;
  private readonly onMove?: DriverOptions['onMove'];
  private readonly tableClocks?: DriverOptions['tableClocks'];
  private readonly onTimeout?: DriverOptions['onTimeout'];
  /** Table clocks that ran out (their id still listed): not again. */
  private readonly timedOut = new Set<string>();
  private clockNow: number;
  /** Bots that answered WAIT since the last move. */
  private readonly waited = new Set<Seat>();
  /** Bots asked since the last move (virtual time), for `DriverMove.asks`. */
  private asks: { seat: Seat; ms: number }[] = [];
  /** Real time: the request out for each seat, and answers held until their time. */
  private readonly out = new Map<Seat, BotRequest>();
  private readonly held = new Map<Seat, { request: BotRequest; move: unknown }>();

  constructor(
    readonly game: G,
    private readonly start: DriverStart<ReturnType<G['clone']>>,
    opts: DriverOptions = {},
  ) {
    this.current = start.state;
    this.recorded = [...(start.moves ?? [])];
    this.bots = [...(opts.bots ?? [])];
    this.budgetMs = opts.budgetMs ?? 100;
    this.openDelayMs = opts.openDelayMs ?? 2000;
    this.openDelayMinMs = opts.openDelayMinMs ?? this.budgetMs;
    this.openDelaysInVirtualTime = opts.openDelaysInVirtualTime ?? false;
    this.clockNow = opts.now ?? 0;
    this.onMove = opts.onMove;
    this.tableClocks = opts.tableClocks;
    this.onTimeout = opts.onTimeout;
    this.rng = Rng.fromSeed(`${start.seed}/driver/${this.recorded.length}`);
    this.keeper = new ClockKeeper(opts.clockTimes, this.clockNow);
    this.observeClocks();
  }

  /** A new game: options checked, set up from the seed; setup's events beside the driver. */
  static start<G extends AnyGame>(
    game: G,
    rawOptions: unknown,
    seed: string,
    opts: DriverOptions = {},
  ): Result<{ driver: Driver<G>; events: readonly Emitted<unknown>[] }, GameError> {
    const options = game.parseOptions(rawOptions);
    if (!options.ok) return options;
    const setup = game.setup(options.value, seed);
    if (!setup.ok) return setup;
    const start = { state: setup.value.state, options: rawOptions, seed };
    return ok({ driver: new Driver(game, start, opts), events: setup.value.events });
  }

  get state(): ReturnType<G['clone']> {
    return this.current;
  }

  get over(): boolean {
    return this.game.isOver(this.current);
  }

  /** The driver's time: virtual, or the latest real time it was given. */
  get now(): number {
    return this.clockNow;
  }

  /** The moves so far, in memory form (a clock's seat is `CLOCK`). */
  get moves(): readonly RecordedMove[] {
    return this.recorded;
  }

  /** The record so far, in memory form: `replay` takes it as it is. */
  toRecord(): GameRecord {
    const { options, seed } = this.start;
    return { game: this.game.id, options, seed, moves: [...this.recorded] };
  }

  /** The record so far as a file holds it (a clock's moves say `"seat": "clock"`). */
  recordJson(): Record<string, unknown> {
    const moves = this.recorded.map(({ seat, ...move }) => recordedMoveJson(seat, move));
    return { ...this.toRecord(), moves };
  }

  /** The seed a bot gets for `seat` now: the seat and the moves so far are in it. */
  seedFor(seat: Seat): string {
    return `${this.start.seed}/bot/${seat}/${this.recorded.length}`;
  }

  /**
   * Hands a seat to a bot or back to an outside actor (a stand-in while a person is away).
   * A request out for the seat is forgotten: its answer will be dropped.
   */
  setBot(seat: Seat, bot: SeatBot): void {
    this.bots[seat] = bot;
    this.out.delete(seat);
    this.held.delete(seat);
    this.waited.delete(seat);
  }

  /** Active seats that no bot holds: the driver waits for their `play`. */
  outsideSeats(): Seat[] {
    return this.game.activeSeats(this.current).filter((s: Seat) => !this.bots[s]);
  }

  /**
   * The clocks now (the rules', then the table's), each with when it runs out (null while
   * paused), for display.
   */
  clockDeadlines(): { clock: ClockSpec; at: number | null }[] {
    if (this.over) return [];
    const noneActive = this.game.activeSeats(this.current).length === 0;
    return this.clocksOf(this.current, this.recorded.length).map((clock: ClockSpec) => ({
      clock,
      at: this.keeper.deadline(clock, noneActive, this.clockNow),
    }));
  }

  /**
   * Each clock's time now (or at a later `now`, for display), to persist (a restart passes
   * them back as `clockTimes`).
   */
  clockTimes(now = this.clockNow): ClockTime[] {
    return this.keeper.snapshot(Math.max(now, this.clockNow));
  }

  /** A move from outside: checked for shape, then by the rules; the broken rule as a value. */
  play(seat: Seat, raw: unknown, now = this.clockNow): Result<DriverMove, GameError> {
    const built = this.build(seat, raw, now, false);
    if (!built.ok) return built;
    return ok(this.take(built.value));
  }

  // ---- Two steps: prepare, then take ----

  /**
   * `play` without taking the move: checked and applied to a copy; `take` takes it (say,
   * once it is stored). Nothing in the driver moves until then.
   */
  prepare(seat: Seat, raw: unknown, now = this.clockNow): Result<PreparedMove, GameError> {
    return this.build(seat, raw, now, true);
  }

  /**
   * `answer` without taking the move: the request is settled (held, dropped, a WAIT noted)
   * at once, and a move to apply now comes back prepared, for `take`.
   */
  prepareAnswer(
    request: BotRequest,
    move: unknown,
    now: number,
  ): Result<PreparedMove | null, DriverError> {
    this.clockNow = Math.max(this.clockNow, now);
    if (this.out.get(request.seat) !== request) return ok(null);
    this.out.delete(request.seat);
    if (move === null) {
      if (request.n === this.recorded.length) this.waited.add(request.seat);
      return ok(null);
    }
    if (request.applyAt > this.clockNow) {
      this.held.set(request.seat, { request, move });
      return ok(null);
    }
    return this.judge(request, move, true);
  }

  /**
   * `wake` one move at a time, without taking it: the first held answer or clock due by
   * `now`, prepared for `take` (null: nothing is due). Call again after taking it.
   */
  prepareWake(now: number): Result<PreparedMove | null, DriverError> {
    return this.due(now, true);
  }

  /**
   * Takes a prepared move (`onMove` sees it first): the state, record and clocks move on.
   * Throws if another move was taken since it was prepared.
   */
  take(prepared: PreparedMove): DriverMove {
    if (prepared.n !== this.recorded.length)
      throw new Error(
        `A move prepared at move ${prepared.n} cannot be taken at move ${this.recorded.length}.`,
      );
    const { move, events } = prepared;
    // First the caller's hook (a table stores the move there): if it throws, nothing moved.
    this.onMove?.(move, events);
    this.clockNow = move.at;
    this.current = prepared.state as ReturnType<G['clone']>;
    this.recorded.push({ seat: move.actor, ...(move.move as object) });
    this.waited.clear();
    this.asks = [];
    this.observeClocks();
    return move;
  }

  // ---- Virtual time ----

  /**
   * One decision in virtual time: the bots of the active seats are asked in a drawn order
   * until one moves; if none does and no outside actor is expected, virtual time runs to the
   * next clock's deadline and the clock moves. Nothing left: a deadlock, as an error.
   */
  step(): Result<Step, DriverError> {
    if (this.over) return ok({ kind: 'over' });
    const active = this.game.activeSeats(this.current);
    const candidates = active.filter((s: Seat) => this.bots[s] && !this.waited.has(s));
    if (candidates.length > 1) this.rng.shuffle(candidates);
    if (
      this.openDelaysInVirtualTime &&
      candidates.length > 0 &&
      active.every((s: Seat) => this.bots[s]) &&
      this.game.concurrency?.(this.current) === 'open'
    ) {
      // A bot acts after its delay, as at a table (`next`); a clock due first moves first.
      const at = this.clockNow + this.openDelay();
      const clock = this.nextClock();
      if (clock && clock.at <= at) return this.runClock(clock);
      this.clockNow = at;
    }
    for (const seat of candidates) {
      const bot = this.bots[seat]!;
      if (!bot.chooseMove)
        throw new Error(`${bot.name} at seat ${seat} runs elsewhere: drive it with next/answer.`);
      const started = performance.now();
      const answer: unknown = bot.chooseMove(this.game.view(this.current, seat), {
        rng: Rng.fromSeed(this.seedFor(seat)),
        deadline: deadlineIn(this.budgetMs),
      });
      this.asks.push({ seat, ms: performance.now() - started });
      if (answer === null) {
        this.waited.add(seat);
        continue;
      }
      const done = this.play(seat, answer);
      if (!done.ok) return err(this.refused(bot, seat, done.error));
      return ok({ kind: 'move', move: done.value });
    }
    const outside = active.filter((s: Seat) => !this.bots[s]);
    const clock = this.nextClock();
    if (outside.length > 0)
      return ok({ kind: 'outside', seats: outside, clockAt: clock?.at ?? null });
    if (clock) return this.runClock(clock);
    const waiting = [...this.waited].map((s) => describeActor(this.bots[s]!, s));
    return err({
      kind: 'deadlock',
      message:
        `Nobody can move at move ${this.recorded.length}: ` +
        (waiting.length ? `${waiting.join(', ')} wait` : 'no seat is active') +
        ', and no clock runs.',
    });
  }

  /** A bot's delay before it acts in an open window: its fixed part and a drawn one. */
  private openDelay(): number {
    return this.openDelayMinMs + this.rng.int(this.openDelayMs + 1);
  }

  /** Virtual time runs to `clock`'s deadline and it moves (a table's own clock: its timeout). */
  private runClock(clock: NonNullable<ReturnType<Driver['nextClock']>>): Result<Step, DriverError> {
    if (this.isTableClock(clock.clock)) {
      this.clockNow = Math.max(this.clockNow, clock.at);
      this.timedOut.add(clock.clock.id);
      this.onTimeout?.(clock.clock);
      return this.step();
    }
    return ok({ kind: 'move', move: this.applyClock(clock) });
  }

  /**
   * Steps until the game is over or outside actors must move (their seats are returned).
   * `each` sees every move.
   */
  run(each?: (move: DriverMove) => void): Result<readonly Seat[] | 'over', DriverError> {
    for (;;) {
      const s = this.step();
      if (!s.ok) return s;
      if (s.value.kind === 'over') return ok('over');
      if (s.value.kind === 'outside') return ok(s.value.seats);
      each?.(s.value.move);
    }
  }

  /** Virtual time runs to the next clock's deadline, and that clock moves; null if none runs. */
  expireClock(): DriverMove | null {
    const clock = this.nextClock();
    return clock ? this.applyClock(clock) : null;
  }

  // ---- Real time ----

  /**
   * What to do at `now`: the bots to ask (each active bot seat with no request out and no
   * WAIT since the last move) and when to call `wake`. Call it after every change.
   */
  next(now: number): Due {
    this.clockNow = Math.max(this.clockNow, now);
    const ask: BotRequest[] = [];
    if (!this.over) {
      const open = this.game.concurrency?.(this.current) === 'open';
      const seats = this.game
        .activeSeats(this.current)
        .filter(
          (s: Seat) => this.bots[s] && !this.waited.has(s) && !this.out.has(s) && !this.held.has(s),
        );
      if (seats.length > 1) this.rng.shuffle(seats);
      for (const seat of seats) {
        const delay = open ? this.openDelay() : 0;
        const request: BotRequest = {
          seat,
          n: this.recorded.length,
          view: this.game.view(this.current, seat),
          seed: this.seedFor(seat),
          budgetMs: this.budgetMs,
          askedAt: this.clockNow,
          applyAt: this.clockNow + delay,
        };
        this.out.set(seat, request);
        ask.push(request);
      }
    }
    const clockAt = this.over ? null : (this.nextClock()?.at ?? null);
    let wakeAt = clockAt;
    for (const { request } of this.held.values())
      if (wakeAt === null || request.applyAt < wakeAt) wakeAt = request.applyAt;
    return { ask, clockAt, wakeAt };
  }

  /**
   * A bot's answer to `request`, arrived at `now`. Applied at once when its time has come,
   * else held for `wake`; dropped (null) when the seat was asked again or, in a strict turn,
   * the state moved on. A move the rules refuse on the state it was asked on is an error.
   */
  answer(request: BotRequest, move: unknown, now: number): Result<DriverMove | null, DriverError> {
    const prepared = this.prepareAnswer(request, move, now);
    if (!prepared.ok || !prepared.value) return prepared as Result<null, DriverError>;
    return ok(this.take(prepared.value));
  }

  /** Applies what has fallen due by `now`, in time order: held bot answers and clocks. */
  wake(now: number): Result<DriverMove[], DriverError> {
    const applied: DriverMove[] = [];
    for (;;) {
      const due = this.due(now, false);
      if (!due.ok) return due;
      if (!due.value) return ok(applied);
      applied.push(this.take(due.value));
    }
  }

  // ---- Inside ----

  /** The first held answer or clock due by `now`, prepared; null if none. */
  private due(now: number, times: boolean): Result<PreparedMove | null, DriverError> {
    this.clockNow = Math.max(this.clockNow, now);
    for (;;) {
      if (this.over) return ok(null);
      let first: { request: BotRequest; move: unknown } | null = null;
      for (const h of this.held.values())
        if (
          h.request.applyAt <= this.clockNow &&
          (!first || h.request.applyAt < first.request.applyAt)
        )
          first = h;
      const clock = this.nextClock();
      const clockDue = clock !== null && clock.at <= this.clockNow;
      if (first && (!clockDue || first.request.applyAt <= clock.at)) {
        this.held.delete(first.request.seat);
        const done = this.judge(first.request, first.move, times);
        if (!done.ok || done.value) return done;
      } else if (clockDue && this.isTableClock(clock.clock)) {
        // A table clock makes no move: its caller hears of it, and the driver goes on.
        this.timedOut.add(clock.clock.id);
        this.onTimeout?.(clock.clock);
      } else if (clockDue) return ok(this.prepareClock(clock, this.clockNow, times));
      else return ok(null);
    }
  }

  /** A bot's answer, prepared; null when dropped (stale), a refused move as an error. */
  private judge(
    request: BotRequest,
    raw: unknown,
    times: boolean,
  ): Result<PreparedMove | null, DriverError> {
    const stale = request.n !== this.recorded.length;
    const open = this.game.concurrency?.(this.current) === 'open';
    if (stale && !open) return ok(null);
    const done = this.build(request.seat, raw, this.clockNow, times);
    if (done.ok) return ok({ ...done.value, request });
    // Built on an older state of an open window: the seat is simply asked again.
    if (stale) return ok(null);
    return err(this.refused(this.bots[request.seat]!, request.seat, done.error));
  }

  /** A seat's move checked and applied to a copy; with `times`, the clocks' times after it. */
  private build(
    seat: Seat,
    raw: unknown,
    now: number,
    times: boolean,
  ): Result<PreparedMove, GameError> {
    const move = this.game.parseMove(raw);
    if (!move.ok) return move;
    const applied = this.game.apply(this.current, seat, move.value);
    if (!applied.ok) return applied;
    return ok(this.prepared(seat, raw, applied.value.state, applied.value.events, now, times));
  }

  private prepared(
    actor: Seat,
    raw: unknown,
    state: unknown,
    events: readonly Emitted<unknown>[],
    now: number,
    times: boolean,
  ): PreparedMove {
    const at = Math.max(this.clockNow, now);
    let clockTimes: ClockTime[] = [];
    if (times && (this.game.clocks || this.tableClocks)) {
      const keeper = this.keeper.copy();
      keeper.observe(this.clocksOf(state, this.recorded.length + 1), at);
      clockTimes = keeper.snapshot(at);
    }
    const move: DriverMove = { actor, move: raw, at, asks: this.asks };
    return { move, state, events, clockTimes, n: this.recorded.length };
  }

  private refused(bot: { readonly name: string }, seat: Seat, error: GameError): DriverError {
    return {
      kind: 'bot-move-refused',
      message: `${describeActor(bot, seat)} made a refused move: ${error.message}`,
      seat,
      rule: error.kind,
    };
  }

  /** The clocks to keep in `state` after `moves` moves: the rules', then the table's. */
  private clocksOf(state: unknown, moves: number): readonly ClockSpec[] {
    const rules = (this.game.clocks?.(state) ?? []) as readonly ClockSpec[];
    const table = this.tableClocks?.(state, moves) ?? [];
    return table.length === 0 ? rules : [...rules, ...table];
  }

  private isTableClock(clock: ClockSpec): boolean {
    return (
      this.tableClocks !== undefined &&
      this.tableClocks(this.current, this.recorded.length).some((c) => c.id === clock.id)
    );
  }

  private nextClock(): { clock: ClockSpec; at: number } | null {
    const clocks = this.clocksOf(this.current, this.recorded.length).filter(
      (c) => !this.timedOut.has(c.id),
    );
    if (clocks.length === 0) return null;
    const noneActive = this.game.activeSeats(this.current).length === 0;
    return this.keeper.earliest(clocks, noneActive, this.clockNow);
  }

  private applyClock(next: { clock: ClockSpec; at: number }): DriverMove {
    return this.take(this.prepareClock(next, next.at, false));
  }

  /** A clock's expiry, prepared; a refused expiry is a bug of the rules, thrown. */
  private prepareClock(
    next: { clock: ClockSpec; at: number },
    at: number,
    times: boolean,
  ): PreparedMove {
    const applied = this.game.apply(this.current, CLOCK, next.clock.expiry);
    if (!applied.ok)
      throw new Error(
        `${this.game.id}: clock ${next.clock.id}'s expiry move was refused: ${applied.error.message}`,
      );
    const { state, events } = applied.value;
    return this.prepared(CLOCK, next.clock.expiry, state, events, at, times);
  }

  private observeClocks(): void {
    if (!this.game.clocks && !this.tableClocks) return;
    const clocks = this.clocksOf(this.current, this.recorded.length);
    this.keeper.observe(clocks, this.clockNow);
    for (const id of this.timedOut) if (!clocks.some((c) => c.id === id)) this.timedOut.delete(id);
  }

  /**
   * Takes note of the clocks again at `now` (a table clock's length changed, or one began
   * outside a move: a table starting). Nothing else moves.
   */
  refreshClocks(now = this.clockNow): void {
    this.clockNow = Math.max(this.clockNow, now);
    this.observeClocks();
  }
}

/**
 * The driver's fast path for random playouts (`boss bench`): plays `state` in place
 * (`applyInPlace`, no events, no record), each move by an active seat drawn as the driver
 * orders them (the only one, or uniformly among several) as a random player chooses
 * (`randomPlayerMove`), and clocks running out in virtual time as in `Driver.step`. Returns
 * the moves made: to the game's end, or until `performance.now()` passes `deadline` (looked
 * at every 1,024 moves; the state is then left unfinished: `game.isOver` tells).
 */
export function playOutRandom<G extends AnyGame>(
  game: G,
  state: ReturnType<G['clone']>,
  rng: Rng,
  deadline = Infinity,
): number {
  const keeper = game.clocks ? new ClockKeeper() : null;
  let now = 0;
  let moves = 0;
  keeper?.observe(game.clocks!(state), now);
  for (;;) {
    if ((moves & 1023) === 1023 && performance.now() > deadline) return moves;
    const active = game.activeSeats(state);
    let error: GameError | undefined;
    if (active.length > 0) {
      const seat = active.length === 1 ? active[0] : active[rng.int(active.length)];
      if (game.playRandomInPlace) error = game.playRandomInPlace(state, seat, rng);
      else {
        const move = randomPlayerMove(game, state, seat, rng);
        if (move === undefined) throw new Error(`${game.id}: active seat ${seat} has no move.`);
        error = game.applyInPlace(state, seat, move);
      }
    } else if (game.isOver(state)) return moves;
    else {
      const clocks = keeper ? game.clocks!(state) : [];
      const next = keeper?.earliest(clocks, true, now);
      if (!next) throw new Error(`${game.id}: nobody can move and no clock runs.`);
      now = next.at;
      error = game.applyInPlace(state, CLOCK, next.clock.expiry);
    }
    if (error) throw new Error(`${game.id}: a random move was refused: ${error.message}`);
    moves++;
    keeper?.observe(game.clocks!(state), now);
  }
}
