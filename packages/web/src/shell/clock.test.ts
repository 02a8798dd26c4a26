// Unit tests for turn clocks: m:ss and h:mm:ss display, time left per seat, turn length from the timer.
import { describe, expect, it } from 'vitest';
import { clockFor, formatClock, turnMsOf } from './clock.js';

describe('clocks', () => {
  it('reads m:ss under an hour and h:mm:ss above, rounding up, never negative', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(-5000)).toBe('0:00');
    expect(formatClock(59_001)).toBe('1:00');
    expect(formatClock(65_000)).toBe('1:05');
    expect(formatClock(3_600_000 + 61_000)).toBe('1:01:01');
  });
  it('runs the clock of the seat to act and shows the time of the others next turn', () => {
    const timer = { seat: 1, deadline: 10_000, bankMs: [300_000, 0, 120_000] };
    expect(clockFor(timer, 1, 4_000)).toBe(6_000);
    expect(clockFor(timer, 0, 4_000)).toBe(300_000);
    // The others: their next turn's time and their bank.
    expect(clockFor(timer, 0, 4_000, 60_000)).toBe(360_000);
    expect(clockFor(timer, 1, 4_000, 60_000)).toBe(6_000);
    expect(clockFor(null, 0, 4_000)).toBeNull();
  });
  it("reads a turn's time from the table's timer", () => {
    expect(turnMsOf(null)).toBe(0);
    expect(turnMsOf({ mode: 'realtime', turnSeconds: 20, bankSeconds: 60 })).toBe(20_000);
    expect(turnMsOf({ mode: 'turn-based', turnHours: 24 })).toBe(86_400_000);
  });
});
