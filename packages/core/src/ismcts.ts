// Core's information-set Monte Carlo tree search: a game adds candidates and playouts, the search does the rest.
import type { Appraisal, Bot, BotContext } from './bot.js';
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
  /**
   * Search a tree below the root (`treeSearch`) instead of scoring the root's candidates
   * only. Ignored when `paired` is set.
   */
  readonly tree?: boolean | TreeShape;
}

/** How the tree below the root grows. */
export interface TreeShape {
  /**
   * Progressive widening: a node visited n times offers its first ⌈k·n^α⌉ candidates (the
   * game's candidates come best first), so that nodes with hundreds of moves still grow deep.
   */
  readonly wideningK?: number;
  readonly wideningAlpha?: number;
  /** Deepest tree level; below it the rollout policy plays on. */
  readonly maxDepth?: number;
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
    appraise(view, ctx, played, best?) {
      const seat = game.viewer(view);
      if (seat === null) throw new Error('A spectator has no move to appraise.');
      return appraiseBySearch(game, hooks, budget, view, seat, ctx, played, best);
    },
    searchRoot(view, ctx) {
      const seat = game.viewer(view);
      if (seat === null) throw new Error('A spectator has no move to make.');
      return search(game, hooks, budget, view, seat, ctx);
    },
  };
}

/**
 * What a finished playout was worth to `seat` as a plain win (a shared win its share); a
 * playout cut short is judged by the game's reward.
 */
function winValue<G extends AnyGame>(
  game: G,
  hooks: SearchHooks<unknown, ReturnType<G['clone']>, unknown>,
  state: ReturnType<G['clone']>,
  seat: Seat,
): number {
  if (!game.isOver(state)) return hooks.reward(state, seat);
  const winners = game.outcome(state)?.winners ?? [];
  return winners.includes(seat) ? 1 / winners.length : 0;
}

export interface SearchResult<Move> {
  readonly move: Move;
  /** The root's candidates, in the order of the arrays below. */
  readonly moves: readonly Move[];
  readonly iterations: number;
  readonly visits: readonly number[];
  readonly values: readonly number[];
  /** Per candidate, the playouts' plain wins (see `winValue`), for analysis. */
  readonly wins: readonly number[];
  /**
   * How the move was chosen from these statistics: the most visits (UCB1 and the tree), or
   * the best mean value (paired playouts, where every candidate has the same visits).
   */
  readonly rule: 'visits' | 'mean';
}

/**
 * Root parallelisation: the statistics of several searches of the same decision (each with
 * its own generator, e.g. one per thread) summed move by move, and the move chosen from the
 * sums by the searches' rule (ties to the move listed first, in the order of `results`).
 * Moves are matched by their JSON, so searches whose candidates differ still add up.
 */
export function mergeSearchResults<Move>(
  results: readonly SearchResult<Move>[],
): SearchResult<Move> {
  if (results.length === 0) throw new Error('No search to merge.');
  const rule = results[0].rule;
  if (results.some((r) => r.rule !== rule)) throw new Error('Searches with different rules.');
  const index = new Map<string, number>();
  const moves: Move[] = [];
  const visits: number[] = [];
  const values: number[] = [];
  const wins: number[] = [];
  let iterations = 0;
  for (const r of results) {
    iterations += r.iterations;
    r.moves.forEach((move, i) => {
      const key = JSON.stringify(move);
      let at = index.get(key);
      if (at === undefined) {
        at = moves.length;
        index.set(key, at);
        moves.push(move);
        visits.push(0);
        values.push(0);
        wins.push(0);
      }
      visits[at] += r.visits[i];
      values[at] += r.values[i];
      wins[at] += r.wins[i];
    });
  }
  let chosen = -1;
  for (let i = 0; i < moves.length; i++) {
    if (visits[i] === 0) continue;
    if (chosen < 0) chosen = i;
    else if (
      rule === 'visits'
        ? visits[i] > visits[chosen]
        : values[i] / visits[i] > values[chosen] / visits[chosen] + 1e-9
    )
      chosen = i;
  }
  // No playout anywhere: the first search's own choice (its fallback, the first candidate).
  const move = chosen < 0 ? results[0].move : moves[chosen];
  return { move, moves, iterations, visits, values, wins, rule };
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
  const wins = new Array<number>(moves.length).fill(0);
  const judge = hooks as SearchHooks<unknown, ReturnType<G['clone']>, unknown>;
  if (budget.tree && !budget.paired && moves.length > 1)
    return treeSearch(
      game,
      hooks,
      budget.tree === true ? {} : budget.tree,
      c,
      {
        view,
        seat,
        rng,
        moves,
        stopAt,
        maxIterations,
      },
      wins,
    );
  const visits = new Array<number>(moves.length).fill(0);
  const values = new Array<number>(moves.length).fill(0);
  const illegal = new Array<boolean>(moves.length).fill(false);
  let iterations = 0;
  if (budget.paired && moves.length > 1) {
    const paired = pairedPlayouts(game, judge, view, seat, moves, rng, stopAt, maxIterations);
    let chosen = paired.illegal.indexOf(false);
    for (let i = chosen + 1; i < moves.length; i++)
      if (!paired.illegal[i] && paired.values[i] > paired.values[chosen] + 1e-9) chosen = i;
    return { move: moves[Math.max(0, chosen)], moves, ...paired, rule: 'mean' };
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
      wins[pick] += winValue(game, judge, state, seat);
    }
  let chosen = 0;
  for (let i = 1; i < moves.length; i++)
    if (!illegal[i] && (illegal[chosen] || visits[i] > visits[chosen])) chosen = i;
  return { move: moves[chosen], moves, iterations, visits, values, wins, rule: 'visits' };
}

