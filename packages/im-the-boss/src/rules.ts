// The I'm the Boss! rules engine: turns, deals and negotiation, influence cards, payouts, every legal move.
import { CLOCK, gameError, type GameError, type Outcome, type Seat } from '@boss-table/core';
import { byCardId, familyOf, kindOf, placardId } from './cards.js';
import {
  BOARD,
  DRAW_COUNT,
  HAND_LIMIT,
  HAND_LIMIT_LATE,
  MIN_CARDS_TO_DEAL,
  TILE_END_FACES,
  TILE_VALUES,
} from './data.js';
import {
  committedCounts,
  cutthroat,
  engineTerms,
  fairShare,
  familyOnSpace,
  isTravelling,
  itemOf,
  promised,
  satisfies,
  spaceOf,
  usesOpponentPlacard,
} from './deal-check.js';
import { emit, type Sink } from './events.js';
import type { ClockKind, ImbMove } from './move.js';
import type { Deal, ImbState, Pending } from './state.js';

/** Refusal codes (rules file §12), each naming the rule broken. */
export type ImbErrorKind =
  | 'setup'
  | 'record'
  | 'game-over'
  | 'not-your-turn'
  | 'wrong-phase'
  | 'wrong-role'
  | 'bad-space'
  | 'must-deal'
  | 'too-few-cards'
  | 'bad-discard'
  | 'bad-card'
  | 'not-in-hand'
  | 'bad-family'
  | 'bad-terms'
  | 'item-unavailable'
  | 'already-offered'
  | 'overcommitted'
  | 'stale-proposal'
  | 'inactive'
  | 'bad-target'
  | 'bad-batch'
  | 'window-open'
  | 'not-asked'
  | 'already-passed'
  | 'no-window'
  | 'no-clock'
  | 'clock-only';

export type ImbError = GameError<ImbErrorKind>;
type InfluenceMove = ImbMove & { type: 'playTravel' | 'playRecruit' | 'playBoss' };
const fail = (kind: ImbErrorKind, message: string): ImbError => gameError(kind, message);

const left = (s: ImbState, seat: number): number => (seat + 1) % s.pub.players;
const realtime = (s: ImbState): boolean => s.options.mode === 'realtime';

// ---------------------------------------------------------------------------------------------
// Hands and piles

function takeFromHand(s: ImbState, seat: number, card: string): void {
  const h = s.hands[seat];
  h.splice(h.indexOf(card), 1);
  const k = s.pub.known[seat].indexOf(card);
  if (k >= 0) s.pub.known[seat].splice(k, 1);
}

function returnToHand(s: ImbState, seat: number, card: string): void {
  s.hands[seat].push(card);
  s.pub.known[seat].push(card);
}

/** A die result: from the record when it gives one (§14), else from the seed. */
function rollDie(s: ImbState): number {
  return s.dice.length > 0 ? s.dice.shift()! : 1 + s.rng.int(6);
}

/** The discard pile, face-up and face-down cards alike, sorted by id (§14). */
const discardPile = (s: ImbState): string[] =>
  [...s.pub.discard, ...s.hidden.map((h) => h.card)].sort(byCardId);

/**
 * Why the record's next reshuffle cannot be used by a draw of `n` cards now, or undefined:
 * it must be the discard pile at that moment, each card once (§14).
 */
function reshuffleError(s: ImbState, n: number): ImbError | undefined {
  const given = s.reshuffles[0];
  if (given === undefined || s.draw.length >= n) return undefined;
  const pile = discardPile(s);
  if (pile.length === 0) return undefined;
  const sorted = given.slice().sort(byCardId);
  if (sorted.length === pile.length && sorted.every((c, i) => c === pile[i])) return undefined;
  return fail(
    'record',
    `The record's next reshuffle is not the ${pile.length} cards of the discard pile (§14).`,
  );
}

/**
 * 3.4: takes one card, reshuffling the discard pile (sorted by id) when the pile is empty:
 * into the record's next order when it gives one (§14), else by the seed.
 */
function drawOne(s: ImbState, ev: Sink): string | undefined {
  if (s.draw.length === 0) {
    let pile = discardPile(s);
    if (pile.length === 0) return undefined;
    const given = s.reshuffles.shift();
    if (given === undefined) s.rng.shuffle(pile);
    else pile = given.slice().reverse();
    s.draw = pile;
    s.pub.discard = [];
    s.hidden = [];
    s.pub.hiddenDiscards.fill(0);
    emit(ev, 'all', 'reshuffled', { cards: pile.length });
  }
  return s.draw.pop();
}

export const handLimit = (s: ImbState): number =>
  s.options.handLimit10From10 && s.pub.tiles[s.pub.tileIndex] >= 10 ? HAND_LIMIT_LATE : HAND_LIMIT;

export function drawCount(s: ImbState, seat: number): number {
  if (!s.options.drawByPlacards) return DRAW_COUNT;
  const owned = s.pub.placards.filter((o) => o === seat).length;
  return [4, 3, 2, 1][Math.min(3, owned)];
}

// ---------------------------------------------------------------------------------------------
// Turns

export function beginTurn(s: ImbState, seat: number, ev: Sink): void {
  const t = s.pub;
  if (seat === t.startPlayer) {
    t.round++;
    if (s.options.maxRounds !== null && t.round > s.options.maxRounds) {
      t.round--;
      endGame(s, 'maxRounds', ev);
      return;
    }
  }
  t.phase = 'start';
  t.seat = seat;
  t.wait++;
  t.drawnThisTurn = 0;
  t.mustDeal = s.options.mustDealAt10 && s.hands[seat].length >= 10;
  emit(ev, 'all', 'turnStarted', { seat, round: t.round });
}

function nextOpen(s: ImbState, from: number): number {
  for (let k = 1; k <= 16; k++) {
    const sp = ((from - 1 + k) % 16) + 1;
    if (s.pub.closed[sp - 1] === 0) return sp;
  }
  return from;
}

function endGame(s: ImbState, reason: 'roll' | 'tile15' | 'maxRounds', ev: Sink): void {
  const t = s.pub;
  t.phase = 'over';
  t.deal = null;
  t.endReason = reason;
  t.outcome = decide(s);
  emit(ev, 'all', 'gameOver', { reason, ...t.outcome });
}

function decide(s: ImbState): Outcome {
  const money = s.pub.money;
  const seats = money.map((_, p) => p);
  const ranking = seats.slice().sort((a, b) => money[b] - money[a] || a - b);
  const top = money[ranking[0]];
  const winners = seats.filter((p) => money[p] === top);
  return {
    winners,
    scores: money.slice(),
    ranking,
    decidedBy:
      winners.length === 1 ? 'the most money' : 'equal money: the richest share the win (9.2)',
  };
}

