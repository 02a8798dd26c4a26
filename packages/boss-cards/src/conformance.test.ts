// Boss Cards against core's conformance kit: random games checked step by step.
import { Rng } from '@boss-table/core';
import { checkConformance, checkRandomUniform, playRandomGame } from '@boss-table/core/testing';
import { describe, expect, it } from 'vitest';
import { bossCards } from './game.js';
import { byCard } from './test-kit.js';

const OPTIONS = [
  { players: 2 },
  { players: 3, aceNamesSuit: true, target: 10 },
  { players: 4, handSize: 10, target: 10, maxTurns: 120 },
  { players: 5, handSize: 5, target: 10 },
  { players: 6, target: 10, dealer: 3 },
];

describe('Boss Cards conforms to the game contract', () => {
  it('passes the conformance kit over random games (played by card: see test-kit.ts)', () => {
    const report = checkConformance(byCard, {
      options: OPTIONS,
      seeds: ['a', 'b'],
      games: 10,
      stride: 2,
      calibrationGames: 200,
      skip: {
        'random-move':
          "the games are played by card (byCard), since uniform play by move never ends a round; bossCards' own randomMove is checked below",
      },
    });
    expect(report.games).toBe(10);
    expect(report.statesChecked).toBeGreaterThan(100);
    expect(report.clockMoves).toBe(0);
  });

  it('randomMove is uniform over legalMoves', () => {
    const rng = Rng.fromSeed('uniform');
    let checked = 0;
    for (const raw of OPTIONS.slice(0, 3))
      playRandomGame(byCard, raw, 'u', {
        onState(s, step) {
          if (step % 25 !== 0) return;
          checkRandomUniform(bossCards, s, rng, undefined, 60, 40);
          checked++;
        },
      });
    expect(checked).toBeGreaterThan(10);
  });
});
