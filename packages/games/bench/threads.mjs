// Root-parallel search: a searching bot on N threads (core's `parallelBot`) against the same
// bot on one thread, head to head (docs/benchmarks.md, "Issue 20: a search that builds a
// tree"). Games run one at a time, so the N-thread bot has the cores while it thinks. Build
// first (npx tsc -b), then for example:
//
//   node packages/games/bench/threads.mjs --game the-boss --players 2 --bot ismcts:medium --threads 2 --games 100
//   node packages/games/bench/threads.mjs --sum out0.json out1.json
//
// Seats rotate (game g puts the N-thread bot at seat g mod players, the others one thread).
// Prints one JSON object: win rate with its Wilson interval, decision times and playouts.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { deadlineIn, Rng } from '@boss-table/core';
import { parallelBot } from '@boss-table/core/threads';
import { findEntry } from '@boss-table/games';
import { makeBot } from '@boss-table/games/bots';
import { ismctsBossBot, ISMCTS_LEVELS } from '@boss-table/the-boss';

// The arena's interval (`boss arena`), from the CLI's build.
import { wilson } from '../../cli/dist/arena-stats.js';

const { values: flags, positionals } = parseArgs({
  options: {
    sum: { type: 'boolean' },
    game: { type: 'string', default: 'the-boss' },
    players: { type: 'string', default: '2' },
    games: { type: 'string', default: '100' },
    bot: { type: 'string', default: 'ismcts:medium' },
    threads: { type: 'string', default: '2' },
    seed: { type: 'string', default: 'threads' },
    shard: { type: 'string', default: '0/1' },
    // The Boss only: each thread's search counts this many playouts instead of the level's
    // time (the level's search otherwise), so that the machine's load plays no part.
    iterations: { type: 'string' },
  },
  allowPositionals: true,
});

const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * q)];
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

if (flags.sum) {
  const parts = positionals.map((f) => JSON.parse(readFileSync(f, 'utf8')));
  const games = parts.reduce((a, p) => a + p.games, 0);
  const wins = parts.reduce((a, p) => a + p.wins, 0);
  const ms = parts.flatMap((p) => p.ms);
  const playouts = parts.flatMap((p) => p.playouts);
  const otherPlayouts = parts.flatMap((p) => p.otherPlayouts);
  console.log(
    JSON.stringify({
      ...parts[0],
      shard: 'all',
      games,
      wins,
      winRate: wins / games,
      ci95: wilson(wins, games),
      p50ms: quantile(ms, 0.5),
      p95ms: quantile(ms, 0.95),
      meanPlayouts: mean(playouts),
      otherMeanPlayouts: mean(otherPlayouts),
      ms: undefined,
      playouts: undefined,
      otherPlayouts: undefined,
    }),
  );
  process.exit(0);
}

const gameId = flags.game;
const players = Number(flags.players);
const total = Number(flags.games);
const spec = flags.bot;
const threads = Number(flags.threads);
const seed = flags.seed;
const [shard, shards] = flags.shard.split('/').map(Number);

const entry = findEntry(gameId);
if (!entry) throw new Error(`--game: no game "${gameId}"`);
const { game } = entry;
const made = (s) => {
  const bot = makeBot(gameId, s);
  if (!bot.ok) throw new Error(bot.error.message);
  return bot.value;
};
let recipe = {
  module: import.meta.resolve('@boss-table/games/bots'),
  exportName: 'makeBot',
  args: [gameId, spec],
};
let make = () => made(spec);
const iterations = flags.iterations === undefined ? undefined : Number(flags.iterations);
if (iterations !== undefined) {
  if (gameId !== 'the-boss') throw new Error('--iterations: The Boss only');
  const level = spec.split(':')[1];
  const { timeMs: _timeMs, ...shape } = ISMCTS_LEVELS[level].budget;
  const budget = { ...shape, iterations };
  recipe = {
    module: import.meta.resolve('@boss-table/the-boss'),
    exportName: 'ismctsBossBot',
    args: [level, budget],
  };
  make = () => ismctsBossBot(level, budget);
}
const me = parallelBot(make(), recipe, threads);
if (me.threads !== threads) throw new Error(`${spec} has no root search to share out.`);
const other = make();
const options = game.parseOptions({ players });
if (!options.ok) throw new Error(options.error.message);

let games = 0;
let wins = 0;
const ms = [];
const playouts = [];
const otherPlayouts = [];
for (let g = shard; g < total; g += shards) {
  const setup = game.setup(options.value, `${seed}/${g}`);
  if (!setup.ok) throw new Error(setup.error.message);
  let state = setup.value.state;
  const mine = g % players;
  const botRng = Rng.fromSeed(`${seed}/${g}/bots`);
  while (!game.isOver(state)) {
    const seat = game.activeSeats(state)[0];
    const view = game.view(state, seat);
    const ctx = { rng: Rng.fromSeed(botRng.deriveSeed()), deadline: deadlineIn(5_000) };
    const started = performance.now();
    let move;
    if (seat === mine) {
      move = me.chooseMove(view, ctx);
      ms.push(performance.now() - started);
      playouts.push(me.lastSearch ? me.lastSearch.iterations : 0);
    } else {
      // The same search as `chooseMove`, with its statistics.
      const found = other.searchRoot(view, ctx);
      move = found.move;
      otherPlayouts.push(found.iterations);
    }
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
await me.close();
console.log(
  JSON.stringify({
    game: gameId,
    players,
    bot: spec,
    threads,
    ...(iterations !== undefined ? { iterations } : {}),
    seed,
    shard: `${shard}/${shards}`,
    games,
    wins,
    ms,
    playouts,
    otherPlayouts,
  }),
);
