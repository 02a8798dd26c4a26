/**
 * The rule-of-thumb bot for Big Boss. It looks one turn ahead and no further: every way to
 * play a card (followed by the best invest step after it), every buy, or a pass, each judged
 * by what the position is worth to this seat against the others:
 *
 * - a share is worth the price its company is expected to reach by the end: the price now,
 *   plus a rise that shrinks as the game runs out (pieces, or cards in hands) and as the
 *   company runs out of room, never above 50, plus what the cards in this seat's own hand
 *   will add to it;
 * - a tower is three such shares (original: half that, bought with scarce cash), a card in hand its end value (modern +5/+10, original −5)
 *   plus part of what playing it now would earn;
 * - cash is cash, and the last few millions (enough to buy a card) a little more;
 * - the others' worth (cash, shares and towers, valued the same way) counts against it.
 *
 * It uses only the seat's view: the sampled state it works on agrees with the view, and the
 * judge reads only public fields and the seat's own hand (the unseen cards only as one pool,
 * the same in every sample).
 */
import type { Bot, BotContext } from '@boss-table/core';
import {
  COMPANY_IDS,
  isIndustry,
  levelOf,
  MAX_LEVEL,
  MAX_PRICE,
  PIECES,
  SPACES,
  spaceAt,
  cardId,
} from '../companies.js';
import {
  applyMove,
  BUY_INDUSTRY,
  canPlayCard,
  expandTarget,
  legalMoves,
  shareCost,
  towerOffer,
} from '../play.js';
import { ACTIVE, cloneState, COMPANY_COUNT, shareIndex, type BigBossState } from '../state.js';
import type { BigBossMove, BigBossView, RuleSet } from '../types.js';
import { sample } from '../view.js';

/** Weights of the rules of thumb; exported so tuning runs can vary them. */
export interface HeuristicWeights {
  /** Price rise a company with room is expected to make over a whole game. */
  readonly growth: number;
  /** Room (free levels on and beside its spaces) at which a company grows fully. */
  readonly room: number;
  /** How much of the rise the seat's own cards will give a company counts. */
  readonly ownCards: number;
  /** Part of what a card would earn if played now that it is worth kept in hand. */
  readonly handPlay: number;
  /** Weight of the others' worth (half the best other, half their mean). */
  readonly others: number;
  /** Cash below this is worth `cashBonus` more per million (to buy cards with). */
  readonly cashFloor: number;
  readonly cashBonus: number;
  /** Worth of each million a merger would pay for the acquired company's shares, per level of threat. */
  readonly mergeRisk: number;
  /**
   * Part of a founding (the price it starts a company at) that a card able to found is worth
   * in hand. The companies and the room between them run out, so a founding card kept for
   * later may never be played.
   */
  readonly foundingInHand: number;
  /**
   * How much of the game is still to come, the part of `growth` a company can still make:
   * `pieces`, the pieces left in the box (of 92); `hands`, the cards left in all hands (of
   * those dealt) to the power `clockPower`. The original game ends when everyone is stuck,
   * with 50–60 pieces still in the box, while its hands empty as it goes.
   */
  readonly clock: 'pieces' | 'hands';
  readonly clockPower: number;
  /** Part of three shares' worth a tower bought now is worth (its price is cash gone now). */
  readonly tower: number;
}

/**
 * The weights of each rule set, tuned against the random bot and earlier versions. In the
 * modern game cash is worth more than shares: it buys cards (Level cards above all) whose
 * plays on dear companies earn up to 50 each, so a share is valued at its price now plus only
 * what this seat's own cards and a near merger will add (no general growth). In the original
 * game (less cash, cards in hand −5 at the end, no face-up row or Level stack) the game is
 * short (all eight companies are founded within a few rounds and it ends when everyone is
 * stuck, usually with 50–60 pieces still in the box), so prices rise little after the first
 * rounds (a share the heuristic bought rose 8.5 by the end on average when 20 or more cards
 * were in hands, 1.4 when 8–11 were): the rise follows the square of the cards left in hands,
 * and a tower (15 of the 30 a seat starts with) counts half its three shares. A card that
 * can found is played while it can (worth nothing more in hand than its −5), cash is worth no
 * more than its face (it is spent on shares rather than kept to buy blind cards), and a card
 * that can be played is worth nearly all it would earn.
 */
