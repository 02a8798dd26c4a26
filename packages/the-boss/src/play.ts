// The Boss rules engine: dealing rounds, turns and police cards, rewards and Chicago, penalties and the end.
import { gameError, type GameError, type Outcome, type Rng } from '@boss-table/core';
import {
  BANISHED,
  CARD_CITY,
  CARD_FACE,
  CARD_NAME,
  CARD_KEY,
  CARD_KEY_BY_NAME,
  CHICAGO,
  CITY_CARDS,
  CITY_IDS,
  CITY_SLOT,
  FACES,
  HOSPITAL,
  LOCAL_CITY_IDS,
  PRISON,
  REVOLVER,
  SHOOTOUT,
  SLOTS,
  THEFT,
  chicagoValue,
  type CardName,
  type CityId,
  type PoliceCard,
} from './cities.js';
import { dealIds } from './presets.js';
import {
  checkPlacement,
  countPlacements,
  forEachPlacement,
  placementAt,
  type Placement,
} from './placement.js';
import { bigFit, bigToPlace, cubesOn, leader, type BossState, type EventSink } from './state.js';

/** One whole turn: an optional placement and the mandatory reveal (rules file, 5.2). */
export interface BossMove {
  readonly place?: Placement;
  readonly reveal: CardName;
}

export type MoveErrorKind = 'game-over' | 'not-your-turn' | 'card-not-in-hand';

const POLICE_NAMES: readonly PoliceCard[] = ['silver', 'gold', 'double'];

/** Deals the round's rewards and hands (rules file, 5.1) and starts its first turn. */
export function startRound(s: BossState, ev: EventSink): void {
  const { players, slots, handSize } = s.config;
  const preset = s.presets?.deals?.[s.round - 1];
  if (preset) {
    const dealt = dealIds(preset, s.round, slots, players, handSize);
    if (!dealt.ok) throw new Error(dealt.error.message); // every preset is checked at setup
    s.rewards = dealt.value.rewards;
    s.hands = dealt.value.hands;
  } else {
    const pool: number[] = [];
    for (const slot of slots) {
      const cards = CITY_CARDS[slot];
      const reward = s.rng.int(cards.length);
      s.rewards[slot] = cards[reward];
      for (let i = 0; i < cards.length; i++) if (i !== reward) pool.push(cards[i]);
    }
    s.rng.shuffle(pool);
    for (let p = 0; p < players; p++) s.hands[p] = sortedHand(pool, p * handSize, handSize);
  }
  if (ev) {
    ev.push({
      audience: 'all',
      event: {
        type: 'round-started',
        round: s.round,
        overtime: s.overtime,
        dealer: s.dealer,
        row: s.row.map((slot) => CITY_IDS[slot]),
        handCities: s.hands.map((h) => h.map((id) => LOCAL_CITY_IDS[CARD_CITY[id]])),
      },
    });
    for (let p = 0; p < players; p++)
      ev.push({
        audience: p,
        event: { type: 'hand-dealt', seat: p, cards: s.hands[p].map((id) => CARD_NAME[id]) },
      });
  }
  beginTurn(s, ev);
}

/** `pool[from..from+size)` in ascending order (an insertion sort: hands are a few cards). */
function sortedHand(pool: readonly number[], from: number, size: number): number[] {
  const hand = pool.slice(from, from + size);
  for (let i = 1; i < hand.length; i++) {
    const c = hand[i];
    let j = i - 1;
    for (; j >= 0 && hand[j] > c; j--) hand[j + 1] = hand[j];
    hand[j + 1] = c;
  }
  return hand;
}

/** Turns the next police card (rules file, 5.3); three badges of a colour make this round the last. */
function flipPolice(s: BossState, ev: EventSink): void {
  if (s.overtime > 0 || s.policeDeck.length === 0) return;
  const card = s.policeDeck.pop()!;
  s.policeFlipped.push(card);
  let silver = 0;
  let gold = 0;
  for (const c of s.policeFlipped) {
    if (c !== 1) silver++;
    if (c !== 0) gold++;
  }
  if (silver >= 3 || gold >= 3) s.lastRound = true;
  ev?.push({
    audience: 'all',
    event: {
      type: 'police-flipped',
      card: POLICE_NAMES[card],
      silver,
      gold,
      remaining: s.policeDeck.length,
      lastRound: s.lastRound,
    },
  });
}

/**
 * Last-turn order (rules file, 5.4): most cubes still available first (big cubes not placed
 * this round plus unused small ones); ties clockwise from the dealer.
 */
