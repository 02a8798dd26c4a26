// The Boss Cards rules engine: dealing, plays and demands, draws and reshuffles, penalties, scoring rounds.
import { gameError, Rng, type Emitted, type GameError } from '@boss-table/core';
import {
  ACE,
  cardCount,
  cardId,
  cardName,
  isAce,
  isBoss,
  NAMEABLE_RANKS,
  penaltyOf,
  RANKS,
  rankOf,
  SUITS,
  suitOf,
  type RankName,
  type SuitName,
} from './cards.js';
import type { BossCardsEvent, DrawReason } from './events.js';
import type { BossCardsMove } from './move.js';
import {
  canDraw,
  replenishing,
  TAG_RESHUFFLE,
  TAG_START,
  TAG_UNSEEN,
  type BossCardsState,
} from './state.js';

export type Sink = Emitted<BossCardsEvent>[] | null;

/** Rule names a refused move breaks (docs/boss-cards.md). */
export type BossCardsErrorKind =
  | 'game-over'
  | 'not-your-turn'
  | 'unknown-card'
  | 'card-not-in-hand'
  | 'card-does-not-match'
  | 'name-needed'
  | 'name-not-needed'
  | 'one-name-only'
  | 'rank-not-nameable'
  | 'cannot-draw'
  | 'cannot-pass'
  | 'invalid-presets';

const refuse = (kind: BossCardsErrorKind, message: string): GameError => gameError(kind, message);

function withRng<T>(s: BossCardsState, f: (rng: Rng) => T): T {
  const rng = Rng.fromState(s.rng);
  const out = f(rng);
  s.rng = rng.state();
  return out;
}

const insertSorted = (hand: number[], card: number): void => {
  let i = hand.length;
  while (i > 0 && hand[i - 1] > card) i--;
  hand.splice(i, 0, card);
};

const name = (s: BossCardsState, card: number): string => cardName(card, s.config.decks);

/**
 * Deals a round (§2): the deck shuffled (or taken from the presets), the hands dealt one card
 * at a time from the dealer's left, start cards turned up until a plain one does.
 */
export function dealRound(s: BossCardsState, events: Sink): GameError | undefined {
  const { players, handSize, decks } = s.config;
  const total = cardCount(decks);
  const preset = s.presets?.deals[s.presetAt[0]];
  if (preset) s.presetAt[0]++;
  s.hands = Array.from({ length: players }, () => []);
  if (preset && 'hands' in preset) {
    preset.hands.forEach((h, p) => (s.hands[p] = h.slice().sort((a, b) => a - b)));
    s.stock = preset.stock.slice().reverse();
  } else {
    let deck: number[];
    for (;;) {
      deck = preset
        ? preset.deck.slice()
        : withRng(s, (rng) => rng.shuffle(Array.from({ length: total }, (_, i) => i)));
      const rest = deck.slice(players * handSize);
      if (preset || rest.some((c) => rankOf(c) < 9)) break; // re-deal an all-court stock (§2)
    }
    if (deck.slice(players * handSize).every((c) => rankOf(c) >= 9))
      return refuse(
        'invalid-presets',
        'A preset deck leaves only aces and Boss cards in the stock.',
      );
    for (let i = 0; i < players * handSize; i++)
      s.hands[(s.dealer + 1 + i) % players].push(deck[i]);
    for (const h of s.hands) h.sort((a, b) => a - b);
    s.stock = deck.slice(players * handSize).reverse();
  }
  s.pile = [];
  s.tags = new Array<number>(total).fill(TAG_UNSEEN);
  s.reshuffles = 0;
  s.dealtSlots = new Array<number>(players).fill(handSize);
  s.firstSlots = new Array<number>(players).fill(0);
  s.reSlots = Array.from({ length: players }, () => []);
  s.turn = (s.dealer + 1) % players;
  s.turnsThisRound = 0;
  s.round++;
  events?.push({
    audience: 'all',
    event: {
      type: 'round-started',
      round: s.round,
      dealer: s.dealer,
      leader: s.turn,
      handSize,
      stock: s.stock.length,
    },
  });
  if (events)
    s.hands.forEach((h, seat) =>
      events.push({
        audience: seat,
        event: { type: 'hand-dealt', seat, cards: h.map((c) => name(s, c)) },
      }),
    );
  for (;;) {
    const card = s.stock.pop()!;
    if (!isBoss(card) && !isAce(card)) {
      s.pile.push(card);
      s.demandSuit = suitOf(card);
      s.demandRank = rankOf(card);
      events?.push({ audience: 'all', event: { type: 'start-card', card: name(s, card) } });
      return undefined;
    }
    const n = s.stock.length;
    let gap: number;
    if (s.presets && s.presetAt[1] < s.presets.gaps.length) {
      gap = s.presets.gaps[s.presetAt[1]++];
      if (gap > n)
        return refuse(
          'invalid-presets',
          `A preset gap of ${gap} is past the stock's ${n + 1} gaps.`,
        );
    } else gap = withRng(s, (rng) => rng.int(n + 1));
    s.stock.splice(n - gap, 0, card);
    s.tags[card] = TAG_START;
    events?.push({ audience: 'all', event: { type: 'start-card-returned', card: name(s, card) } });
  }
}

