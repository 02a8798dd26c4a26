// Operator script: starts the site's bot ratings from the games' measured ladders, or from one arena run.
/**
 * `npm run seed-bot-ratings [-- --replace]`: gives every game's bot levels the ratings of the
 * game's measured ladder (its `meta` entry, from the runs in docs/benchmarks.md), so that
 * players see "Medium search ≈ 2805" and quick play finds bots of their strength before any
 * rated game with people. `-- --game GAME FILE.json` takes one `boss arena --rate --json` run
 * instead. A level that already has a rating on this server keeps it unless `--replace`. Same
 * database as the server (`DATA_DIR`, or `DATABASE_URL`).
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { LadderRung } from '@boss-table/core';
import { findGame } from '@boss-table/games';
import { GAME_METAS } from '@boss-table/games/meta';
import { openAccountStore } from '../players.js';

const USAGE = `Usage: npm run seed-bot-ratings -- [--replace]
       npm run seed-bot-ratings -- --game GAME FILE.json [--replace]
Without a file, every game's measured ladder (docs/benchmarks.md); FILE.json is the output
of \`boss arena --game GAME --rate --json\`.\n`;

interface ArenaJson {
  readonly ratings?: readonly { name: string; mu: number; sigma: number }[];
  readonly bots?: readonly { name: string; games: number; wins: number }[];
}

type Rungs = readonly Pick<LadderRung, 'bot' | 'mu' | 'sigma' | 'games' | 'wins'>[];

/** An arena run's ratings as ladder rungs; a string says why the file cannot be used. */
async function readArena(file: string): Promise<Rungs | string> {
  let arena: ArenaJson;
  try {
    arena = JSON.parse(await readFile(file, 'utf8')) as ArenaJson;
  } catch (e) {
    return `Cannot read ${file}: ${(e as Error).message}`;
  }
  if (!Array.isArray(arena.ratings) || arena.ratings.length === 0)
    return `${file} has no ratings: run boss arena with --rate --json.`;
  const rungs = [];
  for (const r of arena.ratings) {
    if (typeof r.name !== 'string' || !Number.isFinite(r.mu) || !Number.isFinite(r.sigma))
      return `${file} has a rating without a name, mu or sigma.`;
    const played = arena.bots?.find((b) => b.name === r.name);
    rungs.push({
      bot: r.name,
      mu: r.mu,
      sigma: r.sigma,
      games: played?.games ?? 1,
      wins: played?.wins ?? 0,
    });
  }
  return rungs;
}

export async function main(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  out: (text: string) => void,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      options: { game: { type: 'string' }, replace: { type: 'boolean' } },
      allowPositionals: true,
    });
  } catch (e) {
    out(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  const { game } = parsed.values;
  const [file, ...extra] = parsed.positionals;
  if (extra.length || (file === undefined) !== (game === undefined)) {
    out(USAGE);
    return 2;
  }
  const work: [string, Rungs][] = [];
  if (game !== undefined && file !== undefined) {
    if (!findGame(game)) {
      out(`No game "${game}".\n`);
      return 2;
    }
    const rungs = await readArena(file);
    if (typeof rungs === 'string') {
      out(`${rungs}\n`);
      return 1;
    }
    work.push([game, rungs]);
  } else {
    for (const meta of GAME_METAS) if (meta.ladder) work.push([meta.id, meta.ladder.rungs]);
  }
  const { store, close } = await openAccountStore(env);
  try {
    for (const [id, rungs] of work)
      for (const r of rungs) {
        const written = await store.seedRating(
          {
            subject: `bot:${r.bot}`,
            game: id,
            mu: r.mu,
            sigma: r.sigma,
            games: r.games,
            wins: r.wins,
          },
          parsed.values.replace === true,
        );
        out(`${id} ${r.bot}: ${written ? 'rated' : 'kept its rating (--replace to overwrite)'}\n`);
      }
    return 0;
  } finally {
    await close();
  }
}

if (process.argv[1]?.endsWith('seed-bot-ratings.js'))
  process.exitCode = await main(process.argv.slice(2), process.env, (t) => process.stdout.write(t));
