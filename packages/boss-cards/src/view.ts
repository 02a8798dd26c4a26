// What each Boss Cards seat may know, and the sampler that deals hidden cards back for a searching bot.
import { Rng, type Viewer } from '@boss-table/core';
import {
  cardCount,
  cardId,
  cardName,
  RANKS,
  SUITS,
  type CardName,
  type RankName,
  type SuitName,
} from './cards.js';
import type { BossCardsOptions } from './options.js';
import {
  replenishing,
  TAG_RESHUFFLE,
  TAG_START,
  TAG_UNSEEN,
  type BossCardsState,
  type RoundResult,
} from './state.js';

/**
 * What a seat (or a spectator) may know (rules file §7): its own hand, every hand's size and
 * where its cards were drawn from (the deal, the first stock, each reshuffle — public, as
 * every draw is seen), the stock's size, the pile in play order, the demand, the scores.
 */
export interface BossCardsView {
  readonly viewer: Viewer;
  readonly options: BossCardsOptions;
  readonly round: number;
  readonly dealer: number;
  readonly turn: number;
  readonly turnsThisRound: number;
  /** The viewer's hand in id order; null for a spectator. */
  readonly hand: readonly CardName[] | null;
  readonly handCounts: readonly number[];
  readonly dealtSlots: readonly number[];
  readonly firstSlots: readonly number[];
  readonly reSlots: readonly (readonly number[])[];
  readonly stockCount: number;
  readonly replenishing: boolean;
  /** Bottom first; the last is the top card. */
  readonly pile: readonly CardName[];
  readonly demand: { readonly suit: SuitName | null; readonly rank: RankName | null };
  /** Start cards put back into the first stock this round (§2), id order. */
  readonly startCards: readonly CardName[];
  /** The cards of each reshuffle's stock this round, id order (only their latest reshuffle). */
  readonly reshuffled: readonly (readonly CardName[])[];
  readonly scores: readonly number[];
  readonly lastRound: RoundResult | null;
  readonly winner: number | null;
}

export function view(s: BossCardsState, viewer: Viewer): BossCardsView {
  const d = s.config.decks;
  const startCards: string[] = [];
  const reshuffled: string[][] = Array.from({ length: s.reshuffles }, () => []);
  s.tags.forEach((t, c) => {
    if (t === TAG_START) startCards.push(cardName(c, d));
    else if (t >= TAG_RESHUFFLE) reshuffled[t - TAG_RESHUFFLE].push(cardName(c, d));
  });
  return {
    viewer,
    options: s.config,
    round: s.round,
    dealer: s.dealer,
    turn: s.turn,
    turnsThisRound: s.turnsThisRound,
    hand: viewer === null ? null : s.hands[viewer].map((c) => cardName(c, d)),
    handCounts: s.hands.map((h) => h.length),
    dealtSlots: s.dealtSlots.slice(),
    firstSlots: s.firstSlots.slice(),
    reSlots: s.reSlots.map((r) => r.slice()),
    stockCount: s.stock.length,
    replenishing: replenishing(s),
    pile: s.pile.map((c) => cardName(c, d)),
    demand: {
      suit: s.demandSuit < 0 ? null : SUITS[s.demandSuit],
      rank: s.demandRank < 0 ? null : RANKS[s.demandRank],
    },
    startCards,
    reshuffled,
    scores: s.scores.slice(),
    lastRound: s.lastRound ? { ...s.lastRound } : null,
    winner: s.winner,
  };
}

/**
 * A full state consistent with a view (DESIGN.md, information sets). Hidden cards go where
 * their public history allows: a reshuffle's cards to its stock or the hands that drew from
 * it; start cards to the first stock or the hands that drew from it; unseen cards to any
 * place of the deal or the first stock. Within those, uniformly (exact at the deal).
 */