// ---------------------------------------------------------------------------------------------
// Deals

function newDeal(s: ImbState, boss: number): Deal {
  const t = s.pub;
  const sp = BOARD[t.marker - 1];
  const tile = t.tiles[t.tileIndex];
  t.deals++;
  return {
    no: t.deals,
    space: t.marker,
    tile,
    V: TILE_VALUES[tile - 1],
    D: sp.D,
    boss,
    turnSeat: t.seat,
    phase: 'open',
    table: [],
    travelling: [],
    proposals: [],
    agreements: [],
    engine: [],
    terms: [],
    offered: [],
    progress: 0,
    bossChanges: 0,
    actions: 0,
    activeSeats: [boss],
    pending: null,
    lastCall: null,
    window: 0,
    rounds: null,
  };
}

function markActive(d: Deal, seat: number): void {
  if (!d.activeSeats.includes(seat)) d.activeSeats.push(seat);
}

function progress(d: Deal): void {
  d.progress++;
  if (d.rounds) d.rounds.progress = true;
}

function voidAgreement(s: ImbState, seat: number, reason: string, ev: Sink): void {
  const d = s.pub.deal!;
  const i = d.agreements.findIndex((a) => a.seat === seat);
  if (i < 0) return;
  d.agreements.splice(i, 1);
  progress(d);
  emit(ev, 'all', 'agreementVoided', { seat, reason });
}

/**
 * The satisfaction check (4.3, 5.6): agreements whose items were lost are void; under §11.2
 * engine terms are recomputed, newest agreements voided while the promises exceed D.
 */
function isSatisfied(s: ImbState, ev: Sink): boolean {
  const d = s.pub.deal!;
  for (const a of d.agreements.slice())
    if (!a.items.every((item) => itemOf(s, item, a.seat)))
      voidAgreement(s, a.seat, 'item-lost', ev);
  const sp = spaceOf(s);
  const before = d.engine.join();
  for (;;) {
    const counts = committedCounts(s);
    d.engine = cutthroat(s) ? engineTerms(s, counts) : [];
    const ok = satisfies(sp, counts) || d.engine.length > 0;
    if (!ok) d.engine = [];
    if (promised(s) <= d.D || d.agreements.length === 0) {
      if (d.engine.join() !== before && d.engine.length > 0)
        emit(ev, 'all', 'engineTerms', {
          placards: d.engine.map(placardId),
          dividends: fairShare(sp),
        });
      return ok;
    }
    const newest = d.agreements.reduce((a, b) => (b.id > a.id ? b : a));
    voidAgreement(s, newest.seat, 'over-dividends', ev);
  }
}

/**
 * Our guard (`maxDealActions`): it counts progress only (5.7), so that no seat can end another
 * seat's deal by repeating what is not progress.
 */
const overActionLimit = (s: ImbState, d: Deal): boolean =>
  s.options.maxDealActions > 0 && d.progress >= s.options.maxDealActions;

/** After every change while the deal is open: the action cap, then the satisfaction check. */
function afterChange(s: ImbState, ev: Sink): void {
  const d = s.pub.deal;
  if (!d || d.phase !== 'open') return;
  if (overActionLimit(s, d)) {
    breakdown(s, 'action-limit', ev);
    return;
  }
  if (isSatisfied(s, ev)) startLastCall(s, ev);
}

function startLastCall(s: ImbState, ev: Sink): void {
  const d = s.pub.deal!;
  if (s.options.clocks.lastCall === 0 && !usesOpponentPlacard(s)) {
    closeDeal(s, ev);
    return;
  }
  const asked: number[] = [];
  for (let k = 1; k < s.pub.players; k++) asked.push((d.boss + k) % s.pub.players);
  d.phase = 'lastCall';
  d.window++;
  d.lastCall = { asked, prompt: 0 };
  s.answers.fill(0);
  emit(ev, 'all', 'lastCallOpened', { asked, window: d.window });
}

function openStop(s: ImbState, pending: Omit<Pending, 'asked' | 'prompt' | 'returnTo'>, ev: Sink) {
  const d = s.pub.deal!;
  const asked: number[] = [];
  for (let k = 1; k < s.pub.players; k++) asked.push((pending.player + k) % s.pub.players);
  const returnTo = d.phase === 'lastCall' ? 'lastCall' : 'open';
  d.pending = { ...pending, asked, prompt: 0, returnTo };
  d.phase = 'stop';
  d.window++;
  s.answers.fill(0);
  s.stopOrder = [];
  s.stopCards.fill('');
  progress(d);
  markActive(d, pending.player);
  emit(ev, 'all', 'influencePlayed', {
    seat: pending.player,
    kind: pending.kind,
    cards: pending.cards.slice(),
    target: pending.target,
  });
  emit(ev, 'all', 'stopWindowOpened', { asked, window: d.window });
}

/** Closes the stop window: the first Stop cancels the card, else its effect applies (6.5). */
function closeStop(s: ImbState, ev: Sink): void {
  const t = s.pub;
  const d = t.deal!;
  const p = d.pending!;
  d.pending = null;
  const stopper = s.stopOrder.length > 0 ? s.stopOrder[0] : -1;
  s.answers.fill(0);
  s.stopOrder = [];
  if (stopper >= 0) {
    const card = s.stopCards[stopper];
    takeFromHand(s, stopper, card);
    t.discard.push(card, ...p.cards);
    markActive(d, stopper);
    s.stopCards.fill('');
    emit(ev, 'all', 'stopWindowClosed', { stopped: true, by: stopper, card });
  } else {
    s.stopCards.fill('');
    emit(ev, 'all', 'stopWindowClosed', { stopped: false });
    applyInfluence(s, p, ev);
  }
  // 6.6, 5.7: the effect is applied and satisfaction checked before a turn-based round goes
  // on; the round goes on only if the deal is still open.
  d.phase = p.returnTo;
  if (isSatisfied(s, ev)) {
    startLastCall(s, ev);
    return;
  }
  d.phase = 'open';
  d.lastCall = null;
  if (overActionLimit(s, d)) {
    breakdown(s, 'action-limit', ev);
    return;
  }
  resumeRounds(s, ev);
}

