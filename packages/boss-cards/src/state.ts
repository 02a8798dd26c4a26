// The full, secret Boss Cards state, with the public history of each card that views and the sampler rely on.
import type { RngState } from '@boss-table/core';
import type { BossCardsOptions } from './options.js';
import type { BossCardsPresets } from './presets.js';

/** Where a hidden card's public history says it may be (for views and the sampler). */
export const TAG_UNSEEN = 0;
/** A start card turned up and put back into the first stock (§2). */
export const TAG_START = 1;
/** Tag of the cards of reshuffle k (1-based): TAG_RESHUFFLE + k - 1. */
export const TAG_RESHUFFLE = 2;

export interface RoundResult {
  readonly winner: number | null;
  readonly points: number;
}

/**
 * The full, secret state. Cards are integers (cards.ts). The stock's top is its last
 * element; the pile's top is its last element.
 */
export interface BossCardsState {
  readonly config: BossCardsOptions;
  rng: RngState;
  presets: BossCardsPresets | null;
  /** How many deals, gaps and reshuffle orders of the presets are used up. */
  presetAt: [number, number, number];
  round: number;
  dealer: number;
  /** Seat to move. */
  turn: number;
  turnsThisRound: number;
  hands: number[][];
  stock: number[];
  pile: number[];
  /** The demand: a suit and/or a rank (-1: none). */
  demandSuit: number;
  demandRank: number;
  /** Reshuffles of the pile into a stock this round. */
  reshuffles: number;
  /** Public history of each card (TAG_*), per id. */
  tags: number[];
  /** Per seat, cards in hand by where they were drawn from: the deal, the first stock, reshuffle k. */
  dealtSlots: number[];
  firstSlots: number[];
  reSlots: number[][];
  scores: number[];
  lastRound: RoundResult | null;
  winner: number | null;
}

/** Replenishing lasts while the first stock does (§5). */
export const replenishing = (s: BossCardsState): boolean =>
  s.reshuffles === 0 && s.stock.length > 0;

export const canDraw = (s: BossCardsState): boolean => s.stock.length > 0 || s.pile.length >= 2;

export function cloneState(s: BossCardsState): BossCardsState {
  return {
    ...s,
    rng: [...s.rng] as unknown as RngState,
    presetAt: [...s.presetAt],
    hands: s.hands.map((h) => h.slice()),
    stock: s.stock.slice(),
    pile: s.pile.slice(),
    tags: s.tags.slice(),
    dealtSlots: s.dealtSlots.slice(),
    firstSlots: s.firstSlots.slice(),
    reSlots: s.reSlots.map((r) => r.slice()),
    scores: s.scores.slice(),
  };
}
