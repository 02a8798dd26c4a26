// Helpers for I'm the Boss! tests: hand-built tables, moves that must pass, card accounting, random play.
import type { Rng } from '@boss-table/core';
import { ALL_CARDS } from './cards.js';
import { parseOptions } from './options.js';
import { parsePresets, setup } from './setup.js';
import { imTheBoss, type ImbGame } from './game.js';
import type { ImbMove } from './move.js';
import type { ImbState } from './state.js';

/**
 * Random play by kind of move, not by move: a kind drawn uniformly among the seat's legal
 * kinds (propose, accept, abandon, pass, …), then a move of that kind. Uniform play by move
 * proposes nearly every time (a seat has hundreds of proposals and one `abandon`), so deals
 * end only by the clocks; by kind, games are short enough to check every state.
 */
export function randomByKind(s: ImbState, seat: number, rng: Rng): ImbMove | undefined {
  return imTheBoss.randomPlay!(s, seat, rng);
}

/** The game with `randomByKind` as its random move (for the conformance kit's random games). */
export const byKind: ImbGame = { ...imTheBoss, randomMove: randomByKind };

/** A hand-built table: placards, every hand (the rest of the deck is the draw pile, in id order). */
export interface Position {
  readonly options?: Record<string, unknown>;
  readonly placards: readonly (number | null)[];
  readonly hands: readonly (readonly string[])[];
  readonly dice?: readonly number[];
  /** Placed by the start player's right-hand seat (2.7); then the start player's turn. */
  readonly marker?: number;
}

export function position(p: Position): ImbState {
  const options = parseOptions({ players: p.hands.length, ...p.options });
  if (!options.ok) throw new Error(options.error.message);
  const held = new Set(p.hands.flat());
  const drawPile = ALL_CARDS.filter((c) => !held.has(c));
  const presets = parsePresets(
    { setup: { placards: p.placards, hands: p.hands, drawPile }, dice: p.dice ?? [] },
    options.value,
  );
  if (!presets.ok) throw new Error(presets.error.message);
  const r = setup(options.value, 'position', presets.value);
  if (!r.ok) throw new Error(r.error.message);
  let s = r.value.state;
  if (p.marker !== undefined) s = play(s, s.pub.seat, { type: 'placeMarker', space: p.marker });
  return s;
}

/** Applies a move that must be accepted; the new state. */
export function play(s: ImbState, seat: number, move: ImbMove): ImbState {
  const r = imTheBoss.apply(s, seat, move);
  if (!r.ok)
    throw new Error(
      `${JSON.stringify(move)} by ${seat} refused: ${r.error.kind}: ${r.error.message}`,
    );
  return r.value.state;
}

/** The events of a move that must be accepted, with their audiences. */
export function playEvents(s: ImbState, seat: number, move: ImbMove) {
  const r = imTheBoss.apply(s, seat, move);
  if (!r.ok) throw new Error(`${JSON.stringify(move)} refused: ${r.error.message}`);
  return r.value;
}

/** The refusal code of a move, or 'accepted'. */
export function refusal(s: ImbState, seat: number, move: ImbMove): string {
  const r = imTheBoss.apply(s, seat, move);
  return r.ok ? 'accepted' : r.error.kind;
}

/** The 98 cards, each exactly once, across hands, piles, the table and pending plays (§12). */
export function cardsAccountedFor(s: ImbState): boolean {
  const d = s.pub.deal;
  const all = [
    ...s.hands.flat(),
    ...s.draw,
    ...s.pub.discard,
    ...s.hidden.map((h) => h.card),
    ...(d ? d.table.map((x) => x.card) : []),
    ...(d ? d.travelling.map((x) => x.card) : []),
    ...(d?.pending ? d.pending.cards : []),
  ];
  return all.length === ALL_CARDS.length && new Set(all).size === all.length;
}
