/**
 * `npm run seed-bot-ratings -- --game GAME arena.json [--replace]`: gives bot levels the
 * ratings a `boss arena --rate --json` run measured, so that players see "ismcts:hard ≈ 1850"
 * and quick play finds bots of their strength before any rated game with people. A level
 * that already has a rating on this server keeps it unless `--replace`. Same database as the
 * server (`DATA_DIR`, or `DATABASE_URL`).
 */
import { readFile } from 'node:fs/promises';
import { findGame } from '@boss-table/games';
import { openAccountStore } from '../players.js';

const USAGE = `Usage: npm run seed-bot-ratings -- --game GAME FILE.json [--replace]
FILE.json is the output of \`boss arena --game GAME --rate --json\`.\n`;

interface ArenaJson {
  readonly ratings?: readonly { name: string; mu: number; sigma: number }[];
  readonly bots?: readonly { name: string; games: number; wins: number }[];
}

export async function main(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  out: (text: string) => void,
): Promise<number> {
  const at = args.indexOf('--game');
  const game = at >= 0 ? args[at + 1] : undefined;
  const file = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--game');
  if (!game || !file) {
    out(USAGE);
    return 2;
  }
  if (!findGame(game)) {
    out(`No game "${game}".\n`);
    return 2;
  }
  let arena: ArenaJson;
  try {
    arena = JSON.parse(await readFile(file, 'utf8')) as ArenaJson;
  } catch (e) {
    out(`Cannot read ${file}: ${(e as Error).message}\n`);
    return 1;
  }
  if (!Array.isArray(arena.ratings) || arena.ratings.length === 0) {
    out(`${file} has no ratings: run boss arena with --rate --json.\n`);
    return 1;
  }
  const { store, close } = await openAccountStore(env);
  try {
    for (const r of arena.ratings) {
      if (typeof r.name !== 'string' || !Number.isFinite(r.mu) || !Number.isFinite(r.sigma))
        continue;
      const played = arena.bots?.find((b) => b.name === r.name);
      const written = await store.seedRating(
        {
          subject: `bot:${r.name}`,
          game,
          mu: r.mu,
          sigma: r.sigma,
          games: played?.games ?? 1,
          wins: played?.wins ?? 0,
        },
        args.includes('--replace'),
      );
      out(`${r.name}: ${written ? 'rated' : 'kept its rating (--replace to overwrite)'}\n`);
    }
    return 0;
  } finally {
    await close();
  }
}

if (process.argv[1]?.endsWith('seed-bot-ratings.js'))
  process.exitCode = await main(process.argv.slice(2), process.env, (t) => process.stdout.write(t));