export const DEFAULT_HEURISTIC: Readonly<Record<RuleSet, HeuristicWeights>> = {
  modern: {
    growth: 0,
    room: 12,
    ownCards: 0.8,
    handPlay: 1,
    others: 1,
    cashFloor: 10,
    cashBonus: 1.5,
    mergeRisk: 0.5,
    foundingInHand: 1,
    clock: 'pieces',
    clockPower: 1,
    tower: 1,
  },
  original: {
    growth: 3,
    clock: 'hands',
    clockPower: 2,
    tower: 0.5,
    room: 12,
    ownCards: 0.8,
    handPlay: 0.9,
    others: 1,
    cashFloor: 10,
    cashBonus: 0,
    mergeRisk: 0.5,
    foundingInHand: 0,
  },
};

/** The space before and after each space (indexes from 0): the loop's neighbours, once. */
const BEFORE = Array.from({ length: SPACES }, (_, i) => spaceAt(i + 1, -1) - 1);
const AFTER = Array.from({ length: SPACES }, (_, i) => spaceAt(i + 1, 1) - 1);

/**
 * Prices each company is expected to reach by the end, as the seat sees it. It runs at every
 * judgement of the search's heuristic playouts: one pass over the board, neighbours from
 * tables (`BEFORE`, `AFTER`).
 */
function expectedPrices(s: BigBossState, seat: number, w: HeuristicWeights): number[] {
  const { owner, pieces, price } = s;
  const room = new Array<number>(COMPANY_COUNT).fill(0);
  // Empty spaces between two companies, in board order: they will soon merge.
  const merges = w.mergeRisk > 0 && s.piecesLeft > 0 ? ([] as number[]) : null;
  for (let i = 0; i < SPACES; i++) {
    const here = pieces[i];
    const o = owner[i];
    if (o >= 0) room[o] += Math.max(0, MAX_LEVEL - here);
    if (here === 0) {
      const a = owner[BEFORE[i]];
      const b = owner[AFTER[i]];
      if (o < 0) {
        if (a >= 0) room[a] += 2;
        if (b >= 0 && b !== a) room[b] += 2;
      }
      if (merges && a >= 0 && b >= 0 && a !== b) merges.push(a, b);
    }
  }
  // What this seat's own cards will add (it decides to play them).
  const own = new Array<number>(COMPANY_COUNT).fill(0);
  if (s.piecesLeft > 0)
    for (const card of s.hands[seat]) {
      if (!isIndustry(card)) continue;
      const here = pieces[card - 1];
      if (here > 0) {
        own[owner[card - 1]] += here + 1;
        continue;
      }
      const a = owner[BEFORE[card - 1]];
      const b = owner[AFTER[card - 1]];
      if (a >= 0 && (b < 0 || b === a)) own[a] += 1;
      else if (b >= 0 && a < 0) own[b] += 1;
    }
  let cards = 0;
  if (w.clock === 'hands') for (const hand of s.hands) cards += hand.length;
  const left =
    (w.clock === 'hands'
      ? Math.min(1, cards / (s.config.handSize * s.config.players))
      : s.piecesLeft / PIECES) ** w.clockPower;
  const out = new Array<number>(COMPANY_COUNT);
  for (let c = 0; c < COMPANY_COUNT; c++) {
    if (s.status[c] !== ACTIVE) {
      out[c] = price[c];
      continue;
    }
    const rise = w.growth * left * Math.min(1, room[c] / w.room) + w.ownCards * own[c];
    out[c] = Math.min(MAX_PRICE, price[c] + rise);
  }
  // Two companies one empty space apart will soon merge: the dearer one takes the other's
  // price, the cheaper one is paid out at about its price and grows no more.
  if (merges)
    for (let k = 0; k < merges.length; k += 2) {
      const a = merges[k];
      const b = merges[k + 1];
      const [big, small] = price[a] >= price[b] ? [a, b] : [b, a];
      out[big] = Math.min(MAX_PRICE, out[big] + w.mergeRisk * price[small]);
      out[small] = Math.min(out[small], price[small] + 1);
    }
  return out;
}

/**
 * What a card would raise its company's price to if played now at its best (0: unplayable);
 * a founding counts `foundingInHand` of the price it starts at.
 */
