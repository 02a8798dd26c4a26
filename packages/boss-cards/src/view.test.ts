// Tests that a Boss Cards seat sees its own hand and others' counts only, and that sampling respects history.
import { Rng } from '@boss-table/core';
import { describe, expect, it } from 'vitest';
import { cardName } from './cards.js';
import { bossCards } from './game.js';
import { dealt, play, rest } from './test-kit.js';

const HANDS = [
  ['2C', '9D', 'JH', 'AS', '3S'],
  ['4C', '5D', 'QS', 'KH', '7H'],
];
const position = () =>
  dealt({ players: 2, handSize: 5 }, HANDS, ['KD', '5C', ...rest([...HANDS.flat(), '5C', 'KD'])], {
    gaps: [10],
  });

describe('§7 what each seat sees', () => {
  it("shows one's own hand, counts for the others, and never the stock's order", () => {
    const s = play(position(), 1, { type: 'draw' });
    const v = bossCards.view(s, 0);
    expect(v.hand).toEqual(['2C', '9D', 'JH', '3S', 'AS']);
    expect(v.handCounts).toEqual([5, 6]);
    expect(v.stockCount).toBe(s.stock.length);
    const text = JSON.stringify(v);
    for (const c of s.hands[1]) expect(text).not.toContain(`"${cardName(c, 1)}"`);
    for (const c of s.stock.filter((c) => cardName(c, 1) !== 'KD'))
      expect(text).not.toContain(`"${cardName(c, 1)}"`);
    expect(bossCards.view(s, null).hand).toBeNull();
  });

  it('the sampler keeps a returned start card in the stock (or a hand that drew from it)', () => {
    const s = position();
    const v = bossCards.view(s, 0);
    expect(v.startCards).toEqual(['KD']);
    const rng = Rng.fromSeed('kd');
    for (let i = 0; i < 50; i++) {
      const t = bossCards.sample(v, rng);
      expect(t.stock.map((c) => cardName(c, 1))).toContain('KD');
      expect(bossCards.view(t, 0)).toEqual(v);
    }
    // Seat 1 draws: KD may now be in its hand, never in the hand dealt to nobody that drew.
    const drawn = play(play(s, 1, { type: 'draw' }), 0, { type: 'draw' });
    const w = bossCards.view(drawn, 0);
    let inHand = 0;
    for (let i = 0; i < 400; i++) {
      const t = bossCards.sample(w, rng);
      if (t.hands[1].some((c) => cardName(c, 1) === 'KD')) inHand++;
    }
    // One of the first stock's cards drawn: KD there with chance 1/(stock + 1).
    expect(inHand).toBeGreaterThan(0);
    expect(inHand).toBeLessThan(60);
  });
});
