// I'm the Boss! wired into core's game contract, with its clocks, open negotiation and sealed answers.
import { applyOnCopy, type GameDefinition, type Seat } from '@boss-table/core';
import { clocks } from './clocks.js';
import type { ImbEvent } from './events.js';
import { legalSummary } from './legal-summary.js';
import { parseMove, type ImbMove } from './move.js';
import { parseOptions, type ImbOptions } from './options.js';
import { activeSeats, applyMove, legalMovesOf } from './rules.js';
import { parsePresets, setup, type ImbPresets } from './setup.js';
import { cloneState, type ImbState } from './state.js';
import { summary } from './summary.js';
import { sample, view, type ImbView } from './view.js';
import { imTheBossMeta } from './meta.js';

export type ImbGame = GameDefinition<ImbOptions, ImbState, ImbMove, ImbView, ImbEvent, ImbPresets>;

const realtimeWindow = (s: ImbState): boolean =>
  s.options.mode === 'realtime' && s.pub.deal !== null && s.pub.deal.phase !== 'open';

/** I'm the Boss!, as `../shared/rules/im-the-boss.md` describes it. */
export const imTheBoss: ImbGame = {
  id: imTheBossMeta.id,
  name: imTheBossMeta.name,
  minPlayers: imTheBossMeta.minPlayers,
  maxPlayers: imTheBossMeta.maxPlayers,
  parseOptions,
  parsePresets,
  setup,
  playerCount: (s) => s.pub.players,
  activeSeats,
  legalMoves: legalMovesOf,
  randomMove(s, seat: Seat, rng) {
    const moves = legalMovesOf(s, seat);
    return moves.length > 0 ? moves[rng.int(moves.length)] : undefined;
  },
  /**
   * A random player: a kind of move drawn uniformly among the seat's legal kinds (propose,
   * accept, abandon, pass, …), then a move of that kind. Uniform by move, a seat proposes
   * nearly every time (it has hundreds of proposals and one `abandon`).
   */
  randomPlay(s, seat: Seat, rng) {
    const moves = legalMovesOf(s, seat);
    if (moves.length === 0) return undefined;
    const kinds = [...new Set(moves.map((m) => m.type))];
    const kind = kinds[rng.int(kinds.length)];
    const of = moves.filter((m) => m.type === kind);
    return of[rng.int(of.length)];
  },
  parseMove,
  apply: applyOnCopy(cloneState, applyMove),
  clone: cloneState,
  applyInPlace: (state, seat, move) => applyMove(state, seat, move, null),
  view,
  viewer: (v) => v.viewer,
  sample,
  legalSummary,
  clocks,
  concurrency: (s) => (s.options.mode === 'realtime' && s.pub.deal !== null ? 'open' : 'turn'),
  // Answers in a real-time stop window or last call are heard by nobody until it closes.
  sealed: (s, _seat, move) =>
    realtimeWindow(s) && (move.type === 'pass' || move.type === 'playStop'),
  isOver: (s) => s.pub.phase === 'over',
  outcome: (s) => s.pub.outcome ?? undefined,
  summary,
};