function playValue(s: BigBossState, card: number, w: HeuristicWeights): number {
  if (!canPlayCard(s, card)) return 0;
  if (!isIndustry(card)) {
    const k = levelOf(card);
    let best = 0;
    for (let i = 0; i < SPACES; i++) {
      const p = s.pieces[i];
      if (k === 0 ? p >= 1 && p < MAX_LEVEL : p === k - 1 && p >= 1) {
        const v = Math.min(MAX_PRICE, s.price[s.owner[i]] + p + 1);
        if (v > best) best = v;
      }
    }
    return best;
  }
  const here = s.pieces[card - 1];
  if (here > 0) return Math.min(MAX_PRICE, s.price[s.owner[card - 1]] + here + 1);
  const target = expandTarget(s, card, card);
  if ('message' in target) return w.foundingInHand * (s.config.foundingPieces === 4 ? 5 : 3);
  if (target.kind === 'join') return Math.min(MAX_PRICE, s.price[target.company] + 1);
  const [a, b] = target.companies;
  return Math.min(MAX_PRICE, s.price[a] + s.price[b] + 1);
}

const endValue = (s: BigBossState, card: number): number =>
  s.config.rules === 'original' ? -5 : isIndustry(card) ? 5 : 10;

const cashWorth = (cash: number, w: HeuristicWeights): number =>
  cash + w.cashBonus * Math.min(cash, w.cashFloor);

/** Worth of everything but the seat's cash and hand: shares and towers at expected prices. */
function holdings(s: BigBossState, seat: number, expected: readonly number[]): number {
  let sum = 0;
  for (let c = 0; c < COMPANY_COUNT; c++) {
    if (s.status[c] !== ACTIVE) continue;
    sum += s.shares[shareIndex(seat, c)] * expected[c];
    if (s.tower[c] === seat) sum += 3 * expected[c];
  }
  return sum;
}

/** The others' worth, half the best of them and half their mean. */
function othersWorth(s: BigBossState, seat: number, expected: readonly number[]): number {
  let best = -Infinity;
  let sum = 0;
  const n = s.config.players;
  for (let p = 0; p < n; p++) {
    if (p === seat) continue;
    const v = s.cash[p] + holdings(s, p, expected);
    sum += v;
    if (v > best) best = v;
  }
  return 0.5 * best + (0.5 * sum) / (n - 1);
}

/** The position's worth to the seat, without its cash (added by the caller). */
function judgeBase(
  s: BigBossState,
  seat: number,
  w: HeuristicWeights,
  expected: readonly number[],
): number {
  let hand = 0;
  const cards = s.hands[seat];
  for (let i = 0; i < cards.length; i++)
    hand += endValue(s, cards[i]) + w.handPlay * playValue(s, cards[i], w);
  return holdings(s, seat, expected) + hand - w.others * othersWorth(s, seat, expected);
}

/** The position's worth to the seat against the others, as this bot judges it. */
export const judge = (
  s: BigBossState,
  seat: number,
  w: HeuristicWeights,
  expected: readonly number[] = expectedPrices(s, seat, w),
): number => judgeBase(s, seat, w, expected) + cashWorth(s.cash[seat], w);

/**
 * Calls `visit` with every affordable invest of phase `invest` (up to two shares, the tower
 * or not) and its worth: what it adds to the position. The shares are companies as indexes,
 * `a` then `b` (−1: none), in company order; nothing is built per invest, since this runs at
 * every step of the search's heuristic playouts.
 */
