import type { Rng } from '@boss-table/core';
import { imTheBoss, type ImbGame } from './game.js';
import type { ImbMove } from './move.js';
import { legalMovesOf } from './rules.js';
import type { ImbState } from './state.js';

/**
 * Random play by kind of move, not by move: a kind drawn uniformly among the seat's legal
 * kinds (propose, accept, abandon, pass, …), then a move of that kind. Uniform play by move
 * proposes nearly every time (a seat has hundreds of proposals and one `abandon`), so deals
 * end only by the clocks; by kind, games are short enough to check every state.
 */
export function randomByKind(s: ImbState, seat: number, rng: Rng): ImbMove | undefined {
  const moves = legalMovesOf(s, seat);
  if (moves.length === 0) return undefined;
  const kinds = [...new Set(moves.map((m) => m.type))];
  const kind = kinds[rng.int(kinds.length)];
  const of = moves.filter((m) => m.type === kind);
  return of[rng.int(of.length)];
}

/** The game with `randomByKind` as its random move (for the conformance kit's random games). */
export const byKind: ImbGame = { ...imTheBoss, randomMove: randomByKind };
