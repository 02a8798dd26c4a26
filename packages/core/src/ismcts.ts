import type { Bot, BotContext } from './bot.js';
import type { AnyGame, Seat } from './game.js';
import type { Rng } from './rng.js';

/** What a game adds to the generic search: which moves to consider, and how to play on. */
export interface SearchHooks<View, State, Move> {
  /** The moves worth considering at the root, best first (the first is the fallback). */
  candidates(view: View, seat: Seat, rng: Rng): Move[];
  /**
   * Plays a state on, in place, to where `reward` can judge it (usually the game's end).
   * It may stop early once `performance.now()` passes `stopAt`: the search then has no time
   * left and drops the playout when paired (otherwise it is judged as it stands).
   */
  rollout(state: State, rng: Rng, stopAt: number): void;
  /** How good the state is for `seat`, in [0, 1] (1: a sure win). */
  reward(state: State, seat: Seat): number;
}

export interface SearchBudget {
  /** Stop after this many playouts (deterministic under a fixed seed). */
  readonly iterations?: number;
  /** Stop after this long, in ms (never later than the context's deadline). */
  readonly timeMs?: number;
  /** UCB1 exploration constant. */
  readonly exploration?: number;
  /**
   * Paired playouts instead of UCB1: each iteration draws one hidden state and plays every
   * candidate from it, so candidates are compared on the same cards (common random numbers);
   * the best mean wins, ties to the earlier candidate. Worth it with few candidates and a
   * playout policy that is deterministic given the state.
   */
  readonly paired?: boolean;
}

/** Time kept back from the deadline to return the move. */
const SAFETY_MS = 2;

/**
 * Information-set Monte Carlo search from one seat's view. Each playout draws a complete
 * hidden state from the view with the game's exact sampler (a determinization), tries one
 * of the candidate moves chosen by UCB1 over all playouts so far, and plays on with the
 * game's rollout policy. Statistics are kept per move of the information set, not per
 * determinization, so no playout uses what the seat cannot know. The tree is expanded at the
 * root only: with hundreds of moves per turn, deeper nodes would see too few visits within
 * a second.
 *
 * Always returns a legal move in time: the first candidate before any playout has run.
 */
export function ismctsBot<G extends AnyGame>(
  game: G,
  hooks: SearchHooks<Parameters<G['viewer']>[0], ReturnType<G['clone']>, unknown>,
  budget: SearchBudget,
  name = 'ismcts',
): Bot<Parameters<G['viewer']>[0], unknown> {
  return {
    name,
    chooseMove(view, ctx: BotContext) {
      const seat = game.viewer(view);
      if (seat === null) throw new Error('A spectator has no move to make.');
      return search(game, hooks, budget, view, seat, ctx).move;
    },
  };
}

export interface SearchResult<Move> {
  readonly move: Move;
  readonly iterations: number;
  readonly visits: readonly number[];
  readonly values: readonly number[];
}

export function search<G extends AnyGame>(
  game: G,
  hooks: SearchHooks<Parameters<G['viewer']>[0], ReturnType<G['clone']>, unknown>,
  budget: SearchBudget,
  view: Parameters<G['viewer']>[0],
  seat: Seat,
  ctx: BotContext,
): SearchResult<unknown> {
  const { rng } = ctx;
  const stopAt = Math.min(
    ctx.deadline - SAFETY_MS,
    budget.timeMs !== undefined ? performance.now() + budget.timeMs : Infinity,
  );
  const maxIterations = budget.iterations ?? Infinity;
  const c = budget.exploration ?? 0.7;
  const moves = hooks.candidates(view, seat, rng);
  if (moves.length === 0) throw new Error(`Seat ${seat} has no move to consider.`);
  const visits = new Array<number>(moves.length).fill(0);
  const values = new Array<number>(moves.length).fill(0);
  const illegal = new Array<boolean>(moves.length).fill(false);
  let iterations = 0;
  if (budget.paired && moves.length > 1) {
    // Only whole draws count: one cut short by time would favour the candidates played first.
    const draw = new Array<number>(moves.length).fill(0);
    while (iterations < maxIterations && performance.now() < stopAt) {
      const drawn = game.sample(view, rng);
      let whole = true;
      for (let i = 0; i < moves.length; i++) {
        if (illegal[i]) continue;
        if (performance.now() >= stopAt) {
          whole = false;
          break;
        }
        const state = game.clone(drawn);
        if (game.applyInPlace(state, seat, moves[i])) {
          illegal[i] = true;
          continue;
        }
        hooks.rollout(state, rng, stopAt);
        if (performance.now() >= stopAt) {
          whole = false;
          break;
        }
        draw[i] = hooks.reward(state, seat);
      }
      if (!whole) break;
      iterations++;
      for (let i = 0; i < moves.length; i++)
        if (!illegal[i]) {
          visits[i]++;
          values[i] += draw[i];
        }
    }
    let chosen = illegal.indexOf(false);
    for (let i = chosen + 1; i < moves.length; i++)
      if (!illegal[i] && values[i] > values[chosen] + 1e-9) chosen = i;
    return { move: moves[Math.max(0, chosen)], iterations, visits, values };
  }
  if (moves.length > 1)
    while (iterations < maxIterations && performance.now() < stopAt) {
      // UCB1 over the candidates; each is tried once first.
      let pick = -1;
      let best = -Infinity;
      const logN = Math.log(iterations + 1);
      for (let i = 0; i < moves.length; i++) {
        if (illegal[i]) continue;
        const score =
          visits[i] === 0 ? 1e9 - i : values[i] / visits[i] + c * Math.sqrt(logN / visits[i]);
        if (score > best) {
          best = score;
          pick = i;
        }
      }
      if (pick < 0) break;
      const state = game.sample(view, rng);
      const broken = game.applyInPlace(state, seat, moves[pick]);
      iterations++;
      if (broken) {
        // The sampler's states agree with the view, so this means a bad candidate.
        illegal[pick] = true;
        continue;
      }
      hooks.rollout(state, rng, stopAt);
      visits[pick]++;
      values[pick] += hooks.reward(state, seat);
    }
  let chosen = 0;
  for (let i = 1; i < moves.length; i++)
    if (!illegal[i] && (illegal[chosen] || visits[i] > visits[chosen])) chosen = i;
  return { move: moves[chosen], iterations, visits, values };
}