export function lastTurnOrder(s: BossState): number[] {
  const n = s.config.players;
  const seats = Array.from({ length: n }, (_, i) => (s.dealer + i) % n);
  const left = (p: number) => bigToPlace(s, p) + s.smallLeft[p];
  // Array.prototype.sort is stable, so equal counts keep their clockwise order.
  return seats.sort((a, b) => left(b) - left(a));
}

/** Settles whose turn it is, turning the police card when its moment comes. */
export function beginTurn(s: BossState, ev: EventSink): void {
  const { players, handSize, policeTiming } = s.config;
  const lastPassStart = players * (handSize - 1);
  if (s.turnsTaken === lastPassStart) {
    if (policeTiming === 'last-turn') flipPolice(s, ev);
    s.lastTurnOrder = lastTurnOrder(s);
    ev?.push({ audience: 'all', event: { type: 'last-turn-order', order: s.lastTurnOrder } });
  }
  if (s.turnsTaken >= lastPassStart) {
    s.turn = s.lastTurnOrder![s.turnsTaken - lastPassStart];
  } else {
    s.turn = (s.dealer + s.turnsTaken) % players;
    if (
      policeTiming === 'dealer-two-cards' &&
      s.turn === s.dealer &&
      s.hands[s.dealer].length === 2
    )
      flipPolice(s, ev);
  }
  ev?.push({ audience: 'all', event: { type: 'turn', seat: s.turn } });
}

/** Plays a move on `s` itself. Returns the rule it breaks, leaving `s` unchanged, or undefined. */
export function applyMove(
  s: BossState,
  seat: number,
  move: BossMove,
  ev: EventSink,
): GameError | undefined {
  if (s.outcome) return gameError('game-over', 'The game is over.');
  if (seat !== s.turn)
    return gameError('not-your-turn', `It is seat ${s.turn}'s turn, not seat ${seat}'s.`);
  const hand = s.hands[seat];
  const key = CARD_KEY_BY_NAME.get(move.reveal);
  let at = -1;
  if (key !== undefined)
    for (let i = 0; i < hand.length && at < 0; i++) if (CARD_KEY[hand[i]] === key) at = i;
  if (at < 0) return gameError('card-not-in-hand', `You do not hold ${move.reveal}.`);
  if (move.place) {
    const broken = checkPlacement(s, seat, move.place);
    if (broken) return broken;
    const slot = CITY_SLOT.get(move.place.city)!;
    const { big, small } = move.place;
    placeCubes(s, seat, slot, big, small);
    ev?.push({
      audience: 'all',
      event: { type: 'cubes-placed', seat, city: move.place.city, big, small },
    });
  }
  endTurn(s, seat, at, ev);
  return undefined;
}

/** Puts a legal placement's cubes on their city (rules file, 5.2 step 1). */
function placeCubes(s: BossState, seat: number, slot: number, big: number, small: number): void {
  s.big[seat * SLOTS + slot] += big;
  s.small[seat * SLOTS + slot] += small;
  s.bigPlaced[seat] += big;
  s.smallLeft[seat] -= small;
}

/** The reveal of the card at `at` in the seat's hand, then the next turn or the round's end. */
function endTurn(s: BossState, seat: number, at: number, ev: EventSink): void {
  const hand = s.hands[seat];
  const card = hand[at];
  hand.splice(at, 1);
  s.revealed[CARD_CITY[card]].push(card);
  ev?.push({ audience: 'all', event: { type: 'card-revealed', seat, card: CARD_NAME[card] } });
  s.turnsTaken++;
  if (s.turnsTaken === s.config.players * s.config.handSize) endRound(s, ev);
  else beginTurn(s, ev);
}

