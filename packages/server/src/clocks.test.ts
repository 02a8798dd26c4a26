import { describe, expect, it } from 'vitest';
import type { ClockSpec } from '@boss-table/core';
import { ClockKeeper } from './clocks.js';

const spec = (id: string, ms: number, extra: Partial<ClockSpec> = {}): ClockSpec => ({
  id,
  seats: [],
  ms,
  minMs: 0,
  running: true,
  expiry: { type: 'close' },
  ...extra,
});

describe('the clock keeper', () => {
  it('keeps a clock by its id: the same id runs on, a new id starts afresh', () => {
    const k = new ClockKeeper();
    k.update([spec('a', 10_000)], 1000);
    expect(k.deadlineOf('a')).toBe(11_000);
    k.update([spec('a', 10_000)], 5000);
    expect(k.deadlineOf('a')).toBe(11_000);
    k.update([spec('b', 10_000)], 6000);
    expect(k.deadlineOf('a')).toBeNull();
    expect(k.deadlineOf('b')).toBe(16_000);
  });

  it('a spec that shrinks to its shortest length moves the deadline closer, never into the past', () => {
    const k = new ClockKeeper();
    k.update([spec('veto', 6000, { minMs: 3000 })], 0);
    // Everyone answered at 1 s: the rules now say 3 s, counted from the window's start.
    k.update([spec('veto', 3000, { minMs: 3000 })], 1000);
    expect(k.deadlineOf('veto')).toBe(3000);
    k.update([spec('veto', 3000, { minMs: 3000 })], 4000);
    expect(k.next()).toEqual({ spec: spec('veto', 3000, { minMs: 3000 }), deadline: 3000 });
  });

  it('shows clients the first deadline of a window that shrank, so it says nothing of who answered', () => {
    const k = new ClockKeeper();
    k.update([spec('veto', 6000, { minMs: 3000 })], 0);
    k.update([spec('veto', 3000, { minMs: 3000 })], 1000);
    expect(k.deadlineOf('veto')).toBe(3000);
    expect(k.states(2000)[0]).toMatchObject({ deadline: 6000, leftMs: 4000 });
  });

  it('a paused clock keeps the time it has left', () => {
    const k = new ClockKeeper();
    k.update([spec('a', 10_000)], 0);
    k.update([spec('a', 10_000, { running: false })], 4000);
    expect(k.deadlineOf('a')).toBeNull();
    expect(k.states(9000)[0]).toMatchObject({ running: false, leftMs: 6000 });
    k.update([spec('a', 10_000)], 20_000);
    expect(k.deadlineOf('a')).toBe(26_000);
  });

  it('saved at a clean stop, it resumes with the time it had left', () => {
    const k = new ClockKeeper();
    k.update([spec('a', 10_000)], 0);
    const saved = k.save(3000, [5000, 6000], true);
    expect(saved).toMatchObject({ paused: true, banks: [5000, 6000] });
    const again = new ClockKeeper();
    // Down for an hour: the time stood still.
    again.restore(saved, [spec('a', 10_000)], 3_603_000, 5000);
    expect(again.deadlineOf('a')).toBe(3_603_000 + 7000);
  });

  it('saved running (the server was killed), it keeps its deadline, with a floor to reconnect', () => {
    const k = new ClockKeeper();
    k.update([spec('a', 60_000)], 0);
    const saved = k.save(10_000);
    const again = new ClockKeeper();
    again.restore(saved, [spec('a', 60_000)], 20_000, 5000);
    expect(again.deadlineOf('a')).toBe(60_000);
    const late = new ClockKeeper();
    late.restore(saved, [spec('a', 60_000)], 59_000, 5000);
    expect(late.deadlineOf('a')).toBe(64_000);
    // A clock the rules no longer wait on is gone; a new one starts fresh.
    const other = new ClockKeeper();
    other.restore(saved, [spec('b', 1000)], 20_000, 5000);
    expect(other.deadlineOf('a')).toBeNull();
    expect(other.deadlineOf('b')).toBe(21_000);
  });
});
