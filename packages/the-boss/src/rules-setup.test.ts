/**
 * Rules file (../shared/rules/the-boss.md), sections 1–4: components, rule sets, which
 * cities are used, setup. Every game is driven through the public API (`theBoss`).
 */
import { describe, expect, it } from 'vitest';
import { theBoss } from './game.js';
import { table } from './test-helpers.js';
import type { BossView } from './view.js';

/** The card table of section 1, copied from the rules file. */
const CITY_CARDS_IN_RULES: Record<string, string[]> = {
  'new-york': ['0', '1', '2', '3'],
  boston: ['3', '3', 'hospital', 'prison'],
  detroit: ['1', '2', '3', '4', 'revolver'],
  'kansas-city': ['2', '3', 'revolver'],
  cincinnati: ['1', '2', '3', 'banished'],
  memphis: ['1', '2', '3', 'hospital'],
  philadelphia: ['3', 'prison', 'revolver'],
  'saint-louis': ['1', '2', '4', 'shootout', 'theft'],
};
const NUMBERED = [
  'new-york',
  'boston',
  'detroit',
  'kansas-city',
  'cincinnati',
  'memphis',
  'philadelphia',
  'saint-louis',
];
const byNumbers = (nums: number[]) => nums.map((n) => NUMBERED[n - 1]);

const options = (raw: unknown) => theBoss.parseOptions(raw);
const refusedOptions = (raw: unknown) => {
  const parsed = options(raw);
  if (parsed.ok) throw new Error(`options ${JSON.stringify(raw)} were accepted`);
  expect(parsed.error.message.length).toBeGreaterThan(10);
  return parsed.error;
};
/** Reads a record's `deals` and `police` for a 2-player game. */
const presets = (record: Record<string, unknown>) => {
  const parsed = options({ players: 2 });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return theBoss.parsePresets(record, parsed.value);
};
const setupWith = (raw: unknown, seed = 'setup') => {
  const parsed = options(raw);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return theBoss.setup(parsed.value, seed);
};
const startView = (raw: unknown, seed = 'setup'): BossView => {
  const started = setupWith(raw, seed);
  if (!started.ok) throw new Error(started.error.message);
  return theBoss.view(started.value.state, null);
};

