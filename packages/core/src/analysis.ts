// Post-game analysis: each decision of one seat appraised by a search from the view that seat had then.
import type { Bot } from './bot.js';
import type { AnyGame, Seat } from './game.js';
import { replay, type GameRecord, type RecordError } from './record.js';
import { err, ok, type Result } from './result.js';
import { Rng } from './rng.js';

/**
 * Post-game analysis: for each decision of one seat, what a searching bot would have played
 * and the estimated chance to win before and after the move made — computed from the view
 * that seat had at that moment (never the hidden cards: the bot sees only the view, and its
 * search draws the hidden state from it).
 */

/** One of the seat's decisions: where it stood and what it played. */
export interface Decision {
  /** The move's index in the record's `moves`. */
  readonly index: number;
  readonly seat: Seat;
  /** The seat's view just before its move (all the analysis may know). */
  readonly view: unknown;
  readonly played: unknown;
}

export interface DecisionReport {
  readonly index: number;
  readonly seat: Seat;
  readonly played: unknown;
  /** The bot's preferred move. */
  readonly best: unknown;
  /** Estimated chance to win with the best move, and with the move made. */
  readonly before: number;
  readonly after: number;
  /** `before − after`, never below 0; 0 when the move made is the bot's. */
  readonly loss: number;
  readonly sameAsBest: boolean;
  /** One of the costliest decisions of the game (see `AnalysisOptions.flag`). */
  flagged: boolean;
}

/** The seat's decisions in a record, each with the view it had. */
export function decisionsOf<G extends AnyGame>(
  game: G,
  record: GameRecord,
  seat: Seat,
): Result<Decision[], RecordError> {
  const decisions: Decision[] = [];
  let before: ReturnType<G['clone']> | null = null;
  let index = -1;
  const replayed = replay(game, record, {
    onStep: (state) => {
      // `state` is the position after move `index` (after setup when -1): the next move's
      // position, which is the seat's decision when it is the seat's move.
      before = state;
      index++;
      const next = record.moves[index];
      if (next === undefined || next.seat !== seat) return;
      if (!game.activeSeats(before).includes(seat)) return;
      const { seat: _seat, ...raw } = next;
      const move = game.parseMove(raw);
      if (!move.ok) return; // the replay itself reports it
      decisions.push({ index, seat, view: game.view(before, seat), played: move.value });
    },
  });
  if (!replayed.ok) return err(replayed.error);
  return ok(decisions);
}

/** Appraises one decision with the bot (which must offer `appraise`). */
export function appraiseDecision(bot: Bot, decision: Decision, budgetMs: number, seed: string) {
  if (!bot.appraise) throw new Error(`The bot "${bot.name}" cannot appraise moves.`);
  const appraisal = bot.appraise(
    decision.view,
    {
      rng: Rng.fromSeed(`${seed}/analysis/${decision.index}`),
      deadline: performance.now() + budgetMs,
    },
    decision.played,
  );
  const key = JSON.stringify(decision.played);
  const best = appraisal.moves.find((m) => m.move === appraisal.best) ?? appraisal.moves[0];
  const made = appraisal.moves.find((m) => JSON.stringify(m.move) === key);
  const sameAsBest = JSON.stringify(appraisal.best) === key;
  const before = best?.winChance ?? 0;
  const after = sameAsBest ? before : (made?.winChance ?? 0);
  return {
    index: decision.index,
    seat: decision.seat,
    played: decision.played,
    best: appraisal.best,
    before,
    after,
    loss: Math.max(0, before - after),
    sameAsBest,
    flagged: false,
  } satisfies DecisionReport;
}

export interface AnalysisOptions {
  /** Think time per decision, in ms. */
  readonly budgetMs: number;
  /** Seeds the bot's draws (the same seed gives the same analysis under an iteration budget). */
  readonly seed?: string;
  /** How many of the costliest decisions to flag (default 3); a loss under 0.03 is never flagged. */
  readonly flag?: number;
  readonly onProgress?: (done: number, total: number) => void;
}

/** Flags the costliest decisions, in place. */
export function flagCostliest(reports: DecisionReport[], count = 3, least = 0.03): void {
  const order = [...reports].sort((a, b) => b.loss - a.loss);
  for (const r of order.slice(0, count)) if (r.loss >= least) r.flagged = true;
}

/** Every decision of `seat` in the record, appraised in turn by the bot. */
export function analyzeRecord<G extends AnyGame>(
  game: G,
  record: GameRecord,
  seat: Seat,
  bot: Bot,
  options: AnalysisOptions,
): Result<DecisionReport[], RecordError> {
  const decisions = decisionsOf(game, record, seat);
  if (!decisions.ok) return decisions;
  const reports: DecisionReport[] = [];
  for (const d of decisions.value) {
    reports.push(appraiseDecision(bot, d, options.budgetMs, options.seed ?? record.seed));
    options.onProgress?.(reports.length, decisions.value.length);
  }
  flagCostliest(reports, options.flag);
  return ok(reports);
}
