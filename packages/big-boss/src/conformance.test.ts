// Big Boss against core's conformance kit: random games checked step by step.
import { checkConformance } from '@boss-table/core/testing';
import { describe, expect, it } from 'vitest';
import { bigBoss } from './game.js';

describe('Big Boss conforms to the game contract', () => {
  it('passes the conformance kit over random games', () => {
    const report = checkConformance(bigBoss, {
      options: [
        { players: 2 },
        { players: 3, rules: 'original' },
        { players: 4 },
        { players: 6, rules: 'original' },
      ],
      seeds: ['a', 'b', 'c'],
      games: 6,
      calibrationGames: 200,
    });
    expect(report.games).toBe(6);
    expect(report.statesChecked).toBeGreaterThan(100);
    // No clocks and no sealed moves in this game: those checks had nothing to look at.
    expect(report.clockMoves).toBe(0);
  });
});
