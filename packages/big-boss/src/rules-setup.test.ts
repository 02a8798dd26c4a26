/** Rules file, sections 1–2: components, options and setup. */
import { describe, expect, it } from 'vitest';
import { COMPANIES, COMPANY_IDS, cardCode, cardId, loopDistance, spaceAt } from './companies.js';
import { bigBoss } from './game.js';
import { dealt } from './test-kit.js';

const optionsError = (raw: unknown) => {
  const r = bigBoss.parseOptions(raw);
  return r.ok ? undefined : r.error;
};

describe('options', () => {
  it('take 2–6 players and a rule set, modern by default', () => {
    expect(bigBoss.parseOptions({ players: 4 })).toEqual({
      ok: true,
      value: { players: 4, rules: 'modern' },
    });
    expect(bigBoss.parseOptions({ players: 2, rules: 'original', firstPlayer: 1 })).toEqual({
      ok: true,
      value: { players: 2, rules: 'original', firstPlayer: 1 },
    });
  });

  it('are refused with a sentence that says what is wrong', () => {
    expect(optionsError([])?.kind).toBe('invalid-options');
    expect(optionsError({ players: 1 })?.message).toContain('from 2 to 6');
    expect(optionsError({ players: 7 })?.kind).toBe('invalid-players');
    expect(optionsError({ players: 3, rules: 'arena' })?.message).toContain(
      '"modern" or "original"',
    );
    expect(optionsError({ players: 3, firstPlayer: 3 })?.message).toContain('from 0 to 2');
    expect(optionsError({ players: 3, cities: [] })?.message).toContain('Unknown option "cities"');
  });
});

describe('components', () => {
  it('has eight companies with names and a loop of 72 spaces', () => {
    expect(COMPANIES.map((c) => c.name)).toEqual([
      'Regent',
      'Lunar',
      'Eagle',
      'Kingdom',
      'Lion',
      'Orion',
      'Vega',
      'Zenith',
    ]);
    expect(COMPANY_IDS).toHaveLength(8);
    expect(spaceAt(72, 1)).toBe(1);
    expect(spaceAt(1, -1)).toBe(72);
    expect(spaceAt(70, 5)).toBe(3);
    expect(loopDistance(72, 2)).toBe(2);
    expect(loopDistance(10, 14)).toBe(4);
  });

  it('codes cards as I1..I72, L and L2..L5, and nothing else', () => {
    for (const code of ['I1', 'I72', 'L', 'L2', 'L5']) expect(cardCode(cardId(code)!)).toBe(code);
    for (const bad of ['I0', 'I73', 'L1', 'L6', 'X3', 'I07', 17])
      expect(cardId(bad)).toBeUndefined();
  });
});

describe('setup', () => {
  it('modern: 10 Industry cards and 40 each, six face up, 18 Level cards, 12 shares a company', () => {
    for (let players = 2; players <= 6; players++) {
      const t = dealt({ players, rules: 'modern' }, `modern-${players}`);
      const s = t.state;
      expect(s.hands.every((h) => h.length === 10 && h.every((id) => id <= 72))).toBe(true);
      expect(s.row).toHaveLength(6);
      expect(s.deck).toHaveLength(72 - 6 - 10 * players);
      expect(s.levels).toBe(18);
      expect(s.cash).toEqual(new Array(players).fill(40));
      expect(s.sharesLeft).toEqual(new Array(8).fill(12));
      expect(s.piecesLeft).toBe(92);
      const everyCard = [...s.hands.flat(), ...s.row, ...s.deck].sort((a, b) => a - b);
      expect(everyCard).toEqual(Array.from({ length: 72 }, (_, i) => i + 1));
    }
  });

  it('original: one mixed deck of 72 Industry and 18 Level cards (6×2, 5×3, 4×4, 3×5), 12 cards and 30 each, 7 shares', () => {
    const t = dealt({ players: 5, rules: 'original' }, 'original');
    const s = t.state;
    expect(s.hands.every((h) => h.length === 12)).toBe(true);
    expect(s.row).toEqual([]);
    expect(s.levels).toBe(0);
    expect(s.cash).toEqual(new Array(5).fill(30));
    expect(s.sharesLeft).toEqual(new Array(8).fill(7));
    const all = [...s.hands.flat(), ...s.deck].map(cardCode);
    expect(all).toHaveLength(90);
    const count = (c: string) => all.filter((x) => x === c).length;
    expect([count('L2'), count('L3'), count('L4'), count('L5'), count('L')]).toEqual([
      6, 5, 4, 3, 0,
    ]);
    expect(new Set(all.filter((c) => c.startsWith('I'))).size).toBe(72);
  });

  it('starts with the chosen first player, or one drawn from the seed', () => {
    expect(dealt({ players: 4, firstPlayer: 2 }).state.turn).toBe(2);
    const drawn = new Set<number>();
    for (let i = 0; i < 40; i++) drawn.add(dealt({ players: 4 }, `first-${i}`).state.turn);
    expect(drawn).toEqual(new Set([0, 1, 2, 3]));
    expect(dealt({ players: 4 }, 'same').state.turn).toBe(dealt({ players: 4 }, 'same').state.turn);
  });

  it('deals each hand in a private event and shows the row to everyone', () => {
    const t = dealt({ players: 3, firstPlayer: 1 });
    const started = t.events('started')[0];
    expect(started).toMatchObject({ rules: 'modern', firstPlayer: 1, handCounts: [10, 10, 10] });
    expect(started.row).toEqual(t.state.row.map(cardCode));
    for (let p = 0; p < 3; p++) {
      const mine = t.events('dealt', p);
      expect(mine).toEqual([{ type: 'dealt', seat: p, cards: t.hand(p) }]);
    }
    expect(t.events('dealt', null)).toEqual([]);
    expect(t.events('turn')).toEqual([{ type: 'turn', seat: 1 }]);
  });
});
