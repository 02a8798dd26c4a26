// `boss analyze`: where a finished game was lost, each decision of one seat judged by a searching bot.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import {
  appraiseDecision,
  decisionsOf,
  flagCostliest,
  type Decision,
  type DecisionReport,
  type GameEntry,
  type GameRecord,
} from '@boss-table/core';
import { parallelBot } from '@boss-table/core/threads';
import { makeBot, parseBotSpec } from '@boss-table/games/bots';
import { progressReporter } from './arena.js';
import { botRecipe } from './local-game.js';
import { helpText, parseArgs, UsageError, type Command, type FlagSpec, type Io } from './args.js';
import { loadRecordFile } from './replay.js';

const FLAGS: Record<string, FlagSpec> = {
  seat: { type: 'int', min: 1, max: 99, help: 'the seat to analyse, from 1 (required)' },
  bot: { type: 'string', help: 'the searching bot that judges (default ismcts:medium)' },
  move: {
    type: 'int',
    min: 1,
    max: 100_000,
    help: "only this move of the seat's (numbered as in the report), searched on every thread",
  },
  workers: { type: 'int', min: 0, max: 64, help: 'threads (default: one per core; 0: none)' },
  seed: { type: 'string', help: "the bot's seed (default: the record's)" },
  json: { type: 'boolean', help: 'print one JSON object, a report per decision' },
};
const USAGE = 'boss analyze FILE --seat K [--move M] [--bot ismcts:medium] [--workers N] [--json]';
const SUMMARY =
  "Where a finished game was lost: for each decision of one seat, the search's preferred move\nand the estimated chance to win before and after the move made, judged only from what\nthat seat knew then (its view, never the hidden cards); the costliest decisions flagged.";

/** What a worker is sent: the record, the seat, and which decisions (by move index). */
export interface AnalysisJob {
  readonly record: GameRecord;
  readonly seat: number;
  readonly bot: string;
  readonly budgetMs: number;
  readonly seed: string;
  readonly indices: readonly number[];
}

/** A searching bot thinks within its own budget; this is only the longest it may take. */
const DEADLINE_MS = 30_000;

/** Appraises every decision, in worker threads (or here with 0), `progress` after each. */
export async function analyzeDecisions(
  job: Omit<AnalysisJob, 'indices'>,
  decisions: readonly Decision[],
  entry: GameEntry,
  workers: number,
  progress: (done: number) => void = () => {},
): Promise<DecisionReport[]> {
  const reports: DecisionReport[] = [];
  if (workers === 0 || decisions.length < 2) {
    const made = makeBot(entry.game.id, job.bot);
    if (!made.ok) throw new Error(made.error.message);
    // One decision: its search and its measures are shared out over the threads instead.
    const parallel =
      workers > 1 && decisions.length === 1
        ? parallelBot(made.value, botRecipe(entry.game.id, job.bot), workers)
        : undefined;
    const bot = parallel ?? made.value;
    try {
      for (const d of decisions) {
        reports.push(appraiseDecision(bot, d, job.budgetMs, job.seed));
        progress(reports.length);
      }
    } finally {
      await parallel?.close();
    }
  } else {
    const n = Math.min(workers, decisions.length);
    const url = new URL('./analyze-worker.js', import.meta.url);
    const pool = Array.from({ length: n }, () => new Worker(url));
    try {
      await Promise.all(
        pool.map(
          (worker, w) =>
            new Promise<void>((resolve, reject) => {
              // Decisions dealt round robin: early and late ones (cheap and dear) spread evenly.
              const indices = decisions.filter((_, i) => i % n === w).map((d) => d.index);
              worker.on(
                'message',
                (
                  m:
                    | { ok: true; report: DecisionReport }
                    | { ok: true; done: true }
                    | { ok: false; message: string },
                ) => {
                  if (!m.ok) return reject(new Error(m.message));
                  if ('done' in m) return resolve();
                  reports.push(m.report);
                  progress(reports.length);
                },
              );
              worker.on('error', reject);
              worker.postMessage({ ...job, indices } satisfies AnalysisJob);
            }),
        ),
      );
    } finally {
      await Promise.all(pool.map((w) => w.terminate()));
    }
  }
  reports.sort((a, b) => a.index - b.index);
  flagCostliest(reports);
  return reports;
}

const percent = (p: number) => `${Math.round(p * 100)}%`;

