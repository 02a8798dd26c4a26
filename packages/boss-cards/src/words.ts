// The Boss Cards game log in English: a sentence per event, never naming cards another seat holds.
import type { Viewer } from '@boss-table/core';
import type { CardName } from './cards.js';
import type { BossCardsEvent } from './events.js';

/**
 * The game log in words: one English sentence per event. Only events a viewer may see should
 * be passed in (filter with `eventsFor`); as a second guard, cards dealt or drawn by another
 * seat are never named.
 */
const SUIT_WORDS: Readonly<Record<string, string>> = {
  C: 'clubs',
  D: 'diamonds',
  H: 'hearts',
  S: 'spades',
};
const RANK_WORDS: Readonly<Record<string, string>> = { J: 'Jack', Q: 'Queen', K: 'King', A: 'Ace' };

/** `QS#2` as "Queen of spades (deck 2)", `10H` as "10 of hearts". */
export function cardWords(card: CardName): string {
  const m = /^(10|[2-9JQKA])([CDHS])(?:#([12]))?$/.exec(card);
  if (!m) return card;
  return `${RANK_WORDS[m[1]] ?? m[1]} of ${SUIT_WORDS[m[2]]}${m[3] ? ` (deck ${m[3]})` : ''}`;
}

export type SeatNamer = (seat: number) => string;

export const defaultNamer =
  (viewer: Viewer, names?: readonly string[]): SeatNamer =>
  (seat) =>
    seat === viewer ? 'You' : (names?.[seat] ?? `Seat ${seat}`);

const cards = (n: number): string => `${n} card${n === 1 ? '' : 's'}`;

export function eventWords(
  e: BossCardsEvent,
  viewer: Viewer,
  name: SeatNamer = defaultNamer(viewer),
): string {
  const you = (seat: number) => seat === viewer;
  switch (e.type) {
    case 'round-started':
      return `Round ${e.round}: ${name(e.dealer)} ${you(e.dealer) ? 'deal' : 'deals'} ${cards(e.handSize)} each; ${name(e.leader)} ${you(e.leader) ? 'lead' : 'leads'}.`;
    case 'hand-dealt':
      return you(e.seat)
        ? `Your hand: ${e.cards.map(cardWords).join(', ')}.`
        : `${name(e.seat)} is dealt a hand.`;
    case 'start-card-returned':
      return `The ${cardWords(e.card)} turns up and goes back into the stock.`;
    case 'start-card':
      return `The ${cardWords(e.card)} starts the pile.`;
    case 'played': {
      const demand =
        e.suit && e.rank
          ? ''
          : e.suit
            ? `: ${SUIT_WORDS[e.suit]} now`
            : e.rank
              ? `: ${e.rank}s now`
              : '';
      return `${name(e.seat)} ${you(e.seat) ? 'play' : 'plays'} the ${cardWords(e.card)}${demand}.`;
    }
    case 'drew': {
      const why =
        e.reason === 'replenish'
          ? ' to replenish'
          : e.reason === 'penalty'
            ? ' for the Boss card'
            : '';
      return `${name(e.seat)} ${you(e.seat) ? 'draw' : 'draws'} ${cards(e.count)}${why}.`;
    }
    case 'cards-drawn':
      return you(e.seat)
        ? `You drew ${e.cards.map(cardWords).join(', ')}.`
        : `${name(e.seat)} drew ${cards(e.cards.length)}.`;
    case 'replenishing-over':
      return 'The first stock is used up: nobody replenishes any more this round.';
    case 'stock-reshuffled':
      return `The pile is shuffled into a new stock of ${cards(e.count)}.`;
    case 'passed':
      return `${name(e.seat)} ${you(e.seat) ? 'pass' : 'passes'}.`;
    case 'round-won':
      return `${name(e.seat)} ${you(e.seat) ? 'win' : 'wins'} the round and ${you(e.seat) ? 'collect' : 'collects'} ${cards(e.points)}: scores ${e.scores.join(', ')}.`;
    case 'round-stalled':
      return `The round stops after ${e.turns} turns with no winner; it is dealt again.`;
    case 'game-over':
      return `${name(e.winner)} ${you(e.winner) ? 'win' : 'wins'} the game with ${e.scores[e.winner]} points.`;
  }
}
