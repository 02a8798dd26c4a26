// Fits the judge a search's playouts are scored by where they stop (`bots/leaf.ts`): who won
// games of `heuristic` seats, from where each seat stood (`seatFeatures`) every third turn.
// Build first (npx tsc -b), then for example:
//
//   node packages/big-boss/bench/fit-leaf.mjs --games 600 --seed fit0 > fit0.json
//   node packages/big-boss/bench/fit-leaf.mjs --games 600 --seed fit1 > fit1.json
//   node packages/big-boss/bench/fit-leaf.mjs --fit fit0.json fit1.json
//
// --rules modern|original, --players P (default 4). The fit is a conditional logit (each
// seat's chance to win a softmax of its score over the seats), by maximum likelihood with
// Adam on four games in five, scored on the fifth: its log loss and how often its favourite
// won, beside two fixed judges (the heuristic's worth and the money counted now, each with
// the best of a few temperatures). Prints the weights for LEAF_WEIGHTS.
import { readFileSync } from 'node:fs';
import { deadlineIn, Rng } from '@boss-table/core';
import {
  bigBoss,
  bigBossHeuristicBot,
  DEFAULT_HEURISTIC,
  PIECES,
  seatFeatures,
  SEAT_FEATURES,
} from '../dist/index.js';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
/** Features are weighed in hundreds of millions, as `bots/leaf.ts` does. */
const UNIT = 100;
const NF = SEAT_FEATURES.length;

if (args[0] === '--fit') fit(args.slice(1));
else play();

function play() {
  const games = Number(flag('games', '600'));
  const seed = flag('seed', 'fit');
  const players = Number(flag('players', '4'));
  const options = bigBoss.parseOptions({ players, rules: flag('rules', 'modern') });
  if (!options.ok) throw new Error(options.error.message);
  const bot = bigBossHeuristicBot();
  const out = [];
  for (let g = 0; g < games; g++) {
    let state = bigBoss.setup(options.value, `${seed}/${g}`).value.state;
    const rng = Rng.fromSeed(`${seed}/${g}/bots`);
    const snaps = [];
    let turns = 0;
    while (!bigBoss.isOver(state)) {
      const seat = bigBoss.activeSeats(state)[0];
      if (state.phase === 'play' && turns++ % 3 === 0)
        snaps.push({
          t: state.piecesLeft / PIECES,
          f: Array.from({ length: players }, (_, p) => seatFeatures(state, p)),
        });
      const move = bot.chooseMove(bigBoss.view(state, seat), {
        rng: Rng.fromSeed(rng.deriveSeed()),
        deadline: deadlineIn(5000),
      });
      state = bigBoss.apply(state, seat, move).value.state;
    }
    out.push({ winners: bigBoss.outcome(state).winners, snaps });
  }
  console.log(JSON.stringify(out));
}

function fit(files) {
  const rows = [];
  files
    .flatMap((f) => JSON.parse(readFileSync(f, 'utf8')))
    .forEach((g, game) => {
      for (const s of g.snaps)
        rows.push({ game, t: s.t, f: s.f.map((x) => x.map((v) => v / UNIT)), winners: g.winners });
    });
  const train = rows.filter((r) => r.game % 5 !== 0);
  const test = rows.filter((r) => r.game % 5 === 0);
  // The features, then each times the part left, then times its square.
  const x = (r, p, quad) =>
    quad ? [...r.f[p], ...r.f[p].map((v) => v * r.t), ...r.f[p].map((v) => v * r.t * r.t)] : r.f[p];
  const score = (theta, set, quad, grad) => {
    let loss = 0;
    let right = 0;
    for (const r of set) {
      const xs = r.f.map((_, p) => x(r, p, quad));
      const sc = xs.map((xp) => xp.reduce((a, v, j) => a + v * theta[j], 0));
      const top = Math.max(...sc);
      const e = sc.map((v) => Math.exp(v - top));
      const sum = e.reduce((a, b) => a + b);
      const chance = e.map((v) => v / sum);
      for (const w of r.winners) loss -= Math.log(chance[w]) / r.winners.length;
      if (r.winners.includes(sc.indexOf(top))) right++;
      if (grad)
        for (let p = 0; p < xs.length; p++) {
          const y = r.winners.includes(p) ? 1 / r.winners.length : 0;
          for (let j = 0; j < theta.length; j++) grad[j] += (chance[p] - y) * xs[p][j];
        }
    }
    return {
      logLoss: +(loss / set.length).toFixed(4),
      favouriteWon: +(right / set.length).toFixed(4),
    };
  };
  const adam = (quad) => {
    const n = quad ? 3 * NF : NF;
    const theta = new Array(n).fill(0);
    const m = new Array(n).fill(0);
    const v = new Array(n).fill(0);
    for (let it = 1; it <= 1500; it++) {
      const g = new Array(n).fill(0);
      score(theta, train, quad, g);
      for (let j = 0; j < n; j++) {
        g[j] /= train.length;
        m[j] = 0.9 * m[j] + 0.1 * g[j];
        v[j] = 0.999 * v[j] + 0.001 * g[j] * g[j];
        theta[j] -=
          (0.05 * (m[j] / (1 - 0.9 ** it))) / (Math.sqrt(v[j] / (1 - 0.999 ** it)) + 1e-8);
      }
    }
    return theta.map((w) => +w.toFixed(3));
  };
  const fixed = (weights) => {
    let best;
    for (const k of [0.5, 1, 2, 3, 4, 6, 8, 12]) {
      const s = score(
        weights.map((w) => w * k),
        test,
        false,
      );
      if (!best || s.logLoss < best.logLoss) best = { temperature: 1 / k, ...s };
    }
    return best;
  };
  const h = DEFAULT_HEURISTIC.modern;
  const linear = adam(false);
  const quadratic = adam(true);
  console.log(
    JSON.stringify(
      {
        snapshots: rows.length,
        test: test.length,
        features: SEAT_FEATURES,
        chanceLogLoss: +Math.log(rows[0].f.length).toFixed(4),
        // The modern heuristic's weights of the same things (its merger feature is mergeRisk 1).
        heuristicWorth: fixed([1, 1, h.growth, h.ownCards, h.mergeRisk, 1, h.handPlay]),
        moneyNow: fixed([1, 1, 0, 0, 0, 1, 0]),
        linear: { weights: linear, ...score(linear, test, false) },
        quadratic: { weights: quadratic, ...score(quadratic, test, true) },
      },
      null,
      1,
    ),
  );
}
