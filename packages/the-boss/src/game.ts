// The Boss wired into core's game contract: seat counts, whose turn it is, and how the game ends.
import { applyOnCopy, type GameDefinition } from '@boss-table/core';
import type { BossEvent } from './events.js';
import { legalSummary } from './legal-summary.js';
import { parseMove } from './move.js';
import { parseOptions, type BossOptions } from './options.js';
import { applyMove, legalMoves, playRandomTurn, randomMove, type BossMove } from './play.js';
import { parsePresets, type BossPresets } from './presets.js';
import { setup } from './setup.js';
import { cloneState, type BossState } from './state.js';
import { summary } from './summary.js';
import { sample, view, type BossView } from './view.js';
import { theBossMeta } from './meta.js';

export type TheBossGame = GameDefinition<
  BossOptions,
  BossState,
  BossMove,
  BossView,
  BossEvent,
  BossPresets
>;

/** The Boss (Alain Ollier, 2010), as `../shared/rules/the-boss.md` describes it. */
export const theBoss: TheBossGame = {
  id: theBossMeta.id,
  name: theBossMeta.name,
  minPlayers: theBossMeta.minPlayers,
  maxPlayers: theBossMeta.maxPlayers,
  parseOptions,
  parsePresets: (record) => parsePresets(record),
  setup,
  playerCount: (s) => s.config.players,
  activeSeats: (s) => (s.outcome ? [] : [s.turn]),
  legalMoves,
  randomMove,
  playRandomInPlace: playRandomTurn,
  parseMove,
  apply: applyOnCopy(cloneState, applyMove),
  clone: cloneState,
  applyInPlace: (state, seat, move) => applyMove(state, seat, move, null),
  view,
  viewer: (v) => v.viewer,
  sample,
  legalSummary,
  isOver: (s) => s.outcome !== null,
  outcome: (s) => s.outcome ?? undefined,
  summary,
};
