// Turn-clock arithmetic for the table page: m:ss formatting, time left per seat, and the low-time threshold.
import type { TimerRequest, TimerState } from '@boss-table/client';

/** A clock as players read it: m:ss, or h:mm:ss from an hour up; never negative. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * Milliseconds left on a seat's clock: the running turn for the seat to act; for the others,
 * what their next turn will give them (a turn's time, `turnMs`, plus their bank).
 */
export function clockFor(
  timer: TimerState | null,
  seat: number,
  now: number,
  turnMs = 0,
): number | null {
  if (!timer) return null;
  if (timer.seat === seat) return Math.max(0, timer.deadline - now);
  return (timer.bankMs[seat] ?? 0) + turnMs;
}

/** A turn's time from the table's timer settings. */
export function turnMsOf(t: TimerRequest | null | undefined): number {
  if (!t) return 0;
  return t.mode === 'realtime' ? t.turnSeconds * 1000 : t.turnHours * 3_600_000;
}

/** Under this much time left on one's own turn, the table warns. */
export const LOW_CLOCK_MS = 15_000;
