// The Boss's game log in English for the terminal and web client, never describing another seat's hand.
import type { Viewer } from '@boss-table/core';
import { CITY_NAMES, type CardName, type CityId, type LocalCityId } from './cities.js';
import type { BossEvent } from './events.js';

/**
 * The game log in words: one English sentence per event, for the terminal and the web
 * client. Only events a viewer may see should be passed in (filter with `eventsFor`);
 * as a second guard, a hand dealt to another seat is never described.
 */

const FACE_WORDS: Readonly<Record<string, string>> = {
  hospital: 'Hospital',
  prison: 'Prison',
  revolver: 'Revolver',
  banished: 'Banished',
  theft: 'Theft',
  shootout: 'Shoot-out',
};

export const cityName = (city: CityId): string => CITY_NAMES[city];

/** A face in words: `3`, `Hospital`, `Shoot-out`. */
export const faceWords = (face: string): string => FACE_WORDS[face] ?? face;

/** `boston:3` as "Boston 3", `memphis:prison` as "Memphis Prison". */
export function cardWords(card: CardName): string {
  const [city, face] = card.split(':') as [LocalCityId, string];
  return `${CITY_NAMES[city]} ${faceWords(face)}`;
}

/** "Seat 2", or "You" for the viewer's own seat; `names` may give players' names. */
export type SeatNamer = (seat: number) => string;

export const defaultNamer =
  (viewer: Viewer, names?: readonly string[]): SeatNamer =>
  (seat) =>
    seat === viewer ? 'You' : (names?.[seat] ?? `Seat ${seat}`);

const cubes = (big: number, small: number): string => {
  const parts: string[] = [];
  if (big > 0) parts.push(`${big} big cube${big === 1 ? '' : 's'}`);
  if (small > 0) parts.push(`${small} small cube${small === 1 ? '' : 's'}`);
  return parts.join(' and ');
};

const list = (items: readonly string[]): string =>
  items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

const REWARD_WORDS: Readonly<Record<string, string>> = {
  hospital: 'sends one of their big cubes there to hospital for a round',
  prison: 'sends one of their big cubes there to prison for two rounds',
  revolver: 'loses one of their big cubes there for good (revolver)',
  banished: 'is banished from Cincinnati for the rest of the game',
  theft: 'loses 2 points (theft)',
  shootout: 'scores 4, and everyone else there loses a big cube (shoot-out)',
};

/** "sends one of their" as "send one of your", for sentences about the viewer. */
function secondPerson(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const [verb, ...rest] = text.replace(/\btheir\b/g, 'your').split(' ');
  const base =
    verb === 'is'
      ? 'are'
      : verb.replace(/es$/, () => (/(ss|sh|ch|x)es$/.test(verb) ? '' : 'e')).replace(/s$/, '');
  return [base, ...rest].join(' ');
}

/** One sentence for an event, or undefined for an event this viewer must not read about. */
export function describeEvent(
  event: BossEvent,
  viewer: Viewer,
  name: SeatNamer = defaultNamer(viewer),
): string | undefined {
  switch (event.type) {
    case 'round-started':
      return event.overtime > 0
        ? `Overtime round ${event.overtime} begins; ${name(event.dealer)} deal${event.dealer === viewer ? '' : 's'}.`
        : `Round ${event.round} begins; ${name(event.dealer)} deal${event.dealer === viewer ? '' : 's'}.`;
    case 'hand-dealt':
      if (event.seat !== viewer) return undefined;
      return `Your hand: ${list(event.cards.map(cardWords))}.`;
    case 'turn':
      return event.seat === viewer ? 'Your turn.' : `${name(event.seat)}'s turn.`;
    case 'cubes-placed':
      return `${name(event.seat)} placed ${cubes(event.big, event.small)} on ${cityName(event.city)}.`;
    case 'card-revealed':
      return `${name(event.seat)} revealed ${cardWords(event.card)}.`;
    case 'police-flipped': {
      const left = `${event.remaining} police card${event.remaining === 1 ? '' : 's'} left`;
      const badges = `silver ${event.silver}, gold ${event.gold}`;
      return event.lastRound
        ? `Police: ${event.card} badge (${badges}) — this is the last round.`
        : `Police: ${event.card} badge (${badges}); ${left}.`;
    }
    case 'last-turn-order':
      return `Last turn, in order of cubes left: ${list(event.order.map(name))}.`;
    case 'reward-revealed': {
      const reward =
        FACE_WORDS[event.face] ?? `${event.face} point${event.face === '1' ? '' : 's'}`;
      if (event.boss === null)
        return `${cityName(event.city)}'s reward is ${reward}; nobody is boss there.`;
      const who = name(event.boss);
      const effect =
        event.boss === viewer ? secondPerson(REWARD_WORDS[event.face]) : REWARD_WORDS[event.face];
      return effect
        ? `${cityName(event.city)}'s reward is ${reward}: ${who} ${effect}.`
        : `${cityName(event.city)}'s reward is ${reward}: ${who} ${event.boss === viewer ? 'score' : 'scores'} ${event.face}.`;
    }
    case 'chicago-scored': {
      const cards = event.cards.length ? list(event.cards.map(cardWords)) : 'no cards';
      if (event.boss === null)
        return `Chicago: ${cards} sum to ${event.sum}; nobody is boss there.`;
      return `Chicago: ${cards} sum to ${event.sum}; ${name(event.boss)} ${event.boss === viewer ? 'score' : 'scores'} ${event.points}.`;
    }
    case 'cube-lost': {
      const where = {
        hospital: 'goes to hospital',
        prison: 'goes to prison',
        dead: 'is out of the game',
      }[event.to];
      const whose = event.seat === viewer ? 'Your' : `${name(event.seat)}'s`;
      return `${whose} big cube from ${cityName(event.city)} ${where}.`;
    }
    case 'banished':
      return `${name(event.seat)} ${event.seat === viewer ? 'are' : 'is'} banished from Cincinnati.`;
    case 'round-ended': {
      const gains = event.points.map((p, seat) => `${name(seat)} ${p >= 0 ? '+' : ''}${p}`);
      return `Round ${event.round} ends: ${list(gains)}. Scores: ${event.scores.join(', ')}.`;
    }
    case 'overtime':
      return `Still tied: ${list(event.tied.map(name))} play an overtime round.`;
    case 'game-over': {
      const who = list(event.winners.map(name));
      const verb = event.winners.length === 1 && event.winners[0] !== viewer ? 'wins' : 'win';
      return `Game over: ${who} ${verb} (decided by ${event.decidedBy}). Scores: ${event.scores.join(', ')}.`;
    }
  }
}
