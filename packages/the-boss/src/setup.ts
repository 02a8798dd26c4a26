// Starts a game of The Boss: cities and the row, dealer, police deck and cubes, then the first round dealt.
import {
  err,
  gameError,
  ok,
  Rng,
  type Applied,
  type GameError,
  type Result,
} from '@boss-table/core';
import { CHICAGO, COMBINATIONS, POLICE_CARDS, SLOTS } from './cities.js';
import type { BossEvent } from './events.js';
import { checkCombination, handSizeFor, type BossConfig, type BossOptions } from './options.js';
import { dealIds, type BossPresets } from './presets.js';
import { startRound } from './play.js';
import { SMALL_CUBES, type BossState, type EventSink } from './state.js';

const POLICE_CODE = { silver: 0, gold: 1, double: 2 } as const;

/** Boss cards in increasing number, then Chicago inserted second (rules file, 4.1). */
export function initialRow(slots: readonly number[]): number[] {
  const row = [...slots];
  row.splice(1, 0, CHICAGO);
  return row;
}

export function setup(
  options: BossOptions,
  seed: string,
  presets?: BossPresets,
): Result<Applied<BossState, BossEvent>, GameError> {
  const rng = Rng.fromSeed(seed);
  const n = options.players;
  let slots: number[];
  if (options.cities) {
    const checked = checkCombination(options.cities, n, options.saintLouis, options.custom);
    if (!checked.ok) return checked;
    slots = checked.value;
  } else {
    slots = rng.pick(COMBINATIONS[n]).map((num) => num - 1);
  }
  const handSize = handSizeFor(slots, n);
  if (handSize === undefined)
    return err(gameError('invalid-city-combination', 'These cities cannot be dealt evenly.'));
  const config: BossConfig = {
    players: n,
    rules: options.rules,
    slots,
    handSize,
    policeTiming: options.policeTiming,
    saintLouis: options.saintLouis,
    custom: options.custom,
    maxOvertimeRounds: options.maxOvertimeRounds,
  };
  const dealer = options.dealer === 'random' ? rng.int(n) : options.dealer;
  const policeDeck = presets?.police
    ? presets.police.map((c) => POLICE_CODE[c]).reverse()
    : rng.shuffle(POLICE_CARDS.map((c) => POLICE_CODE[c]));
  const zeros = () => new Array<number>(n).fill(0);
  const state: BossState = {
    config,
    presets,
    rng,
    round: 1,
    overtime: 0,
    lastRound: false,
    dealer,
    row: initialRow(slots),
    policeDeck,
    policeFlipped: [],
    rewards: new Array<number>(SLOTS).fill(-1),
    revealed: Array.from({ length: SLOTS }, () => []),
    hands: Array.from({ length: n }, () => []),
    big: new Array<number>(n * SLOTS).fill(0),
    small: new Array<number>(n * SLOTS).fill(0),
    score: zeros(),
    lastRoundPoints: zeros(),
    bigDead: zeros(),
    hospital: zeros(),
    prisonFresh: zeros(),
    prisonOld: zeros(),
    bigPlaced: zeros(),
    smallLeft: new Array<number>(n).fill(SMALL_CUBES),
    banished: new Array<boolean>(n).fill(false),
    turnsTaken: 0,
    turn: dealer,
    lastTurnOrder: null,
    contenders: Array.from({ length: n }, (_, i) => i),
    outcome: null,
  };
  // Every preset deal is checked now, so a bad record is refused before any move.
  for (let i = 0; i < (presets?.deals?.length ?? 0); i++) {
    const checked = dealIds(presets!.deals![i], i + 1, slots, n, handSize);
    if (!checked.ok) return checked;
  }
  const events: NonNullable<EventSink> = [];
  startRound(state, events);
  return ok({ state, events });
}
