// Where a seat of The Boss may put cubes this turn: the placement rules, and fast enumeration for playouts.
import { gameError, type GameError } from '@boss-table/core';
import { CHICAGO, CINCINNATI, CITY_IDS, CITY_NAMES, CITY_SLOT, SLOTS } from './cities.js';
import { bigToPlace, cubesOn, type BossState } from './state.js';

/** Cubes added to one city in a turn (rules file, 5.2 step 1). */
export interface Placement {
  readonly city: (typeof CITY_IDS)[number];
  readonly big: number;
  readonly small: number;
}

export type PlacementErrorKind =
  | 'unknown-city'
  | 'city-not-in-play'
  | 'invalid-cube-count'
  | 'no-cubes'
  | 'not-enough-big-cubes'
  | 'not-enough-small-cubes'
  | 'small-needs-big'
  | 'chicago-too-early'
  | 'banished'
  | 'no-strict-lead';

/** The most cubes any other seat has on a city. */
function mostOthers(s: BossState, seat: number, slot: number): number {
  let most = 0;
  for (let p = 0; p < s.config.players; p++)
    if (p !== seat) most = Math.max(most, cubesOn(s, p, slot));
  return most;
}

/** Whether a seat has cubes on some local city (placed on an earlier turn of this round). */
function hasCubesOnLocalCity(s: BossState, seat: number): boolean {
  for (let slot = 0; slot < CHICAGO; slot++) if (cubesOn(s, seat, slot) > 0) return true;
  return false;
}

export const inPlay = (s: BossState, slot: number): boolean =>
  slot === CHICAGO || s.config.slots.includes(slot);

/** Whether a seat may not place on a city at all this turn (`cityClosed` without its words). */
const closedTo = (s: BossState, seat: number, slot: number): boolean =>
  (slot === CHICAGO && !hasCubesOnLocalCity(s, seat)) || (slot === CINCINNATI && s.banished[seat]);

/** Why a seat may not place on a city at all this turn, whatever the numbers; undefined if it may. */
export function cityClosed(
  s: BossState,
  seat: number,
  slot: number,
): GameError<PlacementErrorKind> | undefined {
  if (slot === CHICAGO && !hasCubesOnLocalCity(s, seat))
    return gameError(
      'chicago-too-early',
      'Cubes go to Chicago only once you have cubes on another city, placed on an earlier turn this round.',
    );
  if (slot === CINCINNATI && s.banished[seat])
    return gameError(
      'banished',
      'You are banished from Cincinnati and may never place cubes there again.',
    );
  return undefined;
}

/** The rule a placement breaks, or undefined when it is legal. */
export function checkPlacement(
  s: BossState,
  seat: number,
  place: Placement,
): GameError<PlacementErrorKind> | undefined {
  const slot = CITY_SLOT.get(place.city);
  if (slot === undefined) return gameError('unknown-city', `There is no city "${place.city}".`);
  const name = CITY_NAMES[CITY_IDS[slot]];
  if (!inPlay(s, slot))
    return gameError('city-not-in-play', `${name} is not in play in this game.`);
  const { big, small } = place;
  // `apply` is public: a move that skipped `parseMove` must not place negative or partial cubes.
  if (!Number.isInteger(big) || !Number.isInteger(small) || big < 0 || small < 0)
    return gameError(
      'invalid-cube-count',
      'Cubes are placed in whole numbers: give "big" and "small" as 0 or more.',
    );
  if (big + small < 1) return gameError('no-cubes', 'A placement needs at least one cube.');
  const canBig = bigToPlace(s, seat);
  if (big > canBig)
    return gameError(
      'not-enough-big-cubes',
      `You have ${canBig} big cube${canBig === 1 ? '' : 's'} left to place this round, not ${big}.`,
    );
  if (small > s.smallLeft[seat])
    return gameError(
      'not-enough-small-cubes',
      `You have ${s.smallLeft[seat]} small cube${s.smallLeft[seat] === 1 ? '' : 's'} left, not ${small}.`,
    );
  if (small > 0 && big === 0 && s.big[seat * SLOTS + slot] === 0)
    return gameError(
      'small-needs-big',
      `Small cubes need one of your big cubes on ${name}, placed before or with them.`,
    );
  const closed = cityClosed(s, seat, slot);
  if (closed) return closed;
  const mine = cubesOn(s, seat, slot) + big + small;
  const others = mostOthers(s, seat, slot);
  if (mine <= others)
    return gameError(
      'no-strict-lead',
      `You would have ${mine} cube${mine === 1 ? '' : 's'} on ${name}; you need more than ${others} to take the lead.`,
    );
  return undefined;
}

