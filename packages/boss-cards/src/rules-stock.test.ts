// Tests Boss Cards' stock: replenishing while the first stock lasts, then reshuffling the pile into a new one.
import { describe, expect, it } from 'vitest';
import { cardId } from './cards.js';
import { bossCards } from './game.js';
import { replenishing, TAG_RESHUFFLE, type BossCardsState } from './state.js';
import { dealt, play, rest } from './test-kit.js';

const HANDS = [
  ['2C', '9D', 'JH', 'AS', '3S'],
  ['4C', '5D', 'QS', 'KH', '7H'],
];
const position = () =>
  dealt({ players: 2, handSize: 5 }, HANDS, ['5C', ...rest([...HANDS.flat(), '5C'])]);

/** Voluntary draws until `left` cards remain in the stock. */
function drawDown(s: BossCardsState, left: number): BossCardsState {
  while (s.stock.length > left) s = play(s, s.turn, { type: 'draw' });
  return s;
}

describe('§5 replenishing and the stock', () => {
  it('replenishes after a play while the first stock lasts', () => {
    const s = play(position(), 1, { type: 'play', card: '4C' });
    expect(s.hands[1].length).toBe(5);
    expect(replenishing(s)).toBe(true);
  });

  it('stops replenishing the moment the first stock is empty, whichever draw emptied it', () => {
    let s = drawDown(position(), 1);
    expect(replenishing(s)).toBe(true);
    s = play(s, s.turn, { type: 'draw' });
    expect(s.stock.length).toBe(0);
    expect(replenishing(s)).toBe(false);
    // A play now shrinks the hand: no replenishing from any later stock.
    const seat = s.turn;
    const before = s.hands[seat].length;
    const card = s.hands[seat].find((c) => c % 13 >= 9)!;
    s = play(s, seat, {
      type: 'play',
      card: bossCards.view(s, seat).hand![s.hands[seat].indexOf(card)],
      ...(card % 13 === 12 ? {} : { suit: 'C' }),
    });
    expect(s.hands[seat].length).toBe(before - 1);
  });

  it('a Boss card replenishes first, then the next seat draws; an empty stock reshuffles the pile minus its top', () => {
    let s = drawDown(position(), 1);
    // Seat to move plays cards until the pile has some depth, replenishing the last card.
    const seat = s.turn;
    const queen = s.hands[seat].find((c) => c % 13 === 10 || c % 13 === 11 || c % 13 === 9);
    expect(queen).toBeDefined();
    const r = bossCards.apply(s, seat, {
      type: 'play',
      card: bossCards.view(s, seat).hand![s.hands[seat].indexOf(queen!)],
      suit: 'H',
    });
    if (!r.ok) throw new Error(r.error.message);
    s = r.value.state;
    const types = r.value.events.filter((e) => e.audience === 'all').map((e) => e.event.type);
    expect(types.indexOf('drew')).toBeLessThan(types.lastIndexOf('drew'));
    expect(types).toContain('replenishing-over');
    // The pile had two cards (start card and the Boss card): the start card became the stock,
    // and the penalty drew it (then ran out: cards not there are not drawn).
    expect(types).toContain('stock-reshuffled');
    expect(s.pile.length).toBe(1);
    expect(s.tags[cardId('5C', 1)]).toBe(TAG_RESHUFFLE);
  });

  it('draws from a reshuffled stock in its order, listed by the presets', () => {
    let s = dealt({ players: 2, handSize: 5 }, HANDS, ['5C', ...rest([...HANDS.flat(), '5C'])], {
      reshuffles: [['4C', '5C']],
    });
    s = play(s, 1, { type: 'play', card: '4C' });
    s = drawDown(s, 0);
    expect(s.pile.map((c) => c)).toEqual([cardId('5C', 1), cardId('4C', 1)]);
    // Fake a deeper pile: a played card on top, so 5C and 4C are below it.
    const top = s.hands[s.turn].find((c) => c % 13 >= 9)!;
    s.hands[s.turn].splice(s.hands[s.turn].indexOf(top), 1);
    s.pile.push(top);
    s.dealtSlots[s.turn]--;
    const seat = s.turn;
    const before = s.hands[seat].length;
    s = play(s, seat, { type: 'draw' });
    expect(s.reshuffles).toBe(1);
    expect(s.hands[seat].length).toBe(before + 1);
    expect(s.hands[seat]).toContain(cardId('4C', 1)); // the preset's top card
    expect(s.stock).toEqual([cardId('5C', 1)]);
  });
});
