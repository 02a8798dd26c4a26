// Boss Cards' words: cards named in English, and a sentence for every event of a game.
import { eventsFor, type Emitted } from '@boss-table/core';
import { playRandomGame } from '@boss-table/core/testing';
import { describe, expect, it } from 'vitest';
import type { BossCardsEvent } from './events.js';
import { bossCards } from './game.js';
import { byCard, dealt, rest } from './test-kit.js';
import { cardWords, eventWords } from './words.js';

describe('words for events', () => {
  it('names cards in English', () => {
    expect(cardWords('QS')).toBe('Queen of spades');
    expect(cardWords('10H#2')).toBe('10 of hearts (deck 2)');
    expect(cardWords('AD')).toBe('Ace of diamonds');
  });

  it('says what was played and what the demand is now', () => {
    const hands = [
      ['2C', '9D', 'JH', 'AS', '3S'],
      ['4C', '5D', 'QS', 'KH', '7H'],
    ];
    const s = dealt({ players: 2, handSize: 5 }, hands, ['5C', ...rest([...hands.flat(), '5C'])]);
    const r = bossCards.apply(s, 1, { type: 'play', card: 'QS', rank: '7' });
    if (!r.ok) throw new Error(r.error.message);
    const lines = eventsFor(r.value.events, 0).map((e) => eventWords(e, 0));
    expect(lines).toContain('Seat 1 plays the Queen of spades: 7s now.');
    expect(lines).toContain('You draw 2 cards for the Boss card.');
    expect(lines.some((l) => l.startsWith('You drew '))).toBe(true);
  });

  it("has a sentence for every event of a game, and never names another seat's cards", () => {
    const { events } = playRandomGame(byCard, { players: 3, target: 10 }, 'w');
    const seen = new Set<string>();
    for (const viewer of [0, 1, 2, null]) {
      for (const e of eventsFor(events as Emitted<BossCardsEvent>[], viewer)) {
        const line = eventWords(e, viewer);
        seen.add(e.type);
        expect(line.length).toBeGreaterThan(5);
        expect(line).not.toContain('undefined');
        if ((e.type === 'hand-dealt' || e.type === 'cards-drawn') && e.seat !== viewer)
          for (const c of e.cards) expect(line).not.toContain(cardWords(c));
      }
    }
    for (const t of [
      'round-started',
      'hand-dealt',
      'start-card',
      'played',
      'drew',
      'cards-drawn',
      'round-won',
      'game-over',
    ])
      expect(seen).toContain(t);
  });
});