/** The pile minus its top, shuffled into a new stock (§5). */
function reshuffle(s: BossCardsState, events: Sink): GameError | undefined {
  const cards = s.pile.slice(0, -1);
  s.pile = s.pile.slice(-1);
  let order: number[];
  if (s.presets && s.presetAt[2] < s.presets.reshuffles.length) {
    order = s.presets.reshuffles[s.presetAt[2]++].slice();
    const want = cards
      .slice()
      .sort((a, b) => a - b)
      .join();
    if (
      order
        .slice()
        .sort((a, b) => a - b)
        .join() !== want
    )
      return refuse(
        'invalid-presets',
        'A preset reshuffle does not hold the pile below its top card.',
      );
  } else order = withRng(s, (rng) => rng.shuffle(cards));
  s.stock = order.reverse();
  s.reshuffles++;
  for (const c of s.stock) s.tags[c] = TAG_RESHUFFLE + s.reshuffles - 1;
  for (const r of s.reSlots) r.push(0);
  events?.push({ audience: 'all', event: { type: 'stock-reshuffled', count: s.stock.length } });
  return undefined;
}

/** Draws up to `count` cards for `seat` (not replenishing). */
function drawCards(
  s: BossCardsState,
  seat: number,
  count: number,
  reason: DrawReason,
  events: Sink,
): GameError | undefined {
  const got: number[] = [];
  for (let i = 0; i < count; i++) {
    if (s.stock.length === 0) {
      if (s.pile.length < 2) break;
      const e = reshuffle(s, events);
      if (e) return e;
    }
    const wasFirst = s.reshuffles === 0;
    const card = s.stock.pop()!;
    insertSorted(s.hands[seat], card);
    if (wasFirst) s.firstSlots[seat]++;
    else s.reSlots[seat][s.reshuffles - 1]++;
    got.push(card);
    if (wasFirst && s.stock.length === 0)
      events?.push({ audience: 'all', event: { type: 'replenishing-over' } });
  }
  if (events && got.length > 0) {
    events.push({ audience: 'all', event: { type: 'drew', seat, count: got.length, reason } });
    events.push({
      audience: seat,
      event: { type: 'cards-drawn', seat, cards: got.map((c) => name(s, c)) },
    });
  }
  return undefined;
}

/** Takes a played card out of a hand, and off the count of where it came from. */
function takeFromHand(s: BossCardsState, seat: number, card: number): void {
  const hand = s.hands[seat];
  hand.splice(hand.indexOf(card), 1);
  const tag = s.tags[card];
  if (tag >= TAG_RESHUFFLE) s.reSlots[seat][tag - TAG_RESHUFFLE]--;
  else if (tag === TAG_START || s.dealtSlots[seat] === 0) s.firstSlots[seat]--;
  // An unseen card could come from the deal or the first stock: counted off the deal first,
  // so the count that may hold start cards is never too small (docs/boss-cards.md).
  else s.dealtSlots[seat]--;
}

/** Whether `card` may be played on the current demand. */
export const playable = (s: BossCardsState, card: number): boolean => {
  const r = rankOf(card);
  return r >= 9 || suitOf(card) === s.demandSuit || r === s.demandRank;
};

