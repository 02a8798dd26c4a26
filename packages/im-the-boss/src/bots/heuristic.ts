// I'm the Boss!'s rule-of-thumb bot: how a Boss, a seller or a bystander acts; also the search's playouts.
import { WAIT, type Bot, type Rng } from '@boss-table/core';
import { familyOf, kindOf, placardId } from '../cards.js';
import { BOARD, FAMILIES, investorsOf, type SpaceData } from '../data.js';
import { committedCounts, familyOnSpace, isTravelling, satisfies } from '../deal-check.js';
import { imTheBoss } from '../game.js';
import type { ImbMove } from '../move.js';
import type { ImbOptions } from '../options.js';
import { applyMove, termsKey } from '../rules.js';
import { cloneState, type ImbState, type Table } from '../state.js';
import type { ImbView } from '../view.js';

/**
 * What the rules of thumb look at: the public table, the seat's hand and its sealed answer.
 * A view gives it; so does a full state in a playout (without copying anything).
 */
export interface Seen {
  readonly options: ImbOptions;
  readonly table: Table;
  readonly seat: number;
  readonly hand: readonly string[];
  readonly answered: boolean;
}

export const seenFromView = (v: ImbView): Seen => ({
  options: v.options,
  table: v.table,
  seat: v.viewer!,
  hand: v.hand ?? [],
  answered: v.answer !== null,
});

export const seenFromState = (s: ImbState, seat: number): Seen => ({
  options: s.options,
  table: s.pub,
  seat,
  hand: s.hands[seat],
  answered: s.answers[seat] !== 0,
});

/** The deal checks of the rules read a state's public part only. */
const shim = (w: Seen): ImbState => ({ options: w.options, pub: w.table }) as unknown as ImbState;

const clanOf = (hand: readonly string[], f: number) =>
  hand.find((c) => kindOf(c) === 'clan' && familyOf(c) === f);

/** Families that would still help fill the space, given counts of what is committed. */
export function missingFamilies(sp: SpaceData, counts: readonly number[]): number[] {
  const out: number[] = [];
  for (const key of sp.required) {
    const f = FAMILIES.indexOf(key);
    if (counts[f] <= 0) out.push(f);
  }
  for (const g of sp.groups) {
    const fams = g.of.map((k) => FAMILIES.indexOf(k));
    if (fams.filter((f) => counts[f] > 0).length < g.need)
      for (const f of fams) if (counts[f] <= 0) out.push(f);
  }
  return out;
}

/** How many more investors the space needs. */
function shortBy(sp: SpaceData, counts: readonly number[]): number {
  let n = 0;
  for (const key of sp.required) if (counts[FAMILIES.indexOf(key)] <= 0) n++;
  for (const g of sp.groups) {
    const have = g.of.filter((k) => counts[FAMILIES.indexOf(k)] > 0).length;
    n += Math.max(0, g.need - have);
  }
  return n;
}

/** Family counts from the seat's own placards and the clan cards of its hand. */
function ownCounts(w: Seen): number[] {
  const c = new Array<number>(6).fill(0);
  for (let f = 0; f < 6; f++) if (w.table.placards[f] === w.seat) c[f]++;
  for (const card of w.hand) if (kindOf(card) === 'clan') c[familyOf(card)]++;
  return c;
}

/** The clan cards to commit at the opening: one per family the placards do not cover. */
export function openingClan(w: Seen, sp: SpaceData): string[] {
  const out: string[] = [];
  for (let f = 0; f < 6; f++)
    if (familyOnSpace(sp, f) && w.table.placards[f] !== w.seat) {
      const c = clanOf(w.hand, f);
      if (c) out.push(c);
    }
  return out;
}

function richest(t: Table, except = -1): number {
  let best = -1;
  for (let p = 0; p < t.players; p++)
    if (p !== except && (best < 0 || t.money[p] > t.money[best])) best = p;
  return best;
}

const fair = (sp: SpaceData) => Math.max(1, Math.floor(sp.D / investorsOf(sp)));

