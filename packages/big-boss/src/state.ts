// The full, secret state of a game of Big Boss: track, companies, shares, hands, decks and money.
import type { Emitted, Outcome, Rng } from '@boss-table/core';
import { COMPANY_IDS, SPACES, spaceAt } from './companies.js';
import type { BigBossConfig } from './options.js';
import type { BigBossEvent } from './types.js';

export const NEVER = 0;
export const ACTIVE = 1;
export const GONE = 2;
export const COMPANY_COUNT = COMPANY_IDS.length;

/**
 * The full, secret state of a game of Big Boss.
 *
 * Compact on purpose, because bots run many playouts: small integer arrays indexed by space
 * (index = space − 1), company (index in COMPANY_IDS) and seat, card ids instead of codes
 * (see companies.ts). Copying it is a handful of `slice()` calls.
 */
export interface BigBossState {
  readonly config: BigBossConfig;
  rng: Rng;
  /** Seat to act, -1 once the game is over. */
  turn: number;
  phase: 'play' | 'invest' | 'sell' | 'over';
  /** Pieces per space (index space − 1). */
  pieces: number[];
  /** Company index per space, -1 where empty. */
  owner: number[];
  /** Headquarters space per company, 0 when not on the board. */
  hq: number[];
  /** NEVER, ACTIVE or GONE per company. */
  status: number[];
  price: number[];
  sharesLeft: number[];
  /** Seat owning each company's tower, -1 for none. */
  tower: number[];
  /** Face-up Industry cards (modern). */
  row: number[];
  /** Face-down deck; its top is the last element. */
  deck: number[];
  /** Modern Level cards left in the face-up stack. */
  levels: number;
  discards: number[];
  /** Card ids per seat, ascending. */
  hands: number[][];
  /** Of each hand, the cards everyone knows are there (bought face up), ascending. */
  known: number[][];
  cash: number[];
  /** Shares held, indexed `seat * COMPANY_COUNT + company`. */
  shares: number[];
  /** Towers each seat has placed so far, including those that left in mergers. */
  towersPlaced: number[];
  piecesLeft: number;
  /** Company founded or expanded this turn, -1 before a card is played. */
  played: number;
  /** Passes in a row. */
  passes: number;
  /** Seats that passed in the current run of passes. */
  passed: boolean[];
  /**
   * What each seat's passes tell about its hand, public (docs/big-boss.md, Sampler): oldest
   * first. A list is never changed in place (copy on write), so a clone shares them.
   */
  passClues: (readonly PassClue[])[];
  outcome: Outcome | null;
}

/**
 * At least `count` of a seat's unseen cards (those not among its known ones) are none of
 * `without` (card ids, ascending): it has held them since a pass at which every card in
 * `without` could have been played. In a seat's list, an older clue has a larger `without`
 * (every later pass adds its playable cards) and a smaller `count`.
 */
export interface PassClue {
  readonly count: number;
  readonly without: readonly number[];
}

export type EventSink = Emitted<BigBossEvent>[] | null;

export const shareIndex = (seat: number, company: number): number => seat * COMPANY_COUNT + company;

export const piecesAt = (s: BigBossState, space: number): number => s.pieces[space - 1];
export const ownerAt = (s: BigBossState, space: number): number => s.owner[space - 1];

/** The company on a space's two neighbours (-1 where empty): [before, after]. */
export const neighbours = (s: BigBossState, space: number): [number, number] => [
  s.owner[spaceAt(space, -1) - 1],
  s.owner[spaceAt(space, 1) - 1],
];

/** Spaces of a company, ascending. */
export function spacesOf(s: BigBossState, company: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < SPACES; i++) if (s.owner[i] === company) out.push(i + 1);
  return out;
}

/** Towers a seat has standing now, as company indexes. */
export function towersOf(s: BigBossState, seat: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < COMPANY_COUNT; c++) if (s.tower[c] === seat) out.push(c);
  return out;
}

export function cloneState(s: BigBossState): BigBossState {
  return {
    config: s.config,
    rng: s.rng.clone(),
    turn: s.turn,
    phase: s.phase,
    pieces: s.pieces.slice(),
    owner: s.owner.slice(),
    hq: s.hq.slice(),
    status: s.status.slice(),
    price: s.price.slice(),
    sharesLeft: s.sharesLeft.slice(),
    tower: s.tower.slice(),
    row: s.row.slice(),
    deck: s.deck.slice(),
    levels: s.levels,
    discards: s.discards.slice(),
    hands: s.hands.map((h) => h.slice()),
    known: s.known.map((h) => h.slice()),
    cash: s.cash.slice(),
    shares: s.shares.slice(),
    towersPlaced: s.towersPlaced.slice(),
    piecesLeft: s.piecesLeft,
    played: s.played,
    passes: s.passes,
    passed: s.passed.slice(),
    passClues: s.passClues.slice(),
    outcome: s.outcome,
  };
}

/** Inserts a card id into an ascending list. */
export function insertSorted(list: number[], id: number): void {
  let i = list.length;
  while (i > 0 && list[i - 1] > id) i--;
  list.splice(i, 0, id);
}

/** Removes one copy of a card id; false if absent. */
export function removeOne(list: number[], id: number): boolean {
  const i = list.indexOf(id);
  if (i < 0) return false;
  list.splice(i, 1);
  return true;
}
