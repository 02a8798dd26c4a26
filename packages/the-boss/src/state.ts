// The full, secret state of The Boss, kept as compact integer arrays so bots' playouts copy it cheaply.
import type { Emitted, Outcome, Rng } from '@boss-table/core';
import { SLOTS } from './cities.js';
import type { BossEvent } from './events.js';
import type { BossConfig } from './options.js';
import type { BossPresets } from './presets.js';

/**
 * The full, secret state of a game of The Boss.
 *
 * Compact on purpose, because bots run hundreds of thousands of playouts: small integer
 * arrays indexed by seat and city slot (0–7 local cities, 8 Chicago), card ids instead of
 * strings, and no derived data. Copying it is a handful of `slice()` calls.
 */
export interface BossState {
  readonly config: BossConfig;
  readonly presets: BossPresets | undefined;
  rng: Rng;
  /** Round being played, from 1, overtime rounds included. */
  round: number;
  /** 0 in regular rounds, n in the n-th overtime round. */
  overtime: number;
  /** This round ends the game (police badges, or overtime). */
  lastRound: boolean;
  dealer: number;
  /** City slots left to right, Chicago included. */
  row: number[];
  /** Police cards still face down (0 silver, 1 gold, 2 double); the next is the last. */
  policeDeck: number[];
  policeFlipped: number[];
  /** Face-down reward card id per city slot, -1 where none. */
  rewards: number[];
  /** Card ids revealed this round per city slot, in order. */
  revealed: number[][];
  /** Card ids in each seat's hand, ascending. */
  hands: number[][];
  /** Cubes on the board, indexed `seat * SLOTS + slot`. */
  big: number[];
  small: number[];
  score: number[];
  /** Points of the last completed round (after the floor at 0). */
  lastRoundPoints: number[];
  bigDead: number[];
  /** Big cubes out for this round (hospital), and for this and the next (prison fresh) or this one only (prison old). */
  hospital: number[];
  prisonFresh: number[];
  prisonOld: number[];
  /** Big cubes placed this round. */
  bigPlaced: number[];
  smallLeft: number[];
  banished: boolean[];
  /** Turns completed this round. */
  turnsTaken: number;
  /** Seat to act, -1 once the game is over. */
  turn: number;
  /** Order of the last turn, once every player holds one card. */
  lastTurnOrder: number[] | null;
  /** Seats still able to win: everyone, or the tied players during overtime. */
  contenders: number[];
  outcome: Outcome | null;
}

export type EventSink = Emitted<BossEvent>[] | null;

export const BIG_CUBES = 6;
export const SMALL_CUBES = 3;
export const cubeIndex = (seat: number, slot: number): number => seat * SLOTS + slot;

/** Big cubes neither dead, in hospital nor in prison (placed ones included). */
export const bigFit = (s: BossState, p: number): number =>
  BIG_CUBES - s.bigDead[p] - s.hospital[p] - s.prisonFresh[p] - s.prisonOld[p];

/** Big cubes a seat can still place this round. */
export const bigToPlace = (s: BossState, p: number): number => bigFit(s, p) - s.bigPlaced[p];

export const cubesOn = (s: BossState, p: number, slot: number): number =>
  s.big[p * SLOTS + slot] + s.small[p * SLOTS + slot];

/** The seat with the most cubes on a city, or -1 when it is empty (never two: leads are strict). */
export function leader(s: BossState, slot: number): number {
  let best = -1;
  let most = 0;
  for (let p = 0; p < s.config.players; p++) {
    const n = cubesOn(s, p, slot);
    if (n > most) {
      most = n;
      best = p;
    }
  }
  return best;
}

export function cloneState(s: BossState): BossState {
  return {
    config: s.config,
    presets: s.presets,
    rng: s.rng.clone(),
    round: s.round,
    overtime: s.overtime,
    lastRound: s.lastRound,
    dealer: s.dealer,
    row: s.row.slice(),
    policeDeck: s.policeDeck.slice(),
    policeFlipped: s.policeFlipped.slice(),
    rewards: s.rewards.slice(),
    revealed: s.revealed.map((r) => r.slice()),
    hands: s.hands.map((h) => h.slice()),
    big: s.big.slice(),
    small: s.small.slice(),
    score: s.score.slice(),
    lastRoundPoints: s.lastRoundPoints.slice(),
    bigDead: s.bigDead.slice(),
    hospital: s.hospital.slice(),
    prisonFresh: s.prisonFresh.slice(),
    prisonOld: s.prisonOld.slice(),
    bigPlaced: s.bigPlaced.slice(),
    smallLeft: s.smallLeft.slice(),
    banished: s.banished.slice(),
    turnsTaken: s.turnsTaken,
    turn: s.turn,
    lastTurnOrder: s.lastTurnOrder?.slice() ?? null,
    contenders: s.contenders.slice(),
    outcome: s.outcome,
  };
}
