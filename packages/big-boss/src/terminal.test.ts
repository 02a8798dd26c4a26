// Big Boss's terminal pieces: the terminal kit over random games, and their own cases.
import { describe, expect, it } from 'vitest';
import { checkTerminal } from '@boss-table/core/testing';
import { bigBoss } from './game.js';
import { bigBossTerminal, parseBigBossMove } from './terminal.js';
import type { BigBossView } from './types.js';

describe('Big Boss in the terminal', () => {
  it('reads every legal move back as typed, and words every event, over random games', () => {
    const report = checkTerminal(bigBoss, bigBossTerminal, {
      options: [
        { players: 3, rules: 'modern' },
        { players: 2, rules: 'original' },
      ],
      seeds: ['a', 'b'],
      games: 2,
    });
    expect(report.typedMoves).toBeGreaterThan(1000);
    expect(report.sentences).toBeGreaterThan(100);
  });

  it('reads companies by name, prefix or letter, and says what a move lacks', () => {
    const modern = { rules: 'modern' } as BigBossView;
    expect(parseBigBossMove('invest reg I tower', modern)).toEqual({
      move: { type: 'invest', shares: ['regent', 'lion'], tower: true },
    });
    expect(parseBigBossMove('expand I23', modern)).toEqual({
      move: { type: 'expand', card: 'I23', space: 23 },
    });
    expect(parseBigBossMove('found I17 16 regent', modern)).toEqual({
      error: expect.stringContaining('fourth piece'),
    });
    expect(parseBigBossMove('sell acme 2', modern)).toEqual({
      error: expect.stringContaining('"acme" is not a company'),
    });
    expect(parseBigBossMove('jump', modern)).toHaveProperty('error');
  });
});
