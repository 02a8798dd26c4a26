// The clocks of a table, all run by core's driver: as shown, saved with each move and restored, and the table's own turn timer for games without clocks of their own.
import {
  CLOCK,
  type AnyGame,
  type ClockSpec,
  type ClockTime,
  type Driver,
  type DriverOptions,
  type Seat,
} from '@boss-table/core';
import type { ClockState, TimerRequest, TimerState } from '@boss-table/protocol';
import type { StoredTable } from './storage.js';

/** What is saved with the table (JSON), so that a restart resumes every clock. */
export interface SavedClocks {
  readonly clocks: readonly {
    readonly id: string;
    /** Time it ran, pauses left out, until `since` (or until saved, when paused). */
    readonly usedMs: number;
    /** When it last started running (ms since the epoch), or null while paused. */
    readonly since: number | null;
    /** The longest length it was given: what clients are shown. */
    readonly shownMs?: number;
    /** Time since it started. */
    readonly elapsedMs?: number;
  }[];
  /** Realtime banks of the turn timer, per seat, in ms. */
  readonly banks?: readonly number[];
  /** When this was saved; a server stopped cleanly saves `paused: true` (time stood still). */
  readonly savedAt: number;
  readonly paused?: boolean;
}

type SavedClock = SavedClocks['clocks'][number];

/**
 * A table's clocks — the rules' and its own turn timer alike, which core's driver runs: what
 * clients are shown of them (each one's longest length), and how they are saved with a move
 * and restored after a restart.
 */
export class TableClocks {
  /** The longest length each clock was given: what clients are shown. */
  private readonly shownMs = new Map<string, number>();

  /** Takes note of the longest length each clock now listed was given. */
  note(specs: readonly ClockSpec[]): void {
    const seen = new Set<string>();
    for (const c of specs) {
      seen.add(c.id);
      this.shownMs.set(c.id, Math.max(this.shownMs.get(c.id) ?? 0, c.ms));
    }
    for (const id of [...this.shownMs.keys()]) if (!seen.has(id)) this.shownMs.delete(id);
  }

  /**
   * What clients are told: each clock's deadline, or its time left while paused. A window
   * that shrank (to its shortest length once every seat has answered) still shows its first,
   * longest deadline, so a seat that reconnects cannot read from the countdown that the
   * others have answered.
   */
  states(driver: Driver, now: number): ClockState[] {
    const times = new Map(driver.clockTimes(now).map((t) => [t.id, t]));
    const at = Math.max(now, driver.now);
    return driver.clockDeadlines().map(({ clock, at: deadline }) => {
      const ran = times.get(clock.id)?.ranMs ?? 0;
      const left = Math.max(this.shownMs.get(clock.id) ?? clock.ms, clock.ms) - ran;
      return {
        id: clock.id,
        seats: clock.seats,
        running: deadline !== null,
        deadline: at + left,
        leftMs: Math.max(0, at + left - now),
      };
    });
  }

  /** The clocks `specs` as stored with a move (`SavedClocks`, with each clock's start). */
  save(
    times: readonly ClockTime[],
    specs: readonly ClockSpec[],
    at: number,
    banks: readonly number[],
    pause = false,
  ): SavedClocks {
    const byId = new Map(times.map((t) => [t.id, t]));
    const clocks: SavedClock[] = [];
    for (const spec of specs) {
      const t = byId.get(spec.id);
      if (!t) continue;
      clocks.push({
        id: spec.id,
        usedMs: t.ranMs,
        since: spec.running && !pause ? at : null,
        shownMs: Math.max(this.shownMs.get(spec.id) ?? 0, spec.ms),
        elapsedMs: t.elapsedMs,
      });
    }
    return { clocks, banks: [...banks], savedAt: at, ...(pause ? { paused: true } : {}) };
  }

  /**
   * The clocks from their saved state, for the driver: a clock saved as paused (a clean stop)
   * resumes with the time it had left; one saved running (the server was killed) keeps its
   * deadline, and so counts the time the server was down, but is given at least `floorMs`
   * from now so that people can reconnect first.
   */
  restore(
    saved: SavedClocks,
    specs: readonly ClockSpec[],
    now: number,
    floorMs: number,
  ): ClockTime[] {
    const byId = new Map(specs.map((c) => [c.id, c]));
    const out: ClockTime[] = [];
    for (const s of saved.clocks as readonly SavedClock[]) {
      const spec = byId.get(s.id);
      if (!spec) continue;
      const wasRunning = s.since !== null;
      const ranSaved = s.usedMs + (wasRunning ? saved.savedAt - s.since! : 0);
      const elapsedSaved = s.elapsedMs ?? ranSaved;
      let ran = ranSaved + (wasRunning ? now - saved.savedAt : 0);
      if (wasRunning) ran = Math.min(ran, Math.max(0, spec.ms - floorMs));
      ran = Math.max(0, ran);
      const elapsed = Math.max(ran, elapsedSaved + (ran - ranSaved));
      out.push({ id: s.id, elapsedMs: elapsed, ranMs: ran });
      if (s.shownMs !== undefined)
        this.shownMs.set(s.id, Math.max(this.shownMs.get(s.id) ?? 0, s.shownMs));
    }
    return out;
  }
}

/** The expiry of the turn timer: no move (the driver tells the table, and a stand-in plays). */
const STAND_IN = { standIn: 'timeout' } as const;

/**
 * The table's own turn timer (the lobby's Timer), for games without clocks of their own: one
 * clock per turn, run by the driver as a table clock; a turn that runs out is played by a
 * stand-in bot. Real-time timers add a bank per seat.
 */