export const analyzeCommand: Command = {
  name: 'analyze',
  summary:
    'Shows where a finished game was lost, decision by decision (from one seat\u2019s view).',
  async run(argv: readonly string[], io: Io): Promise<number> {
    const { flags, positional } = parseArgs(argv, FLAGS, 'analyze');
    if (flags.help) {
      io.out(helpText(USAGE, SUMMARY, FLAGS));
      return 0;
    }
    if (positional.length !== 1)
      throw new UsageError(`boss analyze: give one record file (usage: ${USAGE}).`);
    if (flags.seat === undefined)
      throw new UsageError(`boss analyze: --seat is required (usage: ${USAGE}).`);
    const loaded = await loadRecordFile(positional[0]);
    if (!loaded.ok) {
      io.err(`boss analyze: ${loaded.message}`);
      return 1;
    }
    const { record, entry } = loaded;
    const gameId = entry.game.id;
    const spec = (flags.bot as string | undefined) ?? 'ismcts:medium';
    const parsedSpec = parseBotSpec(gameId, spec);
    if (!parsedSpec.ok) throw new UsageError(`boss analyze: ${parsedSpec.error.message}`);
    const probe = makeBot(gameId, spec);
    if (!probe.ok || !probe.value.appraise) {
      // No level of the game's search judges moves (yet): say that, not "use a search bot".
      const search = makeBot(gameId, 'ismcts:medium');
      if (!search.ok || !search.value.appraise) {
        io.err(`boss analyze: analysis is not available for ${entry.game.name} yet.`);
        return 1;
      }
      throw new UsageError(
        `boss analyze: the bot "${spec}" does not search, so it cannot judge moves; use an ismcts level.`,
      );
    }
    const seat = (flags.seat as number) - 1;
    const players = record.players?.length ?? (record.options as { players?: number }).players;
    if (typeof players === 'number' && seat >= players)
      throw new UsageError(`boss analyze: --seat must be from 1 to ${players} for this game.`);
    const decisions = decisionsOf(entry.game, record, seat);
    if (!decisions.ok) {
      io.err(`boss analyze: ${positional[0]}: ${decisions.error.message}`);
      return 1;
    }
    if (decisions.value.length === 0) {
      io.err(`boss analyze: seat ${seat + 1} made no decision in this game.`);
      return 1;
    }
    const move = flags.move as number | undefined;
    const chosen =
      move === undefined ? decisions.value : decisions.value.filter((d) => d.index === move - 1);
    if (chosen.length === 0)
      throw new UsageError(
        `boss analyze: seat ${seat + 1} did not make move ${move}; its moves: ${decisions.value.map((d) => d.index + 1).join(', ')}.`,
      );
    const report = progressReporter(
      chosen.length,
      process.stderr.isTTY === true,
      (s) => process.stderr.write(s),
      'decisions',
    );
    const reports = await analyzeDecisions(
      {
        record,
        seat,
        bot: spec,
        budgetMs: DEADLINE_MS,
        seed: (flags.seed as string) ?? record.seed,
      },
      chosen,
      entry,
      (flags.workers as number | undefined) ?? availableParallelism(),
      report,
    );
    if (flags.json) {
      io.out(JSON.stringify({ game: gameId, seat: seat + 1, bot: spec, decisions: reports }));
      return 0;
    }
    const views = new Map(chosen.map((d) => [d.index, d.view]));
    const say = (move: unknown, index: number) =>
      entry.terminal ? entry.terminal.formatMove(move, views.get(index)) : JSON.stringify(move);
    const player = record.players?.[seat];
    const name = player?.name ?? player?.bot ?? 'the player';
    const lines = [
      `${entry.game.name}: the decisions of ${name} (seat ${seat + 1}), judged by ${spec} from that seat's view only.`,
      "Chance to win: with the search's choice → with the move made (each from the same drawn cards).",
      '',
    ];
    for (const r of reports) {
      const mark = r.flagged ? '!! ' : '   ';
      const chance = `${percent(r.before)} → ${percent(r.after)}`;
      lines.push(
        r.sameAsBest
          ? `${mark}move ${r.index + 1}: ${say(r.played, r.index)}  (the search agrees; ${percent(r.before)})`
          : `${mark}move ${r.index + 1}: ${say(r.played, r.index)}  — search: ${say(r.best, r.index)}  (${chance})`,
      );
    }
    const flagged = reports.filter((r) => r.flagged);
    const agreed = reports.filter((r) => r.sameAsBest).length;
    lines.push(
      '',
      `${reports.length} decisions; the search agrees with ${agreed}.`,
      flagged.length
        ? `Costliest (!!): ${flagged.map((r) => `move ${r.index + 1} (−${percent(r.loss)})`).join(', ')}.`
        : 'No decision cost a clear chance to win.',
    );
    io.out(lines.join('\n'));
    return 0;
  },
};
