// Boss Cards' searching bot: core's IS-MCTS with pruned root moves and rule-of-thumb playouts to round's end.
import {
  ismctsBot,
  type Bot,
  type Rng,
  type SearchBudget,
  type SearchHooks,
} from '@boss-table/core';
import { isAce, isBoss, rankOf, suitOf } from '../cards.js';
import { bossCards } from '../game.js';
import type { BossCardsMove } from '../move.js';
import { applyMove, randomMove } from '../play.js';
import { canDraw, replenishing, type BossCardsState } from '../state.js';
import type { BossCardsView } from '../view.js';
import { bestName, choiceMove, tableOf, thumbChoice } from './heuristic.js';

export type IsmctsLevel = 'easy' | 'medium' | 'hard';

export const BOSS_CARDS_ISMCTS_LEVELS: Readonly<Record<IsmctsLevel, SearchBudget>> = {
  easy: { timeMs: 25 },
  medium: { timeMs: 250 },
  hard: { timeMs: 900 },
};

const EPSILON = 0.1;
/** Playouts stop at the end of the current round (or after this many moves). */
const ROLLOUT_MOVES = 400;

/** The playout policy: the rules of thumb, with a uniformly random move now and then. */
function rolloutMove(s: BossCardsState, rng: Rng): BossCardsMove {
  if (rng.float() < EPSILON) return randomMove(s, s.turn, rng)!;
  const n = s.config.players;
  return choiceMove(
    thumbChoice({
      hand: s.hands[s.turn],
      demandSuit: s.demandSuit,
      demandRank: s.demandRank,
      canDraw: canDraw(s),
      nextCount: s.hands[(s.turn + 1) % n].length,
      replenishing: replenishing(s),
      aceNamesSuit: s.config.aceNamesSuit,
    }),
    s.config.decks,
  );
}

/**
 * Root moves worth searching: every plain card and the draw, and for each Boss card or ace
 * the name the rules of thumb would give (and, for a Boss card, the best rank too).
 */
function candidates(v: BossCardsView): BossCardsMove[] {
  const t = tableOf(v);
  const first = choiceMove(thumbChoice(t), v.options.decks);
  const key = (m: BossCardsMove) => JSON.stringify(m);
  const out = new Map<string, BossCardsMove>([[key(first), first]]);
  const seen = new Set<number>();
  for (const c of t.hand) {
    // The two copies of a card with two decks play alike.
    const face = c % 52;
    if (seen.has(face)) continue;
    seen.add(face);
    if (isBoss(c)) {
      for (const name of new Set([bestName(t.hand, c, false), bestName(t.hand, c, true)]))
        out.set(
          key(choiceMove({ card: c, name }, v.options.decks)),
          choiceMove({ card: c, name }, v.options.decks),
        );
    } else if (isAce(c)) {
      const m = choiceMove(
        { card: c, name: t.aceNamesSuit ? bestName(t.hand, c, false) : -1 },
        v.options.decks,
      );
      out.set(key(m), m);
    } else if (suitOf(c) === t.demandSuit || rankOf(c) === t.demandRank) {
      const m = choiceMove({ card: c, name: -1 }, v.options.decks);
      out.set(key(m), m);
    }
  }
  if (t.canDraw) out.set(key({ type: 'draw' }), { type: 'draw' });
  const moves = [...out.values()];
  return moves.length > 0 ? moves : [{ type: 'pass' }];
}

const hooks: SearchHooks<BossCardsView, BossCardsState, unknown> = {
  candidates: (v) => candidates(v),
  rollout(s, rng, stopAt) {
    const round = s.round;
    for (let k = 0; s.winner === null && s.round === round && k < ROLLOUT_MOVES; k++) {
      if ((k & 31) === 31 && performance.now() > stopAt) return;
      applyMove(s, s.turn, rolloutMove(s, rng), null);
    }
  },
  reward(s, seat) {
    if (s.winner !== null) return s.winner === seat ? 1 : 0;
    let best = 0;
    for (let p = 0; p < s.config.players; p++) if (p !== seat) best = Math.max(best, s.scores[p]);
    return Math.min(1, Math.max(0, 0.5 + (s.scores[seat] - best) / (2 * s.config.target)));
  },
};

/** IS-MCTS (core's search) with this game's sampler and the rules of thumb as playout policy. */
export function ismctsBossCardsBot(level: IsmctsLevel = 'medium'): Bot<BossCardsView, unknown> {
  return ismctsBot(bossCards, hooks, BOSS_CARDS_ISMCTS_LEVELS[level], `ismcts:${level}`);
}