// ---------------------------------------------------------------------------------------------
// Turn decisions

function turnMove(w: Seen): ImbMove {
  const t = w.table;
  if (t.phase === 'marker') {
    let best = 1;
    let bestScore = -Infinity;
    for (const sp of BOARD) {
      if (t.closed[sp.space - 1] !== 0) continue;
      const score = -shortBy(sp, ownCounts(w)) * 10 + sp.D;
      if (score > bestScore) {
        bestScore = score;
        best = sp.space;
      }
    }
    return { type: 'placeMarker', space: best };
  }
  if (t.phase === 'discard') {
    // The least useful first: surplus recruitment cards, clan cards of a family held twice.
    const rank = (c: string) => {
      const k = kindOf(c);
      if (k === 'recruit') return 0;
      if (k === 'clan') return w.hand.filter((x) => familyOf(x) === familyOf(c)).length > 1 ? 1 : 3;
      if (k === 'travel') return 2;
      return 4;
    };
    const order = w.hand.slice().sort((a, b) => rank(a) - rank(b));
    return { type: 'discard', cards: order.slice(0, t.discardDue) };
  }
  const sp = BOARD[t.marker - 1];
  const counts = ownCounts(w);
  const short = shortBy(sp, counts);
  const minOk = !(w.options.minCardsToDeal && w.hand.length < 4);
  // Declare when the space is (nearly) ours, or late in the turn with a good value.
  const tile = t.tiles[t.tileIndex];
  const declare =
    minOk &&
    (short === 0 ||
      (short === 1 && sp.D >= 4) ||
      (t.phase === 'moved' && short <= 2 && sp.D >= 6 && tile >= 3) ||
      t.mustDeal);
  if (declare && !(t.phase === 'start' && t.mustDeal && short > 1))
    return { type: 'declareDeal', clan: openingClan(w, sp) };
  if (t.phase === 'start') return { type: 'roll' };
  return t.mustDeal ? { type: 'declareDeal', clan: openingClan(w, sp) } : { type: 'draw' };
}

// ---------------------------------------------------------------------------------------------
// Deals

/** Dividends the Boss offers seat `to` now: its fair share, rising with each earlier offer. */
function bossOffer(w: Seen, to: number, sp: SpaceData): number {
  const d = w.table.deal!;
  const earlier = d.terms.filter((k) => k.startsWith(`${w.seat}>${to}:`)).length;
  const promised = d.agreements.reduce((a, x) => a + x.dividends, 0);
  const room = d.D - promised - 1;
  return Math.max(0, Math.min(room, fair(sp) - 1 + earlier));
}

/** What a seat asks of the Boss for its item: the fair share, more from the leader. */
function ask(w: Seen, sp: SpaceData): number {
  const d = w.table.deal!;
  const leader = richest(w.table) === d.boss && w.table.money[d.boss] > 0;
  return Math.min(d.D, fair(sp) + (leader ? 1 : 0));
}

