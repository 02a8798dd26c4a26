// The I'm the Boss! game log in English: cards, reasons and clocks in words, never another seat's hand.
import type { Viewer } from '@boss-table/core';
import { familyOf, kindOf } from './cards.js';
import { FAMILY_NAMES } from './data.js';
import type { ImbEvent } from './events.js';

/**
 * The game log in words: one English sentence per event. Pass only the events a viewer may
 * see (`eventsFor`); as a second guard, cards of another seat's hand are never named.
 */
export type SeatNamer = (seat: number) => string;

export const defaultNamer =
  (viewer: Viewer, names?: readonly string[]): SeatNamer =>
  (seat) =>
    seat === viewer ? 'You' : (names?.[seat] ?? `Seat ${seat}`);

/** `clan:H2` as "Heiermann clan card", `inv:L` as "Liebgeld placard", `travel:W1` as "wild Travel". */
export function cardWords(id: string, theme: 'classic' | 'neutral' = 'classic'): string {
  const f = familyOf(id);
  const fam = f >= 0 ? FAMILY_NAMES[theme][f] : '';
  if (id.startsWith('inv:')) return `${fam} placard`;
  switch (kindOf(id)) {
    case 'clan':
      return `${fam} clan card`;
    case 'travel':
      return f >= 0 ? `${fam} Travel` : 'wild Travel';
    case 'recruit':
      return 'Recruitment';
    case 'boss':
      return "I'm the Boss!";
    default:
      return 'Stop';
  }
}

const list = (ids: unknown): string =>
  (ids as string[]).map((c) => cardWords(c)).join(', ') || 'nothing';
const m = (n: unknown) => `${n as number} M`;
/** "1 dividend", "3 dividends". */
export const dividendsWords = (n: number): string => `${n} dividend${n === 1 ? '' : 's'}`;

/** Why a deal broke down, in words (the rules' reason codes never reach a player). */
export const BREAKDOWN_WORDS: Readonly<Record<string, string>> = {
  'deal-limit': "the deal's time ran out",
  'idle-limit': 'nobody made progress in time',
  'action-limit': 'too many moves were made without closing it',
  rounds: 'the rounds of steps ran out without agreement',
  abandoned: 'the Boss abandoned it',
};

/** Why an agreement became void, in words. */
export const VOID_WORDS: Readonly<Record<string, string>> = {
  'item-lost': 'what it promised left the deal',
  'over-dividends': 'the agreements promised more dividends than the deal pays',
  'boss-changed': 'there is a new Boss',
};

/** Why the game ended, in words. */
export const END_WORDS: Readonly<Record<string, string>> = {
  roll: 'the end roll after a high tile ended it',
  tile15: 'the last tile was placed',
  maxRounds: 'the round limit was reached',
};

const reasonWords = (table: Readonly<Record<string, string>>, r: unknown): string =>
  table[String(r)] ?? 'the rules ended it';

/**
 * What a clock did when it ran out, from the events its expiry caused (the log marks these so
 * nobody reads a timed-out turn as a choice): "Time ran out: the die was rolled for you."
 */
export function clockWords(
  events: readonly ImbEvent[],
  viewer: Viewer,
  name: SeatNamer = defaultNamer(viewer),
): string {
  const first = events.find((e) => e.type !== 'answered');
  const forWhom = (k: string) => (first && first[k] === viewer ? 'you' : name(first![k] as number));
  switch (first?.type) {
    case 'markerPlaced':
      return `Time ran out: the marker was placed for ${forWhom('seat')}.`;
    case 'rolled':
      return `Time ran out: the die was rolled for ${forWhom('seat')}.`;
    case 'cardsDrawn':
      return `Time ran out: cards were drawn for ${forWhom('seat')}.`;
    case 'dealDeclared':
      return `Time ran out: the deal was declared for ${forWhom('boss')}.`;
    case 'discardedToLimit':
      return `Time ran out: cards were discarded for ${forWhom('seat')}.`;
    case 'dealBrokeDown':
      return first.reason === 'idle-limit'
        ? 'Time ran out: nobody made progress in the deal in time.'
        : "Time ran out: the deal's clock reached zero.";
    case 'stopPlayed':
    case 'stopWindowClosed':
      return 'Time ran out: the stop window closed.';
    case 'lastCallPassed':
    case 'dealClosed':
      return 'Time ran out: the last call closed.';
    case 'stepStarted':
      return 'Time ran out: the step ended.';
    default:
      return 'Time ran out.';
  }
}