/** Cubes a seat needs to add on a city to lead it strictly (at least 1). */
const needToLead = (s: BossState, seat: number, slot: number): number =>
  Math.max(1, mostOthers(s, seat, slot) - cubesOn(s, seat, slot) + 1);

/**
 * Legal (big, small) pairs on one open city: big from 0 (only with a big cube already there,
 * since small cubes need one) to maxBig, small from max(0, need − big) to maxSmall. Counted in
 * closed form (the hot path of random playouts): with big ≥ need every small count from 0
 * goes; below it, the pairs grow by one with each big cube.
 */
function countOnCity(need: number, hasBig: boolean, maxBig: number, maxSmall: number): number {
  const b0 = hasBig ? 0 : 1;
  // big ≥ need: small from 0 to maxSmall.
  const fromFull = b0 > need ? b0 : need;
  let count = maxBig >= fromFull ? (maxBig - fromFull + 1) * (maxSmall + 1) : 0;
  // big < need: small from need − big, so maxSmall − need + big + 1 pairs when that is positive.
  const lo = Math.max(b0, need - maxSmall);
  const hi = Math.min(maxBig, need - 1);
  if (hi >= lo) count += (hi - lo + 1) * (maxSmall - need + 1) + ((lo + hi) * (hi - lo + 1)) / 2;
  return count;
}

/**
 * Calls `visit(slot, big, small)` for every legal placement, in row order then by big and
 * small cubes ascending, and returns how many there are.
 */
export function forEachPlacement(
  s: BossState,
  seat: number,
  visit: (slot: number, big: number, small: number) => void,
): number {
  const maxBig = bigToPlace(s, seat);
  const maxSmall = s.smallLeft[seat];
  let count = 0;
  for (const slot of s.row) {
    if (closedTo(s, seat, slot)) continue;
    const need = needToLead(s, seat, slot);
    for (let b = s.big[seat * SLOTS + slot] > 0 ? 0 : 1; b <= maxBig; b++)
      for (let sm = Math.max(0, need - b); sm <= maxSmall; sm++) {
        visit(slot, b, sm);
        count++;
      }
  }
  return count;
}

/**
 * Fills `counts[slot]` with the number of legal placements on each city of the row and
 * returns their total. The hot path of random playouts: nothing is enumerated.
 */
export function countPlacements(s: BossState, seat: number, counts: number[]): number {
  const maxBig = bigToPlace(s, seat);
  const maxSmall = s.smallLeft[seat];
  const players = s.config.players;
  const { big, small, row } = s;
  const base = seat * SLOTS;
  let total = 0;
  for (let i = 0; i < row.length; i++) {
    const slot = row[i];
    const hasBig = big[base + slot] > 0;
    let n = 0;
    if ((maxBig > 0 || hasBig) && !closedTo(s, seat, slot)) {
      // needToLead, inline: one pass over the other seats.
      let most = 0;
      for (let p = 0, at = slot; p < players; p++, at += SLOTS)
        if (p !== seat) {
          const c = big[at] + small[at];
          if (c > most) most = c;
        }
      const need = Math.max(1, most - big[base + slot] - small[base + slot] + 1);
      n = countOnCity(need, hasBig, maxBig, maxSmall);
    }
    counts[slot] = n;
    total += n;
  }
  return total;
}

/** The `index`-th placement in the order of `forEachPlacement`, given `countPlacements`. */
export function placementAt(
  s: BossState,
  seat: number,
  counts: readonly number[],
  index: number,
): [number, number, number] {
  const maxBig = bigToPlace(s, seat);
  const maxSmall = s.smallLeft[seat];
  let left = index;
  for (const slot of s.row) {
    if (left >= counts[slot]) {
      left -= counts[slot];
      continue;
    }
    const need = needToLead(s, seat, slot);
    for (let b = s.big[seat * SLOTS + slot] > 0 ? 0 : 1; b <= maxBig; b++) {
      const from = Math.max(0, need - b);
      if (from > maxSmall) continue;
      const n = maxSmall - from + 1;
      if (left < n) return [slot, b, from + left];
      left -= n;
    }
  }
  throw new RangeError(`placement ${index} out of range`);
}
