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

export function eventWords(
  e: ImbEvent,
  viewer: Viewer,
  name: SeatNamer = defaultNamer(viewer),
): string {
  const s = (k: string) => name(e[k] as number);
  const you = (k: string) => e[k] === viewer;
  const verb = (k: string, v: string, vs: string) => (you(k) ? v : vs);
  switch (e.type) {
    case 'setup':
      return `A game for ${e.players as number} begins; ${s('startPlayer')} ${verb('startPlayer', 'start', 'starts')}.`;
    case 'handDealt':
      return you('seat') ? `Your hand: ${list(e.cards)}.` : `${s('seat')} is dealt 5 cards.`;
    case 'turnStarted':
      return `${s('seat')}: ${you('seat') ? 'your' : 'their'} turn (round ${e.round as number}).`;
    case 'markerPlaced':
      return `${s('seat')} ${verb('seat', 'place', 'places')} the marker on space ${e.space as number}.`;
    case 'rolled':
      return `${s('seat')} ${verb('seat', 'roll', 'rolls')} ${e.r as number}.`;
    case 'markerMoved':
      return `The marker moves to space ${e.space as number}.`;
    case 'cardsDrawn':
      return `${s('seat')} ${verb('seat', 'draw', 'draws')} ${e.n as number} cards.`;
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
      return `${s('from')} ${verb('from', 'propose', 'proposes')} to ${s('to')}: ${list(e.items)} for ${e.dividends as number} dividends (#${e.id as number}).`;
    case 'proposalReplaced':
      return `Proposal #${e.old as number} is replaced by #${e.id as number}.`;
    case 'proposalCancelled':
      return `Proposal #${e.id as number} is withdrawn.`;
    case 'proposalRejected':
      return `Proposal #${e.id as number} is rejected.`;
    case 'agreementMade':
      return `Agreed: ${s('seat')} ${verb('seat', 'bring', 'brings')} ${list(e.items)} for ${e.dividends as number} dividends.`;
    case 'agreementVoided':
      return `${s('seat')}'s agreement is void (${String(e.reason)}).`;
    case 'engineTerms':
      return `The deal takes ${list(e.placards)} at a fair share of ${e.dividends as number} dividends each.`;
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
      return `${s('seat')}: ${you('seat') ? 'your' : 'their'} step.`;
    case 'dealClosed':
      return `The deal closes: ${s('boss')} ${verb('boss', 'collect', 'collects')} ${m(e.bossGets)}${(e.payments as { seat: number; amount: number }[]).map((p) => `, pays ${name(p.seat)} ${m(p.amount)}`).join('')}.`;
    case 'clanReturned':
      return `${list(e.cards)} go back to ${s('seat')}.`;
    case 'tilePlaced':
      return `Tile ${e.tile as number} closes space ${e.space as number}.`;
    case 'endRoll':
      return `The end roll: ${e.r as number}${e.ended ? ' — the game ends.' : '; the game goes on.'}`;
    case 'dealBrokeDown':
      return `The deal breaks down (${String(e.reason)}).`;
    case 'turnPassed':
      return `The turn passes to ${s('to')}.`;
    case 'gameOver':
      return `The game is over: ${(e.winners as number[]).map(name).join(' and ')} ${(e.winners as number[]).length === 1 && e.winners && (e.winners as number[])[0] === viewer ? 'win' : 'won'} with ${m((e.scores as number[])[(e.winners as number[])[0]])}.`;
  }
  return '';
}