function bossMove(w: Seen): ImbMove | null {
  const t = w.table;
  const d = t.deal!;
  const sp = BOARD[d.space - 1];
  const counts = committedCounts(shim(w));
  const missing = missingFamilies(sp, counts);
  // My own clan cards first.
  const mine = [...new Set(missing)].map((f) => clanOf(w.hand, f)).filter((c) => c !== undefined);
  if (mine.length > 0) return { type: 'commitClan', cards: [mine[0]] };
  // Asks addressed to me that fill a gap within what I would pay.
  for (const p of d.proposals)
    if (p.to === w.seat && p.items.some((i) => missing.includes(familyOf(i)))) {
      const promised = d.agreements.reduce((a, x) => a + (x.seat === p.from ? 0 : x.dividends), 0);
      if (p.dividends <= bossOffer(w, p.from, sp) + 1 && promised + p.dividends <= d.D)
        return { type: 'accept', id: p.id };
      return { type: 'reject', id: p.id };
    }
  // Offers to the holders of missing investors.
  for (const f of missing) {
    const holders: { seat: number; item: string }[] = [];
    const owner = t.placards[f];
    if (owner >= 0 && owner !== w.seat && !isTravelling(d, f))
      holders.push({ seat: owner, item: placardId(f) });
    for (const x of d.table)
      if (!x.committed && familyOf(x.card) === f && x.owner !== w.seat)
        holders.push({ seat: x.owner, item: x.card });
    for (const h of holders) {
      if (d.agreements.some((a) => a.seat === h.seat && a.items.includes(h.item))) continue;
      const open = d.proposals.find((p) => p.from === w.seat && p.to === h.seat);
      if (open && t.nextProposal - open.id < 3 * t.players) continue;
      const agreed = d.agreements.find((a) => a.seat === h.seat);
      const items = [...new Set([...(agreed?.items ?? []), h.item])];
      if (new Set(items.map(familyOf)).size !== items.length) continue;
      const dividends = Math.min(
        d.D - d.agreements.reduce((a, x) => a + (x.seat === h.seat ? 0 : x.dividends), 0) - 1,
        bossOffer(w, h.seat, sp) + (agreed?.dividends ?? 0),
      );
      if (dividends < 0) continue;
      // Terms already proposed are no progress (5.7): never repeat them, wait instead.
      if (d.terms.includes(termsKey(w.seat, h.seat, items, dividends))) continue;
      return { type: 'propose', to: h.seat, items, dividends };
    }
  }
  // Nobody can supply a gap, or offers have run long: give up.
  const noSource = missing.some(
    (f) =>
      !(t.placards[f] >= 0 && t.placards[f] !== w.seat && !isTravelling(d, f)) &&
      !d.table.some((x) => familyOf(x.card) === f),
  );
  if ((noSource && d.progress > 4 * t.players) || d.progress > 40 * t.players)
    return { type: 'abandon' };
  return null;
}

function sellerMove(w: Seen): ImbMove | null {
  const t = w.table;
  const d = t.deal!;
  const sp = BOARD[d.space - 1];
  const counts = committedCounts(shim(w));
  const missing = missingFamilies(sp, counts);
  const want = ask(w, sp);
  const active = !w.options.payOnlyActive || d.activeSeats.includes(w.seat);
  // Answer the Boss's offers.
  for (const p of d.proposals)
    if (p.to === w.seat) {
      const others = d.agreements.reduce((a, x) => a + (x.seat === w.seat ? 0 : x.dividends), 0);
      if (active && p.dividends >= want && others + p.dividends <= d.D)
        return { type: 'accept', id: p.id };
      return { type: 'reject', id: p.id };
    }
  if (d.agreements.some((a) => a.seat === w.seat)) return null;
  const myOpen = d.proposals.some((p) => p.from === w.seat);
  const fresh = (items: string[]) => !d.terms.includes(termsKey(w.seat, d.boss, items, want));
  // Ask for a share before giving anything: my placard of a missing family.
  for (const f of missing)
    if (t.placards[f] === w.seat && !isTravelling(d, f) && !myOpen && active)
      if (fresh([placardId(f)]))
        return { type: 'propose', to: d.boss, items: [placardId(f)], dividends: want };
  // A clan card of a missing family: put it on the table, then ask for it.
  for (const f of missing) {
    const onTable = d.table.find((x) => x.owner === w.seat && familyOf(x.card) === f);
    if (onTable && !myOpen && active && fresh([onTable.card]))
      return { type: 'propose', to: d.boss, items: [onTable.card], dividends: want };
    const c = clanOf(w.hand, f);
    if (c && !onTable && !d.table.some((x) => familyOf(x.card) === f))
      return { type: 'offerClan', cards: [c] };
  }
  return null;
}

