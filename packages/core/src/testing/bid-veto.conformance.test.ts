// Bid and Veto, core's test game, passes the conformance kit.
import { describe, expect, it } from 'vitest';
import { checkConformance } from './conformance.js';
import { bidVeto } from './bid-veto.js';

describe('Bid and Veto conforms to the game contract', () => {
  it('passes every check over random games with clocks and sealed answers', () => {
    const report = checkConformance(bidVeto, {
      options: [
        { players: 2 },
        { players: 3, rounds: 4 },
        { players: 4, rounds: 2, vetoMs: 3000, vetoMinMs: 3000 },
      ],
      seeds: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'],
      games: 30,
    });
    // The kit really ran the windows: clock moves and sealed answers were met and checked.
    expect(report.games).toBe(30);
    expect(report.clockMoves).toBeGreaterThan(30);
    expect(report.sealedMoves).toBeGreaterThan(30);
    expect(report.statesChecked).toBeGreaterThan(300);
    expect(report.notes).toEqual([]);
  });
});
