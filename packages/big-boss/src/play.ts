// The Big Boss rules engine: turns, card plays, foundings, mergers, buys, payouts and the game's end.
import { gameError, type GameError, type Outcome, type Rng } from '@boss-table/core';
import {
  cardCode,
  cardId,
  COMPANY_IDS,
  COMPANY_INDEX,
  COMPANY_NAMES,
  FOUNDING_GAP,
  isIndustry,
  levelOf,
  MAX_LEVEL,
  MAX_PRICE,
  MODERN_LEVEL,
  originalLevel,
  SPACES,
  spaceAt,
  TOWER_PRICES,
  TOWERS_PER_PLAYER,
  type CardCode,
  type CompanyId,
  type IndustryCard,
} from './companies.js';
import {
  ACTIVE,
  COMPANY_COUNT,
  GONE,
  insertSorted,
  NEVER,
  removeOne,
  shareIndex,
  type BigBossState,
  type EventSink,
  type PassClue,
} from './state.js';
import type { BigBossMove, MoneyBreakdown } from './types.js';

export type MoveErrorKind =
  | 'game-over'
  | 'not-your-turn'
  | 'wrong-phase'
  | 'card-not-in-hand'
  | 'buy-not-allowed'
  | 'buy-no-money'
  | 'buy-empty-pile'
  | 'buy-not-face-up'
  | 'found-card-space'
  | 'found-not-empty'
  | 'found-spacing'
  | 'found-company'
  | 'found-top'
  | 'found-no-pieces'
  | 'found-level-card'
  | 'expand-card-space'
  | 'expand-not-connected'
  | 'expand-level'
  | 'merge-boost'
  | 'merge-acquirer'
  | 'invest-too-many'
  | 'invest-company'
  | 'invest-no-shares'
  | 'invest-money'
  | 'invest-tower'
  | 'sell-not-allowed'
  | 'sell-count'
  | 'must-buy-or-play';

const fail = (kind: MoveErrorKind, message: string): GameError<MoveErrorKind> =>
  gameError(kind, message);

const name = (company: number): string => COMPANY_NAMES[COMPANY_IDS[company]];
const DISTANCE_WORDS = ['', 'next to', 'two spaces from', 'three spaces from'];
const ORDINALS = ['', 'first', 'second', 'third', 'fourth', 'fifth'];
const COUNT_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six'];
const pieceWords = (n: number) => `${COUNT_WORDS[n] ?? n} piece${n === 1 ? '' : 's'}`;

export const BUY_INDUSTRY = 5;
export const BUY_LEVEL = 10;

/** What one share costs now: its price (original: at least 5). */
export const shareCost = (s: BigBossState, company: number): number =>
  s.config.rules === 'original' ? Math.max(5, s.price[company]) : s.price[company];

/** The price of a seat's next tower, or undefined when it has none left. */
export const nextTowerCost = (s: BigBossState, seat: number): number | undefined =>
  s.towersPlaced[seat] < TOWERS_PER_PLAYER ? TOWER_PRICES[s.towersPlaced[seat]] : undefined;

// ---------------------------------------------------------------------------------------
// Where a card may go

/** A company never in play, if any: founding needs one (rules file, section 4). */
const anyCompanyLeft = (s: BigBossState): boolean => s.status.includes(NEVER);

/** The occupied space nearest the new company's three spaces within the gap, if any. */
function spacingConflict(
  s: BigBossState,
  start: number,
): { space: number; from: number; distance: number } | undefined {
  for (let d = 1; d <= FOUNDING_GAP; d++) {
    const before = spaceAt(start, -d);
    if (s.pieces[before - 1] > 0) return { space: start, from: before, distance: d };
    const after = spaceAt(start, 2 + d);
    if (s.pieces[after - 1] > 0) return { space: spaceAt(start, 2), from: after, distance: d };
  }
  return undefined;
}

const threeEmpty = (s: BigBossState, start: number): boolean =>
  s.pieces[start - 1] === 0 &&
  s.pieces[spaceAt(start, 1) - 1] === 0 &&
  s.pieces[spaceAt(start, 2) - 1] === 0;

/** Whether three spaces from `start` may take a new company (geometry only). */
export const canFoundAt = (s: BigBossState, start: number): boolean =>
  threeEmpty(s, start) && spacingConflict(s, start) === undefined;

