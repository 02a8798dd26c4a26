// Tests that The Boss's compact legal form describes exactly the legal moves over many random positions.
import { describe, expect, it } from 'vitest';
import { Rng } from '@boss-table/core';
import { theBoss } from './game.js';
import type { BossLegal } from './legal-summary.js';

describe('compact legal summary', () => {
  it('describes exactly the legal moves, on many random positions', () => {
    let checked = 0;
    for (let g = 0; g < 30; g++) {
      const players = 2 + (g % 5);
      const options = theBoss.parseOptions({ players, rules: players > 4 ? 'arena' : 'classic' });
      if (!options.ok) throw new Error(options.error.message);
      const setup = theBoss.setup(options.value, `ls${g}`);
      if (!setup.ok) throw new Error(setup.error.message);
      const s = setup.value.state;
      const rng = Rng.fromSeed(`ls${g}`);
      while (!s.outcome) {
        const summary = theBoss.legalSummary(s, s.turn) as BossLegal;
        const expanded = new Set<string>();
        for (const reveal of summary.reveal) {
          expanded.add(JSON.stringify({ reveal }));
          for (const p of summary.place)
            for (let big = p.minBig; big <= p.maxBig; big++)
              for (let small = 0; small <= p.maxSmall; small++)
                if (big + small >= p.minTotal)
                  expanded.add(JSON.stringify({ place: { city: p.city, big, small }, reveal }));
        }
        const legal = new Set(theBoss.legalMoves(s, s.turn).map((m) => JSON.stringify(m)));
        expect(expanded).toEqual(legal);
        expect(theBoss.legalSummary(s, (s.turn + 1) % players)).toBeNull();
        checked++;
        theBoss.applyInPlace(s, s.turn, theBoss.randomMove(s, s.turn, rng)!);
      }
    }
    expect(checked).toBeGreaterThan(500);
  });
});
