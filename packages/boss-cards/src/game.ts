// Boss Cards wired into core's game contract: seat counts, whose turn it is, and how a game ends and ranks.
import { applyOnCopy, type GameDefinition } from '@boss-table/core';
import type { BossCardsEvent } from './events.js';
import { legalSummary } from './legal-summary.js';
import { parseMove, type BossCardsMove } from './move.js';
import { parseOptions, type BossCardsOptions } from './options.js';
import { applyMove, legalMoves, randomMove, randomPlay } from './play.js';
import { parsePresets, type BossCardsPresets } from './presets.js';
import { setup } from './setup.js';
import { cloneState, type BossCardsState } from './state.js';
import { summary } from './summary.js';
import { sample, view, type BossCardsView } from './view.js';
import { bossCardsMeta } from './meta.js';

export type BossCardsGame = GameDefinition<
  BossCardsOptions,
  BossCardsState,
  BossCardsMove,
  BossCardsView,
  BossCardsEvent,
  BossCardsPresets
>;

/** Boss Cards, as `../shared/rules/boss-cards.md` describes it. */
export const bossCards: BossCardsGame = {
  id: bossCardsMeta.id,
  name: bossCardsMeta.name,
  minPlayers: bossCardsMeta.minPlayers,
  maxPlayers: bossCardsMeta.maxPlayers,
  parseOptions,
  parsePresets,
  setup,
  playerCount: (s) => s.config.players,
  activeSeats: (s) => (s.winner !== null ? [] : [s.turn]),
  legalMoves,
  randomMove,
  randomPlay,
  parseMove,
  apply: applyOnCopy(cloneState, applyMove),
  clone: cloneState,
  applyInPlace: (state, seat, move) => applyMove(state, seat, move, null),
  view,
  viewer: (v) => v.viewer,
  sample,
  legalSummary,
  isOver: (s) => s.winner !== null,
  outcome(s) {
    if (s.winner === null) return undefined;
    const seats = s.scores.map((_, p) => p);
    const ranking = seats.sort((a, b) => s.scores[b] - s.scores[a] || a - b);
    return {
      winners: [s.winner],
      scores: s.scores.slice(),
      ranking,
      decidedBy: `first to ${s.config.target} points`,
    };
  },
  summary,
};