export function sample(v: BossCardsView, rng: Rng): BossCardsState {
  const config = v.options;
  const d = config.decks;
  const n = config.players;
  const total = cardCount(d);
  const id = (c: CardName) => cardId(c, d);
  const tags = new Array<number>(total).fill(TAG_UNSEEN);
  for (const c of v.startCards) tags[id(c)] = TAG_START;
  v.reshuffled.forEach((cards, k) => cards.forEach((c) => (tags[id(c)] = TAG_RESHUFFLE + k)));
  const known = new Uint8Array(total);
  const pile = v.pile.map(id);
  for (const c of pile) known[c] = 1;
  const hands: number[][] = Array.from({ length: n }, () => []);
  if (v.viewer !== null) {
    hands[v.viewer] = v.hand!.map(id);
    for (const c of hands[v.viewer]) known[c] = 1;
  }
  // Places: [seat, -1] for a hand, [-1, i] for stock position i (0 = top).
  const stock = new Array<number>(v.stockCount).fill(-1);
  const put = (place: number, card: number) => {
    if (place < 0) stock[-place - 1] = card;
    else hands[place].push(card);
  };
  const others = [...Array(n).keys()].filter((p) => p !== v.viewer);
  const stockPlaces = Array.from({ length: v.stockCount }, (_, i) => -i - 1);
  const byTag = new Map<number, number[]>();
  for (let c = 0; c < total; c++) {
    if (known[c]) continue;
    const t = tags[c];
    let list = byTag.get(t);
    if (!list) byTag.set(t, (list = []));
    list.push(c);
  }
  const fill = (cards: number[], places: number[]) => {
    if (cards.length !== places.length)
      throw new Error(
        `The view does not add up: ${cards.length} cards for ${places.length} places.`,
      );
    rng.shuffle(cards);
    cards.forEach((c, i) => put(places[i], c));
  };
  for (let k = 0; k < v.reshuffled.length; k++) {
    const places: number[] = [];
    for (const p of others) for (let i = 0; i < (v.reSlots[p][k] ?? 0); i++) places.push(p);
    if (k === v.reshuffled.length - 1) places.push(...stockPlaces);
    fill(byTag.get(TAG_RESHUFFLE + k) ?? [], places);
  }
  const firstPlaces: number[] = [];
  const dealtPlaces: number[] = [];
  for (const p of others) {
    for (let i = 0; i < v.firstSlots[p]; i++) firstPlaces.push(p);
    for (let i = 0; i < v.dealtSlots[p]; i++) dealtPlaces.push(p);
  }
  if (v.reshuffled.length === 0) firstPlaces.push(...stockPlaces);
  rng.shuffle(firstPlaces);
  const start = byTag.get(TAG_START) ?? [];
  if (start.length > firstPlaces.length)
    throw new Error('The view does not add up: more start cards than places for them.');
  start.forEach((c, i) => put(firstPlaces[i], c));
  fill(byTag.get(TAG_UNSEEN) ?? [], [...firstPlaces.slice(start.length), ...dealtPlaces]);
  for (const h of hands) h.sort((a, b) => a - b);
  const suit = v.demand.suit === null ? -1 : SUITS.indexOf(v.demand.suit);
  const rank = v.demand.rank === null ? -1 : RANKS.indexOf(v.demand.rank);
  return {
    config,
    rng: Rng.fromSeed(rng.deriveSeed()).state(),
    presets: null,
    presetAt: [0, 0, 0],
    round: v.round,
    dealer: v.dealer,
    turn: v.turn,
    turnsThisRound: v.turnsThisRound,
    hands,
    stock: stock.reverse(),
    pile,
    demandSuit: suit,
    demandRank: rank,
    reshuffles: v.reshuffled.length,
    tags,
    dealtSlots: v.dealtSlots.slice(),
    firstSlots: v.firstSlots.slice(),
    reSlots: v.reSlots.map((r) => r.slice()),
    scores: v.scores.slice(),
    lastRound: v.lastRound ? { ...v.lastRound } : null,
    winner: v.winner,
  };
}