/** Interfere with a deal that helps a leader and pays me nothing. */
function interfere(w: Seen, lastCall: boolean): ImbMove | null {
  const t = w.table;
  const d = t.deal!;
  if (d.agreements.some((a) => a.seat === w.seat && a.dividends > 0)) return null;
  const bossLeads = richest(t) === d.boss || t.money[d.boss] >= t.money[w.seat] + d.V * 2;
  const big = d.V * d.D >= 8;
  if (!(bossLeads && big) && !(lastCall && d.V * d.D >= 12)) return null;
  const boss = w.hand.find((c) => kindOf(c) === 'boss');
  if (boss && w.seat !== d.boss) return { type: 'playBoss', card: boss };
  // Travel an item the deal needs, where it has no second supplier.
  const sp = BOARD[d.space - 1];
  const counts = committedCounts(shim(w));
  for (let f = 0; f < 6; f++) {
    if (!familyOnSpace(sp, f) || counts[f] !== 1) continue;
    const c = counts.slice();
    c[f]--;
    if (satisfies(sp, c)) continue;
    const card = w.hand.find(
      (x) => kindOf(x) === 'travel' && (familyOf(x) === f || familyOf(x) < 0),
    );
    if (!card) continue;
    if (t.placards[f] >= 0 && t.placards[f] !== w.seat && !isTravelling(d, f))
      return { type: 'playTravel', card, target: placardId(f) };
    const clan = d.table.find((x) => familyOf(x.card) === f && x.owner !== w.seat);
    if (clan) return { type: 'playTravel', card, target: clan.card };
  }
  return null;
}

/** Stop a card that hurts me: a Boss card against my deal, a hit on my items or my pay. */
function stopMove(w: Seen): ImbMove {
  const d = w.table.deal!;
  const p = d.pending!;
  const stop = w.hand.find((c) => kindOf(c) === 'stop');
  if (!stop || w.answered) return { type: 'pass' };
  const paid = d.agreements.some((a) => a.seat === w.seat && a.dividends > 0);
  let hurts = false;
  if (p.kind === 'boss') hurts = d.boss === w.seat || paid;
  else if (p.kind === 'recruit') hurts = w.table.placards[familyOf(p.target)] === w.seat;
  else {
    const f = familyOf(p.target);
    const mineItem =
      (p.target.startsWith('inv:') && w.table.placards[f] === w.seat) ||
      d.table.some((x) => x.card === p.target && x.owner === w.seat);
    hurts = (d.boss === w.seat || paid) && p.player !== w.seat && (mineItem || d.boss === w.seat);
  }
  return hurts ? { type: 'playStop', card: stop } : { type: 'pass' };
}

/** The rules of thumb: a move, or WAIT (null) in an open deal with nothing to do. */
export function thumbMove(w: Seen): ImbMove | null {
  const t = w.table;
  if (t.phase !== 'deal') return turnMove(w);
  const d = t.deal!;
  const turnBased = w.options.mode === 'turnBased';
  if (d.phase === 'stop') return stopMove(w);
  if (d.phase === 'lastCall') return interfere(w, true) ?? { type: 'pass' };
  const move = (w.seat === d.boss ? bossMove(w) : (sellerMove(w) ?? interfere(w, false))) ?? null;
  return move ?? (turnBased ? { type: 'pass' } : WAIT);
}

/** A legal move for this seat: the thumb's, or a safe one when the thumb's is refused. */
export function safeMove(state: ImbState, seat: number, move: ImbMove | null, rng: Rng) {
  if (move === null) return null;
  if (!applyMove(cloneState(state), seat, move, null)) return move;
  const legal = imTheBoss.legalMoves(state, seat);
  const plain = legal.find((m) => ['pass', 'roll', 'draw'].includes(m.type));
  return plain ?? legal[rng.int(legal.length)] ?? null;
}

export function imbHeuristicBot(): Bot<ImbView, ImbMove | null> {
  return {
    name: 'heuristic',
    chooseMove(view, ctx) {
      const move = thumbMove(seenFromView(view));
      if (move === null) return WAIT;
      return safeMove(imTheBoss.sample(view, ctx.rng), view.viewer!, move, ctx.rng);
    },
  };
}
