/**
 * Fast moves for playouts. `legalMoves` lists every move (a founding alone is starts × tops ×
 * companies), which is too slow to call at every step of thousands of playouts. These
 * functions draw one legal move directly: first what to do (buy, play a card, invest, sell,
 * pass), then its parameters, using the engine's own checks (`canPlayCard`, `expandTarget`,
 * `foundingStarts`, `towerOffer`) so that they cannot drift from the rules.
 *
 * `fastRandomMove` is a plain random policy (not uniform over `legalMoves`, but every legal
 * kind of move has a chance); `policyMove` is the light, greedy-ish policy the search plays
 * out with.
 */
import type { Rng } from '@boss-table/core';
import {
  cardCode,
  COMPANY_IDS,
  isIndustry,
  levelOf,
  MAX_LEVEL,
  MAX_PRICE,
  SPACES,
  spaceAt,
  type CompanyId,
  type IndustryCard,
} from '../companies.js';
import {
  BUY_INDUSTRY,
  BUY_LEVEL,
  canPlayCard,
  expandTarget,
  foundingStarts,
  shareCost,
  towerOffer,
} from '../play.js';
import { ACTIVE, COMPANY_COUNT, NEVER, shareIndex, type BigBossState } from '../state.js';
import type { BigBossMove } from '../types.js';

/** A random legal buy, or undefined when the seat can buy nothing. */
function randomBuy(s: BigBossState, seat: number, rng: Rng): BigBossMove | undefined {
  const cash = s.cash[seat];
  const modern = s.config.rules === 'modern';
  const row = modern && cash >= BUY_INDUSTRY ? s.row.length : 0;
  const deck = cash >= BUY_INDUSTRY && s.deck.length > 0 ? 1 : 0;
  const levels = modern && cash >= BUY_LEVEL && s.levels > 0 ? 1 : 0;
  const n = row + deck + levels;
  if (n === 0) return undefined;
  const k = rng.int(n);
  if (k < row) return { type: 'buy', from: 'row', card: cardCode(s.row[k]) as IndustryCard };
  if (k < row + deck) return { type: 'buy', from: 'deck' };
  return { type: 'buy', from: 'levels' };
}

/** A random space a Level card may go on (reservoir sampling), or 0. */
function levelSpace(s: BigBossState, card: number, rng: Rng): number {
  const k = levelOf(card);
  let chosen = 0;
  let seen = 0;
  for (let i = 0; i < SPACES; i++) {
    const p = s.pieces[i];
    if (k === 0 ? p >= 1 && p < MAX_LEVEL : p === k - 1 && p >= 1) {
      seen++;
      if (rng.int(seen) === 0) chosen = i + 1;
    }
  }
  return chosen;
}

/** A random company never in play (there is one whenever a founding is possible). */
function randomNever(s: BigBossState, rng: Rng): CompanyId {
  let chosen = -1;
  let seen = 0;
  for (let c = 0; c < COMPANY_COUNT; c++)
    if (s.status[c] === NEVER) {
      seen++;
      if (rng.int(seen) === 0) chosen = c;
    }
  return COMPANY_IDS[chosen];
}

/** A random way to play one card the seat holds; undefined when it cannot be played. */
export function randomPlayOf(s: BigBossState, card: number, rng: Rng): BigBossMove | undefined {
  if (!canPlayCard(s, card)) return undefined;
  const code = cardCode(card);
  if (!isIndustry(card)) {
    const space = levelSpace(s, card, rng);
    return space ? { type: 'expand', card: code, space } : undefined;
  }
  if (
    s.pieces[card - 1] === 0 &&
    s.owner[spaceAt(card, -1) - 1] < 0 &&
    s.owner[spaceAt(card, 1) - 1] < 0
  ) {
    const starts = foundingStarts(s, card);
    if (starts.length === 0) return undefined;
    const start = starts[rng.int(starts.length)];
    const top = s.config.rules === 'modern' ? spaceAt(start, rng.int(3)) : null;
    return { type: 'found', card: code as IndustryCard, start, top, company: randomNever(s, rng) };
  }
  const target = expandTarget(s, card, card);
  if ('message' in target) return undefined;
  if (target.kind === 'join') return { type: 'expand', card: code, space: card };
  const [a, b] = target.companies;
  const boost = rng.int(2) === 0 ? a : b;
  const other = boost === a ? b : a;
  const tied = Math.min(MAX_PRICE, s.price[boost] + 1) === s.price[other];
  return tied
    ? {
        type: 'expand',
        card: code,
        space: card,
        boost: COMPANY_IDS[boost],
        acquirer: COMPANY_IDS[rng.int(2) === 0 ? a : b],
      }
    : { type: 'expand', card: code, space: card, boost: COMPANY_IDS[boost] };
}