/** Starts of the three spaces an Industry card may found on, in loop order. */
export function foundingStarts(s: BigBossState, space: number): number[] {
  const out: number[] = [];
  if (s.piecesLeft < s.config.foundingPieces || !anyCompanyLeft(s)) return out;
  for (let k = 2; k >= 0; k--) {
    const start = spaceAt(space, -k);
    if (canFoundAt(s, start)) out.push(start);
  }
  return out;
}

/** Where a piece goes when a card expands onto `space`: the company, or the two it merges. */
export type Target =
  | { readonly kind: 'join'; readonly company: number }
  | { readonly kind: 'merge'; readonly companies: readonly [number, number] };

/** The company a piece on `space` joins or the two it merges, or why it cannot go there. */
export function expandTarget(
  s: BigBossState,
  card: number,
  space: number,
): Target | GameError<MoveErrorKind> {
  const here = s.pieces[space - 1];
  if (isIndustry(card)) {
    if (card !== space)
      return fail(
        'expand-card-space',
        `Expanding: an Industry card puts its piece on its own space (${cardCode(card)} goes on space ${card}).`,
      );
  } else if (card === MODERN_LEVEL) {
    if (here < 1 || here >= MAX_LEVEL)
      return fail(
        'expand-level',
        `Expanding: a Level card puts a piece on a space with 1 to 4 pieces; space ${space} has ${pieceWords(here)}.`,
      );
  } else {
    const k = levelOf(card);
    if (here !== k - 1)
      return fail(
        'expand-level',
        `Expanding: a level-${k} card puts the ${ORDINALS[k]} piece on a space with exactly ${pieceWords(k - 1)}; space ${space} has ${pieceWords(here)}.`,
      );
  }
  if (here > 0) return { kind: 'join', company: s.owner[space - 1] };
  const before = s.owner[spaceAt(space, -1) - 1];
  const after = s.owner[spaceAt(space, 1) - 1];
  if (before < 0 && after < 0)
    return fail(
      'expand-not-connected',
      `Expanding: space ${space} must already have pieces or touch a company's space (to start a company there, found one).`,
    );
  if (before >= 0 && after >= 0 && before !== after)
    return { kind: 'merge', companies: before < after ? [before, after] : [after, before] };
  return { kind: 'join', company: before >= 0 ? before : after };
}

/** Whether a card can be played now at all (found or expand). */
export function canPlayCard(s: BigBossState, card: number): boolean {
  if (s.piecesLeft === 0) return false;
  if (isIndustry(card)) {
    const here = s.pieces[card - 1];
    // On a space of any height: Industry cards have no cap (decision 1).
    if (here > 0) return true;
    if (s.owner[spaceAt(card, -1) - 1] >= 0 || s.owner[spaceAt(card, 1) - 1] >= 0) return true;
    return foundingStarts(s, card).length > 0;
  }
  const k = levelOf(card);
  for (let i = 0; i < SPACES; i++) {
    const p = s.pieces[i];
    if (k === 0 ? p >= 1 && p < MAX_LEVEL : p === k - 1 && p >= 1) return true;
  }
  return false;
}

export function canPlay(s: BigBossState, seat: number): boolean {
  const hand = s.hands[seat];
  for (let i = 0; i < hand.length; i++)
    if ((i === 0 || hand[i] !== hand[i - 1]) && canPlayCard(s, hand[i])) return true;
  return false;
}

export function canBuy(s: BigBossState, seat: number): boolean {
  const cash = s.cash[seat];
  if (cash >= BUY_INDUSTRY && (s.deck.length > 0 || s.row.length > 0)) return true;
  return cash >= BUY_LEVEL && s.levels > 0;
}

/** The cheapest share on sale now, or undefined when none is. */
function cheapestShare(s: BigBossState): number | undefined {
  let best: number | undefined;
  for (let c = 0; c < COMPANY_COUNT; c++)
    if (s.status[c] === ACTIVE && s.sharesLeft[c] > 0) {
      const cost = shareCost(s, c);
      if (best === undefined || cost < best) best = cost;
    }
  return best;
}

/** The tower a seat may place this turn and its cost, if any. */
export function towerOffer(
  s: BigBossState,
  seat: number,
): { company: number; cost: number } | undefined {
  if (s.played < 0 || s.tower[s.played] >= 0) return undefined;
  const cost = nextTowerCost(s, seat);
  return cost === undefined ? undefined : { company: s.played, cost };
}

/** Whether the seat could buy anything in the invest step (else it is skipped). */
export function canInvest(s: BigBossState, seat: number): boolean {
  const cash = s.cash[seat];
  const share = cheapestShare(s);
  if (share !== undefined && share <= cash) return true;
  const tower = towerOffer(s, seat);
  return tower !== undefined && tower.cost <= cash;
}

