// I'm the Boss!'s terminal pieces: the terminal kit over random games, and their own cases.
import { PLAIN_STYLE } from '@boss-table/core';
import { checkTerminal } from '@boss-table/core/testing';
import { describe, expect, it } from 'vitest';
import { imTheBoss } from './game.js';
import type { ImbLegal } from './legal-summary.js';
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
    // Seats count from 1, as everywhere a person reads them.
    expect(parseTyped('propose 2 3 inv:P clan:R1')).toEqual({
      move: { type: 'propose', to: 1, dividends: 3, items: ['inv:P', 'clan:R1'] },
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
    const ctx = {
      viewer: 0,
      name: (p: number) => `Seat ${p + 1}`,
      style: PLAIN_STYLE,
      width: 80,
      clocks: [],
    };
    expect(renderView(imTheBoss.view(s, 0), ctx)).not.toContain('placards offered');
    s = play(s, 1, { type: 'offerPlacard', placard: 'inv:K' });
    const shown = renderView(imTheBoss.view(s, 0), ctx);
    expect(shown).toMatch(/placards offered: Knetowitz placard \(Seat 2\)/);
    expect(shown).not.toMatch(/inv:/);
  });

  it('shows the table in words, cards by their number in the hand, no card ids', () => {
    const state = position({
      placards: [0, 1, 2, 3, null, null],
      hands: [
        ['clan:R1', 'stop:8', 'recruit:2', 'recruit:3', 'clan:H1'],
        ['boss:1', 'clan:K1', 'clan:L1', 'travel:W1', 'recruit:4'],
        ['stop:1', 'clan:T1', 'clan:L2', 'recruit:5', 'recruit:6'],
        ['clan:P1', 'clan:H2', 'travel:P1', 'recruit:7', 'recruit:8'],
      ],
      marker: 5,
    });
    const seat = state.pub.seat;
    const view = imTheBoss.view(state, seat);
    const ctx = {
      viewer: seat,
      name: (s: number) => (s === seat ? 'You' : `Seat ${s + 1}`),
      style: PLAIN_STYLE,
      width: 80,
      clocks: [],
    };
    const text = imTheBossTerminal.renderView(view, ctx);
    expect(text).not.toMatch(/\b(clan|inv|stop|travel|recruit|boss):\w/);
    expect(text).toMatch(/Your hand: 1 /);
    const legal = imTheBoss.legalSummary!(state, seat) as ImbLegal;
    const said = imTheBossTerminal.describeLegal(legal, view, ctx);
    expect(said).not.toMatch(/\[\]|\b(clan|inv|stop):\w/);
    expect(said).toMatch(/^You may: /);
    // What the hand shows is what is typed: card 1 of the hand.
    const first = view.hand![0];
    expect(parseTyped('discard 1', view, legal)).toEqual({
      move: { type: 'discard', cards: [first] },
    });
    expect(parseTyped('offer Piepenbrok', view, legal)).toEqual({
      move: { type: 'offerPlacard', placard: 'inv:P' },
    });
  });
});
