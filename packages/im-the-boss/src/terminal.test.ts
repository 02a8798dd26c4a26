// I'm the Boss!'s terminal pieces: the terminal kit over random games, and their own cases.
import { checkTerminal } from '@boss-table/core/testing';
import { describe, expect, it } from 'vitest';
import { imTheBoss } from './game.js';
import { imTheBossTerminal, parseTyped, renderView } from './terminal.js';
import { byKind, play, position } from './test-kit.js';

describe("I'm the Boss! in the terminal", () => {
  it('reads every legal move back as typed, and words every event, over random games', () => {
    const report = checkTerminal(byKind, imTheBossTerminal, {
      options: [{ players: 4 }, { players: 3, mode: 'turnBased' }],
      seeds: ['a', 'b'],
      games: 2,
      maxMoves: 250,
    });
    expect(report.typedMoves).toBeGreaterThan(500);
    expect(report.sentences).toBeGreaterThan(100);
    expect(imTheBoss.id).toBe('im-the-boss');
  });

  it('reads a proposal and says what is wrong with a bad line', () => {
    expect(parseTyped('propose 2 3 inv:P clan:R1')).toEqual({
      move: { type: 'propose', to: 2, dividends: 3, items: ['inv:P', 'clan:R1'] },
    });
    expect(parseTyped('offer inv:P')).toEqual({ move: { type: 'offerPlacard', placard: 'inv:P' } });
    expect(parseTyped('propose two')).toHaveProperty('error');
    expect(parseTyped('dance')).toHaveProperty('error');
  });

  it("shows a placard's standing offer (5.3)", () => {
    let s = position({
      placards: [0, 1, 2, 3, null, null],
      hands: [['boss:1'], ['stop:1'], ['stop:2'], ['stop:3']],
      marker: 5,
    });
    s = play(s, 0, { type: 'declareDeal', clan: [] });
    const plain = { strong: (x: string) => x, dim: (x: string) => x } as never;
    const ctx = {
      viewer: 0,
      name: (p: number) => `Seat ${p + 1}`,
      style: plain,
      width: 80,
      clocks: [],
    };
    expect(renderView(imTheBoss.view(s, 0), ctx)).not.toContain('placards offered');
    s = play(s, 1, { type: 'offerPlacard', placard: 'inv:K' });
    expect(renderView(imTheBoss.view(s, 0), ctx)).toContain('placards offered: inv:K (Seat 2)');
  });
});