// ---------------------------------------------------------------------------------------
// Applying moves

/** Plays a move on `s` itself. Returns the rule it breaks, leaving `s` unchanged, or undefined. */
export function applyMove(
  s: BigBossState,
  seat: number,
  move: BigBossMove,
  ev: EventSink,
): GameError | undefined {
  if (s.outcome) return fail('game-over', 'The game is over.');
  if (seat !== s.turn)
    return fail('not-your-turn', `It is seat ${s.turn}'s turn, not seat ${seat}'s.`);
  if (s.phase === 'invest') {
    if (move.type !== 'invest')
      return fail(
        'wrong-phase',
        'You have played a card: now buy shares or a tower, or nothing ({"type":"invest","shares":[],"tower":false}).',
      );
    return invest(s, seat, move, ev);
  }
  if (s.phase === 'sell' && move.type !== 'sell' && move.type !== 'pass')
    return fail('wrong-phase', 'After selling you may only sell more, then pass.');
  switch (move.type) {
    case 'buy':
      return buy(s, seat, move, ev);
    case 'found':
      return found(s, seat, move, ev);
    case 'expand':
      return expand(s, seat, move, ev);
    case 'invest':
      return fail('wrong-phase', 'Shares are bought after playing a card, not before.');
    case 'sell':
      return sell(s, seat, move.company, move.count, ev);
    case 'pass':
      return pass(s, seat, ev);
  }
}

function buy(
  s: BigBossState,
  seat: number,
  move: Extract<BigBossMove, { type: 'buy' }>,
  ev: EventSink,
): GameError | undefined {
  const modern = s.config.rules === 'modern';
  if (!modern && move.from !== 'deck')
    return fail(
      'buy-not-allowed',
      'Buying (original rules): cards are bought from the top of the deck only.',
    );
  const cost = move.from === 'levels' ? BUY_LEVEL : BUY_INDUSTRY;
  const what = move.from === 'levels' ? 'A Level card' : modern ? 'An Industry card' : 'A card';
  if (s.cash[seat] < cost)
    return fail('buy-no-money', `Buying: ${what} costs ${cost}; you have ${s.cash[seat]}.`);
  let card: number;
  let refill: number | undefined;
  if (move.from === 'row') {
    const id = cardId(move.card)!;
    const at = s.row.indexOf(id);
    if (at < 0)
      return fail(
        'buy-not-face-up',
        `Buying: ${move.card} is not among the face-up cards (${s.row.map(cardCode).join(', ') || 'none'}).`,
      );
    card = id;
    s.row.splice(at, 1);
    // The refill takes the bought card's place, so the rest of the row keeps its order.
    if (s.deck.length > 0) {
      refill = s.deck.pop()!;
      s.row.splice(at, 0, refill);
    }
  } else if (move.from === 'deck') {
    if (s.deck.length === 0) return fail('buy-empty-pile', 'Buying: the deck is empty.');
    card = s.deck.pop()!;
  } else {
    if (s.levels === 0) return fail('buy-empty-pile', 'Buying: the Level stack is empty.');
    card = MODERN_LEVEL;
    s.levels--;
  }
  s.cash[seat] -= cost;
  insertSorted(s.hands[seat], card);
  const seen = move.from !== 'deck';
  if (seen) insertSorted(s.known[seat], card);
  s.passes = 0;
  s.passed.fill(false);
  if (ev) {
    ev.push({
      audience: 'all',
      event: { type: 'bought', seat, from: move.from, card: seen ? cardCode(card) : null, cost },
    });
    if (!seen) ev.push({ audience: seat, event: { type: 'drew', seat, card: cardCode(card) } });
    if (refill !== undefined)
      ev.push({
        audience: 'all',
        event: { type: 'row-refilled', card: cardCode(refill) as IndustryCard },
      });
  }
  endTurn(s, ev);
  return undefined;
}

function takeFromHand(s: BigBossState, seat: number, code: CardCode): number | GameError {
  const id = cardId(code);
  if (id === undefined || !s.hands[seat].includes(id))
    return fail('card-not-in-hand', `You do not hold ${code}.`);
  return id;
}

/** Raises a company's share price, never above 50 (rules file, section 3, step 2). */
function raisePrice(s: BigBossState, company: number, by: number, ev: EventSink): void {
  const from = s.price[company];
  const to = Math.min(MAX_PRICE, from + by);
  s.price[company] = to;
  if (ev && to !== from)
    ev.push({
      audience: 'all',
      event: { type: 'price-changed', company: COMPANY_IDS[company], from, to },
    });
}

