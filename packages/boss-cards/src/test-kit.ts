// Helpers for Boss Cards tests: hand-built deals, moves that must pass or be refused, random play that ends.
import { gameError, Rng, type GameError } from '@boss-table/core';
import { cardId, cardName } from './cards.js';
import { bossCards, type BossCardsGame } from './game.js';
import type { BossCardsMove } from './move.js';
import { legalMoves, playable } from './play.js';
import { parseOptions, type BossCardsOptions } from './options.js';
import { parsePresets } from './presets.js';
import { setup } from './setup.js';
import type { BossCardsState } from './state.js';

/**
 * Random play by card, not by move: a playable card drawn uniformly (then its name), a draw
 * only when nothing can be played. Uniform play by move picks a Boss card (13 moves each)
 * nearly every time and no hand ever empties, so rounds only stall; this is how the rules
 * file's figures were taken (docs/boss-cards.md).
 */
export function randomByCard(s: BossCardsState, seat: number, rng: Rng): BossCardsMove | undefined {
  const moves = legalMoves(s, seat);
  if (moves.length === 0) return undefined;
  const cards = s.hands[seat].filter((c) => playable(s, c));
  if (cards.length === 0) return moves[moves.length - 1];
  const card = cardName(rng.pick(cards), s.config.decks);
  return rng.pick(moves.filter((m) => m.type === 'play' && m.card === card));
}

/** The game with `randomByCard` as its random move, so that random games end. */
export const byCard: BossCardsGame = { ...bossCards, randomMove: randomByCard };

export function options(raw: Record<string, unknown>): BossCardsOptions {
  const o = parseOptions(raw);
  if (!o.ok) throw new Error(o.error.message);
  return o.value;
}

/** A round dealt from explicit hands and stock (top first). */
export function dealt(
  raw: Record<string, unknown>,
  hands: string[][],
  stock: string[],
  extra: Record<string, unknown> = {},
): BossCardsState {
  const o = options(raw);
  const p = parsePresets({ deals: [{ hands, stock }], ...extra }, o);
  if (!p.ok) throw new Error(p.error.message);
  const r = setup(o, 'test', p.value);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.state;
}

/** Every card of a game not in `used`, in id order (to fill a stock). */
export function rest(used: readonly string[], decks = 1): string[] {
  const out: string[] = [];
  for (let c = 0; c < decks * 52; c++) {
    const n = cardName(c, decks);
    if (!used.includes(n)) out.push(n);
  }
  return out;
}

export function play(s: BossCardsState, seat: number, move: BossCardsMove): BossCardsState {
  const r = bossCards.apply(s, seat, move);
  if (!r.ok) throw new Error(`${r.error.kind}: ${r.error.message}`);
  return r.value.state;
}

export function refused(s: BossCardsState, seat: number, move: BossCardsMove): GameError {
  const r = bossCards.apply(s, seat, move);
  if (r.ok) return gameError('accepted', 'the move was accepted');
  return r.error;
}

export const ids = (names: readonly string[], decks = 1): number[] =>
  names.map((n) => cardId(n, decks));
