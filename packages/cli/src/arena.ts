// `boss arena`: bots against bots with rotating seats, in worker threads, reported with intervals and ratings.
import { writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Bot } from '@boss-table/core';
import { defaultGameId, findGame, GAMES } from '@boss-table/games';
import { findMeta } from '@boss-table/games/meta';
import { parseBotSpec } from '@boss-table/games/bots';
import { helpText, parseArgs, UsageError, type Command, type FlagSpec, type Io } from './args.js';
import { playArenaGame, type ArenaGameResult, type ArenaJob } from './arena-games.js';
import { plotSvg, seatsFor, summarise, type BotStats } from './arena-stats.js';
import { openResults, type KeptResults } from './arena-results.js';
import { displayRating, newRating, rateGame, type Rating } from '@boss-table/ratings';

const FLAGS: Record<string, FlagSpec> = {
  game: { type: 'string', help: `the game: ${Object.keys(GAMES).join(', ')} (default the first)` },
  players: { type: 'int', min: 2, max: 6, help: 'players per game (default: one per bot)' },
  bots: { type: 'string', help: 'bot spec of each seat, comma-separated (required)' },
  games: { type: 'int', min: 1, max: 1_000_000, help: 'how many games (default 100)' },
  rules: {
    type: 'string',
    help: "the game's rule set, when it has several (it checks the name)",
  },
  seed: { type: 'string', help: 'seed of the tournament (default "arena")' },
  budget: { type: 'int', min: 1, max: 60_000, help: 'deadline per decision in ms (default 1000)' },
  workers: {
    type: 'int',
    min: 0,
    max: 256,
    help: 'parallel games (default: cores; 0 = in this thread)',
  },
  json: { type: 'boolean', help: 'print one JSON object with the results' },
  results: {
    type: 'string',
    help: 'keep each game in this file as it ends (JSON Lines); the same command again goes on where it stopped',
  },
  plot: { type: 'string', help: 'write an SVG chart of win rates and scores to this file' },
  rate: {
    type: 'boolean',
    help: 'also rate each bot (Weng-Lin, as players are rated), e.g. "ismcts:hard ≈ 1850"',
  },
  'from-ladder': {
    type: 'boolean',
    help: "with --rate: start each level from the game's measured ladder, so a new one is rated on its scale",
  },
};
const USAGE =
  'boss arena --bots A,B,... [--players N] [--games G] [--rules R] [--seed S] [--rate [--from-ladder]] [--json] [--plot FILE.svg] [--results FILE.jsonl]';
const SUMMARY =
  'Plays bots against each other, rotating seats so each bot plays every seat equally, and\nreports per bot: win rate with a 95 % interval, mean score and decision times.';

export interface ArenaConfig {
  readonly gameId: string;
  readonly options: unknown;
  readonly specs: readonly string[];
  readonly games: number;
  readonly seed: string;
  readonly budgetMs: number;
  readonly workers: number;
}

export function jobsFor(c: ArenaConfig): ArenaJob[] {
  return Array.from({ length: c.games }, (_, index) => ({
    index,
    gameId: c.gameId,
    options: c.options,
    seed: `${c.seed}/${index}`,
    seats: seatsFor(c.specs, index),
    budgetMs: c.budgetMs,
  }));
}

/**
 * Runs every game, in worker threads or (workers 0) in this thread; `progress` after each.
 * With `kept`, the games it already holds are not played again, and each game played is
 * handed to it as it ends.
 */
export async function runArena(
  c: ArenaConfig,
  progress: (done: number) => void = () => {},
  kept?: Pick<KeptResults, 'done' | 'add'>,
): Promise<ArenaGameResult[]> {
  const results = (kept?.done ?? []).filter((r) => r.index < c.games);
  const had = new Set(results.map((r) => r.index));
  const jobs = jobsFor(c).filter((j) => !had.has(j.index));
  const ended = (result: ArenaGameResult) => {
    results.push(result);
    kept?.add(result);
    progress(results.length);
  };
  if (c.workers === 0) {
    const cache = new Map<string, Bot>();
    for (const job of jobs) {
      ended(playArenaGame(job, cache));
      await new Promise((r) => setImmediate(r));
    }
    return results.sort((a, b) => a.index - b.index);
  }
  const url = new URL('./arena-worker.js', import.meta.url);
  let next = 0;
  if (jobs.length === 0) return results.sort((a, b) => a.index - b.index);
  const pool = Array.from({ length: Math.min(c.workers, jobs.length) }, () => new Worker(url));
  try {
    await Promise.all(
      pool.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const feed = () => worker.postMessage(next < jobs.length ? jobs[next++] : null);
            worker.on(
              'message',
              (m: { ok: true; result: ArenaGameResult } | { ok: false; message: string }) => {
                if (!m.ok) return reject(new Error(m.message));
                ended(m.result);
                feed();
              },
            );
            worker.on('error', reject);
            worker.on('exit', () => resolve());
            feed();
          }),
      ),
    );
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
  return results.sort((a, b) => a.index - b.index);
}