function found(
  s: BigBossState,
  seat: number,
  move: Extract<BigBossMove, { type: 'found' }>,
  ev: EventSink,
): GameError | undefined {
  const card = takeFromHand(s, seat, move.card);
  if (typeof card !== 'number') return card;
  if (!isIndustry(card))
    return fail('found-level-card', 'Founding: only an Industry card founds a company.');
  const { start } = move;
  const spaces = [start, spaceAt(start, 1), spaceAt(start, 2)];
  if (!spaces.includes(card))
    return fail(
      'found-card-space',
      `Founding: the three spaces must include the card's space ${card}; from ${start} they are ${spaces.join(', ')}.`,
    );
  const taken = spaces.find((x) => s.pieces[x - 1] > 0);
  if (taken !== undefined)
    return fail(
      'found-not-empty',
      `Founding: the three spaces must be empty; space ${taken} belongs to ${name(s.owner[taken - 1])}.`,
    );
  const modern = s.config.rules === 'modern';
  if (modern && (move.top === null || !spaces.includes(move.top)))
    return fail(
      'found-top',
      `Founding: the fourth piece goes on top of one of the three spaces (${spaces.join(', ')}).`,
    );
  if (!modern && move.top !== null)
    return fail(
      'found-top',
      'Founding (original rules): there is no fourth piece; "top" must be null.',
    );
  const company = COMPANY_INDEX.get(move.company)!;
  if (s.status[company] !== NEVER) {
    const left = COMPANY_IDS.filter((_, c) => s.status[c] === NEVER).map((id) => COMPANY_NAMES[id]);
    return fail(
      'found-company',
      left.length === 0
        ? 'Founding: every company has been in play; none is left to found.'
        : `Founding: ${name(company)} has been in play already; choose one never in play (${left.join(', ')}).`,
    );
  }
  const conflict = spacingConflict(s, start);
  if (conflict)
    return fail(
      'found-spacing',
      `Founding: at least three empty spaces must separate companies (space ${conflict.space} is ${DISTANCE_WORDS[conflict.distance]} ${name(s.owner[conflict.from - 1])} at space ${conflict.from}).`,
    );
  const needed = s.config.foundingPieces;
  if (s.piecesLeft < needed)
    return fail(
      'found-no-pieces',
      `Founding needs ${pieceWords(needed)}; only ${pieceWords(s.piecesLeft)} ${s.piecesLeft === 1 ? 'is' : 'are'} left.`,
    );
  let raise = 0;
  for (const x of spaces) {
    s.pieces[x - 1] = 1;
    s.owner[x - 1] = company;
    raise += 1;
  }
  if (modern) {
    s.pieces[move.top! - 1] = 2;
    raise += 2;
  }
  s.piecesLeft -= needed;
  s.status[company] = ACTIVE;
  s.hq[company] = move.top ?? card;
  ev?.push({
    audience: 'all',
    event: {
      type: 'founded',
      seat,
      card: move.card,
      company: move.company,
      spaces,
      top: move.top,
      headquarters: s.hq[company],
    },
  });
  raisePrice(s, company, raise, ev);
  afterPlay(s, seat, card, company, ev);
  return undefined;
}