function forEachInvest(
  s: BigBossState,
  seat: number,
  w: HeuristicWeights,
  visit: (a: number, b: number, tower: boolean, score: number) => void,
  expected: readonly number[] = expectedPrices(s, seat, w),
): void {
  const cash = s.cash[seat];
  const onSale: number[] = [];
  const cost: number[] = [];
  for (let c = 0; c < COMPANY_COUNT; c++)
    if (s.status[c] === ACTIVE && s.sharesLeft[c] > 0) {
      onSale.push(c);
      cost.push(shareCost(s, c));
    }
  const offer = towerOffer(s, seat);
  const base = cashWorth(cash, w);
  for (const tower of offer ? [false, true] : [false]) {
    const towerCost = tower ? offer!.cost : 0;
    const towerValue = tower ? 3 * w.tower * expected[offer!.company] : 0;
    const consider = (i: number, j: number) => {
      let spent = towerCost;
      let value = towerValue;
      if (i >= 0) {
        spent += cost[i];
        value += expected[onSale[i]];
      }
      if (j >= 0) {
        spent += cost[j];
        value += expected[onSale[j]];
      }
      if (spent > cash) return;
      visit(
        i >= 0 ? onSale[i] : -1,
        j >= 0 ? onSale[j] : -1,
        tower,
        value + cashWorth(cash - spent, w) - base,
      );
    };
    consider(-1, -1);
    for (let i = 0; i < onSale.length; i++) {
      consider(i, -1);
      for (let j = i; j < onSale.length; j++) {
        if (i === j && s.sharesLeft[onSale[i]] < 2) continue;
        consider(i, j);
      }
    }
  }
}

const investMove = (a: number, b: number, tower: boolean): BigBossMove => ({
  type: 'invest',
  shares: [a, b].filter((c) => c >= 0).map((c) => COMPANY_IDS[c]),
  tower,
});

/** Every invest move of phase `invest` with its worth (what it adds to the position). */
export function scoreInvestMoves(
  s: BigBossState,
  seat: number,
  w: HeuristicWeights = DEFAULT_HEURISTIC[s.config.rules],
): { move: BigBossMove; score: number }[] {
  const out: { move: BigBossMove; score: number }[] = [];
  forEachInvest(s, seat, w, (a, b, tower, score) =>
    out.push({ move: investMove(a, b, tower), score }),
  );
  return out;
}

/** The best invest move in phase `invest` and its worth (what it adds to the position). */
export function bestInvest(
  s: BigBossState,
  seat: number,
  w: HeuristicWeights = DEFAULT_HEURISTIC[s.config.rules],
  expected?: readonly number[],
): { move: BigBossMove; gain: number } {
  // Buying nothing (worth 0) wins ties: only a strictly better invest replaces it. Only the
  // best is made into a move: this runs at every step of the search's heuristic playouts.
  let best = { a: -1, b: -1, tower: false };
  let gain = 0;
  forEachInvest(
    s,
    seat,
    w,
    (a, b, tower, score) => {
      if (score > gain + 1e-9) {
        best = { a, b, tower };
        gain = score;
      }
    },
    expected,
  );
  return { move: investMove(best.a, best.b, best.tower), gain };
}

/** Mean worth in hand of a card drawn blind: over the unseen cards (the same in every sample). */
function blindCardWorth(s: BigBossState, seat: number, w: HeuristicWeights): number {
  let sum = 0;
  let n = 0;
  const add = (card: number) => {
    sum += endValue(s, card) + w.handPlay * playValue(s, card, w);
    n++;
  };
  for (const card of s.deck) add(card);
  for (let p = 0; p < s.config.players; p++) {
    if (p === seat) continue;
    const known = [...s.known[p]];
    for (const card of s.hands[p]) {
      const k = known.indexOf(card);
      if (k >= 0) known.splice(k, 1);
      else add(card);
    }
  }
  return n === 0 ? 0 : sum / n;
}

/** The key under which moves that come to the same thing are tried once. */
function moveKey(s: BigBossState, move: BigBossMove): string | undefined {
  // A founding's company changes nothing; its fourth piece goes on the middle space.
  if (move.type === 'found')
    return move.top === null || move.top === spaceAt(move.start, 1)
      ? `f${move.card}:${move.start}`
      : 'skip';
  if (move.type === 'expand' && !isIndustry(cardId(move.card)!))
    return `l${move.card}:${s.owner[move.space - 1]}:${s.pieces[move.space - 1]}`;
  return undefined;
}

