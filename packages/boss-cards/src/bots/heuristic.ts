// Boss Cards' rule-of-thumb bot, reading only its view; its choices also steer the search bot's playouts.
import type { Bot, BotContext } from '@boss-table/core';
import {
  cardId,
  cardName,
  isAce,
  isBoss,
  penaltyOf,
  RANKS,
  rankOf,
  SUITS,
  suitOf,
} from '../cards.js';
import type { BossCardsMove } from '../move.js';
import type { BossCardsView } from '../view.js';

/** What the rules of thumb look at: the seat's own cards and public counts only. */
export interface Table {
  readonly hand: readonly number[];
  readonly demandSuit: number;
  readonly demandRank: number;
  readonly canDraw: boolean;
  /** Cards in the next seat's hand. */
  readonly nextCount: number;
  /** Whether hands are still replenished (the first stock lasts). */
  readonly replenishing: boolean;
  readonly aceNamesSuit: boolean;
}

/** A choice as numbers: the card (-1: draw, -2: pass) and the name (-1: none, 0–3 a suit, 4–12 a rank 2–10). */
export interface Choice {
  readonly card: number;
  readonly name: number;
}

const plainPlayable = (t: Table, c: number): boolean =>
  rankOf(c) < 9 && (suitOf(c) === t.demandSuit || rankOf(c) === t.demandRank);

/**
 * The demand to name after playing `played`: the suit (or rank 2–10) the seat holds most
 * plain cards of, so that its next turns have something to follow with.
 */
export function bestName(hand: readonly number[], played: number, ranksToo: boolean): number {
  const suits = [0, 0, 0, 0];
  const ranks = new Array<number>(9).fill(0);
  for (const c of hand) {
    if (c === played || rankOf(c) >= 9) continue;
    suits[suitOf(c)]++;
    ranks[rankOf(c)]++;
  }
  let best = 0;
  for (let s = 1; s < 4; s++) if (suits[s] > suits[best]) best = s;
  if (ranksToo) {
    let r = 0;
    for (let k = 1; k < 9; k++) if (ranks[k] > ranks[r]) r = k;
    if (ranks[r] > suits[best]) return 4 + r;
  }
  return best;
}

/** `thumbChoice`'s count of each face, kept between calls (each call zeroes what it reads). */
const FACE_COUNT = new Int32Array(52);

/**
 * The rules of thumb (docs/boss-cards.md): never draw when a card can be played; play a plain
 * card, the one whose suit the hand holds most of afterwards (a rank change only when the
 * hand follows it better); keep Boss cards and aces for when nothing else goes, except a
 * Boss card (the biggest) to slow a next seat close to going out; name what the hand holds
 * most of.
 */
export function thumbChoice(t: Table): Choice {
  const { hand } = t;
  let bestPlain = -1;
  let bestScore = -Infinity;
  let boss = -1;
  let ace = -1;
  // The hand's plain cards counted by suit, by rank and by both, once: a card's followers
  // are then a sum, not a second pass over the hand (this runs at every move of a playout).
  const suits = [0, 0, 0, 0];
  const ranks = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  // Plain cards of each face (suit and rank): more than one only with two decks.
  const same = FACE_COUNT;
  for (let i = 0; i < hand.length; i++) same[hand[i] % 52] = 0;
  for (let i = 0; i < hand.length; i++) {
    const c = hand[i];
    if (rankOf(c) < 9) {
      suits[suitOf(c)]++;
      ranks[rankOf(c)]++;
      same[c % 52]++;
    }
  }
  for (const c of hand) {
    if (isBoss(c)) {
      if (boss < 0 || penaltyOf(c) > penaltyOf(boss)) boss = c;
    } else if (isAce(c)) {
      if (ace < 0) ace = c;
    } else if (plainPlayable(t, c)) {
      // The other plain cards of its suit or its rank (the card itself is one of each).
      const follow = suits[suitOf(c)] + ranks[rankOf(c)] - same[c % 52] - 1;
      const score = follow + rankOf(c) * 0.01;
      if (score > bestScore) {
        bestScore = score;
        bestPlain = c;
      }
    }
  }
  const urgent = t.nextCount <= 2 && !t.replenishing;
  if (boss >= 0 && (urgent || bestPlain < 0))
    return { card: boss, name: bestName(hand, boss, true) };
  if (bestPlain >= 0) return { card: bestPlain, name: -1 };
  if (ace >= 0) return { card: ace, name: t.aceNamesSuit ? bestName(hand, ace, false) : -1 };
  return { card: t.canDraw ? -1 : -2, name: -1 };
}

export function choiceMove(choice: Choice, decks: number): BossCardsMove {
  if (choice.card === -1) return { type: 'draw' };
  if (choice.card === -2) return { type: 'pass' };
  const card = cardName(choice.card, decks);
  if (choice.name < 0) return { type: 'play', card };
  return choice.name < 4
    ? { type: 'play', card, suit: SUITS[choice.name] }
    : { type: 'play', card, rank: RANKS[choice.name - 4] };
}

/** The table as one seat's view shows it. */
export function tableOf(v: BossCardsView): Table {
  const seat = v.viewer;
  if (seat === null || v.hand === null) throw new Error('A spectator has no move to make.');
  const n = v.options.players;
  return {
    hand: v.hand.map((c) => cardId(c, v.options.decks)),
    demandSuit: v.demand.suit === null ? -1 : SUITS.indexOf(v.demand.suit),
    demandRank: v.demand.rank === null ? -1 : RANKS.indexOf(v.demand.rank),
    canDraw: v.stockCount > 0 || v.pile.length >= 2,
    nextCount: v.handCounts[(seat + 1) % n],
    replenishing: v.replenishing,
    aceNamesSuit: v.options.aceNamesSuit,
  };
}

/** The rule-of-thumb bot: reads its view only. */
export function bossCardsHeuristicBot(): Bot<BossCardsView, BossCardsMove> {
  return {
    name: 'heuristic',
    chooseMove(v: BossCardsView, _ctx: BotContext) {
      return choiceMove(thumbChoice(tableOf(v)), v.options.decks);
    },
  };
}