function expand(
  s: BigBossState,
  seat: number,
  move: Extract<BigBossMove, { type: 'expand' }>,
  ev: EventSink,
): GameError | undefined {
  const card = takeFromHand(s, seat, move.card);
  if (typeof card !== 'number') return card;
  const space = move.space;
  const target = expandTarget(s, card, space);
  if ('message' in target) return target;
  const boost = move.boost === undefined ? -1 : COMPANY_INDEX.get(move.boost)!;
  const chosen = move.acquirer === undefined ? -1 : COMPANY_INDEX.get(move.acquirer)!;
  let company: number;
  let acquired = -1;
  if (target.kind === 'join') {
    if (boost >= 0 || chosen >= 0)
      return fail(
        'merge-boost',
        `Expanding: space ${space} joins ${name(target.company)} and merges nothing; leave out "boost" and "acquirer".`,
      );
    company = target.company;
  } else {
    const [a, b] = target.companies;
    const both = `${name(a)} and ${name(b)}`;
    if (boost !== a && boost !== b)
      return fail(
        'merge-boost',
        `Merger: the piece on space ${space} joins ${both}; choose which takes the +1 ("boost": "${COMPANY_IDS[a]}" or "${COMPANY_IDS[b]}").`,
      );
    const other = boost === a ? b : a;
    const boosted = Math.min(MAX_PRICE, s.price[boost] + 1);
    const otherPrice = s.price[other];
    if (boosted === otherPrice) {
      if (chosen !== a && chosen !== b)
        return fail(
          'merge-acquirer',
          `Merger: ${both} both stand at ${boosted} after the +1; choose the acquirer ("acquirer": "${COMPANY_IDS[a]}" or "${COMPANY_IDS[b]}").`,
        );
      company = chosen;
    } else {
      company = boosted > otherPrice ? boost : other;
      if (chosen >= 0)
        return fail(
          'merge-acquirer',
          `Merger: ${name(company)} (${company === boost ? boosted : otherPrice}) has the higher price after the +1 and acquires ${name(company === boost ? other : boost)} (${company === boost ? otherPrice : boosted}); "acquirer" is only for a tie.`,
        );
    }
    acquired = company === a ? b : a;
  }
  const level = s.pieces[space - 1] + 1;
  s.pieces[space - 1] = level;
  const joins = boost >= 0 ? boost : company;
  s.owner[space - 1] = joins;
  s.piecesLeft--;
  ev?.push({
    audience: 'all',
    event: {
      type: 'expanded',
      seat,
      card: move.card,
      space,
      level,
      company: COMPANY_IDS[joins],
    },
  });
  raisePrice(s, joins, level, ev);
  if (acquired >= 0) merge(s, seat, company, acquired, boost, ev);
  afterPlay(s, seat, card, company, ev);
  return undefined;
}

/** The acquirer takes over the acquired company (rules file, section 6, steps 3–4). */
function merge(
  s: BigBossState,
  seat: number,
  acquirer: number,
  acquired: number,
  boost: number,
  ev: EventSink,
): void {
  const n = s.config.players;
  const price = s.price[acquired];
  const payouts = new Array<number>(n).fill(0);
  for (let p = 0; p < n; p++) {
    const held = s.shares[shareIndex(p, acquired)];
    payouts[p] = held * price + (s.tower[acquired] === p ? 3 * price : 0);
    s.cash[p] += payouts[p];
    s.shares[shareIndex(p, acquired)] = 0;
  }
  const towerRemoved = s.tower[acquired];
  s.tower[acquired] = -1;
  s.sharesLeft[acquired] = 0;
  s.status[acquired] = GONE;
  s.hq[acquired] = 0;
  for (let i = 0; i < SPACES; i++) if (s.owner[i] === acquired) s.owner[i] = acquirer;
  const from = s.price[acquirer];
  const to = Math.min(MAX_PRICE, from + price);
  s.price[acquirer] = to;
  if (ev) {
    ev.push({
      audience: 'all',
      event: {
        type: 'merged',
        seat,
        acquirer: COMPANY_IDS[acquirer],
        acquired: COMPANY_IDS[acquired],
        boost: COMPANY_IDS[boost],
        acquiredPrice: price,
        payouts,
        towerRemoved: towerRemoved >= 0 ? towerRemoved : null,
        price: to,
      },
    });
    if (to !== from)
      ev.push({
        audience: 'all',
        event: { type: 'price-changed', company: COMPANY_IDS[acquirer], from, to },
      });
  }
}

/** Earning, then the invest step (skipped when nothing is affordable), discarding the card. */
function afterPlay(
  s: BigBossState,
  seat: number,
  card: number,
  company: number,
  ev: EventSink,
): void {
  const amount = s.price[company];
  s.cash[seat] += amount;
  ev?.push({
    audience: 'all',
    event: { type: 'earned', seat, company: COMPANY_IDS[company], amount },
  });
  removeOne(s.hands[seat], card);
  if (!removeOne(s.known[seat], card) && s.passClues[seat].length > 0) playedUnseen(s, seat, card);
  s.discards.push(card);
  s.passes = 0;
  s.passed.fill(false);
  s.played = company;
  if (canInvest(s, seat)) s.phase = 'invest';
  else endTurn(s, ev);
}