describe('1. Components', () => {
  /** Plays one round placing nothing and returns every card seen per city, rewards included. */
  function cardsOfOneRound(raw: Record<string, unknown>, seed: string) {
    const t = table({ options: raw, seed }).finishRound();
    const seen: Record<string, string[]> = {};
    const add = (name: string) => {
      const [city, face] = name.split(':');
      (seen[city] ??= []).push(face);
    };
    t.events('card-revealed').forEach((e) => add(e.card));
    t.events('reward-revealed').forEach((e) => add(`${e.city}:${e.face}`));
    for (const faces of Object.values(seen)) faces.sort();
    return seen;
  }

  it('cities 1–7 hold the 27 cards of the table and Saint Louis adds its 5', () => {
    const expected = (cities: string[]) =>
      Object.fromEntries(cities.map((c) => [c, [...CITY_CARDS_IN_RULES[c]].sort()]));
    for (const seed of ['a', 'b', 'c']) {
      const four = cardsOfOneRound({ players: 4, rules: 'classic' }, seed);
      expect(four).toEqual(expected(NUMBERED.slice(0, 7)));
      expect(Object.values(four).flat()).toHaveLength(27);
      const six = cardsOfOneRound({ players: 6, rules: 'arena' }, seed);
      expect(six).toEqual(expected(NUMBERED));
      expect(Object.values(six).flat()).toHaveLength(32);
    }
  });

  it("Boston's two 3s are interchangeable: one choice, revealable twice", () => {
    const t = table({
      options: { players: 2, cities: ['ny', 'bos', 'det'] },
      deals: [{ hands: ['bos:3 bos:3 ny:0 ny:1 ny:2'] }],
    });
    const reveals = theBoss.legalMoves(t.state, 0).filter((m) => !m.place);
    expect(reveals.map((m) => m.reveal)).toEqual([
      'new-york:0',
      'new-york:1',
      'new-york:2',
      'boston:3',
    ]);
    t.play('bos:3', 'det:2', 'bos:3');
    expect(t.view().row.find((c) => c.city === 'boston')!.revealed).toEqual([
      'boston:3',
      'boston:3',
    ]);
    expect(t.refused('bos:3').kind).toBe('card-not-in-hand');
  });

  it('a card that is not in its city is no card', () => {
    const bad = presets({ deals: [{ rewards: { 'new-york': '4' }, hands: [] }] });
    expect(bad.ok).toBe(false);
    expect(theBoss.parseMove({ reveal: 'new-york:4' }).ok).toBe(false);
    expect(theBoss.parseMove({ reveal: 'chicago:1' }).ok).toBe(false);
  });

  it('each player has 6 big cubes and 3 small cubes', () => {
    const t = table({
      options: { players: 3, cities: [1, 2, 3, 4, 5].map((n) => NUMBERED[n - 1]) },
    });
    for (const p of t.summary().players) {
      expect(p).toMatchObject({ bigAvailable: 6, bigHospital: 0, bigPrison: 0, bigDead: 0 });
      expect(p.smallLeft).toBe(3);
      expect(p.score).toBe(0);
    }
    expect(t.refused('det 7').kind).toBe('not-enough-big-cubes');
    expect(t.refused('det 6+4').kind).toBe('not-enough-small-cubes');
    t.play('det 6+3');
    expect(t.summary().players[0]).toMatchObject({ bigAvailable: 6, smallLeft: 0 });
  });

  it('the police deck holds 2 silver, 2 gold and 1 double badge', () => {
    const v = startView({ players: 2 });
    expect(v.police).toEqual({ flipped: [], remaining: 5 });
    const bad = (police: unknown) => presets({ police });
    expect(bad(['silver', 'silver', 'silver', 'gold', 'double']).ok).toBe(false);
    expect(bad(['silver', 'silver', 'gold', 'gold']).ok).toBe(false);
    expect(bad(['silver', 'silver', 'gold', 'gold', 'double', 'gold']).ok).toBe(false);
    expect(bad(['silver', 'gold', 'silver', 'gold', 'double']).ok).toBe(true);
    // A game that lasts five rounds turns the whole deck.
    const t = table({
      options: { players: 2, cities: ['ny', 'bos', 'det'], maxOvertimeRounds: 0 },
      police: 'silver gold silver gold double',
    });
    t.finishGame();
    expect([...t.summary().policeFlipped].sort()).toEqual([
      'double',
      'gold',
      'gold',
      'silver',
      'silver',
    ]);
    expect(t.view().police.remaining).toBe(0);
  });
});