function applyInfluence(s: ImbState, p: Pending, ev: Sink): void {
  const t = s.pub;
  const d = t.deal!;
  if (p.kind === 'travel') {
    if (p.target.startsWith('inv:')) {
      d.travelling.push({ family: familyOf(p.target), card: p.cards[0] });
      withdrawOffer(d, p.target);
      emit(ev, 'all', 'travelApplied', { target: p.target });
    } else {
      d.table.splice(
        d.table.findIndex((x) => x.card === p.target),
        1,
      );
      t.discard.push(p.target, p.cards[0]);
      emit(ev, 'all', 'travelApplied', { target: p.target });
    }
  } else if (p.kind === 'recruit') {
    const f = familyOf(p.target);
    const from = t.placards[f];
    t.placards[f] = p.player;
    if (from !== p.player) withdrawOffer(d, p.target);
    t.discard.push(...p.cards);
    emit(ev, 'all', 'placardRecruited', { placard: p.target, from, to: p.player });
  } else {
    t.discard.push(p.cards[0]);
    changeBoss(s, p.player, ev);
  }
}

/** 5.3: an offer stands until the deal ends, the placard travels or it changes owner. */
function withdrawOffer(d: Deal, placard: string): void {
  const i = d.offered.indexOf(placard);
  if (i >= 0) d.offered.splice(i, 1);
}

function changeBoss(s: ImbState, boss: number, ev: Sink): void {
  const d = s.pub.deal!;
  const from = d.boss;
  for (const pr of d.proposals) emit(ev, 'all', 'proposalCancelled', { id: pr.id, reason: 'boss' });
  d.proposals = [];
  for (const a of d.agreements.slice()) voidAgreement(s, a.seat, 'boss-changed', ev);
  d.boss = boss;
  for (const x of d.table) x.committed = x.owner === boss;
  d.bossChanges++;
  d.terms = [];
  d.engine = [];
  markActive(d, boss);
  progress(d);
  if (d.rounds)
    Object.assign(d.rounds, {
      stepSeat: boss,
      stage: -1,
      stepsDone: 0,
      progress: false,
      sinceBoss: 0,
    });
  emit(ev, 'all', 'bossChanged', { from, to: boss });
}

/**
 * Turn-based: after a window returns to `open`, the round goes on with the next seat (5.7) —
 * unless the step seat has not taken its step yet (stage −1: a new Boss, or the Boss at the
 * opening), which is then still next.
 */
function resumeRounds(s: ImbState, ev: Sink): void {
  const r = s.pub.deal?.rounds;
  if (!r || s.pub.deal!.phase !== 'open' || r.stage < 0) return;
  endStep(s, ev);
}

function endStep(s: ImbState, ev: Sink): void {
  const d = s.pub.deal!;
  const r = d.rounds!;
  r.stepsDone++;
  r.stage = 0;
  if (r.stepsDone >= s.pub.players) {
    r.total++;
    r.sinceBoss++;
    if (!r.progress || r.sinceBoss >= 4 || r.total >= 8) {
      breakdown(s, 'rounds', ev);
      return;
    }
    r.stepsDone = 0;
    r.progress = false;
  }
  r.stepSeat = (d.boss + r.stepsDone) % s.pub.players;
  emit(ev, 'all', 'stepStarted', { seat: r.stepSeat, round: r.total + 1 });
}

function closeDeal(s: ImbState, ev: Sink): void {
  const t = s.pub;
  const d = t.deal!;
  const sp = BOARD[d.space - 1];
  const payments: { seat: number; amount: number }[] = [];
  const total = d.V * d.D;
  t.money[d.boss] += total;
  for (const a of d.agreements) {
    const amount = d.V * a.dividends;
    t.money[d.boss] -= amount;
    t.money[a.seat] += amount;
    payments.push({ seat: a.seat, amount });
  }
  for (const f of d.engine) {
    const amount = d.V * fairShare(sp);
    const owner = t.placards[f];
    t.money[d.boss] -= amount;
    t.money[owner] += amount;
    payments.push({ seat: owner, amount });
  }
  t.dealsAsBoss[d.boss]++;
  emit(ev, 'all', 'dealClosed', {
    boss: d.boss,
    space: d.space,
    V: d.V,
    D: d.D,
    bossGets: total,
    payments,
  });
  endDeal(s, true, ev);
  t.closed[d.space - 1] = d.tile;
  t.tileIndex++;
  emit(ev, 'all', 'tilePlaced', { tile: d.tile, space: d.space });
  if (d.tile === 15 || t.tileIndex >= t.tiles.length) {
    endGame(s, 'tile15', ev);
    return;
  }
  if (d.tile >= 10) {
    const r = rollDie(s);
    const faces = TILE_END_FACES[d.tile] ?? [];
    const ended = faces.includes(r);
    emit(ev, 'all', 'endRoll', { r, faces: faces.slice(), ended });
    if (ended) {
      endGame(s, 'roll', ev);
      return;
    }
  }
  t.marker = nextOpen(s, d.space);
  emit(ev, 'all', 'markerMoved', { space: t.marker });
  passAfterDeal(s, d, ev);
}

/** Clan cards go back or to the discard pile, travel cards are discarded (7.2, 7.3, 8.2, 8.3). */
function endDeal(s: ImbState, closed: boolean, ev: Sink): void {
  const t = s.pub;
  const d = t.deal!;
  const back = new Map<number, string[]>();
  const agreed = new Set(d.agreements.flatMap((a) => a.items));
  for (const x of d.table) {
    // 7.2: "used" = in the committed set (the Boss's own or agreed), even if redundant.
    if (closed && (x.committed || agreed.has(x.card))) t.discard.push(x.card);
    else {
      returnToHand(s, x.owner, x.card);
      back.set(x.owner, [...(back.get(x.owner) ?? []), x.card]);
    }
  }
  for (const [seat, cards] of back) emit(ev, 'all', 'clanReturned', { seat, cards });
  for (const tr of d.travelling) t.discard.push(tr.card);
  s.answers.fill(0);
  s.stopOrder = [];
  s.stopCards.fill('');
  t.deal = null;
}

function breakdown(s: ImbState, reason: string, ev: Sink): void {
  const d = s.pub.deal!;
  emit(ev, 'all', 'dealBrokeDown', { reason, space: d.space });
  endDeal(s, false, ev);
  passAfterDeal(s, d, ev);
}

function passAfterDeal(s: ImbState, d: Deal, ev: Sink): void {
  const from = s.options.bossCardKeepsTurnOrder ? d.turnSeat : d.boss;
  emit(ev, 'all', 'turnPassed', { to: left(s, from) });
  beginTurn(s, left(s, from), ev);
}

// ---------------------------------------------------------------------------------------------
// Who acts

