// Shuffles and deals a Boss Cards record may fix in advance, so a chosen or recorded deal replays exactly.
import { err, gameError, ok, type GameError, type Result } from '@boss-table/core';
import { cardCount, cardId } from './cards.js';
import type { BossCardsOptions } from './options.js';

/**
 * Chance fixed in advance by a record (rules file §8), each list used in the order things
 * happen; once a list runs out, the table's RNG takes over.
 * - `deals`: per round, the shuffled deck (top first) or the hands and the stock (top first);
 * - `gaps`: each start card's re-insertion gap (0: the top);
 * - `reshuffles`: each new stock's order (top first).
 */
export interface BossCardsPresets {
  readonly deals: readonly (
    { readonly deck: number[] } | { readonly hands: number[][]; readonly stock: number[] }
  )[];
  readonly gaps: readonly number[];
  readonly reshuffles: readonly number[][];
}

const bad = (message: string): Result<never, GameError> =>
  err(gameError('invalid-presets', message));

function cards(raw: unknown, what: string, decks: number): Result<number[], GameError> {
  if (!Array.isArray(raw)) return bad(`${what} must be a list of cards.`);
  const out: number[] = [];
  for (const c of raw) {
    const id = typeof c === 'string' ? cardId(c, decks) : -1;
    if (id < 0) return bad(`${what}: ${JSON.stringify(c)} is not a card of this game.`);
    out.push(id);
  }
  return ok(out);
}

function wholeDeck(ids: readonly number[], decks: number, what: string): GameError | undefined {
  const seen = new Set(ids);
  if (ids.length !== cardCount(decks) || seen.size !== ids.length)
    return gameError(
      'invalid-presets',
      `${what} must hold each of the ${cardCount(decks)} cards once.`,
    );
  return undefined;
}

export function parsePresets(
  record: Readonly<Record<string, unknown>>,
  options: BossCardsOptions,
): Result<BossCardsPresets | undefined, GameError> {
  const { deals, gaps, reshuffles } = record;
  if (deals === undefined && gaps === undefined && reshuffles === undefined) return ok(undefined);
  const d = options.decks;
  const outDeals: BossCardsPresets['deals'][number][] = [];
  if (deals !== undefined) {
    if (!Array.isArray(deals)) return bad('"deals" must be a list, one entry a round.');
    for (let i = 0; i < deals.length; i++) {
      const deal: unknown = deals[i];
      if (typeof deal !== 'object' || deal === null) return bad(`Deal ${i} must be an object.`);
      const o = deal as Record<string, unknown>;
      if (o.deck !== undefined) {
        const deck = cards(o.deck, `Deal ${i}'s deck`, d);
        if (!deck.ok) return deck;
        const e = wholeDeck(deck.value, d, `Deal ${i}'s deck`);
        if (e) return err(e);
        outDeals.push({ deck: deck.value });
        continue;
      }
      if (!Array.isArray(o.hands) || o.hands.length !== options.players)
        return bad(`Deal ${i} needs "deck", or "hands" (one per seat) and "stock".`);
      const hands: number[][] = [];
      for (let p = 0; p < o.hands.length; p++) {
        const h = cards(o.hands[p], `Deal ${i}, hand ${p}`, d);
        if (!h.ok) return h;
        if (h.value.length !== options.handSize)
          return bad(`Deal ${i}, hand ${p} must hold ${options.handSize} cards.`);
        hands.push(h.value);
      }
      const stock = cards(o.stock, `Deal ${i}'s stock`, d);
      if (!stock.ok) return stock;
      const e = wholeDeck([...hands.flat(), ...stock.value], d, `Deal ${i}'s hands and stock`);
      if (e) return err(e);
      if (stock.value.every((c) => c % 13 >= 9))
        return bad(`Deal ${i}'s stock holds only aces and Boss cards: no start card can turn up.`);
      outDeals.push({ hands, stock: stock.value });
    }
  }
  const outGaps: number[] = [];
  if (gaps !== undefined) {
    if (!Array.isArray(gaps) || gaps.some((g) => !Number.isInteger(g) || (g as number) < 0))
      return bad('"gaps" must be a list of whole numbers from 0.');
    outGaps.push(...(gaps as number[]));
  }
  const outRe: number[][] = [];
  if (reshuffles !== undefined) {
    if (!Array.isArray(reshuffles)) return bad('"reshuffles" must be a list of card lists.');
    for (let i = 0; i < reshuffles.length; i++) {
      const r = cards(reshuffles[i], `Reshuffle ${i}`, d);
      if (!r.ok) return r;
      outRe.push(r.value);
    }
  }
  return ok({ deals: outDeals, gaps: outGaps, reshuffles: outRe });
}
