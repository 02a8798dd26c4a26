// @vitest-environment happy-dom
// The shell's one countdown: time left on a clock, running or paused, and the strip of clocks in words.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ClockStrip, Countdown, leftOf } from './countdown.js';

afterEach(cleanup);

describe('the countdown', () => {
  it('counts to the deadline while running, keeps its time left while paused', () => {
    const c = { id: 'deal:1:0', seats: [], deadline: 10_000, running: true, leftMs: 9_000 };
    expect(leftOf(c, 4_000)).toBe(6_000);
    expect(leftOf(c, 12_000)).toBe(0);
    expect(leftOf({ ...c, running: false }, 4_000)).toBe(9_000);
  });

  it('shows m:ss, marked low; the strip says what happens at zero only when low', () => {
    render(<Countdown ms={65_000} low label="turn clock" />);
    expect(screen.getByLabelText('turn clock').textContent).toBe('1:05');
    expect(screen.getByLabelText('turn clock').className).toMatch(/low/);
    cleanup();
    const line = {
      id: 'a',
      text: 'Your turn',
      left: 3_000,
      running: true,
      then: 'then a bot plays',
    };
    render(
      <ClockStrip
        lines={[
          { ...line, low: true },
          { ...line, id: 'b', low: false },
        ]}
      />,
    );
    const timers = screen.getAllByRole('timer').map((t) => t.textContent);
    expect(timers).toEqual(['Your turn 0:03 — then a bot plays', 'Your turn 0:03']);
  });
});