/** Rewards, Chicago, penalties and the next round or the end (rules file, 5.5–6). */
function endRound(s: BossState, ev: EventSink): void {
  const n = s.config.players;
  const points = new Array<number>(n).fill(0);
  const toHospital = new Array<number>(n).fill(0);
  const toPrison = new Array<number>(n).fill(0);
  const killed = new Array<number>(n).fill(0);
  const lose = (seat: number, slot: number, to: 'hospital' | 'prison' | 'dead') => {
    (to === 'hospital' ? toHospital : to === 'prison' ? toPrison : killed)[seat]++;
    ev?.push({
      audience: 'all',
      event: { type: 'cube-lost', seat, city: LOCAL_CITY_IDS[slot], to },
    });
  };
  let chicagoSum = 0;
  const chicagoCards: CardName[] = [];
  let leftOfChicago = true;
  for (const slot of s.row) {
    if (slot === CHICAGO) {
      leftOfChicago = false;
      continue;
    }
    if (leftOfChicago) {
      const shown = s.revealed[slot];
      const last = shown[shown.length - 1];
      chicagoSum += chicagoValue(CARD_FACE[last]);
      chicagoCards.push(CARD_NAME[last]);
    }
    const face = CARD_FACE[s.rewards[slot]];
    const boss = leader(s, slot);
    ev?.push({
      audience: 'all',
      event: {
        type: 'reward-revealed',
        city: LOCAL_CITY_IDS[slot],
        face: FACES[face],
        boss: boss < 0 ? null : boss,
      },
    });
    if (boss < 0) continue;
    if (face <= 4) points[boss] += face;
    else if (face === HOSPITAL) lose(boss, slot, 'hospital');
    else if (face === PRISON) lose(boss, slot, 'prison');
    else if (face === REVOLVER) lose(boss, slot, 'dead');
    else if (face === BANISHED) {
      if (!s.banished[boss]) ev?.push({ audience: 'all', event: { type: 'banished', seat: boss } });
      s.banished[boss] = true;
    } else if (face === THEFT) points[boss] -= 2;
    else if (face === SHOOTOUT) {
      points[boss] += 4;
      for (let p = 0; p < n; p++) if (p !== boss && cubesOn(s, p, slot) > 0) lose(p, slot, 'dead');
    }
  }
  const chicagoBoss = leader(s, CHICAGO);
  const chicagoPoints = Math.floor(chicagoSum / 2);
  if (chicagoBoss >= 0) points[chicagoBoss] += chicagoPoints;
  ev?.push({
    audience: 'all',
    event: {
      type: 'chicago-scored',
      boss: chicagoBoss < 0 ? null : chicagoBoss,
      cards: chicagoCards,
      sum: chicagoSum,
      points: chicagoPoints,
    },
  });
  for (let p = 0; p < n; p++) {
    const before = s.score[p];
    s.score[p] = Math.max(0, before + points[p]);
    s.lastRoundPoints[p] = s.score[p] - before;
    // Cubes that served their time come back, then the new penalties apply (5.6).
    s.prisonOld[p] = s.prisonFresh[p];
    s.prisonFresh[p] = toPrison[p];
    s.hospital[p] = toHospital[p];
    s.bigDead[p] += killed[p];
    s.bigPlaced[p] = 0;
  }
  s.big.fill(0);
  s.small.fill(0);
  for (const r of s.revealed) r.length = 0;
  s.rewards.fill(-1);
  ev?.push({
    audience: 'all',
    event: {
      type: 'round-ended',
      round: s.round,
      points: s.lastRoundPoints.slice(),
      scores: s.score.slice(),
    },
  });
  if (s.lastRound) decide(s, ev);
  else nextRound(s, ev);
}

function nextRound(s: BossState, ev: EventSink): void {
  const at = s.row.indexOf(CHICAGO);
  if (at < s.row.length - 1) {
    s.row[at] = s.row[at + 1];
    s.row[at + 1] = CHICAGO;
  }
  s.dealer = (s.dealer + 1) % s.config.players;
  s.round++;
  s.turnsTaken = 0;
  s.lastTurnOrder = null;
  startRound(s, ev);
}

/** Cubes available after the last round: fit big cubes plus unused small ones (rules file, 6). */
export const cubesAvailable = (s: BossState, p: number): number => bigFit(s, p) + s.smallLeft[p];

const TIE_BREAKS: readonly [string, (s: BossState, p: number) => number][] = [
  ['score', (s, p) => s.score[p]],
  ['last-round-points', (s, p) => s.lastRoundPoints[p]],
  ['cubes-available', cubesAvailable],
];

function compareSeats(s: BossState, a: number, b: number): number {
  for (const [, key] of TIE_BREAKS) {
    const d = key(s, b) - key(s, a);
    if (d !== 0) return d;
  }
  return 0;
}

