// Tests Boss Cards' decks and deal: card ids, dealing order, start cards put back, bad presets and options.
import { describe, expect, it } from 'vitest';
import { cardName, cardId } from './cards.js';
import { bossCards } from './game.js';
import { parseOptions } from './options.js';
import { parsePresets } from './presets.js';
import { setup } from './setup.js';
import { dealt, options, rest } from './test-kit.js';

const names = (cards: number[], decks = 1) => cards.map((c) => cardName(c, decks));

describe('§1 cards', () => {
  it('uses one deck for 2–4 players and two for 5–6, with #1/#2 ids', () => {
    expect(options({ players: 4 }).decks).toBe(1);
    expect(options({ players: 5 }).decks).toBe(2);
    const r = setup(options({ players: 5 }), 's');
    if (!r.ok) throw new Error(r.error.message);
    const s = r.value.state;
    const all = [...s.hands.flat(), ...s.stock, ...s.pile];
    expect(all.length).toBe(104);
    expect(new Set(all).size).toBe(104);
    expect(cardName(cardId('QS#2', 2), 2)).toBe('QS#2');
    expect(cardId('QS', 2)).toBe(-1);
    expect(cardId('QS#1', 1)).toBe(-1);
  });

  it('sorts hands in id order: #1 before #2, suits C D H S, ranks 2 to A', () => {
    const ids = ['AS#1', '2C#2', '10C#1', 'JC#1', '2D#1'].map((n) => cardId(n, 2));
    expect(
      names(
        [...ids].sort((a, b) => a - b),
        2,
      ),
    ).toEqual(['10C#1', 'JC#1', '2D#1', 'AS#1', '2C#2']);
  });
});

describe('§2 setup and turn order', () => {
  it("deals one card at a time from the dealer's left; the rest is the stock, top first", () => {
    const o = options({ players: 3, handSize: 5, dealer: 1 });
    const deck = rest([]);
    // Put a plain card where the stock starts, so that it turns up at once.
    const p = parsePresets({ deals: [{ deck }] }, o);
    if (!p.ok) throw new Error(p.error.message);
    const r = setup(o, 'x', p.value);
    if (!r.ok) throw new Error(r.error.message);
    const s = r.value.state;
    // Seat 2 (dealer's left) gets deck[0], deck[3], ...; seat 0 deck[1], ...; seat 1 deck[2], ...
    expect(names(s.hands[2])).toEqual([0, 3, 6, 9, 12].map((i) => deck[i]));
    expect(names(s.hands[0])).toEqual([1, 4, 7, 10, 13].map((i) => deck[i]));
    expect(names(s.hands[1])).toEqual([2, 5, 8, 11, 14].map((i) => deck[i]));
    expect(names(s.pile)).toEqual([deck[15]]);
    expect(names([...s.stock].reverse())).toEqual(deck.slice(16));
    expect(s.turn).toBe(2);
  });

  it('puts a Boss card or an ace turned up back at the preset gap, until a plain card turns up', () => {
    const hands = [
      ['2C', '3C', '4C', '5C', '6C'],
      ['2D', '3D', '4D', '5D', '6D'],
    ];
    const stock = ['KS', 'AH', '9H', ...rest([...hands.flat(), 'KS', 'AH', '9H'])];
    // KS goes back at gap 0 (turns up again), then at gap 2 (under AH and 9H); AH then at
    // gap 5 (under 9H, KS and three more); 9H turns up and KS is on top of the stock.
    const s = dealt({ players: 2, handSize: 5 }, hands, stock, { gaps: [0, 2, 5] });
    expect(names(s.pile)).toEqual(['9H']);
    const top = names([...s.stock].reverse());
    expect(top.indexOf('KS')).toBe(0);
    expect(top.indexOf('AH')).toBe(4);
    expect(s.demandSuit).toBe(2);
    expect(bossCards.view(s, 0).startCards).toEqual(
      ['KS', 'AH'].sort((a, b) => cardId(a, 1) - cardId(b, 1)),
    );
  });

  it('refuses preset deals that break the rules', () => {
    const o = options({ players: 2, handSize: 5 });
    expect(parsePresets({ deals: [{ deck: ['2C'] }] }, o).ok).toBe(false);
    const court = [
      'JC',
      'QC',
      'KC',
      'AC',
      'JD',
      'QD',
      'KD',
      'AD',
      'JH',
      'QH',
      'KH',
      'AH',
      'JS',
      'QS',
      'KS',
      'AS',
    ];
    const plain = rest(court);
    const twice = parsePresets(
      { deals: [{ hands: [plain.slice(0, 5), plain.slice(0, 5)], stock: plain.slice(10) }] },
      o,
    );
    expect(twice.ok ? '' : twice.error.kind).toBe('invalid-presets');
    const hands = [plain.slice(0, 18), plain.slice(18, 36)];
    const o18 = parseOptions({ players: 2, handSize: 10 });
    if (!o18.ok) throw new Error();
    const allCourt = parsePresets(
      { deals: [{ hands: [hands[0].slice(0, 10), hands[1].slice(0, 10)], stock: court }] },
      o18.value,
    );
    expect(allCourt.ok ? '' : allCourt.error.kind).toBe('invalid-presets');
  });

  it('validates options with errors naming the option', () => {
    for (const [raw, word] of [
      [{ players: 7 }, 'players'],
      [{ handSize: 4 }, 'handSize'],
      [{ target: 9 }, 'target'],
      [{ maxTurns: 49 }, 'maxTurns'],
      [{ aceNamesSuit: 'yes' }, 'aceNamesSuit'],
      [{ players: 3, dealer: 3 }, 'dealer'],
      [{ jokers: true }, 'jokers'],
    ] as const) {
      const r = parseOptions(raw);
      expect(r.ok ? '' : r.error.message).toContain(word);
    }
    expect(options({ players: 6 }).target).toBe(75);
    expect(options({}).maxTurns).toBe(1000);
  });
});
