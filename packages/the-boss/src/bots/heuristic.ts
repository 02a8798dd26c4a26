// The Boss's rule-of-thumb bot: ranks placements and reveals from the exact deduction of hidden rewards.
import type { Bot, BotContext, Rng } from '@boss-table/core';
import {
  CARD_FACE,
  CARDS_BY_NAME,
  CHICAGO,
  CITY_IDS,
  CITY_SLOT,
  FACES,
  chicagoValue,
  type CardName,
  type CityId,
  type Face,
} from '../cities.js';
import { deduce, type CityDeduction } from '../deduction.js';
import { forEachPlacement } from '../placement.js';
import type { BossMove } from '../play.js';
import { sample, type BossView } from '../view.js';

/** Weights of the rule-of-thumb evaluation; exported so tuning runs can vary them. */
export interface HeuristicWeights {
  /** Value of each reward face to the boss who takes it (points as points). */
  readonly face: Readonly<Record<Face, number>>;
  /** What spending a big cube costs while turns remain, and a small cube ever. */
  readonly bigCube: number;
  readonly smallCube: number;
  /** How much an opponent losing a city's value counts, relative to gaining it. */
  readonly denial: number;
  /** What an opponent is taken to pay per cube when deciding to outbid a lead. */
  readonly outbidCube: number;
  /** How sharply opponents follow that trade-off (logistic temperature, in points). */
  readonly outbidTemperature: number;
}

export const DEFAULT_WEIGHTS: HeuristicWeights = {
  face: {
    '0': 0,
    '1': 1,
    '2': 2,
    '3': 3,
    '4': 4,
    hospital: -1.5,
    prison: -2.5,
    revolver: -3.5,
    banished: -1,
    theft: -2,
    shootout: 4.5,
  },
  bigCube: 0.45,
  smallCube: 0.9,
  denial: 1,
  outbidCube: 0.6,
  outbidTemperature: 1,
};

/** One city as the heuristic sees it: value to its boss and everyone's cubes there. */
interface CityEval {
  readonly slot: number;
  readonly value: number;
  /** The value as someone without this seat's hand would expect it. */
  readonly publicValue: number;
  readonly cubes: number[];
}

/** Expected Chicago points from the cities left of it (penalties count 0). */
function chicagoValueNow(view: BossView, ded: Map<number, CityDeduction>): number {
  let sum = 0;
  for (const city of view.row) {
    if (city.city === 'chicago') break;
    const slot = CITY_SLOT.get(city.city)!;
    const last = city.revealed[city.revealed.length - 1];
    const lastValue = last ? chicagoValue(CARD_FACE[CARDS_BY_NAME.get(last)![0]]) : 0;
    // Cards of this city still in hands will be revealed later; the last one counts.
    const stillHeld = view.hands.some((h) => h.cities.includes(city.city as never));
    if (stillHeld) {
      const d = ded.get(slot);
      // Unseen cards are the reward or in hands; their mean stands in for the next card.
      let mean = 0;
      if (d)
        for (const [face, p] of Object.entries(d.faces))
          mean += chicagoValue(FACES.indexOf(face as Face)) * (p ?? 0);
      sum += Math.max(lastValue, mean) * 0.5 + mean * 0.5;
    } else sum += lastValue;
  }
  return Math.floor(sum) / 2;
}

/**
 * Rule-of-thumb play from the exact deduction: the expected value of each city's reward,
 * what it costs to take the lead and how likely it is to hold (opponents with turns and
 * cubes left can outbid), Chicago's expected value, cubes kept while they may matter, and
 * the card revealed for what it does to Chicago.
 */
export function heuristicBot(weights: HeuristicWeights = DEFAULT_WEIGHTS): Bot<BossView, BossMove> {
  return {
    name: 'heuristic',
    chooseMove(view: BossView, ctx: BotContext): BossMove {
      const me = view.viewer;
      if (me === null || view.turn !== me)
        throw new Error('The heuristic bot was asked out of turn.');
      const [best] = rankPlacements(view, me, ctx.rng, weights);
      const [reveal] = rankReveals(view, me, best.place, ctx.rng);
      return toMove(best.place, reveal);
    },
  };
}

/** A placement the heuristic considered (null: place nothing) and its score. */
export interface ScoredPlacement {
  readonly place: { readonly slot: number; readonly big: number; readonly small: number } | null;
  readonly score: number;
}

export function toMove(place: ScoredPlacement['place'], reveal: CardName): BossMove {
  return place
    ? {
        place: { city: CITY_IDS[place.slot] as CityId, big: place.big, small: place.small },
        reveal,
      }
    : { reveal };
}

/** The seat with the most cubes, or -1 when nobody leads alone. */
function leaderOf(cubes: readonly number[]): number {
  let best = -1;
  let most = 0;
  cubes.forEach((c, seat) => {
    if (c > most) {
      most = c;
      best = seat;
    } else if (c === most) best = -1;
  });
  return best;
}