/** A random play of a random playable card in hand, or undefined. */
function randomPlay(s: BigBossState, seat: number, rng: Rng): BigBossMove | undefined {
  if (s.piecesLeft === 0) return undefined;
  const hand = s.hands[seat];
  const n = hand.length;
  if (n === 0) return undefined;
  const from = rng.int(n);
  for (let i = 0; i < n; i++) {
    const card = hand[(from + i) % n];
    const move = randomPlayOf(s, card, rng);
    if (move) return move;
  }
  return undefined;
}

/**
 * A random company whose share is on sale (beyond the `taken` ones) within `budget`
 * (reservoir sampling), or -1.
 */
function randomAffordable(
  s: BigBossState,
  taken: readonly number[],
  budget: number,
  rng: Rng,
): number {
  let chosen = -1;
  let seen = 0;
  for (let c = 0; c < COMPANY_COUNT; c++)
    if (s.status[c] === ACTIVE && s.sharesLeft[c] > taken[c] && shareCost(s, c) <= budget) {
      seen++;
      if (rng.int(seen) === 0) chosen = c;
    }
  return chosen;
}

/** A random invest: the tower or not, then 0–2 random affordable shares. Always legal. */
export function randomInvest(
  s: BigBossState,
  seat: number,
  rng: Rng,
  towerChance = 0.5,
): BigBossMove {
  let budget = s.cash[seat];
  const offer = towerOffer(s, seat);
  const tower = offer !== undefined && offer.cost <= budget && rng.float() < towerChance;
  if (tower) budget -= offer!.cost;
  const count = rng.int(3);
  const taken = new Array<number>(COMPANY_COUNT).fill(0);
  const picks: number[] = [];
  for (let i = 0; i < count; i++) {
    const chosen = randomAffordable(s, taken, budget, rng);
    if (chosen < 0) break;
    taken[chosen]++;
    budget -= shareCost(s, chosen);
    picks.push(chosen);
  }
  picks.sort((a, b) => a - b);
  return { type: 'invest', shares: picks.map((c) => COMPANY_IDS[c]), tower };
}

/** Stuck (nothing to buy or play): modern may sell a random holding first; then pass. */
function randomStuck(s: BigBossState, seat: number, rng: Rng, sellChance: number): BigBossMove {
  if (s.config.rules === 'modern' && rng.float() < sellChance) {
    let chosen = -1;
    let seen = 0;
    for (let c = 0; c < COMPANY_COUNT; c++)
      if (s.status[c] === ACTIVE && s.shares[shareIndex(seat, c)] > 0) {
        seen++;
        if (rng.int(seen) === 0) chosen = c;
      }
    if (chosen >= 0) {
      const held = s.shares[shareIndex(seat, chosen)];
      return { type: 'sell', company: COMPANY_IDS[chosen], count: 1 + rng.int(held) };
    }
  }
  return { type: 'pass' };
}

/**
 * A legal move drawn without listing every move: in phase `play`, a buy or a play (each
 * first half the time, the other when the first is impossible), else sell or pass; in
 * `invest`, a random invest. Undefined when the seat may not act.
 */
export function fastRandomMove(s: BigBossState, seat: number, rng: Rng): BigBossMove | undefined {
  if (s.outcome || seat !== s.turn) return undefined;
  if (s.phase === 'invest') return randomInvest(s, seat, rng);
  if (s.phase === 'play') {
    const playFirst = rng.int(2) === 0;
    const move = playFirst
      ? (randomPlay(s, seat, rng) ?? randomBuy(s, seat, rng))
      : (randomBuy(s, seat, rng) ?? randomPlay(s, seat, rng));
    if (move) return move;
  }
  return randomStuck(s, seat, rng, 0.5);
}