export class TurnTimer {
  bank: number[];

  constructor(
    private readonly game: AnyGame,
    private readonly stored: StoredTable,
  ) {
    const timer = this.request;
    this.bank = stored.seats.map(() =>
      timer?.mode === 'realtime' ? (timer.bankSeconds ?? 0) * 1000 : 0,
    );
  }

  get request(): TimerRequest | null {
    return this.stored.timer as TimerRequest | null;
  }

  /** The turn clock to keep in `state` after `moves` moves: one per turn, a person's. */
  specs(state: unknown, moves: number): readonly ClockSpec[] {
    if (this.stored.status !== 'running' || this.game.isOver(state)) return [];
    const timer = this.request;
    const [seat] = this.game.activeSeats(state);
    if (!timer || seat === undefined || this.stored.seats[seat].kind === 'bot') return [];
    const ms =
      timer.mode === 'realtime'
        ? timer.turnSeconds * 1000 + this.bank[seat]
        : timer.turnHours * 3_600_000;
    return [{ id: `turn:${moves}`, seats: [seat], ms, minMs: 0, running: true, expiry: STAND_IN }];
  }

  /** The protocol's `timer` (kept for older clients; `clocks` carries the same clock). */
  state(driver: Driver | null): TimerState | null {
    const turn = driver?.clockDeadlines()[0];
    if (!turn || turn.at === null) return null;
    return { seat: turn.clock.seats[0], deadline: turn.at, bankMs: this.bank.slice() };
  }

  /** `seat` moved after its turn clock ran `ranMs`: what it used beyond its turn comes off its bank. */
  account(seat: Seat, ranMs: number | undefined): void {
    if (this.request?.mode !== 'realtime' || ranMs === undefined) return;
    const used = ranMs - this.request.turnSeconds * 1000;
    if (used > 0) this.bank[seat] = Math.max(0, this.bank[seat] - used);
  }
}

/**
 * Everything a table keeps of time: which clocks run (the rules', or its turn timer), what
 * clients are shown of them, and how they are saved with a move and restored after a stop.
 */
export class Timekeeper {
  private readonly clocks = new TableClocks();
  private readonly timer: TurnTimer;

  constructor(
    private readonly game: AnyGame,
    private readonly stored: StoredTable,
  ) {
    this.timer = new TurnTimer(game, stored);
  }

  /** Whether the rules keep clocks of their own (else the table's turn timer is the clock). */
  get rulesClocks(): boolean {
    return this.game.clocks !== undefined;
  }

  /** The clocks to keep in `state` after `moves` moves: the rules', or the turn timer. */
  specs(state: unknown, moves: number): readonly ClockSpec[] {
    if (this.stored.status !== 'running' || this.game.isOver(state)) return [];
    return this.rulesClocks ? this.game.clocks!(state) : this.timer.specs(state, moves);
  }

  /** What the driver is given to run the turn timer as a clock (nothing for rules' clocks). */
  driverOptions(onTimeout: (clock: ClockSpec) => void): Partial<DriverOptions> {
    if (this.rulesClocks) return {};
    return {
      tableClocks: (state: unknown, moves: number) => this.timer.specs(state, moves),
      onTimeout,
    };
  }

  /** Takes note of the longest length each clock the driver keeps was given. */
  noteShown(driver: Driver | null): void {
    this.clocks.note(driver?.clockDeadlines().map((c) => c.clock) ?? []);
  }

  /** The clocks as a frame carries them: the protocol's `timer` (older clients) and `clocks`. */
  fields(driver: Driver | null): { timer: TimerState | null; clocks: ClockState[] } {
    const running = driver !== null && this.stored.status === 'running';
    return {
      timer: this.rulesClocks ? null : this.timer.state(driver),
      clocks: running ? this.clocks.states(driver, Date.now()) : [],
    };
  }

  /** Every clock the driver runs in `state` after `moves` moves, as saved with the table. */
  save(driver: Driver, state: unknown, moves: number, at: number, pause = false): SavedClocks {
    const times = driver.clockTimes(at);
    return this.clocks.save(times, this.specs(state, moves), at, this.timer.bank, pause);
  }

  /** The clocks a prepared move leaves (`times`), as saved with it. */
  saveAfter(times: readonly ClockTime[], state: unknown, moves: number, at: number): SavedClocks {
    return this.clocks.save(times, this.specs(state, moves), at, this.timer.bank);
  }

  /**
   * `seat` moved at `at`, `moves` moves into the game: what its turn clock ran beyond its
   * turn comes off its bank. Returns the banks as they were, to undo it if the move is not stored.
   */
  account(seat: Seat, driver: Driver | null, moves: number, at: number): readonly number[] {
    const bank = this.timer.bank.slice();
    if (this.rulesClocks || !driver || seat === CLOCK) return bank;
    const ran = driver.clockTimes(at).find((t) => t.id === `turn:${moves}`)?.ranMs;
    this.timer.account(seat, ran);
    return bank;
  }

  /** Undoes `account` (the move was not stored). */
  unaccount(bank: readonly number[]): void {
    this.timer.bank = [...bank];
  }

  /**
   * The clocks as the table's row saved them, for a new driver at `now` (`TableClocks.restore`);
   * undefined when none were saved.
   */
  restore(state: unknown, moves: number, now: number, floorMs: number): ClockTime[] | undefined {
    const saved = this.stored.clocks as SavedClocks | undefined;
    if (!saved) return undefined;
    if (saved.banks && saved.banks.length === this.timer.bank.length)
      this.timer.bank = [...saved.banks];
    return this.clocks.restore(saved, this.specs(state, moves), now, floorMs);
  }
}