/** Every legal placement (and placing nothing), best first, by the heuristic's evaluation. */
export function rankPlacements(
  view: BossView,
  me: number,
  rng: Rng,
  w: HeuristicWeights = DEFAULT_WEIGHTS,
): ScoredPlacement[] {
  const n = view.options.players;
  const ded = new Map<number, CityDeduction>();
  for (const d of deduce(view)) ded.set(CITY_SLOT.get(d.city)!, d);
  const pub = new Map<number, CityDeduction>();
  const hidden = { ...view, hands: view.hands.map((h) => ({ ...h, cards: null })) };
  for (const d of deduce(hidden)) pub.set(CITY_SLOT.get(d.city)!, d);
  const faceValue = (d: CityDeduction | undefined): number => {
    let v = 0;
    // `for … in`: the faces in the same order as `Object.entries`, without its arrays.
    if (d) for (const face in d.faces) v += w.face[face as Face] * (d.faces[face as Face] ?? 0);
    return v;
  };

  const cities: CityEval[] = view.row.map((c) => {
    const slot = CITY_SLOT.get(c.city)!;
    let value: number;
    let publicValue: number;
    if (slot === CHICAGO) value = publicValue = chicagoValueNow(view, ded);
    else {
      value = faceValue(ded.get(slot));
      publicValue = faceValue(pub.get(slot));
    }
    return { slot, value, publicValue, cubes: c.cubes.map((q) => q.big + q.small) };
  });

  // What each opponent could still add to one city this round.
  const myCardsAfter = view.hands[me].cities.length - 1;
  const reach = view.players.map((p, seat) => {
    if (seat === me || view.hands[seat].cities.length === 0) return 0;
    return p.bigAvailable - p.bigPlaced + p.smallLeft;
  });

  // How likely a lead of `mine` cubes holds: each opponent with turns left outbids when the
  // city looks worth more to them (public expectation) than the cubes it would take.
  const keepProb = (mine: number, city: CityEval): number => {
    let keep = 1;
    for (let o = 0; o < n; o++) {
      if (o === me) continue;
      const need = mine - city.cubes[o] + 1;
      if (need > reach[o]) continue;
      const margin = city.publicValue - need * w.outbidCube;
      keep *= 1 - 1 / (1 + Math.exp(-margin / w.outbidTemperature));
    }
    return keep;
  };

  // Cubes matter less on one's last turn (big ones come back next round).
  const bigCost = myCardsAfter === 0 ? 0.02 : w.bigCube;
  const smallCost = w.smallCube * (view.lastRound && myCardsAfter === 0 ? 0.1 : 1);

  const state = sample(view, rng);
  const ranked: ScoredPlacement[] = [{ place: null, score: rng.float() * 1e-6 }];
  forEachPlacement(state, me, (slot, big, small) => {
    const city = cities.find((c) => c.slot === slot)!;
    const mine = city.cubes[me] + big + small;
    const before = city.cubes[me];
    const prevLeader = leaderOf(city.cubes);
    const gain =
      city.value * (keepProb(mine, city) - (prevLeader === me ? keepProb(before, city) : 0));
    const denial =
      prevLeader >= 0 && prevLeader !== me
        ? (city.value * w.denial * keepProb(city.cubes[prevLeader], city)) / (n - 1)
        : 0;
    const score = gain + denial - big * bigCost - small * smallCost + rng.float() * 1e-6;
    ranked.push({ place: { slot, big, small }, score });
  });
  return ranked.sort((a, b) => b.score - a.score);
}

/** The distinct cards of this seat's hand, best to reveal first, given the placement made. */
export function rankReveals(
  view: BossView,
  me: number,
  placed: ScoredPlacement['place'],
  rng: Rng,
): CardName[] {
  const n = view.options.players;
  // What a card does to Chicago, whose boss scores from the last cards left of it.
  const chicagoIndex = view.row.findIndex((c) => c.city === 'chicago');
  const chicagoCubes = view.row[chicagoIndex].cubes.map((q) => q.big + q.small);
  if (placed && placed.slot === CHICAGO) chicagoCubes[me] += placed.big + placed.small;
  const chicagoLeader = leaderOf(chicagoCubes);
  const scored: { card: CardName; score: number }[] = [];
  for (const card of new Set(view.hands[me].cards ?? [])) {
    const city = card.slice(0, card.indexOf(':')) as CityId;
    const index = view.row.findIndex((c) => c.city === city);
    const face = CARD_FACE[CARDS_BY_NAME.get(card)![0]];
    let score = 0;
    if (index < chicagoIndex && chicagoLeader >= 0) {
      const sign = chicagoLeader === me ? 1 : -1 / (n - 1);
      score += sign * chicagoValue(face) * 0.5;
    }
    scored.push({ card, score: score + rng.float() * 1e-6 });
  }
  return scored.sort((a, b) => b.score - a.score).map((c) => c.card);
}