/** What playing a move would raise its company's price to (and so earn), roughly. */
export function playGain(s: BigBossState, move: BigBossMove): number {
  if (move.type === 'found') return s.config.rules === 'modern' ? 5 : 3;
  if (move.type !== 'expand') return 0;
  const level = s.pieces[move.space - 1] + 1;
  if (move.boost === undefined) {
    const c = s.owner[move.space - 1] >= 0 ? s.owner[move.space - 1] : joinedCompany(s, move.space);
    return Math.min(MAX_PRICE, s.price[c] + level);
  }
  const [before, after] = [
    s.owner[spaceAt(move.space, -1) - 1],
    s.owner[spaceAt(move.space, 1) - 1],
  ];
  return Math.min(MAX_PRICE, s.price[before] + s.price[after] + 1);
}

function joinedCompany(s: BigBossState, space: number): number {
  const before = s.owner[spaceAt(space, -1) - 1];
  return before >= 0 ? before : s.owner[spaceAt(space, 1) - 1];
}

export interface PolicyWeights {
  /** Chance of a plain random move at each step. */
  readonly epsilon: number;
  /** Chance, when a card can be played, of buying a card instead (when cards run low). */
  readonly buyWhenPlayable: number;
}

export const DEFAULT_POLICY: PolicyWeights = { epsilon: 0.15, buyWhenPlayable: 0.1 };

/**
 * The playout policy: play the card that earns most now (with some noise) rather than buy,
 * buy a card when the hand is empty or unplayable, invest in the company just played or
 * another at random, never sell (pass when stuck).
 */
export function policyMove(
  s: BigBossState,
  seat: number,
  rng: Rng,
  w: PolicyWeights = DEFAULT_POLICY,
): BigBossMove | undefined {
  if (s.outcome || seat !== s.turn) return undefined;
  if (rng.float() < w.epsilon) return fastRandomMove(s, seat, rng);
  if (s.phase === 'invest') return greedyInvest(s, seat, rng);
  if (s.phase === 'play') {
    const hand = s.hands[seat];
    const buyFirst = hand.length > 0 && rng.float() < w.buyWhenPlayable;
    if (buyFirst) {
      const b = randomBuy(s, seat, rng);
      if (b) return b;
    }
    let best: BigBossMove | undefined;
    let bestGain = -1;
    if (s.piecesLeft > 0)
      for (let i = 0; i < hand.length; i++) {
        if (i > 0 && hand[i] === hand[i - 1]) continue;
        const m = randomPlayOf(s, hand[i], rng);
        if (!m) continue;
        const gain = playGain(s, m) + rng.float() * 4;
        if (gain > bestGain) {
          bestGain = gain;
          best = m;
        }
      }
    if (best) return best;
    const b = randomBuy(s, seat, rng);
    if (b) return b;
  }
  return { type: 'pass' };
}

/**
 * Buys shares: usually two of the company just played when affordable (it is the one
 * growing), else of a random affordable company; a tower when cheap enough.
 */
function greedyInvest(s: BigBossState, seat: number, rng: Rng): BigBossMove {
  let budget = s.cash[seat] - 5; // keep something to buy a card with
  const offer = towerOffer(s, seat);
  const tower =
    offer !== undefined && offer.cost <= budget && s.price[offer.company] >= 8 && rng.int(2) === 0;
  if (tower) budget -= offer!.cost;
  const picks: number[] = [];
  const taken = new Array<number>(COMPANY_COUNT).fill(0);
  for (let i = 0; i < 2; i++) {
    const p = s.played;
    const chosen =
      p >= 0 &&
      rng.int(3) !== 0 &&
      s.status[p] === ACTIVE &&
      s.sharesLeft[p] > taken[p] &&
      shareCost(s, p) <= budget
        ? p
        : randomAffordable(s, taken, budget, rng);
    if (chosen < 0) break;
    taken[chosen]++;
    budget -= shareCost(s, chosen);
    picks.push(chosen);
  }
  picks.sort((a, b) => a - b);
  return { type: 'invest', shares: picks.map((c) => COMPANY_IDS[c]), tower };
}