export function eventWords(
  e: ImbEvent,
  viewer: Viewer,
  name: SeatNamer = defaultNamer(viewer),
): string {
  const s = (k: string) => name(e[k] as number);
  // "You" by the seat or by the name the page gives it (a replay names no viewer).
  const you = (k: string) => e[k] === viewer || s(k) === 'You';
  const divs = (k: string) => dividendsWords(e[k] as number);
  const verb = (k: string, v: string, vs: string) => (you(k) ? v : vs);
  switch (e.type) {
    case 'setup':
      return `A game for ${e.players as number} begins; ${s('startPlayer')} ${verb('startPlayer', 'start', 'starts')}.`;
    case 'handDealt':
      return you('seat') ? `Your hand: ${list(e.cards)}.` : `${s('seat')} is dealt 5 cards.`;
    case 'turnStarted':
      return `${you('seat') ? 'Your' : `${s('seat')}’s`} turn (round ${e.round as number}).`;
    case 'markerPlaced':
      return `${s('seat')} ${verb('seat', 'place', 'places')} the marker on space ${e.space as number}.`;
    case 'rolled':
      return `${s('seat')} ${verb('seat', 'roll', 'rolls')} ${e.r as number}.`;
    case 'markerMoved':
      return `The marker moves to space ${e.space as number}.`;
    case 'cardsDrawn':
      return `${s('seat')} ${verb('seat', 'draw', 'draws')} ${e.n as number} card${e.n === 1 ? '' : 's'}.`;
    case 'cardsDrawnDetail':
      return you('seat') ? `You drew ${list(e.cards)}.` : '';
    case 'reshuffled':
      return `The discard pile is shuffled into a new draw pile of ${e.cards as number} cards.`;
    case 'handLimitPrompt':
      return `Discard ${e.n as number} cards down to the hand limit.`;
    case 'discardedToLimit':
      return `${s('seat')} ${verb('seat', 'discard', 'discards')} ${e.n as number} cards face down.`;
    case 'discardedDetail':
      return you('seat') ? `You discarded ${list(e.cards)}.` : '';
    case 'dealDeclared':
      return `${s('boss')} ${verb('boss', 'declare', 'declares')} a deal on space ${e.space as number}: ${e.D as number} dividends of ${m(e.V)}${(e.clan as string[]).length ? `, committing ${list(e.clan)}` : ''}.`;
    case 'clanCommitted':
      return `${s('seat')} ${verb('seat', 'commit', 'commits')} ${list(e.cards)}.`;
    case 'clanOffered':
      return `${s('seat')} ${verb('seat', 'offer', 'offers')} ${list(e.cards)}.`;
    case 'placardOffered':
      return `${s('seat')} ${verb('seat', 'offer', 'offers')} the ${cardWords(e.placard as string)}.`;
    case 'proposalMade':
      return `${s('from')} ${verb('from', 'propose', 'proposes')} to ${s('to')}: ${list(e.items)} for ${divs('dividends')} (#${e.id as number}).`;
    case 'proposalReplaced':
      return `Proposal #${e.old as number} is replaced by #${e.id as number}.`;
    case 'proposalCancelled':
      return `Proposal #${e.id as number} is withdrawn.`;
    case 'proposalRejected':
      return `Proposal #${e.id as number} is rejected.`;
    case 'agreementMade':
      return `Agreed: ${s('seat')} ${verb('seat', 'bring', 'brings')} ${list(e.items)} for ${divs('dividends')}.`;
    case 'agreementVoided':
      return `${you('seat') ? 'Your' : `${s('seat')}’s`} agreement is void: ${reasonWords(VOID_WORDS, e.reason)}.`;
    case 'engineTerms':
      return `The deal takes ${list(e.placards)} at a fair share of ${divs('dividends')} each.`;
    case 'influencePlayed':
      return `${s('seat')} ${verb('seat', 'play', 'plays')} ${list(e.cards)}${e.target ? ` on the ${cardWords(e.target as string)}` : ''}.`;
    case 'stopWindowOpened':
      return 'Stop window: anyone asked may answer with a Stop.';
    case 'answered':
      return you('seat') ? `You answered ${e.answer === 'stop' ? 'Stop' : 'pass'}.` : '';
    case 'stopPlayed':
    case 'stopWindowClosed':
      return e.stopped ? `${s('by')} ${verb('by', 'stop', 'stops')} it.` : 'Nobody stops it.';
    case 'travelApplied':
      return `The ${cardWords(e.target as string)} travels.`;
    case 'placardRecruited':
      return `${s('to')} ${verb('to', 'recruit', 'recruits')} the ${cardWords(e.placard as string)}.`;
    case 'bossChanged':
      return `${s('to')} ${verb('to', 'are', 'is')} the Boss now.`;
    case 'lastCallOpened':
      return 'The deal is complete: last call.';
    case 'lastCallPassed':
      return `${s('seat')} ${verb('seat', 'pass', 'passes')}.`;
    case 'stepStarted':
      return `${you('seat') ? 'Your' : `${s('seat')}’s`} step.`;
    case 'dealClosed': {
      // One payment a seat, summed: a seat paid for an agreement and a placard is named once.
      const owed = new Map<number, number>();
      for (const p of e.payments as { seat: number; amount: number }[])
        owed.set(p.seat, (owed.get(p.seat) ?? 0) + p.amount);
      const pays = [...owed].map(
        ([seat, amount]) => `${seat === viewer ? 'you' : name(seat)} ${m(amount)}`,
      );
      const and = pays.length > 1 ? `${pays.slice(0, -1).join(', ')} and ${pays.at(-1)}` : pays[0];
      return `The deal closes: ${s('boss')} ${verb('boss', 'collect', 'collects')} ${m(e.bossGets)}${pays.length ? ` and ${verb('boss', 'pay', 'pays')} ${and}` : ''}.`;
    }
    case 'clanReturned': {
      const n = (e.cards as string[]).length;
      return `${list(e.cards)} ${n === 1 ? 'goes' : 'go'} back to ${you('seat') ? 'you' : s('seat')}.`;
    }
    case 'tilePlaced':
      return `Tile ${e.tile as number} closes space ${e.space as number}.`;
    case 'endRoll':
      return `The end roll: ${e.r as number}${e.ended ? ' — the game ends.' : '; the game goes on.'}`;
    case 'dealBrokeDown':
      return `The deal breaks down: ${reasonWords(BREAKDOWN_WORDS, e.reason)}.`;
    case 'turnPassed':
      return `The turn passes to ${you('to') ? 'you' : s('to')}.`;
    case 'gameOver': {
      const w = e.winners as number[];
      const who = w.map((p) => (p === viewer ? 'You' : name(p)));
      const money = m((e.scores as number[])[w[0]]);
      const why = e.reason ? ` ${reasonWords(END_WORDS, e.reason)}.` : '';
      return w.length === 1
        ? `The game is over:${why} ${who[0]} ${who[0] === 'You' ? 'win' : 'wins'} with ${money}.`
        : `The game is over:${why} ${who.join(' and ')} share the win with ${money} each.`;
    }
  }
  return '';
}