function invest(
  s: BigBossState,
  seat: number,
  move: Extract<BigBossMove, { type: 'invest' }>,
  ev: EventSink,
): GameError | undefined {
  if (move.shares.length > 2)
    return fail('invest-too-many', 'Buying shares: at most two shares a turn.');
  let cost = 0;
  const wanted = new Array<number>(COMPANY_COUNT).fill(0);
  for (const id of move.shares) {
    const c = COMPANY_INDEX.get(id)!;
    if (s.status[c] !== ACTIVE)
      return fail(
        'invest-company',
        `Buying shares: ${name(c)} is not in play (${s.status[c] === GONE ? 'it was acquired' : 'never founded'}).`,
      );
    wanted[c]++;
    if (wanted[c] > s.sharesLeft[c])
      return fail(
        'invest-no-shares',
        s.sharesLeft[c] === 0
          ? `Buying shares: no share of ${name(c)} is left.`
          : `Buying shares: only ${s.sharesLeft[c]} share of ${name(c)} is left.`,
      );
    cost += shareCost(s, c);
  }
  let tower = -1;
  if (move.tower) {
    const offer = towerOffer(s, seat);
    if (!offer)
      return fail(
        'invest-tower',
        nextTowerCost(s, seat) === undefined
          ? 'Buying a tower: you have placed both of yours.'
          : `Buying a tower: ${name(s.played)} already has one.`,
      );
    tower = offer.company;
    cost += offer.cost;
  }
  if (cost > s.cash[seat])
    return fail('invest-money', `Buying shares: that costs ${cost}; you have ${s.cash[seat]}.`);
  s.cash[seat] -= cost;
  for (let c = 0; c < COMPANY_COUNT; c++) {
    s.shares[shareIndex(seat, c)] += wanted[c];
    s.sharesLeft[c] -= wanted[c];
  }
  if (tower >= 0) {
    s.tower[tower] = seat;
    s.towersPlaced[seat]++;
  }
  ev?.push({
    audience: 'all',
    event: {
      type: 'invested',
      seat,
      shares: [...move.shares],
      tower: tower >= 0 ? COMPANY_IDS[tower] : null,
      cost,
    },
  });
  endTurn(s, ev);
  return undefined;
}

const STUCK_ONLY =
  'You can still buy or play a card: selling and passing are only for a player who can do neither.';

function sell(
  s: BigBossState,
  seat: number,
  id: CompanyId,
  count: number,
  ev: EventSink,
): GameError | undefined {
  if (s.config.rules === 'original')
    return fail(
      'sell-not-allowed',
      'Selling (original rules): a player who can neither buy nor play passes without selling.',
    );
  if (s.phase === 'play' && (canBuy(s, seat) || canPlay(s, seat)))
    return fail('must-buy-or-play', STUCK_ONLY);
  const c = COMPANY_INDEX.get(id)!;
  const held = s.shares[shareIndex(seat, c)];
  if (s.status[c] !== ACTIVE || held < count)
    return fail(
      'sell-count',
      `Selling: you hold ${held} share${held === 1 ? '' : 's'} of ${name(c)}, not ${count}.`,
    );
  const amount = count * s.price[c];
  s.cash[seat] += amount;
  s.shares[shareIndex(seat, c)] -= count;
  s.sharesLeft[c] += count;
  s.phase = 'sell';
  ev?.push({ audience: 'all', event: { type: 'sold', seat, company: id, count, amount } });
  return undefined;
}

function pass(s: BigBossState, seat: number, ev: EventSink): GameError | undefined {
  if (s.phase === 'play' && (canBuy(s, seat) || canPlay(s, seat)))
    return fail('must-buy-or-play', STUCK_ONLY);
  recordPassClue(s, seat);
  s.passes++;
  s.passed[seat] = true;
  ev?.push({ audience: 'all', event: { type: 'passed', seat, passes: s.passes } });
  if (s.passes >= s.config.players) finish(s, 'passes', ev);
  else endTurn(s, ev);
  return undefined;
}

// ---------------------------------------------------------------------------------------
// What passes tell (public: docs/big-boss.md, Sampler)

const LEVEL_IDS: Readonly<Record<'modern' | 'original', readonly number[]>> = {
  modern: [MODERN_LEVEL],
  original: [2, 3, 4, 5].map(originalLevel),
};

/** The distinct cards of the rule set that could be played now, ascending ids. */
export function playableCards(s: BigBossState): number[] {
  const out: number[] = [];
  for (let id = 1; id <= SPACES; id++) if (canPlayCard(s, id)) out.push(id);
  for (const id of LEVEL_IDS[s.config.rules]) if (canPlayCard(s, id)) out.push(id);
  return out;
}

function unionSorted(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = j >= b.length || (i < a.length && a[i] <= b[j]) ? a[i] : b[j];
    if (i < a.length && a[i] === x) i++;
    if (j < b.length && b[j] === x) j++;
    out.push(x);
  }
  return out;
}

