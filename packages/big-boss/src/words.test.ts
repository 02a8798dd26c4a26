// Tests Big Boss's log in words: every event a viewer may see in plain sentences, never another seat's hand.
import { describe, expect, it } from 'vitest';
import { eventsFor, Rng } from '@boss-table/core';
import { bigBoss } from './game.js';
import { position } from './test-kit.js';
import type { BigBossEvent } from './types.js';
import { defaultNamer, describeEvent } from './words.js';

describe('the game log in words', () => {
  it('describes every kind of event a viewer may see, in plain sentences', () => {
    const seen = new Set<string>();
    for (let g = 0; g < 20; g++) {
      const options = bigBoss.parseOptions({ players: 3, rules: g % 2 ? 'modern' : 'original' });
      if (!options.ok) throw new Error(options.error.message);
      const setup = bigBoss.setup(options.value, `words${g}`);
      if (!setup.ok) throw new Error(setup.error.message);
      const emitted = [...setup.value.events];
      let s = setup.value.state;
      const rng = Rng.fromSeed(`words${g}`);
      while (!s.outcome) {
        const applied = bigBoss.apply(s, s.turn, bigBoss.randomMove(s, s.turn, rng)!);
        if (!applied.ok) throw new Error(applied.error.message);
        s = applied.value.state;
        emitted.push(...applied.value.events);
      }
      for (const viewer of [0, 1, null])
        for (const e of eventsFor(emitted, viewer)) {
          const text = describeEvent(e, viewer);
          expect(text, JSON.stringify(e)).toMatch(/^[A-Z].*[.]$/);
          expect(text).not.toMatch(/undefined|NaN|null|\[object/);
          seen.add(e.type);
        }
    }
    const all: BigBossEvent['type'][] = [
      'started',
      'dealt',
      'turn',
      'bought',
      'drew',
      'row-refilled',
      'founded',
      'expanded',
      'merged',
      'price-changed',
      'earned',
      'invested',
      'sold',
      'passed',
      'game-over',
    ];
    expect([...seen].sort()).toEqual([...all].sort());
  });

  it('never describes another seat’s hand or drawn card', () => {
    expect(describeEvent({ type: 'dealt', seat: 1, cards: ['I3'] }, 0)).toBeUndefined();
    expect(describeEvent({ type: 'drew', seat: 1, card: 'I3' }, null)).toBeUndefined();
    expect(describeEvent({ type: 'drew', seat: 1, card: 'I3' }, 1)).toBe('You drew Industry 3.');
  });

  it('tells a merger with its payouts and the tower that leaves', () => {
    const t = position({
      hands: ['I13'],
      companies: {
        lunar: { track: '10 11 12', price: 12, tower: 2 },
        lion: { track: '14 15 16', price: 11 },
      },
      shares: [{}, { lunar: 2 }, {}],
    });
    t.play('expand I13 13 boost:lion acquirer:lion');
    const names = defaultNamer(0, ['Ann', 'Bob', 'Cy']);
    expect(t.lastEmitted.map((e) => describeEvent(e.event, 0, names))).toEqual([
      'You built on space 13 for Lion with Industry 13 (level 1).',
      "Lion's share price rises from 11 to 12.",
      "Lion acquires Lunar (Lion took the +1); shares paid at 12: Bob 24 and Cy 36. Cy's tower leaves the game. Lion now stands at 24.",
      "Lion's share price rises from 12 to 24.",
      'You earned 24 from Lion.',
    ]);
  });
});