describe('2. Rule sets', () => {
  it('classic: 2–4 players, police at the last turn, no Saint Louis, 5 cards', () => {
    for (const players of [2, 3, 4]) {
      const o = options({ players, rules: 'classic' });
      expect(o.ok && o.value).toMatchObject({
        rules: 'classic',
        policeTiming: 'last-turn',
        saintLouis: false,
      });
      const v = startView({ players, rules: 'classic' });
      expect(v.options.handSize).toBe(5);
      expect(v.hands.every((h) => h.cities.length === 5)).toBe(true);
      expect(v.options.cities).not.toContain('saint-louis');
    }
    expect(refusedOptions({ players: 5, rules: 'classic' }).kind).toBe('too-many-players');
    expect(refusedOptions({ players: 6, rules: 'classic' }).kind).toBe('too-many-players');
  });

  it('classic is the default rule set', () => {
    const o = options({ players: 3 });
    expect(o.ok && o.value.rules).toBe('classic');
  });

  it('arena: 2–6 players, police when the dealer holds 2 cards, 5 cards to 4 players, 4 at 5–6', () => {
    for (const players of [2, 3, 4, 5, 6]) {
      const o = options({ players, rules: 'arena' });
      expect(o.ok && o.value).toMatchObject({
        rules: 'arena',
        policeTiming: 'dealer-two-cards',
        saintLouis: true,
      });
      const v = startView({ players, rules: 'arena' });
      const hand = players <= 4 ? 5 : 4;
      expect(v.options.handSize).toBe(hand);
      expect(v.hands.every((h) => h.cities.length === hand)).toBe(true);
    }
    // Saint Louis comes in at 5–6 players only (section 3).
    expect(startView({ players: 4, rules: 'arena' }).options.cities).not.toContain('saint-louis');
    expect(startView({ players: 6, rules: 'arena' }).options.cities).toContain('saint-louis');
  });

  it('every difference is an option of its own: mixed tables', () => {
    const o = options({ players: 3, rules: 'classic', policeTiming: 'dealer-two-cards' });
    expect(o.ok && o.value.policeTiming).toBe('dealer-two-cards');
    const five = options({ players: 5, rules: 'classic', saintLouis: true });
    expect(five.ok && five.value.players).toBe(5);
    const arenaNoStl = options({ players: 4, rules: 'arena', saintLouis: false });
    expect(arenaNoStl.ok && arenaNoStl.value.policeTiming).toBe('dealer-two-cards');
    expect(refusedOptions({ players: 5, rules: 'arena', saintLouis: false }).kind).toBe(
      'too-many-players',
    );
    expect(refusedOptions({ players: 4, rules: 'classic', policeTiming: 'never' }).kind).toBe(
      'invalid-police-timing',
    );
  });

  it('Saint Louis is refused in the classic rules', () => {
    const e = refusedOptions({
      players: 2,
      rules: 'classic',
      custom: true,
      cities: ['new-york', 'boston', 'detroit', 'saint-louis'],
    });
    expect(e.kind).toBe('saint-louis-not-allowed');
  });

  it('options errors: players out of range, unknown option, bad rules, bad dealer', () => {
    for (const players of [1, 7, 0, -2, 2.5, '4', undefined, null])
      expect(refusedOptions({ players }).kind).toBe('invalid-players');
    expect(refusedOptions({ players: 4, colour: 'red' }).kind).toBe('unknown-option');
    expect(refusedOptions({ players: 4, rules: 'modern' }).kind).toBe('invalid-rules');
    for (const dealer of [-1, 4, 1.5, 'first'])
      expect(refusedOptions({ players: 4, dealer }).kind).toBe('invalid-dealer');
    expect(refusedOptions({ players: 4, maxOvertimeRounds: -1 }).kind).toBe('invalid-options');
    expect(refusedOptions(null).kind).toBe('invalid-options');
    expect(refusedOptions([4]).kind).toBe('invalid-options');
  });
});

