// I'm the Boss! against core's conformance kit: random games checked step by step.
import { Rng } from '@boss-table/core';
import { checkConformance, checkRandomUniform, playRandomGame } from '@boss-table/core/testing';
import { describe, expect, it } from 'vitest';
import { imTheBoss } from './game.js';
import { byKind } from './test-kit.js';

const OPTIONS = [
  { players: 4 },
  { players: 3, payOnlyActive: true, maxRounds: 20 },
  { players: 2, twoPlayer: true },
  { players: 5, mode: 'turnBased', maxRounds: 12 },
  { players: 6, shortGame: true, mustDealAt10: true, clocks: { lastCall: 0 } },
  {
    players: 4,
    lessCutthroat: true,
    drawByPlacards: true,
    handLimit10From10: true,
    minCardsToDeal: true,
    bossCardKeepsTurnOrder: true,
    maxRounds: 15,
  },
];

describe("I'm the Boss! conforms to the game contract", () => {
  it('passes the conformance kit over random games (played by kind of move: see test-kit.ts)', () => {
    const report = checkConformance(byKind, {
      options: OPTIONS,
      seeds: ['a'],
      stride: 7,
      samples: 1,
      maxLegal: 12,
      maxForeign: 12,
      playoutEvery: 200,
      calibrationGames: 150,
      maxMoves: 20000,
      skip: {
        'random-move':
          "the games are played by kind of move (byKind), since uniform play by move hardly ever ends a deal; imTheBoss's own randomMove is checked below",
      },
    });
    expect(report.games).toBe(OPTIONS.length);
    expect(report.statesChecked).toBeGreaterThan(100);
    expect(report.clockMoves).toBeGreaterThan(0);
    expect(report.sealedMoves).toBeGreaterThan(0);
  }, 240_000);

  it('randomMove is uniform over legalMoves', () => {
    const rng = Rng.fromSeed('uniform');
    let checked = 0;
    playRandomGame(byKind, OPTIONS[0], 'u', {
      onState(s, step) {
        if (step % 10 !== 0) return;
        checkRandomUniform(imTheBoss, s, rng, undefined, 40, 30);
        checked++;
      },
    });
    expect(checked).toBeGreaterThan(10);
  });
});
