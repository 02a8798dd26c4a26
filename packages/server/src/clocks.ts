import type { ClockSpec } from '@boss-table/core';
import type { ClockState } from '@boss-table/protocol';

/** One clock as the keeper runs it. */
interface Running {
  spec: ClockSpec;
  /**
   * The longest length this clock was given: what clients are shown. A window that shrinks to
   * its shortest length once every seat has answered still shows its first deadline, so a
   * seat that reconnects cannot read from the countdown that the others have answered.
   */
  shownMs: number;
  /** Time used while running, before `since`. */
  usedMs: number;
  /** When it last started running (ms since the epoch), or null while paused. */
  since: number | null;
}

/** A clock seen for the first time: its whole length ahead, running from `now` if it runs. */
const fresh = (spec: ClockSpec, now: number): Running => ({
  spec,
  shownMs: spec.ms,
  usedMs: 0,
  since: spec.running ? now : null,
});

/** What is saved with the table (JSON), so that a restart resumes every clock. */
export interface SavedClocks {
  readonly clocks: readonly {
    readonly id: string;
    readonly usedMs: number;
    readonly since: number | null;
    readonly shownMs?: number;
  }[];
  /** Realtime banks of the default turn clock, per seat, in ms. */
  readonly banks?: readonly number[];
  /** When this was saved; a server stopped cleanly saves `paused: true` (time stood still). */
  readonly savedAt: number;
  readonly paused?: boolean;
}

/**
 * Keeps the time of the clocks the rules wait on (`game.clocks`), which the rules only
 * describe. A clock is known by its id: while the rules return the same id its time runs on
 * (a spec whose `ms` shrinks, say to its `minMs` once every seat has answered, moves the
 * deadline closer; never before the time already used); a new id starts a fresh clock; an id
 * the rules no longer return is gone. Time is wall-clock milliseconds, passed in.
 */
export class ClockKeeper {
  private readonly running = new Map<string, Running>();

  /** Sets the clocks the rules wait on now. */
  update(specs: readonly ClockSpec[], now: number): void {
    const seen = new Set<string>();
    for (const spec of specs) {
      seen.add(spec.id);
      const c = this.running.get(spec.id);
      if (!c) {
        this.running.set(spec.id, fresh(spec, now));
        continue;
      }
      c.shownMs = Math.max(c.shownMs, spec.ms);
      if (c.since !== null && !spec.running) {
        c.usedMs += now - c.since;
        c.since = null;
      } else if (c.since === null && spec.running) c.since = now;
      c.spec = spec;
    }
    for (const id of [...this.running.keys()]) if (!seen.has(id)) this.running.delete(id);
  }

  /** When a clock runs out (ms since the epoch), or null while it is paused. */
  deadlineOf(id: string): number | null {
    const c = this.running.get(id);
    if (!c || c.since === null) return null;
    return c.since + Math.max(0, c.spec.ms - c.usedMs);
  }

  /** The running clock that runs out first, if any. */
  next(): { spec: ClockSpec; deadline: number } | null {
    let best: { spec: ClockSpec; deadline: number } | null = null;
    for (const c of this.running.values()) {
      const deadline = this.deadlineOf(c.spec.id);
      if (deadline !== null && (best === null || deadline < best.deadline))
        best = { spec: c.spec, deadline };
    }
    return best;
  }

  /** What clients are told: each clock's deadline, or its time left while paused. */
  states(now: number): ClockState[] {
    return [...this.running.values()].map((c) => {
      const deadline = c.since !== null ? c.since + Math.max(0, c.shownMs - c.usedMs) : null;
      const leftMs = Math.max(0, deadline !== null ? deadline - now : c.shownMs - c.usedMs);
      return {
        id: c.spec.id,
        seats: c.spec.seats,
        running: c.since !== null,
        deadline: deadline ?? now + leftMs,
        leftMs,
      };
    });
  }

  get size(): number {
    return this.running.size;
  }

  /**
   * The state to store. With `pause` (a clean stop), running clocks are saved as paused
   * with the time they had left, so the time the server is down does not count.
   */
  save(now: number, banks?: readonly number[], pause = false): SavedClocks {
    return {
      clocks: [...this.running.values()].map((c) => ({
        id: c.spec.id,
        usedMs: c.usedMs + (pause && c.since !== null ? now - c.since : 0),
        since: pause ? null : c.since,
        shownMs: c.shownMs,
      })),
      ...(banks ? { banks: [...banks] } : {}),
      savedAt: now,
      ...(pause ? { paused: true } : {}),
    };
  }

  /**
   * Takes back saved clocks for the specs the rules return now (after replaying the moves).
   * A clock saved as paused resumes with the time it had left; one saved running (the
   * server was killed) keeps its deadline, and so counts the time the server was down, but
   * is given at least `floorMs` from now so that people can reconnect first.
   */
  restore(saved: SavedClocks, specs: readonly ClockSpec[], now: number, floorMs: number): void {
    this.running.clear();
    const byId = new Map(saved.clocks.map((c) => [c.id, c]));
    for (const spec of specs) {
      const s = byId.get(spec.id);
      if (!s) {
        this.running.set(spec.id, fresh(spec, now));
        continue;
      }
      const wasRunning = s.since !== null;
      let used = s.usedMs + (wasRunning ? now - s.since! : 0);
      // Killed: the deadline stands, but not sooner than floorMs from now.
      if (wasRunning) used = Math.min(used, Math.max(0, spec.ms - floorMs));
      this.running.set(spec.id, {
        spec,
        shownMs: Math.max(spec.ms, s.shownMs ?? 0),
        usedMs: used,
        since: spec.running ? now : null,
      });
    }
  }
}