describe('3. Which cities are used', () => {
  const ALLOWED: Record<number, number[][]> = {
    2: [
      [1, 2, 3],
      [1, 2, 4, 7],
      [1, 3, 5],
      [1, 3, 6],
      [1, 4, 5, 7],
      [1, 4, 6, 7],
      [2, 3, 5],
      [2, 3, 6],
      [2, 4, 5, 7],
      [2, 4, 6, 7],
    ],
    3: [
      [1, 2, 3, 4, 5],
      [1, 2, 3, 4, 6],
      [1, 2, 3, 5, 7],
      [1, 2, 3, 6, 7],
      [1, 3, 4, 5, 6],
      [1, 3, 5, 6, 7],
      [2, 3, 4, 5, 6],
      [2, 3, 5, 6, 7],
    ],
    4: [[1, 2, 3, 4, 5, 6, 7]],
    5: [
      [1, 2, 3, 4, 5, 6, 7],
      [1, 2, 4, 5, 6, 7, 8],
    ],
    6: [[1, 2, 3, 4, 5, 6, 7, 8]],
  };
  const cardsOf = (cities: string[]) =>
    cities.reduce((sum, c) => sum + CITY_CARDS_IN_RULES[c].length, 0);

  it('every allowed combination deals every player the same number of cards', () => {
    for (const [n, combos] of Object.entries(ALLOWED)) {
      const players = Number(n);
      for (const combo of combos) {
        const cities = byNumbers(combo);
        const rules = players > 4 ? 'arena' : 'classic';
        const v = startView({ players, rules, cities: [...cities].reverse() });
        expect(v.options.cities).toEqual(cities);
        const hand = (cardsOf(cities) - cities.length) / players;
        expect(v.options.handSize).toBe(hand);
        expect(hand).toBe(players <= 4 ? 5 : 4);
        expect(v.hands.map((h) => h.cities.length)).toEqual(new Array(players).fill(hand));
      }
    }
  });

  it('the printed 1.0.6.7 is read as 1.4.6.7', () => {
    expect(options({ players: 2, cities: byNumbers([1, 4, 6, 7]) }).ok).toBe(true);
  });

  it('other combinations are refused, unless custom and they deal evenly', () => {
    const cases: [number, number[], number | undefined][] = [
      // players, cities, hand size with custom (undefined: uneven, refused even then)
      [2, [1, 2, 4], 4],
      [2, [1, 2, 3, 4], 6],
      [2, [1, 2], 3],
      [2, [3, 5, 6], 5],
      [3, [1, 2, 3, 4, 5, 6, 7], undefined],
      [3, [1, 2, 3], undefined],
      [4, [1, 2, 3, 4, 5, 6], undefined],
      [4, [2, 3, 4, 5, 6, 7], undefined],
      [5, [1, 2, 3, 5, 6, 8], 4],
      [6, [1, 2, 3, 4, 5, 6, 7], undefined],
    ];
    for (const [players, combo, customHand] of cases) {
      const cities = byNumbers(combo);
      const rules = players > 4 ? 'arena' : 'classic';
      const e = refusedOptions({ players, rules, cities });
      expect(e.kind).toBe('invalid-city-combination');
      expect(e.message).toContain('custom');
      if (customHand === undefined) {
        expect(refusedOptions({ players, rules, cities, custom: true }).kind).toBe(
          'invalid-city-combination',
        );
      } else {
        const v = startView({ players, rules, cities, custom: true });
        expect(v.options.handSize).toBe(customHand);
        expect(v.options.custom).toBe(true);
        expect(v.hands.every((h) => h.cities.length === customHand)).toBe(true);
      }
    }
  });

  it('unknown and repeated cities are refused; chicago is implied', () => {
    expect(refusedOptions({ players: 2, cities: ['new-york', 'gotham', 'detroit'] }).kind).toBe(
      'unknown-city',
    );
    expect(refusedOptions({ players: 2, cities: ['new-york', 'new-york', 'detroit'] }).kind).toBe(
      'duplicate-city',
    );
    const v = startView({ players: 2, cities: ['chicago', 'new-york', 'boston', 'detroit'] });
    expect(v.options.cities).toEqual(['new-york', 'boston', 'detroit']);
  });

  it('5 players: Saint Louis instead of Detroit is allowed (27 cards, 4 each)', () => {
    const cities = byNumbers([1, 2, 4, 5, 6, 7, 8]);
    const v = startView({ players: 5, rules: 'arena', cities });
    expect(v.options.cities).toEqual(cities);
    expect(cardsOf(cities)).toBe(27);
    expect(v.options.handSize).toBe(4);
    expect(v.row.map((c) => c.city)).toEqual([
      'new-york',
      'chicago',
      'boston',
      'kansas-city',
      'cincinnati',
      'memphis',
      'philadelphia',
      'saint-louis',
    ]);
  });

  it('cities left out are drawn from the seed among the allowed ones', () => {
    for (const players of [2, 3, 4, 5, 6]) {
      const rules = players > 4 ? 'arena' : 'classic';
      const drawn = new Set<string>();
      for (let i = 0; i < 40; i++) {
        const v = startView({ players, rules }, `draw-${i}`);
        const key = v.options.cities.map((c) => NUMBERED.indexOf(c) + 1).join('.');
        // Decision 7: at 5 players only the printed 1–7 is drawn.
        const allowed = players === 5 ? [ALLOWED[5][0]] : ALLOWED[players];
        expect(allowed.map((c) => c.join('.'))).toContain(key);
        drawn.add(key);
        // The same seed draws the same cities.
        expect(startView({ players, rules }, `draw-${i}`).options.cities).toEqual(v.options.cities);
      }
      if (players === 2) expect(drawn.size).toBeGreaterThan(5);
    }
  });
});

