// Unit tests on random positions: The Boss turn form accepts exactly the legal moves and explains the rest.
import { describe, expect, it } from 'vitest';
import { Rng } from '@boss-table/core';
import { theBoss, type BossLegal } from '@boss-table/the-boss';
import { cubeChoices, draftMove, draftProblem, emptyDraft } from './composer-logic.js';

describe('turn composer legality', () => {
  it('accepts exactly the legal moves, on random positions', () => {
    let checked = 0;
    for (let g = 0; g < 12; g++) {
      const options = theBoss.parseOptions({ players: 2 + (g % 3) });
      if (!options.ok) throw new Error(options.error.message);
      const setup = theBoss.setup(options.value, `w${g}`);
      if (!setup.ok) throw new Error(setup.error.message);
      const s = setup.value.state;
      const rng = Rng.fromSeed(`w${g}`);
      while (!s.outcome) {
        const legal = theBoss.legalSummary(s, s.turn) as BossLegal;
        const moves = new Set(theBoss.legalMoves(s, s.turn).map((m) => JSON.stringify(m)));
        for (const city of [...s.row.map((_, i) => theBoss.view(s, null).row[i].city)])
          for (let big = 0; big <= 6; big++)
            for (let small = 0; small <= 3; small++) {
              const reveal = legal.reveal[rng.int(legal.reveal.length)];
              const draft = { city, big, small, reveal };
              const ok = draftProblem(legal, draft) === null;
              expect(ok).toBe(moves.has(JSON.stringify(draftMove(draft))));
              checked++;
            }
        expect(draftProblem(legal, { ...emptyDraft, reveal: legal.reveal[0] })).toBeNull();
        expect(draftProblem(legal, emptyDraft)).toBe('Choose the card to reveal.');
        theBoss.applyInPlace(s, s.turn, theBoss.randomMove(s, s.turn, rng)!);
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('explains what is wrong and offers only the allowed counts', () => {
    const legal: BossLegal = {
      place: [{ city: 'detroit', minBig: 2, maxBig: 4, maxSmall: 1, minTotal: 3 }],
      reveal: ['boston:3'],
    };
    expect(draftProblem(legal, { city: 'detroit', big: 1, small: 0, reveal: 'boston:3' })).toMatch(
      /at least 2/,
    );
    expect(draftProblem(legal, { city: 'detroit', big: 2, small: 0, reveal: 'boston:3' })).toMatch(
      /3 cubes in all/,
    );
    expect(draftProblem(legal, { city: 'chicago', big: 1, small: 0, reveal: 'boston:3' })).toMatch(
      /Chicago/,
    );
    expect(cubeChoices(legal, 'detroit')).toEqual({ big: [2, 3, 4], small: [0, 1] });
  });
});
