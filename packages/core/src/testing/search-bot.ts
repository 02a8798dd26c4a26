/**
 * A searching bot for any game, from its rules alone (every legal move a candidate, random
 * playouts, a win as the reward): core's tests of the search and of `parallelBot` use it on
 * the toy game `bidVeto`, and a worker thread can make it by name (`bidVetoSearchBot`).
 */
import type { Bot } from '../bot.js';
import { CLOCK, type AnyGame, type Seat } from '../game.js';
import { ismctsBot, type SearchBudget, type SearchHooks } from '../ismcts.js';
import { bidVeto } from './bid-veto.js';

export function plainSearchBot<G extends AnyGame>(game: G, budget: SearchBudget): Bot {
  const hooks: SearchHooks<unknown, ReturnType<G['clone']>, unknown> = {
    candidates: (view, seat, rng) => game.legalMoves(game.sample(view, rng), seat),
    rollout(state, rng) {
      for (let guard = 0; guard < 10_000 && !game.isOver(state); guard++) {
        const seats = game.activeSeats(state);
        if (seats.length === 0) {
          // Only a clock can move on: its time runs out.
          const clock = game.clocks?.(state).find((c) => c.running);
          if (!clock || game.applyInPlace(state, CLOCK, clock.expiry)) break;
          continue;
        }
        const move = game.randomMove(state, seats[0], rng);
        if (move === undefined || game.applyInPlace(state, seats[0], move)) break;
      }
    },
    reward(state, seat: Seat) {
      const winners = game.outcome(state)?.winners ?? [];
      return winners.includes(seat) ? 1 / winners.length : 0;
    },
  };
  return ismctsBot(game, hooks as never, budget, 'search');
}

/** `plainSearchBot` on `bidVeto`: a budget of `iterations` playouts, or of `timeMs`. */
export const bidVetoSearchBot = (budget: SearchBudget): Bot =>
  plainSearchBot(bidVeto as unknown as AnyGame, budget);