/**
 * A pass: the seat holds no card that could be played now. Every unseen card it holds is
 * none of them; those it held at earlier passes are none of theirs either.
 */
function recordPassClue(s: BigBossState, seat: number): void {
  const unseen = s.hands[seat].length - s.known[seat].length;
  if (unseen === 0) return;
  const playable = playableCards(s);
  const clues: PassClue[] = s.passClues[seat].map((c) => ({
    count: c.count,
    without: unionSorted(c.without, playable),
  }));
  // A clue no larger than the one before it (held since longer, so without more) says nothing more.
  if (clues.length === 0 || clues[clues.length - 1].count < unseen)
    clues.push({ count: unseen, without: playable });
  s.passClues[seat] = clues;
}

/**
 * An unseen card played: it may have been one of those held since a pass, unless it was
 * among that pass's playable cards (then it came from the deck later). Counts stay at least
 * the older clue's (the cards held since an older pass were held at the newer one too).
 */
function playedUnseen(s: BigBossState, seat: number, card: number): void {
  const out: PassClue[] = [];
  let floor = 0;
  for (const c of s.passClues[seat]) {
    const count = Math.max(floor, c.without.includes(card) ? c.count : c.count - 1);
    if (count > floor) out.push(count === c.count ? c : { count, without: c.without });
    floor = count;
  }
  s.passClues[seat] = out;
}

/** The turn ends: the game too once the last piece is placed, else the next seat plays. */
function endTurn(s: BigBossState, ev: EventSink): void {
  s.played = -1;
  if (s.piecesLeft === 0) {
    finish(s, 'pieces', ev);
    return;
  }
  s.turn = (s.turn + 1) % s.config.players;
  s.phase = 'play';
  ev?.push({ audience: 'all', event: { type: 'turn', seat: s.turn } });
}

// ---------------------------------------------------------------------------------------
// The end

/** A seat's final money, part by part (rules file, section 7). */
export function money(s: BigBossState, seat: number): MoneyBreakdown {
  let shares = 0;
  let towers = 0;
  for (let c = 0; c < COMPANY_COUNT; c++) {
    if (s.status[c] !== ACTIVE) continue;
    shares += s.shares[shareIndex(seat, c)] * s.price[c];
    if (s.tower[c] === seat) towers += 3 * s.price[c];
  }
  let cards = 0;
  for (const id of s.hands[seat])
    cards += s.config.rules === 'original' ? -5 : isIndustry(id) ? 5 : 10;
  const cash = s.cash[seat];
  return { cash, shares, towers, cards, total: cash + shares + towers + cards };
}

function finish(s: BigBossState, reason: 'pieces' | 'passes', ev: EventSink): void {
  const n = s.config.players;
  const breakdown = Array.from({ length: n }, (_, p) => money(s, p));
  const scores = breakdown.map((b) => b.total);
  const modern = s.config.rules === 'modern';
  const towersKey = (p: number) => (modern ? s.towersPlaced[p] : 0);
  const ranking = Array.from({ length: n }, (_, p) => p).sort(
    (a, b) => scores[b] - scores[a] || towersKey(b) - towersKey(a) || a - b,
  );
  const top = ranking[0];
  const richest = ranking.filter((p) => scores[p] === scores[top]);
  const winners = richest.filter((p) => towersKey(p) === towersKey(top));
  const decidedBy =
    richest.length === 1 ? 'final money' : winners.length === 1 ? 'radio towers placed' : 'shared';
  const outcome: Outcome = { winners, scores, ranking, decidedBy };
  s.outcome = outcome;
  s.turn = -1;
  s.phase = 'over';
  s.played = -1;
  ev?.push({
    audience: 'all',
    event: { type: 'game-over', reason, ...outcome, money: breakdown },
  });
}

// ---------------------------------------------------------------------------------------
// Legal moves

/** Every legal move of a seat, in a stable order (buys, founds, expands, then sell/pass). */
export function legalMoves(s: BigBossState, seat: number): BigBossMove[] {
  if (s.outcome || seat !== s.turn) return [];
  if (s.phase === 'invest') return investMoves(s, seat);
  const moves: BigBossMove[] = [];
  if (s.phase === 'play') {
    buyMoves(s, seat, moves);
    playMoves(s, seat, moves);
    if (moves.length > 0) return moves;
  }
  if (s.config.rules === 'modern') sellMoves(s, seat, moves);
  moves.push({ type: 'pass' });
  return moves;
}

