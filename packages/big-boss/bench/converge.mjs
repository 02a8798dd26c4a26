// Does a longer search choose differently? From positions of 4-player games of `heuristic`
// seats (every fourth decision of one seat per game, when a play or invest step), the `hard` search
// runs for --long ms, then three times for each of --short's budgets; prints each position's
// long means and the short searches' picks (as indexes into the long one's candidates), then
// how often the short picks agree with the long search's best. Build first (npx tsc -b):
//
//   node packages/big-boss/bench/converge.mjs --games 4 --shard 0/2 > c0.json
//   node packages/big-boss/bench/converge.mjs --games 4 --shard 1/2 > c1.json
//   node packages/big-boss/bench/converge.mjs --sum c0.json c1.json
//
// --config JSON changes the level (e.g. '{"leaf":"heuristic"}': the judge before the fitted one).
import { readFileSync } from 'node:fs';
import { deadlineIn, Rng } from '@boss-table/core';
import { bigBoss, bigBossHeuristicBot, ismctsBigBossBot } from '../dist/index.js';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};

if (args[0] === '--sum') {
  const rows = args.slice(1).flatMap((f) => JSON.parse(readFileSync(f, 'utf8')));
  const out = { positions: rows.length, longBestIsHeuristics: 0, agree: {} };
  for (const r of rows) {
    if (r.best === 0) out.longBestIsHeuristics++;
    for (const [ms, picks] of Object.entries(r.short)) {
      const a = (out.agree[ms] ??= { searches: 0, sameAsLong: 0, meanLoss: 0 });
      for (const p of picks) {
        a.searches++;
        a.sameAsLong += p === r.best ? 1 : 0;
        a.meanLoss += (r.mean[r.best] - r.mean[p]) / (rows.length * picks.length);
      }
    }
  }
  console.log(JSON.stringify(out));
  process.exit(0);
}

const config = JSON.parse(flag('config', '{}'));
const longMs = Number(flag('long', '8000'));
const shortMs = JSON.parse(flag('short', '[250,900]'));
const games = Number(flag('games', '4'));
const [shard, shards] = flag('shard', '0/1').split('/').map(Number);
const heuristic = bigBossHeuristicBot();
const options = bigBoss.parseOptions({ players: 4 }).value;
const searchFor = (ms) =>
  ismctsBigBossBot('hard', { ...config, budget: { timeMs: ms, paired: true } });
const key = (m) => JSON.stringify(m);
const rows = [];
for (let g = shard; g < games; g += shards) {
  let state = bigBoss.setup(options, `conv/${g}`).value.state;
  const rng = Rng.fromSeed(`conv/${g}`);
  const ctx = () => ({ rng: Rng.fromSeed(rng.deriveSeed()), deadline: deadlineIn(60000) });
  let turns = 0;
  while (!bigBoss.isOver(state)) {
    const seat = bigBoss.activeSeats(state)[0];
    const view = bigBoss.view(state, seat);
    const asked = view.phase === 'play' || view.phase === 'invest';
    if (seat === g % 4 && turns++ % 4 === 1 && asked) {
      const long = searchFor(longMs).searchRoot(view, ctx());
      const mean = long.values.map((v, i) => v / Math.max(1, long.visits[i]));
      const row = {
        phase: view.phase,
        candidates: long.moves.length,
        best: mean.indexOf(Math.max(...mean)),
        mean,
        short: {},
      };
      for (const ms of shortMs) {
        row.short[ms] = [0, 1, 2].map(() => {
          const move = searchFor(ms).searchRoot(view, ctx()).move;
          return long.moves.findIndex((m) => key(m) === key(move));
        });
      }
      rows.push(row);
      process.stderr.write(
        `position ${rows.length}: long best ${row.best}, short ${JSON.stringify(row.short)}\n`,
      );
    }
    state = bigBoss.apply(state, seat, heuristic.chooseMove(view, ctx())).value.state;
  }
}
console.log(JSON.stringify(rows));
