// I'm the Boss!'s searching bot: IS-MCTS at decisions that matter, the rules of thumb for everything else.
import {
  CLOCK,
  ismctsBot,
  WAIT,
  type Appraisal,
  type Bot,
  Rng,
  type SearchBudget,
  type SearchHooks,
} from '@boss-table/core';
import { kindOf } from '../cards.js';
import { clocks } from '../clocks.js';
import { imTheBoss } from '../game.js';
import type { ImbMove } from '../move.js';
import { activeSeats, applyMove, legalMovesOf } from '../rules.js';
import type { ImbState } from '../state.js';
import type { ImbView } from '../view.js';
import { BOARD } from '../data.js';
import { openingClan, safeMove, seenFromState, seenFromView, thumbMove } from './heuristic.js';

export type IsmctsLevel = 'easy' | 'medium' | 'hard';

export const IMB_ISMCTS_LEVELS: Readonly<Record<IsmctsLevel, SearchBudget>> = {
  easy: { timeMs: 25 },
  medium: { timeMs: 250 },
  hard: { timeMs: 900 },
};

const EPSILON = 0.05;
/** Playouts stop once this many more deals are over (closed or broken down). */
const DEALS_AHEAD = 3;
const ROLLOUT_MOVES = 600;

/** One move of the playout policy (rules of thumb, now and then a random one); false: stuck. */
function rolloutStep(s: ImbState, rng: Rng): boolean {
  const active = activeSeats(s);
  if (active.length > 1) rng.shuffle(active);
  for (const seat of active) {
    let move: ImbMove | null;
    // A random move now and then, outside deals only (in a deal a seat has hundreds).
    if (s.pub.phase !== 'deal' && rng.float() < EPSILON) {
      const legal = legalMovesOf(s, seat);
      move = legal.length > 0 ? legal[rng.int(legal.length)] : null;
    } else move = thumbMove(seenFromState(s, seat));
    if (move === null) continue;
    if (!applyMove(s, seat, move, null)) return true;
    // Refused (the thumb's guess was stale): a plain move, cheaply, instead of listing all.
    for (const plain of PLAIN) if (!applyMove(s, seat, plain, null)) return true;
  }
  // Everyone waits: the clock that runs out first.
  const running = clocks(s).filter((c) => c.running);
  if (running.length === 0) return false;
  const next = running.reduce((a, b) => (b.ms < a.ms ? b : a));
  return !applyMove(s, CLOCK, next.expiry, null);
}

const PLAIN: readonly ImbMove[] = [{ type: 'pass' }, { type: 'roll' }, { type: 'draw' }];

const dealsOver = (s: ImbState) => s.pub.deals - (s.pub.deal ? 1 : 0);

const hooks: SearchHooks<ImbView, ImbState, unknown> = {
  candidates: (v, seat, rng) => searchCandidates(v, seat, rng),
  rollout(s, rng, stopAt) {
    const target = dealsOver(s) + DEALS_AHEAD;
    for (let k = 0; s.pub.phase !== 'over' && dealsOver(s) < target && k < ROLLOUT_MOVES; k++) {
      if ((k & 7) === 7 && performance.now() > stopAt) return;
      if (!rolloutStep(s, rng)) return;
    }
  },
  reward(s, seat) {
    const money = s.pub.money;
    if (s.pub.outcome) return s.pub.outcome.winners.includes(seat) ? 1 : 0;
    let best = 0;
    for (let p = 0; p < money.length; p++) if (p !== seat) best = Math.max(best, money[p]);
    return Math.min(1, Math.max(0, 0.5 + (money[seat] - best) / 120));
  },
};

/**
 * Moves worth comparing at a decision, the rules of thumb's first; only legal ones (the search
 * returns its first candidate when it has no time to play any out).
 */
export function searchCandidates(v: ImbView, seat: number, rng: Rng): ImbMove[] {
  const w = seenFromView(v);
  const first = thumbMove(w);
  const out: ImbMove[] = first ? [first] : [];
  const add = (m: ImbMove) => {
    if (!out.some((x) => JSON.stringify(x) === JSON.stringify(m))) out.push(m);
  };
  const t = v.table;
  const hand = v.hand ?? [];
  if (t.phase === 'start') add({ type: 'roll' });
  if (t.phase === 'moved' && !t.mustDeal) add({ type: 'draw' });
  if (t.phase === 'start' || t.phase === 'moved')
    add({ type: 'declareDeal', clan: openingClan(w, BOARD[t.marker - 1]) });
  const d = t.deal;
  if (d && d.phase === 'stop' && v.answer === null) {
    add({ type: 'pass' });
    const stop = hand.find((c) => kindOf(c) === 'stop');
    if (stop) add({ type: 'playStop', card: stop });
  }
  if (d && d.phase === 'lastCall' && v.answer === null && seat !== d.boss) {
    add({ type: 'pass' });
    const boss = hand.find((c) => kindOf(c) === 'boss');
    if (boss) add({ type: 'playBoss', card: boss });
  }
  if (d && d.phase === 'open') {
    for (const p of d.proposals)
      if (p.to === seat) {
        add({ type: 'accept', id: p.id });
        add({ type: 'reject', id: p.id });
      }
    if (first?.type === 'propose')
      for (const dv of [first.dividends + 1, first.dividends + 2])
        if (dv <= d.D) add({ ...first, dividends: dv });
  }
  // Whether a move is legal depends only on what the seat sees (the deal's terms, its hand):
  // one drawn state tells. An accept may overcommit the deal's dividends, a proposal's item
  // may be gone.
  const s = imTheBoss.sample(v, rng);
  const legal = out.filter((m) => !applyMove(imTheBoss.clone(s), seat, m, null));
  if (legal.length > 0 || out.length === 0) return legal;
  const fallback = legalMovesOf(s, seat);
  return fallback.length > 0 ? [fallback[0]] : [];
}

/** A seat decides by search only where a choice matters; elsewhere the rules of thumb act. */
const decisive = (v: ImbView, seat: number): boolean => {
  const t = v.table;
  if (t.phase === 'start' || t.phase === 'moved') return true;
  const d = t.deal;
  if (!d) return false;
  if (d.phase !== 'open') return true;
  return d.proposals.some((p) => p.to === seat);
};

/** IS-MCTS (core's search) from the seat's view, the rules of thumb as playout policy. */
export function imbIsmctsBot(level: IsmctsLevel = 'medium'): Bot<ImbView, ImbMove | null> {
  const search = ismctsBot(imTheBoss, hooks, IMB_ISMCTS_LEVELS[level], `ismcts:${level}`);
  return {
    name: `ismcts:${level}`,
    chooseMove(view, ctx) {
      const seat = view.viewer!;
      if (!decisive(view, seat)) {
        const move = thumbMove(seenFromView(view));
        if (move === null) return WAIT;
        return safeMove(imTheBoss.sample(view, ctx.rng), seat, move, ctx.rng);
      }
      return search.chooseMove(view, ctx) as ImbMove;
    },
    /**
     * The chance to win with the search's choice and with the move made, from the seat's own
     * view (core's appraisal: both moves played out on the same drawn hands). The search's
     * choice is its best among the candidates, even where the bot would let the rules of
     * thumb act.
     */
    appraise(view, ctx, played, best) {
      // A decision the search has no candidates for (a clan committed, a placard offered):
      // the move made is measured alone.
      const given =
        best ??
        (searchCandidates(view, view.viewer!, Rng.fromSeed('candidates')).length === 0
          ? played
          : undefined);
      return search.appraise!(view, ctx, played, given) as Appraisal<ImbMove | null>;
    },
  };
}