/** The seat a turn-based prompt asks now, or -1. */
function prompted(s: ImbState): number {
  const d = s.pub.deal;
  if (!d || realtime(s)) return -1;
  if (d.phase === 'stop') return d.pending!.asked[d.pending!.prompt] ?? -1;
  if (d.phase === 'lastCall') return d.lastCall!.asked[d.lastCall!.prompt] ?? -1;
  return -1;
}

/** Whether `seat` is asked in the current window and has not answered. */
export function askedNow(s: ImbState, seat: number): boolean {
  const d = s.pub.deal;
  if (!d) return false;
  if (!realtime(s)) return prompted(s) === seat;
  if (d.phase === 'stop') return d.pending!.asked.includes(seat) && s.answers[seat] === 0;
  if (d.phase === 'lastCall') return d.lastCall!.asked.includes(seat) && s.answers[seat] === 0;
  return false;
}

export function mayAct(s: ImbState, seat: number): boolean {
  const t = s.pub;
  if (seat < 0 || seat >= t.players || t.phase === 'over') return false;
  if (t.phase !== 'deal') return t.seat === seat;
  const d = t.deal!;
  if (d.phase !== 'open') return askedNow(s, seat);
  if (d.rounds) return d.rounds.stepSeat === seat;
  if (seat === d.boss || !s.options.payOnlyActive || d.activeSeats.includes(seat)) return true;
  return legalMovesOf(s, seat).length > 0;
}

