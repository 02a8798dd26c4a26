// Deals a game of Big Boss from its seed: the deck of each rule set, the rows, hands and starting cash.
import { ok, Rng, type Applied, type GameError, type Result } from '@boss-table/core';
import {
  cardCode,
  LEVEL_CARDS,
  MODERN_LEVEL,
  ORIGINAL_LEVEL_COUNTS,
  originalLevel,
  PIECES,
  SPACES,
  type IndustryCard,
} from './companies.js';
import { configFor } from './options.js';
import { COMPANY_COUNT, NEVER, type BigBossState, type EventSink } from './state.js';
import type { BigBossEvent, BigBossOptions } from './types.js';

/** Every card of a rule set's deck as dealt from (rules file, section 2). */
export function deckCards(rules: 'modern' | 'original'): number[] {
  const cards = Array.from({ length: SPACES }, (_, i) => i + 1);
  if (rules === 'original')
    for (const [level, count] of Object.entries(ORIGINAL_LEVEL_COUNTS))
      for (let i = 0; i < count; i++) cards.push(originalLevel(Number(level)));
  return cards;
}

/** Every card of a rule set: the deck's, and the modern Level stack. */
export function allCards(rules: 'modern' | 'original'): number[] {
  const cards = deckCards(rules);
  if (rules === 'modern') for (let i = 0; i < LEVEL_CARDS; i++) cards.push(MODERN_LEVEL);
  return cards;
}

export const ROW_SIZE = 6;

/**
 * Shuffles, deals and lays out the table. The first player is drawn before the shuffle when
 * the options leave it open; hands are dealt from the top of the deck, then (modern) the row.
 */
export function setup(
  options: BigBossOptions,
  seed: string,
): Result<Applied<BigBossState, BigBossEvent>, GameError> {
  const rng = Rng.fromSeed(seed);
  const n = options.players;
  const firstPlayer = options.firstPlayer ?? rng.int(n);
  const config = configFor(options.rules, n, firstPlayer);
  const modern = options.rules === 'modern';
  const deck = rng.shuffle(deckCards(options.rules));
  const hands: number[][] = [];
  for (let p = 0; p < n; p++)
    hands.push(deck.splice(deck.length - config.handSize).sort((a, b) => a - b));
  const row = modern ? deck.splice(deck.length - ROW_SIZE).reverse() : [];
  const state: BigBossState = {
    config,
    rng,
    turn: firstPlayer,
    phase: 'play',
    pieces: new Array<number>(SPACES).fill(0),
    owner: new Array<number>(SPACES).fill(-1),
    hq: new Array<number>(COMPANY_COUNT).fill(0),
    status: new Array<number>(COMPANY_COUNT).fill(NEVER),
    price: new Array<number>(COMPANY_COUNT).fill(0),
    sharesLeft: new Array<number>(COMPANY_COUNT).fill(config.sharesPerCompany),
    tower: new Array<number>(COMPANY_COUNT).fill(-1),
    row,
    deck,
    levels: modern ? LEVEL_CARDS : 0,
    discards: [],
    hands,
    known: hands.map(() => []),
    cash: new Array<number>(n).fill(config.startingCash),
    shares: new Array<number>(n * COMPANY_COUNT).fill(0),
    towersPlaced: new Array<number>(n).fill(0),
    piecesLeft: PIECES,
    played: -1,
    passes: 0,
    passed: new Array<boolean>(n).fill(false),
    passClues: hands.map(() => []),
    outcome: null,
  };
  const events: NonNullable<EventSink> = [
    {
      audience: 'all',
      event: {
        type: 'started',
        rules: options.rules,
        firstPlayer,
        row: row.map(cardCode) as IndustryCard[],
        handCounts: hands.map((h) => h.length),
      },
    },
    ...hands.map((h, p) => ({
      audience: p,
      event: { type: 'dealt' as const, seat: p, cards: h.map(cardCode) },
    })),
    { audience: 'all', event: { type: 'turn', seat: firstPlayer } },
  ];
  return ok({ state, events });
}
