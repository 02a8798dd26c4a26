// Tests The Boss's log sentences: every event covered, no word of another seat's hand, "you" for the viewer.
import { describe, expect, it } from 'vitest';
import { Rng, type Emitted } from '@boss-table/core';
import type { BossEvent } from './events.js';
import { theBoss } from './game.js';
import { cardWords, describeEvent } from './words.js';

function playedEvents(players: number, rules: 'classic' | 'arena', seed: string) {
  const options = theBoss.parseOptions({ players, rules });
  if (!options.ok) throw new Error(options.error.message);
  const setup = theBoss.setup(options.value, seed);
  if (!setup.ok) throw new Error(setup.error.message);
  let state = setup.value.state;
  const events: Emitted<BossEvent>[] = [...setup.value.events];
  const rng = Rng.fromSeed(seed);
  while (!theBoss.isOver(state)) {
    const seat = theBoss.activeSeats(state)[0];
    const applied = theBoss.apply(state, seat, theBoss.randomMove(state, seat, rng)!);
    if (!applied.ok) throw new Error(applied.error.message);
    state = applied.value.state;
    events.push(...applied.value.events);
  }
  return events;
}

describe('the game log in words', () => {
  it('describes every kind of event a game produces in a sentence', () => {
    const seen = new Set<string>();
    for (let g = 0; g < 30; g++)
      for (const { event } of playedEvents(
        2 + (g % 5),
        g % 2 || g % 5 >= 3 ? 'arena' : 'classic',
        `w${g}`,
      )) {
        const text = describeEvent(event, 0);
        if (event.type === 'hand-dealt' && event.seat !== 0) continue;
        expect(text, event.type).toMatch(/^[A-Z].*[.]$/);
        seen.add(event.type);
      }
    for (const type of [
      'round-started',
      'hand-dealt',
      'turn',
      'cubes-placed',
      'card-revealed',
      'police-flipped',
      'last-turn-order',
      'reward-revealed',
      'chicago-scored',
      'cube-lost',
      'round-ended',
      'game-over',
    ])
      expect(seen, type).toContain(type);
  });

  it('has a sentence for every kind of event, for players and spectators', () => {
    // One sample per kind; typed so that a new kind of event fails to compile here.
    const samples: { readonly [K in BossEvent['type']]: Extract<BossEvent, { type: K }> } = {
      'round-started': {
        type: 'round-started',
        round: 2,
        overtime: 0,
        dealer: 1,
        row: ['boston', 'chicago', 'memphis'],
        handCities: [['boston'], ['memphis']],
      },
      'hand-dealt': { type: 'hand-dealt', seat: 0, cards: ['boston:3', 'memphis:prison'] },
      turn: { type: 'turn', seat: 1 },
      'cubes-placed': { type: 'cubes-placed', seat: 1, city: 'chicago', big: 2, small: 1 },
      'card-revealed': { type: 'card-revealed', seat: 1, card: 'memphis:shootout' },
      'police-flipped': {
        type: 'police-flipped',
        card: 'gold',
        silver: 1,
        gold: 1,
        remaining: 3,
        lastRound: false,
      },
      'last-turn-order': { type: 'last-turn-order', order: [1, 0] },
      'reward-revealed': { type: 'reward-revealed', city: 'boston', face: 'theft', boss: 1 },
      'chicago-scored': {
        type: 'chicago-scored',
        boss: 0,
        cards: ['boston:3', 'new-york:hospital'],
        sum: 3,
        points: 2,
      },
      'cube-lost': { type: 'cube-lost', seat: 1, city: 'memphis', to: 'prison' },
      banished: { type: 'banished', seat: 1 },
      'round-ended': { type: 'round-ended', round: 2, points: [2, -2], scores: [5, 3] },
      overtime: { type: 'overtime', tied: [0, 1] },
      'game-over': {
        type: 'game-over',
        winners: [1],
        ranking: [1, 0],
        scores: [5, 7],
        decidedBy: 'score',
      },
    };
    for (const event of Object.values(samples) as BossEvent[])
      for (const viewer of [0, 1, null]) {
        const text = describeEvent(event, viewer);
        if (event.type === 'hand-dealt' && viewer !== 0) expect(text).toBeUndefined();
        else expect(text, `${event.type} for ${viewer}`).toMatch(/^[A-Z][^\n]*[.]$/);
      }
    expect(describeEvent(samples.banished, 1)).toBe('You are banished from Cincinnati.');
    expect(describeEvent(samples.overtime, null)).toBe(
      'Still tied: Seat 0 and Seat 1 play an overtime round.',
    );
    expect(describeEvent(samples['game-over'], 1)).toMatch(/^Game over: You win /);
    expect(describeEvent(samples['game-over'], 0)).toMatch(/^Game over: Seat 1 wins /);
    expect(describeEvent(samples['reward-revealed'], 1)).toContain('You lose 2 points (theft)');
  });

  it("never describes another seat's hand", () => {
    const events = playedEvents(4, 'classic', 'private');
    const dealt = events.filter((e) => e.event.type === 'hand-dealt');
    expect(dealt.length).toBeGreaterThan(0);
    for (const { event } of dealt) {
      if (event.type !== 'hand-dealt') continue;
      const other = (event.seat + 1) % 4;
      expect(describeEvent(event, other)).toBeUndefined();
      expect(describeEvent(event, null)).toBeUndefined();
      expect(describeEvent(event, event.seat)).toContain(cardWords(event.cards[0]));
    }
  });

  it('speaks to the viewer in the second person', () => {
    expect(describeEvent({ type: 'turn', seat: 2 }, 2)).toBe('Your turn.');
    expect(describeEvent({ type: 'card-revealed', seat: 1, card: 'boston:3' }, 2)).toBe(
      'Seat 1 revealed Boston 3.',
    );
    expect(
      describeEvent({ type: 'reward-revealed', city: 'memphis', face: 'hospital', boss: 0 }, 0),
    ).toBe(
      "Memphis's reward is Hospital: You send one of your big cubes there to hospital for a round.",
    );
  });
});
