// The clocks of a table: the rules' clocks as shown, saved and restored, and the table's own turn timer for games without clocks of their own.
import type { AnyGame, ClockSpec, ClockTime, Driver, Seat } from '@boss-table/core';
import type { ClockState, TimerRequest, TimerState } from '@boss-table/protocol';
import { ClockKeeper, type SavedClocks } from './clocks.js';
import type { StoredTable } from './storage.js';

/** A saved clock of the rules: `SavedClocks`' entry, with the time since it started. */
type SavedClock = SavedClocks['clocks'][number] & { readonly elapsedMs?: number };

/**
 * The rules' clocks, which core's driver runs: what clients are shown of them (each one's
 * longest length), and how they are saved with a move and restored after a restart.
 */
export class RulesClocks {
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

/** The expiry of the default turn clock: a stand-in bot plays the turn. */
const STAND_IN = { standIn: 'timeout' } as const;

/**
 * The table's own turn timer (the lobby's Timer), for games without clocks of their own: a
 * turn that runs out is played by a stand-in bot. Real-time timers add a bank per seat.
 */
export class TurnTimer {
  readonly keeper = new ClockKeeper();
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

  /** The turn clock to keep in `state`, one per turn (`seq`: the moves made). */
  specs(state: unknown, seq: number): readonly ClockSpec[] {
    if (this.stored.status !== 'running' || this.game.isOver(state)) return [];
    const timer = this.request;
    const [seat] = this.game.activeSeats(state);
    if (!timer || seat === undefined || this.stored.seats[seat].kind === 'bot') return [];
    const ms =
      timer.mode === 'realtime'
        ? timer.turnSeconds * 1000 + this.bank[seat]
        : timer.turnHours * 3_600_000;
    return [{ id: `turn:${seq}`, seats: [seat], ms, minMs: 0, running: true, expiry: STAND_IN }];
  }

  state(): TimerState | null {
    const next = this.keeper.next();
    if (!next) return null;
    return { seat: next.spec.seats[0], deadline: next.deadline, bankMs: this.bank.slice() };
  }

  /** A move of `seat` at `at`: the time it used beyond its turn comes off its bank. */
  account(seat: Seat, at = Date.now()): void {
    if (this.request?.mode !== 'realtime') return;
    const next = this.keeper.next();
    if (!next || next.spec.seats[0] !== seat) return;
    const started = next.deadline - next.spec.ms;
    const used = at - started - this.request.turnSeconds * 1000;
    if (used > 0) this.bank[seat] = Math.max(0, this.bank[seat] - used);
  }

  save(now: number, pause = false): SavedClocks {
    return this.keeper.save(now, this.bank, pause);
  }

  /** Takes back the saved timer (after a restart) for the turn now. */
  restore(
    saved: SavedClocks | undefined,
    state: unknown,
    seq: number,
    now: number,
    floorMs: number,
  ) {
    if (saved?.banks && saved.banks.length === this.bank.length) this.bank = [...saved.banks];
    if (saved) this.keeper.restore(saved, this.specs(state, seq), now, floorMs);
    else this.keeper.update(this.specs(state, seq), now);
  }
}