/** The end of the game: the winner, or an overtime round among the tied (rules file, 6). */
function decide(s: BossState, ev: EventSink): void {
  const ranked = s.contenders.slice().sort((a, b) => compareSeats(s, a, b));
  const tied = ranked.filter((p) => compareSeats(s, p, ranked[0]) === 0);
  if (tied.length > 1 && s.overtime < s.config.maxOvertimeRounds) {
    s.contenders = tied;
    s.overtime++;
    s.lastRound = true;
    ev?.push({ audience: 'all', event: { type: 'overtime', tied } });
    nextRound(s, ev);
    return;
  }
  let decidedBy = 'shared';
  if (tied.length === 1 && ranked.length > 1) {
    const [winner, second] = ranked;
    decidedBy = TIE_BREAKS.find(([, key]) => key(s, winner) !== key(s, second))![0];
  } else if (ranked.length === 1) decidedBy = 'score';
  if (s.overtime > 0) decidedBy = `overtime-${decidedBy}`;
  const others = Array.from({ length: s.config.players }, (_, i) => i)
    .filter((p) => !s.contenders.includes(p))
    .sort((a, b) => compareSeats(s, a, b));
  const outcome: Outcome = {
    winners: tied,
    scores: s.score.slice(),
    ranking: [...ranked, ...others],
    decidedBy,
  };
  s.outcome = outcome;
  s.turn = -1;
  ev?.push({ audience: 'all', event: { type: 'game-over', ...outcome } });
}

/** Distinct cards a seat may reveal, in hand order (Boston's two 3s are one choice). */
export function revealChoices(s: BossState, seat: number): CardName[] {
  const out: CardName[] = [];
  const hand = s.hands[seat];
  for (let i = 0; i < hand.length; i++)
    if (i === 0 || CARD_KEY[hand[i]] !== CARD_KEY[hand[i - 1]]) out.push(CARD_NAME[hand[i]]);
  return out;
}

/** The `k`-th distinct card of a hand (hands are sorted, so equal cards are adjacent). */
/** Where in the hand the `k`-th distinct kind of card first lies (-1 past the last). */
function nthRevealAt(hand: readonly number[], k: number): number {
  let distinct = -1;
  for (let i = 0; i < hand.length; i++)
    if (i === 0 || CARD_KEY[hand[i]] !== CARD_KEY[hand[i - 1]]) {
      distinct++;
      if (distinct === k) return i;
    }
  return -1;
}

function countRevealChoices(hand: readonly number[]): number {
  let n = 0;
  for (let i = 0; i < hand.length; i++)
    if (i === 0 || CARD_KEY[hand[i]] !== CARD_KEY[hand[i - 1]]) n++;
  return n;
}

export function legalMoves(s: BossState, seat: number): BossMove[] {
  if (s.outcome || seat !== s.turn) return [];
  const reveals = revealChoices(s, seat);
  const moves: BossMove[] = reveals.map((reveal) => ({ reveal }));
  forEachPlacement(s, seat, (slot, big, small) => {
    const place: Placement = { city: CITY_IDS[slot] as CityId, big, small };
    for (const reveal of reveals) moves.push({ place, reveal });
  });
  return moves;
}

const scratchCounts: number[] = new Array<number>(SLOTS).fill(0);

/**
 * `randomMove` played in place without building it (random playouts): the same draws, the
 * same turn; the placement is legal by construction, so it is not checked again.
 */
export function playRandomTurn(s: BossState, seat: number, rng: Rng): GameError | undefined {
  if (s.outcome) return gameError('game-over', 'The game is over.');
  if (seat !== s.turn)
    return gameError('not-your-turn', `It is seat ${s.turn}'s turn, not seat ${seat}'s.`);
  const hand = s.hands[seat];
  // The first card of the drawn kind, as `applyMove` finds the revealed name in the hand.
  const at = nthRevealAt(hand, rng.int(countRevealChoices(hand)));
  const counts = scratchCounts;
  const pick = rng.int(countPlacements(s, seat, counts) + 1);
  if (pick > 0) {
    const [slot, big, small] = placementAt(s, seat, counts, pick - 1);
    placeCubes(s, seat, slot, big, small);
  }
  endTurn(s, seat, at, null);
  return undefined;
}

/** Uniform among `legalMoves`: placements and reveals are independent, so draw each. */
export function randomMove(s: BossState, seat: number, rng: Rng): BossMove | undefined {
  if (s.outcome || seat !== s.turn) return undefined;
  const hand = s.hands[seat];
  const reveal = CARD_NAME[hand[nthRevealAt(hand, rng.int(countRevealChoices(hand)))]];
  const counts = scratchCounts;
  const k = rng.int(countPlacements(s, seat, counts) + 1);
  if (k === 0) return { reveal };
  const [slot, big, small] = placementAt(s, seat, counts, k - 1);
  return { place: { city: CITY_IDS[slot], big, small }, reveal };
}