/** The names a card needs when played: 0 (none), 4 (a suit) or 13 (a suit or a rank). */
const namesFor = (s: BossCardsState, card: number): number =>
  isBoss(card) ? 4 + NAMEABLE_RANKS : isAce(card) && s.config.aceNamesSuit ? 4 : 0;

function playMove(s: BossCardsState, card: number, choice: number): BossCardsMove {
  const n = namesFor(s, card);
  const c = name(s, card);
  if (n === 0) return { type: 'play', card: c };
  return choice < 4
    ? { type: 'play', card: c, suit: SUITS[choice] }
    : { type: 'play', card: c, rank: RANKS[choice - 4] };
}

export function legalMoves(s: BossCardsState, seat: number): BossCardsMove[] {
  if (s.winner !== null || s.turn !== seat) return [];
  const out: BossCardsMove[] = [];
  for (const card of s.hands[seat]) {
    if (!playable(s, card)) continue;
    const n = Math.max(1, namesFor(s, card));
    for (let k = 0; k < n; k++) out.push(playMove(s, card, k));
  }
  if (canDraw(s)) out.push({ type: 'draw' });
  if (out.length === 0) out.push({ type: 'pass' });
  return out;
}

export function randomMove(s: BossCardsState, seat: number, rng: Rng): BossCardsMove | undefined {
  if (s.winner !== null || s.turn !== seat) return undefined;
  const hand = s.hands[seat];
  let total = 0;
  for (const card of hand) if (playable(s, card)) total += Math.max(1, namesFor(s, card));
  const draw = canDraw(s) ? 1 : 0;
  if (total + draw === 0) return { type: 'pass' };
  let k = rng.int(total + draw);
  if (k === total) return { type: 'draw' };
  for (const card of hand) {
    if (!playable(s, card)) continue;
    const n = Math.max(1, namesFor(s, card));
    if (k < n) return playMove(s, card, k);
    k -= n;
  }
  return undefined;
}

/**
 * A random player's move (`GameDefinition.randomPlay`): a playable card or the draw drawn
 * uniformly (a pass when neither), then the card's naming uniformly. Uniform by move would
 * play a Boss card (13 namings) nearly every turn, and rounds would stall.
 */
export function randomPlay(s: BossCardsState, seat: number, rng: Rng): BossCardsMove | undefined {
  if (s.winner !== null || s.turn !== seat) return undefined;
  const cards = s.hands[seat].filter((c) => playable(s, c));
  const draw = canDraw(s) ? 1 : 0;
  if (cards.length + draw === 0) return { type: 'pass' };
  const k = rng.int(cards.length + draw);
  if (k === cards.length) return { type: 'draw' };
  const card = cards[k];
  return playMove(s, card, rng.int(Math.max(1, namesFor(s, card))));
}

function endTurn(s: BossCardsState, events: Sink): GameError | undefined {
  s.turn = (s.turn + 1) % s.config.players;
  s.turnsThisRound++;
  if (s.turnsThisRound >= s.config.maxTurns) {
    events?.push({ audience: 'all', event: { type: 'round-stalled', turns: s.turnsThisRound } });
    s.lastRound = { winner: null, points: 0 };
    return dealRound(s, events); // the same dealer deals again (§6)
  }
  return undefined;
}

function winRound(s: BossCardsState, seat: number, events: Sink): GameError | undefined {
  let points = 0;
  for (let p = 0; p < s.config.players; p++) if (p !== seat) points += s.hands[p].length;
  s.scores[seat] += points;
  s.lastRound = { winner: seat, points };
  events?.push({
    audience: 'all',
    event: { type: 'round-won', seat, points, scores: s.scores.slice() },
  });
  if (s.scores[seat] >= s.config.target) {
    s.winner = seat;
    s.turn = -1;
    events?.push({
      audience: 'all',
      event: { type: 'game-over', winner: seat, scores: s.scores.slice() },
    });
    return undefined;
  }
  // The winner becomes The Boss and leads; the dealer is the seat to their right.
  s.dealer = (seat + s.config.players - 1) % s.config.players;
  return dealRound(s, events);
}

/**
 * Applies a move in place, or returns the rule it breaks. Every rule is checked before
 * anything changes; only a preset found unusable mid-move (a gap or reshuffle that does not
 * fit) stops it half-way, which `apply` never shows (it works on a copy).
 */
