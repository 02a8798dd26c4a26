// Big Boss wired into core's game contract: options, setup, moves, views, whose turn it is and the end.
import { applyOnCopy, ok, type GameDefinition } from '@boss-table/core';
import { legalSummary } from './legal-summary.js';
import { parseMove } from './move.js';
import { parseOptions } from './options.js';
import { applyMove, legalMoves, randomMove } from './play.js';
import { setup } from './setup.js';
import { cloneState, type BigBossState } from './state.js';
import { summary } from './summary.js';
import type { BigBossEvent, BigBossMove, BigBossOptions, BigBossView } from './types.js';
import { sample, view } from './view.js';
import { bigBossMeta } from './meta.js';

export type BigBossGame = GameDefinition<
  BigBossOptions,
  BigBossState,
  BigBossMove,
  BigBossView,
  BigBossEvent,
  undefined
>;

/** Big Boss (Wolfgang Kramer, 1994; 2023), as `../shared/rules/big-boss.md` describes it. */
export const bigBoss: BigBossGame = {
  id: bigBossMeta.id,
  name: bigBossMeta.name,
  minPlayers: bigBossMeta.minPlayers,
  maxPlayers: bigBossMeta.maxPlayers,
  parseOptions,
  parsePresets: () => ok(undefined),
  setup: (options, seed) => setup(options, seed),
  playerCount: (s) => s.config.players,
  activeSeats: (s) => (s.outcome ? [] : [s.turn]),
  legalMoves,
  randomMove,
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
