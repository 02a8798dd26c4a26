// What each seat of The Boss may know, and the sampler that deals unseen city cards back for a searching bot.
import { Rng, type Outcome, type Viewer } from '@boss-table/core';
import {
  CARD_CITY,
  CARD_NAME,
  CARDS_BY_NAME,
  CITY_CARDS,
  CITY_IDS,
  CITY_SLOT,
  LOCAL_CITY_IDS,
  POLICE_CARDS,
  SLOTS,
  type CardName,
  type CityId,
  type LocalCityId,
  type PoliceCard,
} from './cities.js';
import type { PoliceTiming, RuleSet } from './options.js';
import { bigFit, type BossState } from './state.js';

export interface BossPlayerView {
  readonly score: number;
  /** The change of this seat's score over the last completed round. */
  readonly lastRoundPoints: number;
  /** Big cubes neither dead, in hospital nor in prison (placed ones included). */
  readonly bigAvailable: number;
  /** Big cubes placed this round. */
  readonly bigPlaced: number;
  readonly bigHospital: number;
  readonly bigPrison: number;
  /** Of `bigPrison`, the cubes serving the first of their two rounds. */
  readonly bigPrisonFirstRound: number;
  readonly bigDead: number;
  readonly smallLeft: number;
  readonly banished: boolean;
}

export interface BossCityView {
  readonly city: CityId;
  /** Cards revealed here this round, in order; the last is what Chicago scores from. */
  readonly revealed: readonly CardName[];
  /** Cubes of each seat here. */
  readonly cubes: readonly { readonly big: number; readonly small: number }[];
}

/** What one seat (or a spectator) may know (rules file, section 7). Plain JSON. */
export interface BossView {
  readonly game: 'the-boss';
  readonly viewer: Viewer;
  readonly options: {
    readonly players: number;
    readonly rules: RuleSet;
    readonly cities: readonly LocalCityId[];
    readonly handSize: number;
    readonly policeTiming: PoliceTiming;
    readonly saintLouis: boolean;
    readonly custom: boolean;
    readonly maxOvertimeRounds: number;
  };
  readonly round: number;
  readonly overtime: number;
  readonly lastRound: boolean;
  readonly dealer: number;
  /** Bosses left to right, Chicago included, each with its cards and cubes. */
  readonly row: readonly BossCityView[];
  readonly police: { readonly flipped: readonly PoliceCard[]; readonly remaining: number };
  /** Seat to act, or null once the game is over. */
  readonly turn: number | null;
  readonly turnsTaken: number;
  readonly lastTurnOrder: readonly number[] | null;
  readonly contenders: readonly number[];
  /** Every hand's cities (public); the card values only in the viewer's own hand. */
  readonly hands: readonly {
    readonly cities: readonly LocalCityId[];
    readonly cards: readonly CardName[] | null;
  }[];
  readonly players: readonly BossPlayerView[];
  readonly outcome: Outcome | null;
}

const POLICE_NAMES: readonly PoliceCard[] = ['silver', 'gold', 'double'];

export function view(s: BossState, viewer: Viewer): BossView {
  const n = s.config.players;
  return {
    game: 'the-boss',
    viewer,
    options: {
      players: n,
      rules: s.config.rules,
      cities: s.config.slots.map((slot) => LOCAL_CITY_IDS[slot]),
      handSize: s.config.handSize,
      policeTiming: s.config.policeTiming,
      saintLouis: s.config.saintLouis,
      custom: s.config.custom,
      maxOvertimeRounds: s.config.maxOvertimeRounds,
    },
    round: s.round,
    overtime: s.overtime,
    lastRound: s.lastRound,
    dealer: s.dealer,
    row: s.row.map((slot) => ({
      city: CITY_IDS[slot],
      revealed: s.revealed[slot].map((id) => CARD_NAME[id]),
      cubes: Array.from({ length: n }, (_, p) => ({
        big: s.big[p * SLOTS + slot],
        small: s.small[p * SLOTS + slot],
      })),
    })),
    police: {
      flipped: s.policeFlipped.map((c) => POLICE_NAMES[c]),
      remaining: s.policeDeck.length,
    },
    turn: s.outcome ? null : s.turn,
    turnsTaken: s.turnsTaken,
    lastTurnOrder: s.lastTurnOrder?.slice() ?? null,
    contenders: s.contenders.slice(),
    hands: s.hands.map((hand, p) => ({
      cities: hand.map((id) => LOCAL_CITY_IDS[CARD_CITY[id]]),
      cards: p === viewer ? hand.map((id) => CARD_NAME[id]) : null,
    })),
    players: Array.from({ length: n }, (_, p) => ({
      score: s.score[p],
      lastRoundPoints: s.lastRoundPoints[p],
      bigAvailable: bigFit(s, p),
      bigPlaced: s.bigPlaced[p],
      bigHospital: s.hospital[p],
      bigPrison: s.prisonFresh[p] + s.prisonOld[p],
      bigPrisonFirstRound: s.prisonFresh[p],
      bigDead: s.bigDead[p],
      smallLeft: s.smallLeft[p],
      banished: s.banished[p],
    })),
    outcome: s.outcome,
  };
}