export function activeSeats(s: ImbState): number[] {
  const out: number[] = [];
  for (let p = 0; p < s.pub.players; p++) if (mayAct(s, p)) out.push(p);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Applying a move

const unique = (xs: readonly string[]) => new Set(xs).size === xs.length;

function checkCards(
  s: ImbState,
  seat: number,
  cards: readonly string[],
  kind: string,
): ImbError | undefined {
  if (!unique(cards)) return fail('bad-card', 'A card is named twice.');
  for (const c of cards) {
    if (kindOf(c) !== kind) return fail('bad-card', `${c} is not a ${kind} card.`);
    if (!s.hands[seat].includes(c)) return fail('not-in-hand', `${c} is not in your hand.`);
  }
  return undefined;
}

function checkClan(s: ImbState, seat: number, cards: readonly string[]): ImbError | undefined {
  const e = checkCards(s, seat, cards, 'clan');
  if (e) return e;
  const sp = BOARD[s.pub.marker - 1];
  for (const c of cards)
    if (!familyOnSpace(sp, familyOf(c)))
      return fail('bad-family', `${c}'s family is not on space ${sp.space} (4.2).`);
  return undefined;
}

/** The batch order of a turn-based step (5.7): responses, offers, commits, proposals, plays. */
const STAGE: Partial<Record<ImbMove['type'], number>> = {
  accept: 0,
  reject: 0,
  cancel: 0,
  offerClan: 1,
  offerPlacard: 1,
  commitClan: 2,
  propose: 3,
  playTravel: 4,
  playRecruit: 4,
  playBoss: 4,
};

export function applyMove(s: ImbState, seat: Seat, move: ImbMove, ev: Sink): ImbError | undefined {
  const t = s.pub;
  if (t.phase === 'over') return fail('game-over', 'The game is over.');
  if (move.type === 'expire') {
    if (seat !== CLOCK) return fail('clock-only', 'Only the clock runs out.');
    return expire(s, move.clock, ev);
  }
  if (seat === CLOCK) return fail('no-clock', 'The clock makes only expiries.');
  if (!Number.isInteger(seat) || seat < 0 || seat >= t.players)
    return fail('record', `Seat ${seat} is not at this table.`);
  if (t.phase !== 'deal') return turnMove(s, seat, move, ev);
  return dealMove(s, seat, move, ev);
}

function turnMove(s: ImbState, seat: number, move: ImbMove, ev: Sink): ImbError | undefined {
  const t = s.pub;
  if (move.type === 'pass' || move.type === 'playStop')
    return fail('no-window', 'No stop window or last call is open (5.7).');
  if (seat !== t.seat) return fail('not-your-turn', `It is seat ${t.seat}'s turn.`);
  switch (move.type) {
    case 'placeMarker':
      if (t.phase !== 'marker') return fail('wrong-phase', 'The marker is already placed.');
      if (move.space < 1 || move.space > 16) return fail('bad-space', 'Spaces are 1 to 16.');
      t.marker = move.space;
      emit(ev, 'all', 'markerPlaced', { seat, space: move.space });
      beginTurn(s, left(s, seat), ev);
      return undefined;
    case 'roll': {
      if (t.phase !== 'start') return fail('wrong-phase', 'You may roll only at turn start (3.1).');
      const r = rollDie(s);
      t.lastRoll = r;
      let at = t.marker;
      for (let k = 0; k < r; k++) at = nextOpen(s, at);
      t.marker = at;
      t.phase = 'moved';
      t.wait++;
      emit(ev, 'all', 'rolled', { seat, r });
      emit(ev, 'all', 'markerMoved', { space: at });
      return undefined;
    }
    case 'declareDeal': {
      if (t.phase !== 'start' && t.phase !== 'moved')
        return fail('wrong-phase', 'A deal is declared at turn start or after moving (3.1, 3.3).');
      if (s.options.minCardsToDeal && s.hands[seat].length < MIN_CARDS_TO_DEAL)
        return fail(
          'too-few-cards',
          'With fewer than 4 cards you may not declare (minCardsToDeal).',
        );
      const e = checkClan(s, seat, move.clan);
      if (e) return e;
      declare(s, seat, move.clan, ev);
      return undefined;
    }
    case 'draw': {
      if (t.phase !== 'moved') return fail('wrong-phase', 'You draw only after moving (3.3).');
      if (t.mustDeal)
        return fail('must-deal', 'With 10 or more cards you must declare a deal (mustDealAt10).');
      return drawCards(s, seat, ev);
    }
    case 'discard': {
      if (t.phase !== 'discard') return fail('wrong-phase', 'No hand-limit discard is due.');
      if (move.cards.length !== t.discardDue)
        return fail('bad-discard', `Discard exactly ${t.discardDue} cards (3.4).`);
      if (!unique(move.cards)) return fail('bad-card', 'A card is named twice.');
      for (const c of move.cards)
        if (!s.hands[seat].includes(c)) return fail('not-in-hand', `${c} is not in your hand.`);
      discardToLimit(s, seat, move.cards, ev);
      return undefined;
    }
    default:
      return fail('wrong-phase', `"${move.type}" is played only during a deal.`);
  }
}

function drawCards(s: ImbState, seat: number, ev: Sink): ImbError | undefined {
  const t = s.pub;
  const drawn: string[] = [];
  const e = reshuffleError(s, drawCount(s, seat));
  if (e) return e;
  for (let k = drawCount(s, seat); k > 0; k--) {
    const c = drawOne(s, ev);
    if (c === undefined) break;
    s.hands[seat].push(c);
    drawn.push(c);
  }
  t.drawnThisTurn = drawn.length;
  emit(ev, 'all', 'cardsDrawn', { seat, n: drawn.length });
  emit(ev, seat, 'cardsDrawnDetail', { seat, cards: drawn });
  const excess = s.hands[seat].length - handLimit(s);
  if (excess > 0) {
    t.phase = 'discard';
    t.discardDue = excess;
    t.wait++;
    emit(ev, seat, 'handLimitPrompt', { seat, n: excess });
    return undefined;
  }
  emit(ev, 'all', 'turnPassed', { to: left(s, seat) });
  beginTurn(s, left(s, seat), ev);
  return undefined;
}

function discardToLimit(s: ImbState, seat: number, cards: readonly string[], ev: Sink): void {
  const t = s.pub;
  for (const c of cards) {
    takeFromHand(s, seat, c);
    s.hidden.push({ card: c, seat });
  }
  t.known[seat] = [];
  t.hiddenDiscards[seat] += cards.length;
  t.discardDue = 0;
  emit(ev, 'all', 'discardedToLimit', { seat, n: cards.length });
  emit(ev, seat, 'discardedDetail', { seat, cards: cards.slice() });
  emit(ev, 'all', 'turnPassed', { to: left(s, seat) });
  beginTurn(s, left(s, seat), ev);
}

/** 3.4's default: the most recently acquired cards first (drawn ones are the last). */
export const defaultDiscard = (s: ImbState, seat: number): string[] =>
  s.hands[seat].slice(s.hands[seat].length - s.pub.discardDue);

function declare(s: ImbState, seat: number, clan: readonly string[], ev: Sink): void {
  const t = s.pub;
  const d = newDeal(s, seat);
  t.deal = d;
  t.phase = 'deal';
  for (const c of clan) {
    takeFromHand(s, seat, c);
    d.table.push({ card: c, owner: seat, committed: true });
  }
  emit(ev, 'all', 'dealDeclared', {
    boss: seat,
    space: d.space,
    tile: d.tile,
    V: d.V,
    D: d.D,
    clan: clan.slice(),
  });
  // 4.4: the opening alone closes the deal at once, with no window.
  const satisfied = isSatisfied(s, ev);
  if (satisfied && !usesOpponentPlacard(s)) {
    closeDeal(s, ev);
    return;
  }
  if (!realtime(s))
    d.rounds = { stepSeat: seat, stage: -1, stepsDone: 0, progress: false, sinceBoss: 0, total: 0 };
  if (satisfied) startLastCall(s, ev);
}

function expire(s: ImbState, clock: ClockKind, ev: Sink): ImbError | undefined {
  const t = s.pub;
  const d = t.deal;
  switch (clock) {
    case 'turn':
      if (t.phase === 'marker') {
        t.marker = nextOpen(s, 16);
        emit(ev, 'all', 'markerPlaced', { seat: t.seat, space: t.marker, byClock: true });
        beginTurn(s, left(s, t.seat), ev);
        return undefined;
      }
      if (t.phase === 'start') return turnMove(s, t.seat, { type: 'roll' }, ev);
      if (t.phase === 'moved')
        return t.mustDeal
          ? turnMove(s, t.seat, { type: 'declareDeal', clan: [] }, ev)
          : turnMove(s, t.seat, { type: 'draw' }, ev);
      return fail('no-clock', 'No turn decision is due.');
    case 'discard':
      if (t.phase !== 'discard') return fail('no-clock', 'No hand-limit discard is due.');
      discardToLimit(s, t.seat, defaultDiscard(s, t.seat), ev);
      return undefined;
    case 'deal':
    case 'idle':
      // §14: they run only while the deal is open, never in its stop windows or last calls.
      if (!d || !realtime(s) || d.phase !== 'open')
        return fail('no-clock', `The ${clock} clock is not running.`);
      breakdown(s, clock === 'deal' ? 'deal-limit' : 'idle-limit', ev);
      return undefined;
    case 'stopWindow':
      if (!d || d.phase !== 'stop' || !realtime(s))
        return fail('no-window', 'No stop window is open.');
      closeStop(s, ev);
      return undefined;
    case 'lastCall':
      if (!d || d.phase !== 'lastCall' || !realtime(s))
        return fail('no-window', 'No last call is open.');
      closeDeal(s, ev);
      return undefined;
    case 'step':
      if (!d || d.phase !== 'open' || !d.rounds) return fail('no-clock', 'No step is running.');
      endStep(s, ev);
      return undefined;
    case 'prompt': {
      const seat = prompted(s);
      if (seat < 0) return fail('no-window', 'No prompt is open.');
      return answerPass(s, seat, ev);
    }
  }
  return fail('no-clock', `Unknown clock ${clock}.`);
}

function dealMove(s: ImbState, seat: number, move: ImbMove, ev: Sink): ImbError | undefined {
  const d = s.pub.deal!;
  if (d.phase === 'stop') {
    if (move.type !== 'pass' && move.type !== 'playStop')
      return fail('window-open', 'A stop window is open: Stop or pass (6.5).');
    return stopAnswer(s, seat, move, ev);
  }
  if (move.type === 'playStop') return fail('no-window', 'Stop is played only in a stop window.');
  if (d.phase === 'lastCall') {
    if (seat === d.boss) return fail('not-asked', 'The Boss is not asked in the last call.');
    if (!['pass', 'playTravel', 'playRecruit', 'playBoss'].includes(move.type))
      return fail('window-open', 'In the last call: pass or play Travel, Recruitment or Boss.');
    if (!askedNow(s, seat))
      return realtime(s)
        ? fail('already-passed', 'You have passed in this last call.')
        : fail('not-your-turn', 'Another seat is asked now.');
    if (move.type === 'pass') return answerPass(s, seat, ev);
    return influence(s, seat, move as InfluenceMove, ev);
  }
  // open
  if (move.type === 'pass' && !d.rounds)
    return fail('no-window', 'Nothing to pass: no window is open.');
  if (d.rounds) {
    if (seat !== d.rounds.stepSeat)
      return fail('not-your-turn', `It is seat ${d.rounds.stepSeat}'s step.`);
    if (move.type === 'pass') {
      endStep(s, ev);
      return undefined;
    }
    const stage = STAGE[move.type];
    if (stage === undefined && move.type !== 'abandon')
      return fail('bad-batch', `"${move.type}" has no place in a step.`);
    if (stage !== undefined && stage < d.rounds.stage)
      return fail(
        'bad-batch',
        'A step goes: responses, offers, commits, proposals, one play (5.7).',
      );
  }
  const e = openMove(s, seat, move, ev);
  if (e) return e;
  const dn = s.pub.deal;
  if (dn && dn === d) {
    d.actions++;
    // The step is taken (stage ≥ 0); an influence play ends it once its window closes.
    if (d.rounds && STAGE[move.type] !== undefined)
      d.rounds.stage = Math.max(d.rounds.stage, Math.min(STAGE[move.type]!, 3), 0);
    afterChange(s, ev);
  }
  return undefined;
}

function openMove(s: ImbState, seat: number, move: ImbMove, ev: Sink): ImbError | undefined {
  const t = s.pub;
  const d = t.deal!;
  const boss = seat === d.boss;
  switch (move.type) {
    case 'commitClan':
    case 'offerClan': {
      if (boss !== (move.type === 'commitClan'))
        return fail(
          'wrong-role',
          boss ? 'The Boss commits, not offers.' : 'Only the Boss commits.',
        );
      if (move.cards.length === 0) return fail('bad-card', 'Name at least one clan card.');
      // 5.3: the Boss's own clan cards on the table are committed already; naming one again
      // is allowed and changes nothing.
      if (!unique(move.cards)) return fail('bad-card', 'A card is named twice.');
      const cards = boss ? move.cards.filter((c) => !ownCommitted(d, seat, c)) : move.cards;
      const e = checkClan(s, seat, cards);
      if (e) return e;
      if (cards.length === 0) return undefined;
      for (const c of cards) {
        takeFromHand(s, seat, c);
        d.table.push({ card: c, owner: seat, committed: boss });
      }
      markActive(d, seat);
      progress(d);
      emit(ev, 'all', boss ? 'clanCommitted' : 'clanOffered', { seat, cards: cards.slice() });
      return undefined;
    }
    case 'offerPlacard':
      if (boss) return fail('wrong-role', 'The Boss does not offer placards.');
      if (!itemOf(s, move.placard, seat))
        return fail('item-unavailable', `${move.placard} is not your usable placard (5.1).`);
      if (d.offered.includes(move.placard))
        return fail('already-offered', `Your offer of ${move.placard} stands already (5.3).`);
      d.offered.push(move.placard);
      emit(ev, 'all', 'placardOffered', { seat, placard: move.placard });
      return undefined;
    case 'propose':
      return propose(s, seat, move.to, move.items, move.dividends, ev);
    case 'accept':
    case 'reject':
    case 'cancel':
      return respond(s, seat, move.type, move.id, ev);
    case 'playTravel':
    case 'playRecruit':
    case 'playBoss':
      return influence(s, seat, move, ev);
    case 'abandon':
      if (!boss) return fail('wrong-role', 'Only the Boss may abandon the deal.');
      breakdown(s, 'abandoned', ev);
      return undefined;
    default:
      return fail('wrong-phase', `"${move.type}" is not played during a deal.`);
  }
}

/** The terms of a proposal as `Deal.terms` lists them (5.7: new terms are progress). */
export const termsKey = (
  from: number,
  to: number,
  items: readonly string[],
  dividends: number,
): string => `${from}>${to}:${[...items].sort().join(',')}:${dividends}`;

/** Rules 5.4.1 for a proposal's terms; undefined when they may be proposed. */
export function termsError(
  s: ImbState,
  seat: number,
  to: number,
  items: readonly string[],
  dividends: number,
): ImbError | undefined {
  const d = s.pub.deal!;
  if (!Number.isInteger(to) || to < 0 || to >= s.pub.players || to === seat)
    return fail('bad-terms', 'Propose to another seat at the table.');
  if (seat !== d.boss && to !== d.boss)
    return fail('bad-terms', 'Terms are between the Boss and one other seat (5.4).');
  if (!Number.isInteger(dividends) || dividends < 0 || dividends > d.D)
    return fail('bad-terms', `Dividends are a whole number from 0 to ${d.D}.`);
  // 5.4.1: several items of one family may be named; only the same item twice is refused.
  if (!unique(items)) return fail('bad-terms', 'An item is named twice.');
  const party = seat === d.boss ? to : seat;
  for (const item of items)
    if (!itemOf(s, item, party))
      return fail('item-unavailable', `${item} is not a usable item of seat ${party} (5.1).`);
  if (s.options.payOnlyActive && !d.activeSeats.includes(seat))
    return fail('inactive', 'Only seats that played a card may negotiate (payOnlyActive).');
  return undefined;
}

function propose(
  s: ImbState,
  seat: number,
  to: number,
  items: readonly string[],
  dividends: number,
  ev: Sink,
): ImbError | undefined {
  const d = s.pub.deal!;
  const e = termsError(s, seat, to, items, dividends);
  if (e) return e;
  const old = d.proposals.findIndex((p) => p.from === seat && p.to === to);
  const id = ++s.pub.nextProposal;
  const proposal = { id, from: seat, to, items: items.slice(), dividends };
  if (old >= 0) {
    emit(ev, 'all', 'proposalReplaced', { old: d.proposals[old].id, id });
    d.proposals.splice(old, 1);
  }
  d.proposals.push(proposal);
  const key = termsKey(seat, to, items, dividends);
  if (!d.terms.includes(key)) {
    d.terms.push(key);
    progress(d);
  }
  emit(ev, 'all', 'proposalMade', { ...proposal, items: items.slice() });
  return undefined;
}

/** Why `seat` may not accept proposal `id` now, or undefined (5.4.2). */
export function acceptError(s: ImbState, seat: number, id: number): ImbError | undefined {
  const d = s.pub.deal!;
  const p = d.proposals.find((x) => x.id === id);
  if (!p) return fail('stale-proposal', `Proposal ${id} is not open.`);
  if (p.to !== seat) return fail('wrong-role', 'Only its counterparty accepts a proposal.');
  const party = p.from === d.boss ? p.to : p.from;
  if (!p.items.every((item) => itemOf(s, item, party)))
    return fail('item-unavailable', 'An item of this proposal is no longer usable (5.4.2).');
  if (s.options.payOnlyActive && !d.activeSeats.includes(seat))
    return fail('inactive', 'Only seats that played a card may negotiate (payOnlyActive).');
  const others = d.agreements.reduce((a, x) => a + (x.seat === party ? 0 : x.dividends), 0);
  if (others + p.dividends > d.D)
    return fail('overcommitted', `Agreed dividends would exceed the deal's ${d.D} (5.4.2).`);
  return undefined;
}

function respond(
  s: ImbState,
  seat: number,
  kind: 'accept' | 'reject' | 'cancel',
  id: number,
  ev: Sink,
): ImbError | undefined {
  const d = s.pub.deal!;
  const i = d.proposals.findIndex((x) => x.id === id);
  if (i < 0) return fail('stale-proposal', `Proposal ${id} is not open.`);
  const p = d.proposals[i];
  if (kind === 'cancel') {
    if (p.from !== seat) return fail('wrong-role', 'Only its proposer cancels a proposal.');
    d.proposals.splice(i, 1);
    emit(ev, 'all', 'proposalCancelled', { id });
    return undefined;
  }
  if (p.to !== seat) return fail('wrong-role', 'Only its counterparty answers a proposal.');
  if (kind === 'reject') {
    d.proposals.splice(i, 1);
    emit(ev, 'all', 'proposalRejected', { id });
    return undefined;
  }
  const e = acceptError(s, seat, id);
  if (e) return e;
  const party = p.from === d.boss ? p.to : p.from;
  d.proposals = d.proposals.filter(
    (x) => !((x.from === party && x.to === d.boss) || (x.from === d.boss && x.to === party)),
  );
  d.agreements = d.agreements.filter((a) => a.seat !== party);
  d.agreements.push({ seat: party, items: p.items, dividends: p.dividends, id: p.id });
  progress(d);
  emit(ev, 'all', 'agreementMade', {
    id,
    seat: party,
    items: p.items.slice(),
    dividends: p.dividends,
  });
  return undefined;
}

/** Why this Travel, Recruitment or Boss play is refused, or undefined (6.2–6.4). */
export function influenceError(
  s: ImbState,
  seat: number,
  move: ImbMove & { type: 'playTravel' | 'playRecruit' | 'playBoss' },
): ImbError | undefined {
  const t = s.pub;
  const d = t.deal!;
  if (move.type === 'playBoss') {
    if (seat === d.boss) return fail('wrong-role', 'The Boss cannot play a Boss card (6.4).');
    return checkCards(s, seat, [move.card], 'boss');
  }
  if (move.type === 'playTravel') {
    const e = checkCards(s, seat, [move.card], 'travel');
    if (e) return e;
    const wild = familyOf(move.card) < 0;
    const f = familyOf(move.target);
    if (!wild && f !== familyOf(move.card))
      return fail('bad-target', `${move.card} sends only its own family away (6.2).`);
    if (move.target.startsWith('inv:')) {
      if (t.placards[f] < 0) return fail('bad-target', 'An unowned placard cannot travel (6.2).');
      if (isTravelling(d, f)) return fail('bad-target', 'That placard is already travelling.');
    } else if (!d.table.some((x) => x.card === move.target))
      return fail('bad-target', `${move.target} is not on the table.`);
    return undefined;
  }
  if (move.cards.length !== 3) return fail('bad-card', 'Recruitment takes a set of three (6.3).');
  const e = checkCards(s, seat, move.cards, 'recruit');
  if (e) return e;
  const f = familyOf(move.target);
  if (t.placards[f] === seat) return fail('bad-target', 'You own that placard already.');
  const spare = t.placards.some((o) => o < 0);
  if ((t.players === 4 || t.players === 5) && spare && t.placards[f] >= 0)
    return fail('bad-target', 'While a placard is unowned, recruit an unowned one (6.3).');
  return undefined;
}

function influence(
  s: ImbState,
  seat: number,
  move: ImbMove & { type: 'playTravel' | 'playRecruit' | 'playBoss' },
  ev: Sink,
): ImbError | undefined {
  const e = influenceError(s, seat, move);
  if (e) return e;
  const cards = move.type === 'playRecruit' ? move.cards.slice() : [move.card];
  for (const c of cards) takeFromHand(s, seat, c);
  const kind =
    move.type === 'playTravel' ? 'travel' : move.type === 'playRecruit' ? 'recruit' : 'boss';
  const target = move.type === 'playBoss' ? '' : move.target;
  openStop(s, { kind, player: seat, cards, target }, ev);
  return undefined;
}

function stopAnswer(
  s: ImbState,
  seat: number,
  move: ImbMove & { type: 'pass' | 'playStop' },
  ev: Sink,
): ImbError | undefined {
  const d = s.pub.deal!;
  const p = d.pending!;
  if (!p.asked.includes(seat)) return fail('not-asked', "The card's player is not asked (6.5).");
  if (!askedNow(s, seat))
    return realtime(s)
      ? fail('already-passed', 'You have answered this stop window.')
      : fail('not-your-turn', 'Another seat is asked now.');
  if (move.type === 'pass') return answerPass(s, seat, ev);
  const e = checkCards(s, seat, [move.card], 'stop');
  if (e) return e;
  if (realtime(s)) {
    // Sealed: heard by nobody else until the window closes.
    s.answers[seat] = 2;
    s.stopCards[seat] = move.card;
    s.stopOrder.push(seat);
    emit(ev, seat, 'answered', { seat, answer: 'stop', card: move.card });
    return undefined;
  }
  s.stopCards[seat] = move.card;
  s.stopOrder = [seat];
  closeStop(s, ev);
  return undefined;
}

function answerPass(s: ImbState, seat: number, ev: Sink): ImbError | undefined {
  const d = s.pub.deal!;
  if (realtime(s)) {
    s.answers[seat] = 1;
    emit(ev, seat, 'answered', { seat, answer: 'pass' });
    return undefined;
  }
  if (d.phase === 'stop') {
    const p = d.pending!;
    p.prompt++;
    if (p.prompt >= p.asked.length) closeStop(s, ev);
    return undefined;
  }
  const lc = d.lastCall!;
  lc.prompt++;
  emit(ev, 'all', 'lastCallPassed', { seat });
  if (lc.prompt >= lc.asked.length) closeDeal(s, ev);
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Legal moves

function subsets<T>(items: readonly T[], max = 1 << 12): T[][] {
  const out: T[][] = [[]];
  for (const x of items) {
    const n = out.length;
    for (let i = 0; i < n && out.length < max; i++) out.push([...out[i], x]);
  }
  return out;
}

function combos<T>(items: readonly T[], k: number): T[][] {
  const out: T[][] = [];
  const cur: T[] = [];
  const go = (from: number) => {
    if (cur.length === k) {
      out.push(cur.slice());
      return;
    }
    for (let i = from; i <= items.length - (k - cur.length); i++) {
      cur.push(items[i]);
      go(i + 1);
      cur.pop();
    }
  };
  go(0);
  return out;
}

/** Items of `party` that proposals may name: usable placards and its clan cards on the table. */
export function itemsOf(s: ImbState, party: number): string[] {
  const d = s.pub.deal!;
  const out: string[] = [];
  for (let f = 0; f < 6; f++)
    if (s.pub.placards[f] === party && !isTravelling(d, f)) out.push(placardId(f));
  for (const x of d.table) if (x.owner === party) out.push(x.card);
  return out;
}

/**
 * Every set of items (several of one family allowed, 5.4.1). Lists of cards and items are
 * listed in id order, so that one set is one legal move whatever order its cards came in.
 */
const itemSets = (items: readonly string[]): string[][] => subsets(byId(items));

const byId = (cards: readonly string[]): string[] => cards.slice().sort(byCardId);

/** A clan card of the Boss's own, on the table and so committed (5.3). */
const ownCommitted = (d: Deal, seat: number, card: string): boolean =>
  d.table.some((x) => x.card === card && x.owner === seat && x.committed);

function influenceMoves(s: ImbState, seat: number): ImbMove[] {
  const t = s.pub;
  const d = t.deal!;
  const hand = s.hands[seat];
  const out: ImbMove[] = [];
  const targets: string[] = [];
  for (let f = 0; f < 6; f++)
    if (t.placards[f] >= 0 && !isTravelling(d, f)) targets.push(placardId(f));
  for (const x of d.table) targets.push(x.card);
  for (const c of hand)
    if (kindOf(c) === 'travel')
      for (const target of targets) {
        const m: ImbMove = { type: 'playTravel', card: c, target };
        if (!influenceError(s, seat, m)) out.push(m);
      }
  const recruits = byId(hand.filter((c) => kindOf(c) === 'recruit'));
  if (recruits.length >= 3) {
    const sets = combos(recruits, 3);
    for (let f = 0; f < 6; f++) {
      const probe: ImbMove = { type: 'playRecruit', cards: sets[0], target: placardId(f) };
      if (influenceError(s, seat, probe)) continue;
      for (const cards of sets) out.push({ type: 'playRecruit', cards, target: placardId(f) });
    }
  }
  if (seat !== d.boss)
    for (const c of hand) if (kindOf(c) === 'boss') out.push({ type: 'playBoss', card: c });
  return out;
}

/** Sets of the seat's clan cards of this space's families (and of `also`), the empty set first. */
function clanChoices(s: ImbState, seat: number, also: readonly string[] = []): string[][] {
  const sp = BOARD[s.pub.marker - 1];
  const mine = s.hands[seat].filter((c) => kindOf(c) === 'clan' && familyOnSpace(sp, familyOf(c)));
  return subsets(byId([...mine, ...also]));
}

export function legalMovesOf(s: ImbState, seat: number): ImbMove[] {
  const t = s.pub;
  if (seat < 0 || seat >= t.players || t.phase === 'over') return [];
  if (t.phase !== 'deal') {
    if (seat !== t.seat) return [];
    switch (t.phase) {
      case 'marker':
        return Array.from({ length: 16 }, (_, i) => ({ type: 'placeMarker', space: i + 1 }));
      case 'start':
      case 'moved': {
        const out: ImbMove[] = [];
        if (t.phase === 'start') out.push({ type: 'roll' });
        else if (!t.mustDeal) out.push({ type: 'draw' });
        if (!(s.options.minCardsToDeal && s.hands[seat].length < MIN_CARDS_TO_DEAL))
          for (const clan of clanChoices(s, seat)) out.push({ type: 'declareDeal', clan });
        return out;
      }
      case 'discard':
        return combos(byId(s.hands[seat]), t.discardDue).map((cards) => ({
          type: 'discard',
          cards,
        }));
    }
    return [];
  }
  const d = t.deal!;
  if (d.phase === 'stop') {
    if (!askedNow(s, seat)) return [];
    const out: ImbMove[] = [{ type: 'pass' }];
    for (const c of s.hands[seat])
      if (kindOf(c) === 'stop') out.push({ type: 'playStop', card: c });
    return out;
  }
  if (d.phase === 'lastCall') {
    if (seat === d.boss || !askedNow(s, seat)) return [];
    return [{ type: 'pass' }, ...influenceMoves(s, seat)];
  }
  if (d.rounds && d.rounds.stepSeat !== seat) return [];
  return openMoves(s, seat);
}

function openMoves(s: ImbState, seat: number): ImbMove[] {
  const d = s.pub.deal!;
  const stage = d.rounds ? d.rounds.stage : 0;
  const out: ImbMove[] = [];
  if (d.rounds) out.push({ type: 'pass' });
  const boss = seat === d.boss;
  if (boss) out.push({ type: 'abandon' });
  if (stage <= 0)
    for (const p of d.proposals) {
      if (p.to === seat) {
        if (!acceptError(s, seat, p.id)) out.push({ type: 'accept', id: p.id });
        out.push({ type: 'reject', id: p.id });
      }
      if (p.from === seat) out.push({ type: 'cancel', id: p.id });
    }
  if (!boss && stage <= 1) {
    for (const cards of clanChoices(s, seat).slice(1)) out.push({ type: 'offerClan', cards });
    for (let f = 0; f < 6; f++)
      if (s.pub.placards[f] === seat && !isTravelling(d, f) && !d.offered.includes(placardId(f)))
        out.push({ type: 'offerPlacard', placard: placardId(f) });
  }
  if (boss && stage <= 2) {
    const own = d.table.filter((x) => ownCommitted(d, seat, x.card)).map((x) => x.card);
    for (const cards of clanChoices(s, seat, own).slice(1)) out.push({ type: 'commitClan', cards });
  }
  if (stage <= 3 && !(s.options.payOnlyActive && !d.activeSeats.includes(seat))) {
    const parties = boss
      ? Array.from({ length: s.pub.players }, (_, p) => p).filter((p) => p !== seat)
      : [seat];
    for (const party of parties) {
      const to = boss ? party : d.boss;
      for (const items of itemSets(itemsOf(s, party)))
        for (let dv = 0; dv <= d.D; dv++) out.push({ type: 'propose', to, items, dividends: dv });
    }
  }
  out.push(...influenceMoves(s, seat));
  return out;
}

export { satisfies, spaceOf };