export function applyMove(
  s: BossCardsState,
  seat: number,
  move: BossCardsMove,
  events: Sink,
): GameError | undefined {
  if (s.winner !== null) return refuse('game-over', 'The game is over.');
  if (seat !== s.turn)
    return refuse('not-your-turn', `It is seat ${s.turn}'s turn, not seat ${seat}'s.`);
  if (move.type === 'draw') {
    if (!canDraw(s))
      return refuse(
        'cannot-draw',
        'The stock is empty and the pile has only its top card: nothing to draw (§5).',
      );
    const e = drawCards(s, seat, 1, 'draw', events);
    return e ?? endTurn(s, events);
  }
  if (move.type === 'pass') {
    if (canDraw(s))
      return refuse(
        'cannot-pass',
        'You may pass only when you can neither play nor draw (§3); you can draw.',
      );
    if (s.hands[seat].some((c) => playable(s, c)))
      return refuse(
        'cannot-pass',
        'You may pass only when you can neither play nor draw (§3); you have a card to play.',
      );
    events?.push({ audience: 'all', event: { type: 'passed', seat } });
    return endTurn(s, events);
  }
  const card = cardId(move.card, s.config.decks);
  if (card < 0) return refuse('unknown-card', `${move.card} is not a card of this game.`);
  if (!s.hands[seat].includes(card))
    return refuse('card-not-in-hand', `${move.card} is not in your hand.`);
  if (!playable(s, card))
    return refuse(
      'card-does-not-match',
      `${move.card} matches neither the demanded suit nor the demanded rank (§3).`,
    );
  const names = namesFor(s, card);
  if (move.suit !== undefined && move.rank !== undefined)
    return refuse('one-name-only', 'Name a suit or a rank, not both (§3).');
  const named = move.suit ?? move.rank;
  if (names === 0 && named !== undefined)
    return refuse(
      'name-not-needed',
      `${move.card} names nothing: only a Boss card${s.config.aceNamesSuit ? ' or an ace' : ''} names the demand (§3, §4).`,
    );
  if (names > 0 && named === undefined)
    return refuse(
      'name-needed',
      `${move.card} must name ${names === 4 ? 'a suit' : 'a suit or a rank from 2 to 10'} (§4).`,
    );
  if (move.rank !== undefined && (names === 4 || RANKS.indexOf(move.rank) >= NAMEABLE_RANKS))
    return refuse(
      'rank-not-nameable',
      names === 4
        ? 'An ace names a suit, not a rank (§4).'
        : 'A Boss card names a rank from 2 to 10 only, never J, Q, K or A (§4).',
    );
  takeFromHand(s, seat, card);
  s.pile.push(card);
  if (move.suit !== undefined) {
    s.demandSuit = SUITS.indexOf(move.suit);
    s.demandRank = -1;
  } else if (move.rank !== undefined) {
    s.demandSuit = -1;
    s.demandRank = RANKS.indexOf(move.rank);
  } else if (rankOf(card) === ACE) {
    s.demandSuit = suitOf(card);
    s.demandRank = -1;
  } else {
    s.demandSuit = suitOf(card);
    s.demandRank = rankOf(card);
  }
  events?.push({
    audience: 'all',
    event: {
      type: 'played',
      seat,
      card: move.card,
      suit: s.demandSuit < 0 ? null : (SUITS[s.demandSuit] as SuitName),
      rank: s.demandRank < 0 ? null : (RANKS[s.demandRank] as RankName),
    },
  });
  if (replenishing(s)) {
    const top = s.stock.pop()!;
    insertSorted(s.hands[seat], top);
    s.firstSlots[seat]++;
    if (events) {
      events.push({
        audience: 'all',
        event: { type: 'drew', seat, count: 1, reason: 'replenish' },
      });
      events.push({ audience: seat, event: { type: 'cards-drawn', seat, cards: [name(s, top)] } });
    }
    if (s.stock.length === 0)
      events?.push({ audience: 'all', event: { type: 'replenishing-over' } });
  }
  if (s.hands[seat].length === 0) return winRound(s, seat, events);
  const penalty = penaltyOf(card);
  if (penalty > 0) {
    const e = drawCards(s, (seat + 1) % s.config.players, penalty, 'penalty', events);
    if (e) return e;
  }
  return endTurn(s, events);
}
