// Tests a Boss Cards turn: matching the demand, drawing, passing, and what aces and Boss cards name and cost.
import { describe, expect, it } from 'vitest';
import { cardName } from './cards.js';
import { bossCards } from './game.js';
import { legalMoves } from './play.js';
import { dealt, play, refused, rest } from './test-kit.js';

// Seat 1 leads (dealer 0); the pile starts with 5C.
const HANDS = [
  ['2C', '9D', 'JH', 'AS', '3S'],
  ['4C', '5D', 'QS', 'KH', '7H'],
];
const position = (raw: Record<string, unknown> = {}) =>
  dealt({ players: 2, handSize: 5, ...raw }, HANDS, ['5C', ...rest([...HANDS.flat(), '5C'])]);
const hand = (s: ReturnType<typeof position>, seat: number) =>
  s.hands[seat].map((c) => cardName(c, 1));

describe('§3 a turn', () => {
  it('plays a card matching the suit or the rank, and nothing else', () => {
    const s = position();
    expect(s.turn).toBe(1);
    const plays = legalMoves(s, 1).filter((m) => m.type === 'play');
    expect(new Set(plays.map((m) => (m.type === 'play' ? m.card : '')))).toEqual(
      new Set(['4C', '5D', 'QS', 'KH']),
    );
    expect(plays.length).toBe(2 + 13 * 2);
    expect(refused(s, 1, { type: 'play', card: '7H' }).kind).toBe('card-does-not-match');
    expect(refused(s, 1, { type: 'play', card: '2C' }).kind).toBe('card-not-in-hand');
    expect(refused(s, 0, { type: 'play', card: '2C' }).kind).toBe('not-your-turn');
    const after = play(s, 1, { type: 'play', card: '5D' });
    expect(after.demandSuit).toBe(1);
    expect(after.demandRank).toBe(3);
    expect(after.turn).toBe(0);
  });

  it('may draw even when a card could be played; the turn ends', () => {
    const s = position();
    const after = play(s, 1, { type: 'draw' });
    expect(after.hands[1].length).toBe(6);
    expect(after.stock.length).toBe(s.stock.length - 1);
    expect(after.turn).toBe(0);
  });

  it('refuses a pass while a draw or a play is possible, and names given where none is needed', () => {
    const s = position();
    expect(refused(s, 1, { type: 'pass' }).kind).toBe('cannot-pass');
    expect(refused(s, 1, { type: 'play', card: '4C', suit: 'H' }).kind).toBe('name-not-needed');
    expect(refused(s, 1, { type: 'play', card: 'QS', suit: 'H', rank: '7' }).kind).toBe(
      'one-name-only',
    );
  });

  it('passes only when nothing can be played and nothing drawn', () => {
    const s = position();
    // Hand-built: the stock all in seat 0's hand, seat 1 holding nothing that matches 5C.
    s.hands[0].push(...s.stock.splice(0));
    s.hands[0].sort((a, b) => a - b);
    const unmatched = (c: number) => c % 13 < 9 && c % 13 !== 3 && ((c / 13) | 0) !== 0;
    s.hands[0].push(...s.hands[1].filter((c) => !unmatched(c)));
    s.hands[1] = s.hands[1].filter(unmatched);
    expect(hand(s, 1)).toEqual(['7H']);
    expect(legalMoves(s, 1)).toEqual([{ type: 'pass' }]);
    expect(refused(s, 1, { type: 'draw' }).kind).toBe('cannot-draw');
    const after = play(s, 1, { type: 'pass' });
    expect(after.turn).toBe(0);
    expect(after.turnsThisRound).toBe(1);
  });
});

describe('§4 aces and Boss cards', () => {
  it('an ace is wild and leaves its own suit as the demand, with no rank', () => {
    const s = play(position(), 1, { type: 'draw' });
    const after = play(s, 0, { type: 'play', card: 'AS' });
    expect([after.demandSuit, after.demandRank]).toEqual([3, -1]);
    expect(refused(s, 0, { type: 'play', card: 'AS', suit: 'H' }).kind).toBe('name-not-needed');
  });

  it('with aceNamesSuit, an ace must name a suit (never a rank)', () => {
    const s = play(position({ aceNamesSuit: true }), 1, { type: 'draw' });
    expect(refused(s, 0, { type: 'play', card: 'AS' }).kind).toBe('name-needed');
    expect(refused(s, 0, { type: 'play', card: 'AS', rank: '7' }).kind).toBe('rank-not-nameable');
    const after = play(s, 0, { type: 'play', card: 'AS', suit: 'D' });
    expect([after.demandSuit, after.demandRank]).toEqual([1, -1]);
  });

  it('a Boss card names a suit or a rank from 2 to 10, and must name one', () => {
    const s = position();
    expect(refused(s, 1, { type: 'play', card: 'QS' }).kind).toBe('name-needed');
    for (const rank of ['J', 'Q', 'K', 'A'] as const)
      expect(refused(s, 1, { type: 'play', card: 'QS', rank }).kind).toBe('rank-not-nameable');
    const bySuit = play(s, 1, { type: 'play', card: 'QS', suit: 'D' });
    expect([bySuit.demandSuit, bySuit.demandRank]).toEqual([1, -1]);
    const byRank = play(s, 1, { type: 'play', card: 'QS', rank: '10' });
    expect([byRank.demandSuit, byRank.demandRank]).toEqual([-1, 8]);
  });

  it('a Jack matching the demand is still a Boss card: it must name the demand', () => {
    const s = play(position(), 1, { type: 'play', card: 'KH', suit: 'H' });
    expect(refused(s, 0, { type: 'play', card: 'JH' }).kind).toBe('name-needed');
  });

  it('the next seat draws 1 after a Jack, 2 after a Queen, 3 after a King, then plays (not skipped)', () => {
    const q = play(position(), 1, { type: 'play', card: 'QS', suit: 'H' });
    expect(q.hands[0].length).toBe(7);
    expect(q.hands[1].length).toBe(5); // replenished
    expect(q.turn).toBe(0);
    const k = play(position(), 1, { type: 'play', card: 'KH', suit: 'H' });
    expect(k.hands[0].length).toBe(8);
    const j = play(k, 0, { type: 'play', card: 'JH', rank: '4' });
    // No stacking: the Jack costs seat 1 one card, whatever came before.
    expect(j.hands[1].length).toBe(6);
    expect(j.turn).toBe(1);
  });

  it('emits the penalty as a public draw and the cards only to the seat that drew them', () => {
    const r = bossCards.apply(position(), 1, { type: 'play', card: 'QS', suit: 'H' });
    if (!r.ok) throw new Error(r.error.message);
    const drew = r.value.events.filter((e) => e.event.type === 'drew');
    expect(drew.map((e) => [e.audience, e.event])).toEqual([
      ['all', { type: 'drew', seat: 1, count: 1, reason: 'replenish' }],
      ['all', { type: 'drew', seat: 0, count: 2, reason: 'penalty' }],
    ]);
    const secret = r.value.events.filter((e) => e.event.type === 'cards-drawn');
    expect(secret.map((e) => e.audience)).toEqual([1, 0]);
  });
});