/** Each move of phase `play` with its worth to the seat (higher is better). */
export function scorePlayMoves(
  s: BigBossState,
  seat: number,
  w: HeuristicWeights = DEFAULT_HEURISTIC[s.config.rules],
  deadline = Infinity,
): { move: BigBossMove; score: number }[] {
  const out: { move: BigBossMove; score: number }[] = [];
  const seen = new Set<string>();
  // Plays first (they usually earn most), so a tight deadline still judges them.
  const rank = (m: BigBossMove) => (m.type === 'expand' ? 0 : m.type === 'found' ? 1 : 2);
  const moves = legalMoves(s, seat).sort((a, b) => rank(a) - rank(b));
  for (const move of moves) {
    // Prices never fall, so holding beats selling: when stuck, the pass (always listed then).
    if (move.type === 'sell') continue;
    if (out.length > 0 && performance.now() > deadline) break;
    const key = moveKey(s, move);
    if (key !== undefined) {
      if (key === 'skip' || seen.has(key)) continue;
      seen.add(key);
    }
    let score: number;
    if (move.type === 'pass') score = -1e6;
    else if (move.type === 'buy' && move.from === 'deck') {
      const t = cloneState(s);
      t.cash[seat] -= BUY_INDUSTRY;
      score = judge(t, seat, w) + blindCardWorth(s, seat, w);
    } else {
      const t = cloneState(s);
      const broken = applyMove(t, seat, move, null);
      if (broken) continue;
      // The prices expected after the move, once for the judgement and the invest after it.
      const expected = expectedPrices(t, seat, w);
      score =
        t.phase === 'invest' && t.turn === seat
          ? judge(t, seat, w, expected) + bestInvest(t, seat, w, expected).gain
          : judge(t, seat, w, expected);
    }
    out.push({ move, score });
  }
  return out;
}

/** The heuristic's move for the seat to move in a full state (a sample of its view, or a playout). */
export function heuristicMove(
  s: BigBossState,
  seat: number,
  w: HeuristicWeights = DEFAULT_HEURISTIC[s.config.rules],
  deadline = Infinity,
): BigBossMove | undefined {
  if (s.phase === 'invest') return bestInvest(s, seat, w).move;
  if (s.phase === 'sell') return { type: 'pass' };
  const scored = scorePlayMoves(s, seat, w, deadline);
  let best = scored[0];
  for (const m of scored) if (m.score > best.score) best = m;
  return best?.move ?? legalMoves(s, seat)[0];
}

/** The heuristic bot; `weights` (for both rule sets) for tuning runs. */
export function bigBossHeuristicBot(weights?: HeuristicWeights): Bot<BigBossView, BigBossMove> {
  return {
    name: 'heuristic',
    chooseMove(view: BigBossView, ctx: BotContext): BigBossMove {
      const seat = view.viewer;
      if (seat === null) throw new Error('A spectator has no move to make.');
      if (view.turn !== seat) throw new Error(`Seat ${seat} has no move to make now.`);
      // Everything the judge reads is in the view; the sample only gives it the engine's shape.
      const s = sample(view, ctx.rng);
      const move = heuristicMove(s, seat, weights ?? DEFAULT_HEURISTIC[view.rules], ctx.deadline);
      if (move === undefined) throw new Error(`Seat ${seat} has no legal move now.`);
      return move;
    },
  };
}

/** The names of `seatFeatures`' numbers, in order. */
export const SEAT_FEATURES = [
  'cash',
  'holdings',
  'growth',
  'ownCards',
  'merge',
  'handEnd',
  'handPlay',
] as const;

/**
 * What a seat has, in millions, as numbers a judge of who is ahead can weigh: cash; its
 * shares and towers at today's prices; what they would gain if every company rose by its
 * room times the part of the game left (the heuristic's `growth` of 1); what the seat's own
 * cards will add to them; what a near merger would add; its hand at its end value; and what
 * its cards would earn played now. Reads the seat's hand: for full states only.
 */
export function seatFeatures(s: BigBossState, seat: number): number[] {
  const base = DEFAULT_HEURISTIC[s.config.rules];
  const only = (change: Partial<HeuristicWeights>) =>
    holdings(
      s,
      seat,
      expectedPrices(s, seat, {
        ...base,
        growth: 0,
        ownCards: 0,
        mergeRisk: 0,
        clock: 'pieces',
        clockPower: 1,
        ...change,
      }),
    );
  const now = only({});
  let handEnd = 0;
  let handPlay = 0;
  for (const card of s.hands[seat]) {
    handEnd += endValue(s, card);
    handPlay += playValue(s, card, base);
  }
  return [
    s.cash[seat],
    now,
    only({ growth: 1 }) - now,
    only({ ownCards: 1 }) - now,
    only({ mergeRisk: 1 }) - now,
    handEnd,
    handPlay,
  ];
}
