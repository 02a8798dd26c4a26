/** The sampler and what passes tell (docs/big-boss.md, "Sampler"). */
import { describe, expect, it } from 'vitest';
import { Rng } from '@boss-table/core';
import { cardCode } from './companies.js';
import { bigBoss } from './game.js';
import { playableCards } from './play.js';
import { position } from './test-kit.js';
import type { BigBossView } from './types.js';

// Original rules, two seats; Lion alone on 1 2 3 and every other company gone, so only the
// Industry cards of 72 and 1–4 and the level-2 cards can be played. Seat 1 (no cash, so it
// cannot buy) holds I5, I40 and I50, none playable: it must pass.
const stuck = (seat1 = 'I5 I40 I50') =>
  position({
    rules: 'original',
    players: 2,
    turn: 1,
    cash: [30, 0],
    hands: ['I4 I60', seat1],
    companies: { lion: { track: '1 2 3', price: 9 } },
    gone: { regent: 5, lunar: 5, eagle: 5, kingdom: 5, orion: 5, vega: 5, zenith: 5 },
  });

/** Seat 1's hands in `draws` samples of a view. */
function sampledHands(view: BigBossView, draws: number, seed: string): string[][] {
  const rng = Rng.fromSeed(seed);
  return Array.from({ length: draws }, () => {
    const s = bigBoss.sample(view, rng);
    expect(bigBoss.view(s, view.viewer)).toEqual(view);
    return s.hands[1].map(cardCode);
  });
}

describe('pass clues', () => {
  it('a pass tells everyone which cards the passer does not hold; samples respect it', () => {
    const t = stuck();
    const playable = playableCards(t.state).map(cardCode);
    expect(playable).toEqual(['I1', 'I2', 'I3', 'I4', 'I72', 'L2']);
    t.play('pass');
    const view = t.view(0);
    expect(view.seats[1].passClues).toEqual([
      { count: 3, spaces: [1, 2, 3, 4, 72], levels: ['L2'] },
    ]);
    expect(t.view(null).seats[1].passClues).toEqual(view.seats[1].passClues);
    const hands = sampledHands(view, 300, 'clue');
    for (const hand of hands) {
      expect(hand).toHaveLength(3);
      for (const card of hand) expect(playable).not.toContain(card);
    }
    // Without the clue, 3 of the 84 unseen cards would miss all 10 playable ones (I4 is seat
    // 0's; I1–I3, I72 and six L2) in only about 68 % of samples.
    expect(new Set(hands.flat()).size).toBeGreaterThan(40);
  });

  it('a card played since the pass may have been held then: the clue loosens', () => {
    const t = stuck();
    t.play('pass', 'expand I4 4', 'invest');
    // Lion now reaches space 4, so I5 can be played: seat 1 must.
    expect(t.refused('pass').kind).toBe('must-buy-or-play');
    t.play('expand I5 5');
    expect(t.view(0).seats[1].passClues).toEqual([
      { count: 2, spaces: [1, 2, 3, 4, 72], levels: ['L2'] },
    ]);
    for (const hand of sampledHands(t.view(0), 100, 'played'))
      for (const card of hand) expect(['I1', 'I2', 'I3', 'I4', 'I72', 'L2']).not.toContain(card);
  });

  it('a second pass adds what could be played then; a card bought between is not held since the first', () => {
    const t = stuck('I40 I50');
    // I30 and I31 on top of the deck (its top is the last card).
    for (const id of [31, 30])
      t.state.deck.push(...t.state.deck.splice(t.state.deck.indexOf(id), 1));
    t.play('pass', 'expand I4 4', 'invest');
    // The board changed (I5 can be played now); nothing was bought: the same clue, grown.
    t.play('pass');
    const grown = { count: 2, spaces: [1, 2, 3, 4, 5, 72], levels: ['L2'] };
    expect(t.view(0).seats[1].passClues).toEqual([grown]);
    // Seat 1 comes by 5 (as from a merger's payout) and must buy: I31, unseen by the others.
    t.play('buy deck');
    t.state.cash[1] = 5;
    expect(t.refused('pass').kind).toBe('must-buy-or-play');
    t.play('buy deck', 'buy deck', 'pass');
    expect(t.view(0).seats[1].passClues).toEqual([grown, { ...grown, count: 3 }]);
    for (const hand of sampledHands(t.view(0), 100, 'second'))
      for (const card of hand)
        expect(['I1', 'I2', 'I3', 'I4', 'I5', 'I72', 'L2']).not.toContain(card);
  });
});