/**
 * Paired playouts: each iteration draws one hidden state and plays every move from it, so the
 * moves are compared on the same cards (common random numbers). Only whole draws count: one
 * cut short by time would favour the moves played first.
 */
function pairedPlayouts<G extends AnyGame>(
  game: G,
  hooks: SearchHooks<unknown, ReturnType<G['clone']>, unknown>,
  view: unknown,
  seat: Seat,
  moves: readonly unknown[],
  rng: Rng,
  stopAt: number,
  maxIterations: number,
) {
  const visits = new Array<number>(moves.length).fill(0);
  const values = new Array<number>(moves.length).fill(0);
  const wins = new Array<number>(moves.length).fill(0);
  const illegal = new Array<boolean>(moves.length).fill(false);
  const draw = new Array<number>(moves.length).fill(0);
  const drawWin = new Array<number>(moves.length).fill(0);
  let iterations = 0;
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
      drawWin[i] = winValue(game, hooks, state, seat);
    }
    if (!whole) break;
    iterations++;
    for (let i = 0; i < moves.length; i++)
      if (!illegal[i]) {
        visits[i]++;
        values[i] += draw[i];
        wins[i] += drawWin[i];
      }
  }
  return { iterations, visits, values, wins, illegal };
}

/**
 * Appraises the move played against the search's own choice: a full search finds the best
 * move; then each of the two is measured alone, as long again. A tree search measures a move
 * with a tree below it (the others' best replies found, as in the search itself); a root-only
 * search with paired playouts, both moves on the same drawn cards, so that the difference
 * between their chances is not noise of unequal draws.
 */
function appraiseBySearch<G extends AnyGame>(
  game: G,
  hooks: SearchHooks<Parameters<G['viewer']>[0], ReturnType<G['clone']>, unknown>,
  budget: SearchBudget,
  view: Parameters<G['viewer']>[0],
  seat: Seat,
  ctx: BotContext,
  played: unknown,
  given?: unknown,
): Appraisal {
  const started = performance.now();
  // Given the choice (a root-parallel search found it), each move is measured for the
  // level's time, or up to the deadline when the level counts playouts.
  const best = given !== undefined ? given : search(game, hooks, budget, view, seat, ctx).move;
  const spent =
    given !== undefined ? ctx.deadline - SAFETY_MS - started : performance.now() - started;
  const same = JSON.stringify(best) === JSON.stringify(played);
  const moves = same ? [best] : [best, played];
  const maxIterations = budget.iterations ?? Infinity;
  // A level that counts playouts measures each move for as many, up to the deadline: timing
  // them by the search's own time would cut them short on a busy machine (even to none).
  const perMove =
    budget.timeMs !== undefined
      ? budget.timeMs
      : budget.iterations !== undefined
        ? Infinity
        : spent;
  const until = () => Math.min(ctx.deadline - SAFETY_MS, performance.now() + perMove);
  if (budget.tree && !budget.paired) {
    const shape = budget.tree === true ? {} : budget.tree;
    return {
      best,
      moves: moves.map((move) => {
        const wins = [0];
        const alone = treeSearch(
          game,
          hooks,
          shape,
          budget.exploration ?? 0.7,
          {
            view,
            seat,
            rng: ctx.rng,
            moves: [move],
            stopAt: until(),
            maxIterations,
          },
          wins,
        );
        const visits = alone.visits[0];
        return { move, winChance: visits > 0 ? wins[0] / visits : 0, visits };
      }),
    };
  }
  const paired = pairedPlayouts(
    game,
    hooks as SearchHooks<unknown, ReturnType<G['clone']>, unknown>,
    view,
    seat,
    moves,
    ctx.rng,
    until(),
    maxIterations,
  );
  return {
    best,
    moves: moves.map((move, i) => ({
      move,
      winChance: paired.visits[i] > 0 ? paired.wins[i] / paired.visits[i] : 0,
      visits: paired.visits[i],
    })),
  };
}

