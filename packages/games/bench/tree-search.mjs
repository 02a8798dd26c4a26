// Head to head: the tree search (`tree: true`) against the root-only search of the same
// level and budget, or either against the heuristic (docs/benchmarks.md, "Issue 20: a search
// that builds a tree"). Build first (npx tsc -b), then for example:
//
//   node packages/games/bench/tree-search.mjs --game the-boss --players 2 --level easy --games 200
//   node packages/games/bench/tree-search.mjs --game the-boss --players 4 --level medium \
//     --against heuristic --games 100 --shard 0/2
//   node packages/games/bench/tree-search.mjs --sum out0.json out1.json
//
// --against root (default): one seat plays the tree search, the others the root-only search.
// --against heuristic: one seat plays the tree search, the others the heuristic; --subject root
// puts the root-only search in that seat instead (today's bot, for the same games).
// Seats rotate (game g puts the subject at seat g mod players). Prints one JSON object.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { deadlineIn, Rng } from '@boss-table/core';
import {
  theBoss,
  ismctsBossBot,
  heuristicBot,
  ISMCTS_LEVELS as BOSS_LEVELS,
} from '@boss-table/the-boss';
import {
  bigBoss,
  ismctsBigBossBot,
  bigBossHeuristicBot,
  ISMCTS_LEVELS as BIG_LEVELS,
} from '@boss-table/big-boss';
// The arena's interval (`boss arena`), from the CLI's build.
import { wilson } from '../../cli/dist/arena-stats.js';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};

if (args[0] === '--sum') {
  const parts = args.slice(1).map((f) => JSON.parse(readFileSync(f, 'utf8')));
  const games = parts.reduce((a, p) => a + p.games, 0);
  const wins = parts.reduce((a, p) => a + p.wins, 0);
  const ms = parts.flatMap((p) => p.ms);
  ms.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      ...parts[0],
      ms: undefined,
      shard: 'all',
      games,
      wins,
      winRate: wins / games,
      ci95: wilson(wins, games),
      decisions: ms.length,
      p50ms: ms[Math.floor(ms.length / 2)],
      p95ms: ms[Math.floor(ms.length * 0.95)],
    }),
  );
  process.exit(0);
}

const gameId = flag('game', 'the-boss');
const players = Number(flag('players', '2'));
const total = Number(flag('games', '100'));
const level = flag('level', 'easy');
const against = flag('against', 'root');
const subject = flag('subject', 'tree');
const seed = flag('seed', 'tree');
const [shard, shards] = flag('shard', '0/1').split('/').map(Number);

const GAMES = {
  'the-boss': {
    game: theBoss,
    options: { players },
    search: (tree) => ismctsBossBot(level, { ...BOSS_LEVELS[level].budget, paired: false, tree }),
    heuristic: () => heuristicBot(),
  },
  'big-boss': {
    game: bigBoss,
    options: { players },
    search: (tree) =>
      ismctsBigBossBot(level, {
        budget: {
          ...BIG_LEVELS[level].budget,
          paired: tree ? false : BIG_LEVELS[level].budget.paired,
          tree,
        },
      }),
    heuristic: () => bigBossHeuristicBot(),
  },
};
const entry = GAMES[gameId];
if (!entry) throw new Error(`--game: one of ${Object.keys(GAMES).join(', ')}`);
const { game } = entry;
const me = entry.search(subject === 'tree');
const other = against === 'heuristic' ? entry.heuristic() : entry.search(false);
const options = game.parseOptions(entry.options);
if (!options.ok) throw new Error(options.error.message);

let games = 0;
let wins = 0;
const ms = [];
for (let g = shard; g < total; g += shards) {
  const setup = game.setup(options.value, `${seed}/${g}`);
  if (!setup.ok) throw new Error(setup.error.message);
  let state = setup.value.state;
  const mine = g % players;
  const botRng = Rng.fromSeed(`${seed}/${g}/bots`);
  while (!game.isOver(state)) {
    const seat = game.activeSeats(state)[0];
    const view = game.view(state, seat);
    const started = performance.now();
    const move = (seat === mine ? me : other).chooseMove(view, {
      rng: Rng.fromSeed(botRng.deriveSeed()),
      deadline: deadlineIn(5000),
    });
    if (seat === mine) ms.push(Math.round((performance.now() - started) * 10) / 10);
    const applied = game.apply(state, seat, move);
    if (!applied.ok) throw new Error(applied.error.message);
    state = applied.value.state;
  }
  const { winners } = game.outcome(state);
  games++;
  if (winners.includes(mine)) wins += 1 / winners.length;
  process.stderr.write(
    `game ${g}: ${winners.includes(mine) ? 'won' : 'lost'} (${wins}/${games})\n`,
  );
}
console.log(
  JSON.stringify({
    game: gameId,
    level,
    players,
    against,
    subject,
    seed,
    shard: `${shard}/${shards}`,
    games,
    wins,
    ms,
  }),
);
