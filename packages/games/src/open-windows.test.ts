// Tests that virtual time passes in an open window (I'm the Boss!'s real-time deals), so bot-only games end as at a table.
import { describe, expect, it } from 'vitest';
import { Driver } from '@boss-table/core';
import { imTheBoss } from '@boss-table/im-the-boss';
import { makeBot } from '@boss-table/games/bots';

const bot = (spec: string) => {
  const made = makeBot('im-the-boss', spec);
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
};

describe('the driver in virtual time, in an open window', () => {
  it('lets a deal’s clocks run out while bots keep acting, so a random Boss cannot keep a deal open for ever', () => {
    // The ladder's first game: the random bot, as Boss, proposed and cancelled terms at one
    // instant of virtual time, 40,000 moves without end, until the arena ran out of memory.
    const specs = ['random', 'heuristic', 'heuristic', 'heuristic'];
    const started = Driver.start(imTheBoss, { players: 4 }, 'ladder/0', {
      bots: specs.map(bot),
      budgetMs: 1000,
      openDelaysInVirtualTime: true,
    });
    if (!started.ok) throw new Error(started.error.message);
    const { driver } = started.value;
    let moves = 0;
    for (; moves < 20_000; moves++) {
      const s = driver.step();
      if (!s.ok) throw new Error(s.error.message);
      if (s.value.kind !== 'move') break;
    }
    expect(imTheBoss.isOver(driver.state)).toBe(true);
    expect(moves).toBeLessThan(20_000);
  }, 120_000);
});