function buyMoves(s: BigBossState, seat: number, out: BigBossMove[]): void {
  const cash = s.cash[seat];
  if (cash >= BUY_INDUSTRY) {
    for (const id of s.row)
      out.push({ type: 'buy', from: 'row', card: cardCode(id) as IndustryCard });
    if (s.deck.length > 0) out.push({ type: 'buy', from: 'deck' });
  }
  if (cash >= BUY_LEVEL && s.levels > 0) out.push({ type: 'buy', from: 'levels' });
}

/** Every found and expand a seat may play now. */
export function playMoves(s: BigBossState, seat: number, out: BigBossMove[] = []): BigBossMove[] {
  if (s.piecesLeft === 0) return out;
  const hand = s.hands[seat];
  const modern = s.config.rules === 'modern';
  const never: CompanyId[] = COMPANY_IDS.filter((_, c) => s.status[c] === NEVER);
  for (let i = 0; i < hand.length; i++) {
    if (i > 0 && hand[i] === hand[i - 1]) continue;
    const card = hand[i];
    const code = cardCode(card);
    if (!isIndustry(card)) {
      for (let space = 1; space <= SPACES; space++)
        if (!('message' in expandTarget(s, card, space)))
          out.push({ type: 'expand', card: code, space });
      continue;
    }
    if (
      s.pieces[card - 1] === 0 &&
      s.owner[spaceAt(card, -1) - 1] < 0 &&
      s.owner[spaceAt(card, 1) - 1] < 0
    ) {
      for (const start of foundingStarts(s, card)) {
        const tops = modern ? [start, spaceAt(start, 1), spaceAt(start, 2)] : [null];
        for (const top of tops)
          for (const company of never)
            out.push({ type: 'found', card: code as IndustryCard, start, top, company });
      }
      continue;
    }
    const target = expandTarget(s, card, card);
    if ('message' in target) continue;
    if (target.kind === 'join') {
      out.push({ type: 'expand', card: code, space: card });
      continue;
    }
    for (const boost of target.companies) {
      const other = boost === target.companies[0] ? target.companies[1] : target.companies[0];
      const tied = Math.min(MAX_PRICE, s.price[boost] + 1) === s.price[other];
      if (!tied) out.push({ type: 'expand', card: code, space: card, boost: COMPANY_IDS[boost] });
      else
        for (const acquirer of target.companies)
          out.push({
            type: 'expand',
            card: code,
            space: card,
            boost: COMPANY_IDS[boost],
            acquirer: COMPANY_IDS[acquirer],
          });
    }
  }
  return out;
}

/** Every invest a seat may make: shares as multisets in company order, without then with a tower. */
export function investMoves(s: BigBossState, seat: number): BigBossMove[] {
  const out: BigBossMove[] = [];
  const cash = s.cash[seat];
  const onSale: number[] = [];
  for (let c = 0; c < COMPANY_COUNT; c++)
    if (s.status[c] === ACTIVE && s.sharesLeft[c] > 0) onSale.push(c);
  const offer = towerOffer(s, seat);
  for (const tower of offer ? [false, true] : [false]) {
    const budget = cash - (tower ? offer!.cost : 0);
    if (budget < 0) continue;
    out.push({ type: 'invest', shares: [], tower });
    for (const a of onSale)
      if (shareCost(s, a) <= budget) out.push({ type: 'invest', shares: [COMPANY_IDS[a]], tower });
    for (let i = 0; i < onSale.length; i++)
      for (let j = i; j < onSale.length; j++) {
        const a = onSale[i];
        const b = onSale[j];
        if (a === b && s.sharesLeft[a] < 2) continue;
        if (shareCost(s, a) + shareCost(s, b) <= budget)
          out.push({ type: 'invest', shares: [COMPANY_IDS[a], COMPANY_IDS[b]], tower });
      }
  }
  return out;
}

function sellMoves(s: BigBossState, seat: number, out: BigBossMove[]): void {
  for (let c = 0; c < COMPANY_COUNT; c++) {
    if (s.status[c] !== ACTIVE) continue;
    const held = s.shares[shareIndex(seat, c)];
    for (let count = 1; count <= held; count++)
      out.push({ type: 'sell', company: COMPANY_IDS[c], count });
  }
}

/** A move drawn uniformly from `legalMoves`; undefined when the seat may not act. */
export function randomMove(s: BigBossState, seat: number, rng: Rng): BigBossMove | undefined {
  const moves = legalMoves(s, seat);
  return moves.length === 0 ? undefined : moves[rng.int(moves.length)];
}
