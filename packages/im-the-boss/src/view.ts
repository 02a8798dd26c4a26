// What each I'm the Boss! seat may know, and the sampler that deals hidden cards back for a searching bot.
import { Rng, type Viewer } from '@boss-table/core';
import { ALL_CARDS } from './cards.js';
import type { ImbOptions } from './options.js';
import { cloneTable, type ImbState, type Table } from './state.js';

/**
 * What one seat (or a spectator) may know (rules file §10): the whole public table, its own
 * hand, its own face-down discards still in the pile, its own sealed answer in the current
 * window; of the others only how many cards they hold. Plain JSON.
 */
export interface ImbView {
  readonly game: 'im-the-boss';
  readonly viewer: Viewer;
  readonly options: ImbOptions;
  readonly table: Table;
  /** The viewer's hand in the order its cards entered it; null for a spectator. */
  readonly hand: readonly string[] | null;
  readonly handCounts: readonly number[];
  readonly drawPile: number;
  /** The viewer's own face-down discards in the discard pile. */
  readonly myDiscards: readonly string[];
  /** The viewer's sealed answer in the current window: null none, else pass or its Stop card. */
  readonly answer: 'pass' | string | null;
}

export function view(s: ImbState, viewer: Viewer): ImbView {
  const mine = viewer !== null && viewer >= 0 && viewer < s.pub.players ? viewer : null;
  let answer: string | null = null;
  if (mine !== null && s.answers[mine] !== 0)
    answer = s.answers[mine] === 2 ? s.stopCards[mine] : 'pass';
  return {
    game: 'im-the-boss',
    viewer,
    options: JSON.parse(JSON.stringify(s.options)) as ImbOptions,
    table: cloneTable(s.pub),
    hand: mine === null ? null : s.hands[mine].slice(),
    handCounts: s.hands.map((h) => h.length),
    drawPile: s.draw.length,
    myDiscards: mine === null ? [] : s.hidden.filter((h) => h.seat === mine).map((h) => h.card),
    answer,
  };
}

/** Cards whose place every seat knows: on the table, on placards, pending, discarded face up. */
function publicCards(t: Table): string[] {
  const out = [...t.discard, ...t.known.flat()];
  const d = t.deal;
  if (d) {
    out.push(...d.table.map((x) => x.card), ...d.travelling.map((x) => x.card));
    if (d.pending) out.push(...d.pending.cards);
  }
  return out;
}

/**
 * A full state consistent with a view: the cards the viewer cannot place are dealt uniformly
 * to the others' unknown hand slots, their face-down discards and the draw pile (§10); the
 * others' sealed answers are unknown, so they have not answered. A spectator's view samples
 * every hand.
 */
export function sample(v: ImbView, rng: Rng): ImbState {
  const t = cloneTable(v.table);
  const n = t.players;
  const me = v.viewer !== null && v.hand !== null ? v.viewer : -1;
  const placed = new Set<string>([...publicCards(t), ...(v.hand ?? []), ...v.myDiscards]);
  const pool = rng.shuffle(ALL_CARDS.filter((c) => !placed.has(c)));
  const hands: string[][] = [];
  for (let p = 0; p < n; p++) {
    if (p === me) {
      hands.push(v.hand!.slice());
      continue;
    }
    const known = t.known[p].slice();
    const hand = known.slice();
    for (let k = known.length; k < v.handCounts[p]; k++) hand.push(pool.pop()!);
    // The known cards keep no particular place among the unknown ones.
    hands.push(rng.shuffle(hand));
  }
  const hidden: { card: string; seat: number }[] = [];
  for (let p = 0; p < n; p++) {
    if (p === me) {
      for (const card of v.myDiscards) hidden.push({ card, seat: p });
      continue;
    }
    for (let k = 0; k < t.hiddenDiscards[p]; k++) hidden.push({ card: pool.pop()!, seat: p });
  }
  const answers = new Array<number>(n).fill(0);
  const stopCards = new Array<string>(n).fill('');
  const stopOrder: number[] = [];
  if (me >= 0 && v.answer !== null) {
    answers[me] = v.answer === 'pass' ? 1 : 2;
    if (v.answer !== 'pass') {
      stopCards[me] = v.answer;
      stopOrder.push(me);
    }
  }
  return {
    options: JSON.parse(JSON.stringify(v.options)) as ImbOptions,
    rng: Rng.fromSeed(rng.deriveSeed()),
    dice: [],
    reshuffles: [],
    pub: t,
    hands,
    draw: pool,
    hidden,
    answers,
    stopCards,
    stopOrder,
  };
}
