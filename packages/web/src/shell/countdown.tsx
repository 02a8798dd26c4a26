// The one countdown of the web app: ticking time, a clock's time left, and a strip of clocks in words that any game's table or the shell shows.
import { useEffect, useState } from 'react';
import type { ClockState } from '@boss-table/client';
import { formatClock } from './clock.js';

/** The time now, ticking four times a second while `running`. */
export function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, [running]);
  return now;
}

/** Milliseconds left on a clock: to its deadline while it runs, its time left while paused. */
export const leftOf = (c: ClockState, now: number): number =>
  c.running ? Math.max(0, c.deadline - now) : c.leftMs;

/** Milliseconds left on the clock whose id starts with one of `kinds` (`kind:…`), ticking. */
export function useCountdown(clocks: readonly ClockState[], kinds: readonly string[]) {
  const clock = clocks.find((c) => kinds.some((k) => c.id.startsWith(`${k}:`)));
  const now = useNow(clock !== undefined);
  return clock ? leftOf(clock, now) : null;
}

/** Below this many milliseconds a clock is shown as running out. */
export const LOW_MS = 5_000;

/** One clock in words, as the strip shows it. */
export interface ClockLine {
  readonly id: string;
  readonly text: string;
  readonly left: number;
  readonly running: boolean;
  readonly low: boolean;
  /** What happens at zero, said when the clock is low. */
  readonly then: string;
}

/** One clock's time, m:ss, marked when it runs low. */
export function Countdown({ ms, low, label }: { ms: number; low?: boolean; label?: string }) {
  return (
    <strong className={low ? 'countdown low' : 'countdown'} aria-label={label}>
      {formatClock(ms)}
    </strong>
  );
}

/** The clocks that run now, in words, where the eye is; red near their end. */
export function ClockStrip({ lines }: { lines: readonly ClockLine[] }) {
  if (lines.length === 0) return null;
  return (
    <div className="imb-clocks" role="group" aria-label="clocks">
      {lines.map((l) => (
        <span
          key={l.id}
          className={`imb-clock${l.low ? ' low' : ''}${l.running ? '' : ' paused'}`}
          role="timer"
        >
          {l.text} <Countdown ms={l.left} />
          {l.low && <span className="imb-clock-then"> — {l.then}</span>}
        </span>
      ))}
    </div>
  );
}
