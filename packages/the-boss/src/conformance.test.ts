// The Boss against core's conformance kit: random games checked step by step.
import { checkConformance } from '@boss-table/core/testing';
import { describe, expect, it } from 'vitest';
import { theBoss } from './game.js';

describe('The Boss conforms to the game contract', () => {
  it('passes the conformance kit over random games', () => {
    const report = checkConformance(theBoss, {
      options: [
        { players: 2 },
        { players: 3, rules: 'arena' },
        { players: 4, policeTiming: 'dealer-two-cards' },
        { players: 5, saintLouis: true },
        { players: 6, saintLouis: true, rules: 'arena' },
      ],
      seeds: ['a', 'b', 'c'],
      games: 10,
    });
    expect(report.games).toBe(10);
    expect(report.statesChecked).toBeGreaterThan(100);
    // No clocks and no sealed moves in this game: those checks had nothing to look at.
    expect(report.clockMoves).toBe(0);
  });
});