describe('4. Setup', () => {
  it('bosses in increasing number left to right, Chicago second', () => {
    const v = startView({ players: 3, cities: byNumbers([7, 6, 5, 3, 2]) });
    expect(v.row.map((c) => c.city)).toEqual([
      'boston',
      'chicago',
      'detroit',
      'cincinnati',
      'memphis',
      'philadelphia',
    ]);
    const two = startView({ players: 2, cities: byNumbers([6, 1, 3]) });
    expect(two.row.map((c) => c.city)).toEqual(['new-york', 'chicago', 'detroit', 'memphis']);
  });

  it('Saint Louis is rightmost of the local bosses', () => {
    const v = startView({ players: 6, rules: 'arena' });
    expect(v.row.map((c) => c.city)).toEqual([
      'new-york',
      'chicago',
      'boston',
      'detroit',
      'kansas-city',
      'cincinnati',
      'memphis',
      'philadelphia',
      'saint-louis',
    ]);
  });

  it('the police deck is face down: nothing turned, its order not shown', () => {
    const a = table({
      options: { players: 2, cities: ['ny', 'bos', 'det'] },
      police: 'silver silver double gold gold',
    });
    const b = table({
      options: { players: 2, cities: ['ny', 'bos', 'det'] },
      police: 'gold double silver gold silver',
    });
    expect(a.view(0).police).toEqual({ flipped: [], remaining: 5 });
    expect(a.view(0)).toEqual(b.view(0));
    expect(a.view(null)).toEqual(b.view(null));
    // Shuffled from the seed when not given: different seeds, different orders.
    const orders = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const t = table({
        options: { players: 2, cities: ['ny', 'bos', 'det'], maxOvertimeRounds: 0 },
        seed: `police-${i}`,
      });
      t.finishGame();
      orders.add(t.summary().policeFlipped.join());
    }
    expect(orders.size).toBeGreaterThan(3);
  });

  it('the dealer is chosen by the creator, or at random from the seed', () => {
    for (const dealer of [0, 1, 2, 3]) {
      const v = startView({ players: 4, dealer });
      expect(v.dealer).toBe(dealer);
      expect(v.turn).toBe(dealer);
    }
    expect(startView({ players: 4 }).dealer).toBe(0);
    const dealers = new Set<number>();
    for (let i = 0; i < 30; i++) {
      const v = startView({ players: 4, dealer: 'random' }, `dealer-${i}`);
      expect(v.turn).toBe(v.dealer);
      expect(startView({ players: 4, dealer: 'random' }, `dealer-${i}`).dealer).toBe(v.dealer);
      dealers.add(v.dealer);
    }
    expect([...dealers].sort()).toEqual([0, 1, 2, 3]);
  });

  it('nobody starts banished; everyone starts with no score', () => {
    const v = startView({ players: 3, cities: byNumbers([1, 3, 5, 6, 7]) });
    expect(v.players.map((p) => p.banished)).toEqual([false, false, false]);
    expect(v.players.map((p) => p.score)).toEqual([0, 0, 0]);
    expect(v.round).toBe(1);
    expect(v.overtime).toBe(0);
  });
});