/** One move out of a tree node, with its statistics from the mover's side. */
interface Edge {
  readonly move: unknown;
  /** Playouts through this edge, and their total reward for the seat that moved. */
  visits: number;
  value: number;
  /** Playouts in which this move was on offer (ISUCT's count, in place of the parent's). */
  available: number;
  illegal: boolean;
  child: TreeNode | null;
}

interface TreeNode {
  visits: number;
  readonly edges: Map<string, Edge>;
}

interface RootSearch {
  readonly view: unknown;
  readonly seat: Seat;
  readonly rng: Rng;
  readonly moves: readonly unknown[];
  readonly stopAt: number;
  readonly maxIterations: number;
}

const newNode = (): TreeNode => ({ visits: 0, edges: new Map() });

function edgeOf(node: TreeNode, move: unknown): Edge {
  const key = JSON.stringify(move);
  let edge = node.edges.get(key);
  if (!edge) {
    edge = { move, visits: 0, value: 0, available: 0, illegal: false, child: null };
    node.edges.set(key, edge);
  }
  return edge;
}

/**
 * Single-observer information-set MCTS (Cowling, Powley and Whitehouse, 2012): every
 * iteration draws one hidden state consistent with the searching seat's view and walks
 * one tree of moves with it. At a node, the moves on offer are the game's candidates for
 * the seat to move, computed from that seat's view of the drawn state (so a playout never
 * lets a seat choose by cards it cannot see); statistics are per move, shared by every
 * draw, and a move's exploration term counts the playouts in which it was on offer. Below
 * the first new node, or where several seats or a clock act at once, the game's rollout
 * plays on. Each seat's edges hold that seat's reward, so every seat plays to win.
 */
function treeSearch<G extends AnyGame>(
  game: G,
  hooks: SearchHooks<Parameters<G['viewer']>[0], ReturnType<G['clone']>, unknown>,
  shape: TreeShape,
  c: number,
  root: RootSearch,
  wins: number[],
): SearchResult<unknown> {
  const { seat, rng, moves, stopAt, maxIterations } = root;
  const k = shape.wideningK ?? 2;
  const alpha = shape.wideningAlpha ?? 0.5;
  const maxDepth = shape.maxDepth ?? 12;
  const top = newNode();
  const rootEdges = moves.map((m) => edgeOf(top, m));
  let iterations = 0;
  const path: { edge: Edge; mover: Seat }[] = [];
  while (iterations < maxIterations && performance.now() < stopAt) {
    const state = game.sample(root.view, rng);
    path.length = 0;
    let node = top;
    for (let depth = 0; depth < maxDepth && !game.isOver(state); depth++) {
      let mover: Seat;
      let offered: readonly Edge[];
      if (depth === 0) {
        mover = seat;
        offered = rootEdges;
      } else {
        const active = game.activeSeats(state);
        if (active.length !== 1 || active[0] < 0) break;
        mover = active[0];
        const width = Math.max(1, Math.ceil(k * Math.pow(node.visits + 1, alpha)));
        const candidates = hooks.candidates(game.view(state, mover), mover, rng);
        offered = candidates.slice(0, width).map((m) => edgeOf(node, m));
      }
      let pick: Edge | null = null;
      let best = -Infinity;
      for (const edge of offered) {
        if (edge.illegal) continue;
        edge.available++;
        // Untried moves first, in the game's order; then ISUCT.
        const score =
          edge.visits === 0
            ? Infinity
            : edge.value / edge.visits + c * Math.sqrt(Math.log(edge.available) / edge.visits);
        if (score > best) {
          best = score;
          pick = edge;
        }
      }
      if (!pick) break;
      if (game.applyInPlace(state, mover, pick.move)) {
        // The root's candidates come from the view, so every draw agrees with them; deeper
        // ones come from the drawn state itself. A refusal means a bad candidate.
        pick.illegal = true;
        break;
      }
      node.visits++;
      path.push({ edge: pick, mover });
      const fresh = pick.visits === 0;
      pick.child ??= newNode();
      node = pick.child;
      if (fresh) break;
    }
    iterations++;
    if (path.length === 0) continue;
    hooks.rollout(state, rng, stopAt);
    const first = rootEdges.indexOf(path[0].edge);
    wins[first] += winValue(game, hooks as never, state, seat);
    const rewards = new Map<Seat, number>();
    for (const { edge, mover } of path) {
      let r = rewards.get(mover);
      if (r === undefined) rewards.set(mover, (r = hooks.reward(state, mover)));
      edge.visits++;
      edge.value += r;
    }
  }
  let chosen = 0;
  for (let i = 1; i < rootEdges.length; i++) {
    const e = rootEdges[i];
    const b = rootEdges[chosen];
    if (!e.illegal && (b.illegal || e.visits > b.visits)) chosen = i;
  }
  return {
    move: moves[chosen],
    moves,
    iterations,
    visits: rootEdges.map((e) => e.visits),
    values: rootEdges.map((e) => e.value),
    wins,
    rule: 'visits',
  };
}
