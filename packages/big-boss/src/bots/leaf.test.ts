// Tests the fitted judge that values a Big Boss position where a playout stops: cash, holdings, growth, cards.
import { describe, expect, it } from 'vitest';
import { position } from '@boss-table/big-boss/test-kit';
import { SEAT_FEATURES, seatFeatures } from './heuristic.js';
import { LEAF_WEIGHTS, winChances } from './leaf.js';

describe("the fitted judge of a playout's end", () => {
  // Lion on 22–24 (two pieces on 23) at 12; seat 0 holds two shares and I25 (joins Lion
  // beside 24) and a Level card (best on 23: the third piece, 12 + 3).
  const spec = {
    players: 4,
    companies: { lion: { track: '22 23:2 24', price: 12 } },
    hands: ['I25 L', 'I60', 'I61', 'I62'],
    cash: [30, 30, 30, 30],
    shares: [{ lion: 2 }, {}, {}, {}],
  } as const;

  it("counts a seat's cash, holdings, growth to come, own cards and hand", () => {
    const s = position(spec).state;
    const f = Object.fromEntries(SEAT_FEATURES.map((name, i) => [name, seatFeatures(s, 0)[i]]));
    expect(f.cash).toBe(30);
    expect(f.holdings).toBe(24);
    // Lion's room (18 free levels on and beside it) is more than 12: the full rise of 1 a
    // share times the part of the game left (88 pieces of 92).
    expect(f.growth).toBeCloseTo((2 * 88) / 92, 6);
    expect(f.ownCards).toBe(2); // I25 adds a piece of level 1 to Lion: +1 a share
    expect(f.merge).toBe(0);
    expect(f.handEnd).toBe(15); // an Industry card 5, a Level card 10
    expect(f.handPlay).toBe(13 + 15);
    // Seat 1 holds no shares: nothing but its cash before its hand.
    expect(seatFeatures(s, 1).slice(0, 5)).toEqual([30, 0, 0, 0, 0]);
  });

  it('gives chances that sum to one, more to the seat ahead, none where not fitted', () => {
    const s = position(spec).state;
    const chances = winChances(s)!;
    expect(chances).toHaveLength(4);
    expect(chances.reduce((a, b) => a + b)).toBeCloseTo(1, 9);
    expect(chances[0]).toBeGreaterThan(chances[1]);
    const richer = position({ ...spec, cash: [30, 200, 30, 30] }).state;
    expect(winChances(richer)![1]).toBeGreaterThan(chances[1]);
    // Fitted for the modern rules at four players only.
    expect(Object.keys(LEAF_WEIGHTS)).toEqual(['modern/4']);
    expect(winChances(position({ ...spec, rules: 'original' }).state)).toBeUndefined();
    const two = {
      ...spec,
      players: 2,
      hands: ['I25 L', 'I60'],
      cash: 30,
      shares: [{ lion: 2 }, {}],
    };
    expect(winChances(position(two).state)).toBeUndefined();
  });
});
