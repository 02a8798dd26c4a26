// Boss Cards' terminal pieces: the terminal kit over random games, and their own cases.
import { describe, expect, it } from 'vitest';
import { checkTerminal } from '@boss-table/core/testing';
import { bossCards } from './game.js';
import { bossCardsTerminal, parseBossCardsMove } from './terminal.js';
import type { BossCardsView } from './view.js';

describe('Boss Cards in the terminal', () => {
  it('reads every legal move back as typed, and words every event, over random games', () => {
    const report = checkTerminal(bossCards, bossCardsTerminal, {
      options: [{ players: 2 }, { players: 5 }, { players: 3, aceNamesSuit: true }],
      seeds: ['a', 'b', 'c'],
      games: 3,
    });
    expect(report.typedMoves).toBeGreaterThan(500);
    expect(report.sentences).toBeGreaterThan(100);
  });

  it('names a suit or a rank after a Boss card, and finds a card of two decks in the hand', () => {
    const one = { options: { decks: 1 }, hand: ['QS'] } as unknown as BossCardsView;
    expect(parseBossCardsMove('play qs hearts', one)).toEqual({
      move: { type: 'play', card: 'QS', suit: 'H' },
    });
    expect(parseBossCardsMove('QS 7', one)).toEqual({
      move: { type: 'play', card: 'QS', rank: '7' },
    });
    expect(parseBossCardsMove('QS J', one)).toHaveProperty('error');
    const two = {
      options: { decks: 2 },
      hand: ['7H#2', 'QS#1', 'QS#2'],
    } as unknown as BossCardsView;
    expect(parseBossCardsMove('7h', two)).toEqual({ move: { type: 'play', card: '7H#2' } });
    expect(parseBossCardsMove('QS', two)).toEqual({
      error: expect.stringContaining('QS#1 or QS#2'),
    });
  });
});