/**
 * For each city slot in play, the card ids this view does not place: the pool its hidden
 * reward and the unseen hand cards of that city come from. Also the ids of what is seen.
 */
export function placeSeenCards(v: BossView): {
  unseen: Map<number, number[]>;
  hands: number[][];
  revealed: number[][];
} {
  // Card names get ids in turn, Boston's two 3s one id each; what got an id is seen.
  const seen = new Uint8Array(CARD_NAME.length);
  const idFor = (name: CardName): number => {
    const id = CARDS_BY_NAME.get(name)!.find((i) => !seen[i])!;
    seen[id] = 1;
    return id;
  };
  const hands = v.hands.map((h) => (h.cards ? h.cards.map(idFor) : []));
  const revealed: number[][] = Array.from({ length: SLOTS }, () => []);
  for (const c of v.row) revealed[CITY_SLOT.get(c.city)!] = c.revealed.map(idFor);
  const unseen = new Map<number, number[]>();
  for (const city of v.options.cities) {
    const slot = CITY_SLOT.get(city)!;
    unseen.set(
      slot,
      CITY_CARDS[slot].filter((id) => !seen[id]),
    );
  }
  return { unseen, hands, revealed };
}

/**
 * What `placeSeenCards` found in a view, for as long as the view lives: a search samples the
 * same view thousands of times (a view is never changed once made).
 */
const seenIn = new WeakMap<BossView, ReturnType<typeof placeSeenCards>>();

/**
 * A full state consistent with a view. Cards of one city can only lie under that city or in
 * a hand slot known to hold that city, so each city's unseen cards are shuffled uniformly
 * over its hidden places: the exact distribution given the view.
 */
export function sample(v: BossView, rng: Rng): BossState {
  const n = v.options.players;
  const slots = v.options.cities.map((c) => CITY_SLOT.get(c)!);
  let seen = seenIn.get(v);
  if (!seen) seenIn.set(v, (seen = placeSeenCards(v)));
  const unseen = seen.unseen;
  const hands = seen.hands.map((h) => h.slice());
  const revealed = seen.revealed.map((r) => r.slice());
  const rewards = new Array<number>(SLOTS).fill(-1);
  // Once the game is over every card is back in the box: nothing is hidden.
  if (!v.outcome)
    for (const slot of slots) {
      const pool = rng.shuffle(unseen.get(slot)!.slice());
      rewards[slot] = pool.pop()!;
      v.hands.forEach((h, p) => {
        if (h.cards) return;
        for (const city of h.cities) if (CITY_SLOT.get(city) === slot) hands[p].push(pool.pop()!);
      });
    }
  for (const h of hands) h.sort((a, b) => a - b);
  const policeLeft = POLICE_CARDS.map((c) => POLICE_NAMES.indexOf(c));
  for (const c of v.police.flipped)
    policeLeft.splice(policeLeft.indexOf(POLICE_NAMES.indexOf(c)), 1);
  const big: number[] = new Array<number>(n * SLOTS).fill(0);
  const small: number[] = new Array<number>(n * SLOTS).fill(0);
  for (const c of v.row) {
    const slot = CITY_SLOT.get(c.city)!;
    c.cubes.forEach((q, p) => {
      big[p * SLOTS + slot] = q.big;
      small[p * SLOTS + slot] = q.small;
    });
  }
  const pl = v.players;
  return {
    config: {
      players: n,
      rules: v.options.rules,
      slots,
      handSize: v.options.handSize,
      policeTiming: v.options.policeTiming,
      saintLouis: v.options.saintLouis,
      custom: v.options.custom,
      maxOvertimeRounds: v.options.maxOvertimeRounds,
    },
    presets: undefined,
    rng: Rng.fromSeed(rng.deriveSeed()),
    round: v.round,
    overtime: v.overtime,
    lastRound: v.lastRound,
    dealer: v.dealer,
    row: v.row.map((c) => CITY_SLOT.get(c.city)!),
    policeDeck: rng.shuffle(policeLeft),
    policeFlipped: v.police.flipped.map((c) => POLICE_NAMES.indexOf(c)),
    rewards,
    revealed,
    hands,
    big,
    small,
    score: pl.map((p) => p.score),
    lastRoundPoints: pl.map((p) => p.lastRoundPoints),
    bigDead: pl.map((p) => p.bigDead),
    hospital: pl.map((p) => p.bigHospital),
    prisonFresh: pl.map((p) => p.bigPrisonFirstRound),
    prisonOld: pl.map((p) => p.bigPrison - p.bigPrisonFirstRound),
    bigPlaced: pl.map((p) => p.bigPlaced),
    smallLeft: pl.map((p) => p.smallLeft),
    banished: pl.map((p) => p.banished),
    turnsTaken: v.turnsTaken,
    turn: v.turn ?? -1,
    lastTurnOrder: v.lastTurnOrder?.slice() ?? null,
    contenders: v.contenders.slice(),
    outcome: v.outcome,
  };
}