const duration = (s: number) =>
  s >= 3600
    ? `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`
    : s >= 60
      ? `${Math.floor(s / 60)}m${String(Math.round(s % 60)).padStart(2, '0')}s`
      : `${Math.round(s)}s`;

/** A progress bar with an ETA on a terminal, a plain line every 10 % otherwise. */
export function progressReporter(
  total: number,
  tty: boolean,
  write: (s: string) => void,
  unit = 'games',
  already = 0,
) {
  const started = performance.now();
  let lastTenth = -1;
  return (done: number) => {
    const elapsed = (performance.now() - started) / 1000;
    const eta = done > already ? (elapsed / (done - already)) * (total - done) : 0;
    if (tty) {
      const width = 30;
      const filled = Math.round((done / total) * width);
      write(
        `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${unit}, ETA ${duration(eta)} `,
      );
      if (done === total) write('\n');
    } else {
      const tenth = Math.floor((done * 10) / total);
      if (tenth !== lastTenth) {
        lastTenth = tenth;
        write(`${done}/${total} ${unit}, ${duration(elapsed)} elapsed, ETA ${duration(eta)}\n`);
      }
    }
  };
}

export function formatTable(stats: readonly BotStats[], games: number): string {
  const rows = [
    ['bot', 'games', 'wins', 'win rate', '95% CI', 'mean score', 'mean ms', 'p95 ms'],
    ...stats.map((s) => [
      s.name,
      String(s.games),
      s.wins.toFixed(1),
      `${(s.winRate * 100).toFixed(1)}%`,
      `${(s.ci95[0] * 100).toFixed(1)}-${(s.ci95[1] * 100).toFixed(1)}%`,
      s.meanScore.toFixed(2),
      s.meanDecisionMs.toFixed(2),
      s.p95DecisionMs.toFixed(2),
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return [
    `${games} games`,
    ...rows.map((r) =>
      r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '),
    ),
  ].join('\n');
}

export const arenaCommand: Command = {
  name: 'arena',
  summary: 'a tournament between bots, with win rates and intervals',
  async run(argv: readonly string[], io: Io) {
    if (argv.includes('--help')) {
      io.out(helpText(USAGE, SUMMARY, FLAGS));
      return 0;
    }
    const { flags, positional } = parseArgs(argv, FLAGS, 'arena');
    if (positional.length) throw new UsageError(`usage: ${USAGE}`);
    const gameId = (flags.game as string | undefined) ?? defaultGameId();
    const game = findGame(gameId);
    if (!game)
      throw new UsageError(
        `boss arena: no game "${gameId}"; known: ${Object.keys(GAMES).join(', ')}.`,
      );
    if (flags.bots === undefined)
      throw new UsageError(`boss arena: --bots is required (usage: ${USAGE}).`);
    const specs = (flags.bots as string).split(',').map((s) => s.trim());
    for (const spec of specs) {
      const parsed = parseBotSpec(gameId, spec);
      if (!parsed.ok) throw new UsageError(`boss arena: ${parsed.error.message}`);
    }
    const players = (flags.players as number | undefined) ?? specs.length;
    if (specs.length !== players)
      throw new UsageError(
        `boss arena: --bots lists ${specs.length} bots for ${players} players; give one per seat.`,
      );
    const options = { players, ...(flags.rules ? { rules: flags.rules } : {}) };
    const parsedOptions = game.parseOptions(options);
    if (!parsedOptions.ok) throw new UsageError(`boss arena: ${parsedOptions.error.message}`);
    const config: ArenaConfig = {
      gameId,
      options,
      specs,
      games: (flags.games as number | undefined) ?? 100,
      seed: (flags.seed as string | undefined) ?? 'arena',
      budgetMs: (flags.budget as number | undefined) ?? 1000,
      workers: (flags.workers as number | undefined) ?? availableParallelism(),
    };
    const ladder = findMeta(gameId)?.ladder;
    if (flags['from-ladder'] && !flags.rate)
      throw new UsageError('boss arena: --from-ladder goes with --rate.');
    if (flags['from-ladder'] && !ladder)
      throw new UsageError(`boss arena: ${gameId} has no measured ladder to start from.`);
    const prior = new Map<string, Rating>(
      flags['from-ladder'] && ladder
        ? ladder.rungs.map((r) => [r.bot, { mu: r.mu, sigma: r.sigma }])
        : [],
    );
    const kept = flags.results ? openResults(flags.results as string, config) : undefined;
    const already = kept?.done.filter((r) => r.index < config.games).length ?? 0;
    if (kept && already > 0)
      process.stderr.write(
        `${flags.results as string}: ${already} of ${config.games} games already played.\n`,
      );
    const report = progressReporter(
      config.games,
      process.stderr.isTTY === true,
      (s) => process.stderr.write(s),
      'games',
      already,
    );
    let results: ArenaGameResult[];
    try {
      results = await runArena(config, report, kept);
    } finally {
      kept?.close();
    }
    const stats = summarise(specs, results);
    if (flags.plot) {
      const title = `${game.name}, ${players} players, ${config.games} games: ${specs.join(' vs ')}`;
      await writeFile(flags.plot as string, plotSvg(stats, title));
    }
    const ratings = flags.rate ? rateBots(results, prior) : undefined;
    if (flags.json)
      io.out(
        JSON.stringify({
          games: config.games,
          ...(ratings ? { ratings } : {}),
          bots: stats.map((s) => ({
            name: s.name,
            games: s.games,
            wins: s.wins,
            winRate: s.winRate,
            ci95: s.ci95,
            meanScore: s.meanScore,
            meanDecisionMs: s.meanDecisionMs,
            p95DecisionMs: s.p95DecisionMs,
          })),
        }),
      );
    else {
      io.out(formatTable(stats, config.games));
      if (ratings) io.out(formatRatings(ratings));
    }
    return 0;
  },
};

export interface BotRating {
  readonly name: string;
  /** The rating shown to people (`displayRating`). */
  readonly rating: number;
  readonly mu: number;
  readonly sigma: number;
}

/**
 * Rates each bot spec over the games in order, as the site rates players: one rating per
 * spec; when a spec holds several seats of one game, each seat is rated as a player of that
 * rating and the spec takes the mean of their new ratings. `prior`: where each spec starts
 * (a measured ladder), so that the games carry it on; a spec without one starts as a new
 * player. Only the specs that played are returned.
 */
export function rateBots(
  results: readonly ArenaGameResult[],
  prior: ReadonlyMap<string, Rating> = new Map(),
): BotRating[] {
  const ratings = new Map<string, Rating>();
  for (const g of results) {
    for (const spec of g.seats)
      if (!ratings.has(spec)) ratings.set(spec, prior.get(spec) ?? newRating());
    const before = g.seats.map((spec) => ratings.get(spec)!);
    const after = rateGame(before, {
      winners: g.winners,
      scores: g.scores,
      ranking: g.ranking,
      decidedBy: '',
    });
    for (const spec of new Set(g.seats)) {
      const mine = after.filter((_, seat) => g.seats[seat] === spec);
      ratings.set(spec, {
        mu: mine.reduce((s, r) => s + r.mu, 0) / mine.length,
        sigma: mine.reduce((s, r) => s + r.sigma, 0) / mine.length,
      });
    }
  }
  return [...ratings]
    .map(([name, r]) => ({ name, rating: displayRating(r), mu: r.mu, sigma: r.sigma }))
    .sort((a, b) => b.rating - a.rating);
}

export function formatRatings(ratings: readonly BotRating[]): string {
  const lines = ratings.map(
    (r) => `  ${r.name} ≈ ${r.rating}  (μ ${r.mu.toFixed(1)}, σ ${r.sigma.toFixed(2)})`,
  );
  return `Ratings (Weng-Lin; shown as 1500 + 40 × (μ − 3σ), a new player 1500):\n${lines.join('\n')}\n`;
}
