// Big Boss's game log in words: one English sentence per event a viewer may see, for terminal and web.
import type { Viewer } from '@boss-table/core';
import { COMPANY_NAMES, type CardCode, type CompanyId } from './companies.js';
import type { BigBossEvent } from './types.js';

/**
 * The game log in words: one English sentence per event, for the terminal and the web
 * client. Only events a viewer may see should be passed in (filter with `eventsFor`); as a
 * second guard, a hand dealt to or a card drawn by another seat is never described.
 */

/** "Seat 2", or "You" for the viewer's own seat; `names` may give players' names. */
export type SeatNamer = (seat: number) => string;

export const defaultNamer =
  (viewer: Viewer, names?: readonly string[]): SeatNamer =>
  (seat) =>
    seat === viewer ? 'You' : (names?.[seat] ?? `Seat ${seat}`);

export const companyName = (id: CompanyId): string => COMPANY_NAMES[id];

/** `I17` as "Industry 17", `L` as "a Level card", `L3` as "Level 3". */
export function cardWords(card: CardCode): string {
  if (card === 'L') return 'Level card';
  if (card.startsWith('L')) return `Level ${card.slice(1)}`;
  return `Industry ${card.slice(1)}`;
}

const list = (items: readonly string[]): string =>
  items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One sentence for an event, or undefined for an event this viewer must not read about. */
export function describeEvent(
  event: BigBossEvent,
  viewer: Viewer,
  name: SeatNamer = defaultNamer(viewer),
): string | undefined {
  switch (event.type) {
    case 'started':
      return `Big Boss (${event.rules} rules) begins; ${name(event.firstPlayer)} ${event.firstPlayer === viewer ? 'play' : 'plays'} first.${
        event.row.length ? ` Face up: ${list(event.row.map(cardWords))}.` : ''
      }`;
    case 'dealt':
      if (event.seat !== viewer) return undefined;
      return `Your hand: ${list(event.cards.map(cardWords))}.`;
    case 'turn':
      return event.seat === viewer ? 'Your turn.' : `${name(event.seat)}'s turn.`;
    case 'bought': {
      const what =
        event.from === 'row'
          ? `${cardWords(event.card!)} from the face-up row`
          : event.from === 'levels'
            ? 'a Level card'
            : 'a card from the deck';
      return `${name(event.seat)} bought ${what} for ${event.cost}.`;
    }
    case 'drew':
      if (event.seat !== viewer) return undefined;
      return `You drew ${cardWords(event.card)}.`;
    case 'row-refilled':
      return `${cardWords(event.card)} is turned face up.`;
    case 'founded':
      return `${name(event.seat)} founded ${companyName(event.company)} on spaces ${list(
        event.spaces.map(String),
      )} with ${cardWords(event.card)}${
        event.top !== null ? `, the fourth piece on ${event.top}` : ''
      } (headquarters on ${event.headquarters}).`;
    case 'expanded':
      return `${name(event.seat)} built on space ${event.space} for ${companyName(event.company)} with ${cardWords(event.card)} (level ${event.level}).`;
    case 'merged': {
      const paid = event.payouts
        .map((amount, seat) => (amount > 0 ? `${name(seat)} ${amount}` : ''))
        .filter((x) => x !== '');
      const tower =
        event.towerRemoved !== null
          ? ` ${event.towerRemoved === viewer ? 'Your' : `${name(event.towerRemoved)}'s`} tower leaves the game.`
          : '';
      return `${companyName(event.acquirer)} acquires ${companyName(event.acquired)} (${companyName(event.boost)} took the +1); shares paid at ${event.acquiredPrice}: ${
        paid.length ? list(paid) : 'nobody held any'
      }.${tower} ${companyName(event.acquirer)} now stands at ${event.price}.`;
    }
    case 'price-changed':
      return `${companyName(event.company)}'s share price ${event.to > event.from ? 'rises' : 'moves'} from ${event.from} to ${event.to}.`;
    case 'earned':
      return `${name(event.seat)} earned ${event.amount} from ${companyName(event.company)}.`;
    case 'invested': {
      const counts = new Map<CompanyId, number>();
      for (const c of event.shares) counts.set(c, (counts.get(c) ?? 0) + 1);
      const parts = [...counts].map(
        ([c, k]) => `${k === 1 ? 'a share' : `${k} shares`} of ${companyName(c)}`,
      );
      if (event.tower !== null) parts.push(`a tower on ${companyName(event.tower)}`);
      return parts.length
        ? `${name(event.seat)} bought ${list(parts)} for ${event.cost}.`
        : `${name(event.seat)} bought no shares.`;
    }
    case 'sold':
      return `${name(event.seat)} sold ${plural(event.count, 'share')} of ${companyName(event.company)} for ${event.amount}.`;
    case 'passed':
      return `${name(event.seat)} passed (${event.passes} ${event.passes === 1 ? 'pass' : 'passes'} in a row).`;
    case 'game-over': {
      const why =
        event.reason === 'pieces' ? 'the last piece is placed' : 'every player passed in a row';
      const who = list(event.winners.map(name));
      const verb = event.winners.length === 1 && event.winners[0] !== viewer ? 'wins' : 'win';
      const money = event.ranking.map((seat) => `${name(seat)} ${event.scores[seat]}`);
      return `Game over (${why}): ${who} ${verb} (decided by ${event.decidedBy}). Final money: ${list(money)}.`;
    }
  }
}
