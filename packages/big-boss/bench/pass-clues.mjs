// Head to head: an ismcts level that samples with pass clues against the same level without
// them (docs/benchmarks.md, "Big Boss bots"). Build first (npx tsc -b), then for example:
//
//   node packages/big-boss/bench/pass-clues.mjs --rules original --players 2 --games 100 --shard 0/2
//   node packages/big-boss/bench/pass-clues.mjs --rules original --players 2 --games 100 --shard 1/2
//   node packages/big-boss/bench/pass-clues.mjs --sum out0.json out1.json
//
// Seats rotate (game g puts the bot with clues at seat g mod players, the others without); a
// shard plays every game whose number is congruent to it. Prints one JSON object.
import { readFileSync } from 'node:fs';
import { deadlineIn, Rng } from '@boss-table/core';
import { bigBoss, ismctsBigBossBot } from '../dist/index.js';
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
  const clued = parts.reduce((a, p) => a + p.cluedDecisions, 0);
  const decisions = parts.reduce((a, p) => a + p.decisions, 0);
  const [lo, hi] = wilson(wins, games);
  console.log(
    JSON.stringify({
      ...parts[0],
      shard: 'all',
      games,
      wins,
      winRate: wins / games,
      ci95: [lo, hi],
      decisions,
      cluedDecisions: clued,
    }),
  );
  process.exit(0);
}

const rules = flag('rules', 'original');
const players = Number(flag('players', '2'));
const total = Number(flag('games', '100'));
const level = flag('level', 'medium');
const seed = flag('seed', 'clues');
const [shard, shards] = flag('shard', '0/1').split('/').map(Number);

const withClues = ismctsBigBossBot(level);
const without = ismctsBigBossBot(level, { passClues: false });
const options = bigBoss.parseOptions({ players, rules });
if (!options.ok) throw new Error(options.error.message);

let games = 0;
let wins = 0;
let decisions = 0;
let cluedDecisions = 0;
for (let g = shard; g < total; g += shards) {
  const setup = bigBoss.setup(options.value, `${seed}/${g}`);
  if (!setup.ok) throw new Error(setup.error.message);
  let state = setup.value.state;
  const mine = g % players;
  const botRng = Rng.fromSeed(`${seed}/${g}/bots`);
  while (!bigBoss.isOver(state)) {
    const seat = state.turn;
    const view = bigBoss.view(state, seat);
    const bot = seat === mine ? withClues : without;
    if (seat === mine) {
      decisions++;
      if (view.seats.some((s, p) => p !== seat && s.passClues.length > 0)) cluedDecisions++;
    }
    const move = bot.chooseMove(view, {
      rng: Rng.fromSeed(botRng.deriveSeed()),
      deadline: deadlineIn(1000),
    });
    const applied = bigBoss.apply(state, seat, move);
    if (!applied.ok) throw new Error(applied.error.message);
    state = applied.value.state;
  }
  const { winners } = bigBoss.outcome(state);
  games++;
  if (winners.includes(mine)) wins += 1 / winners.length;
  process.stderr.write(
    `game ${g}: ${winners.includes(mine) ? 'won' : 'lost'} (${wins}/${games})\n`,
  );
}
console.log(
  JSON.stringify({
    level,
    rules,
    players,
    seed,
    shard: `${shard}/${shards}`,
    games,
    wins,
    decisions,
    cluedDecisions,
  }),
);
