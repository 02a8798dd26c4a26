// Big Boss `medium`'s search on fixed positions with a fixed number of playouts: µs a playout, and a hash of the moves chosen.
/* global URL, performance */
/**
 * `node packages/big-boss/scripts/playout-speed.mjs [DIST] [PLAYOUTS] [POSITIONS]`, after
 * `npm run build`. DIST is a built `dist` of this package (default: this one), so that a copy
 * of an older build placed beside it (`packages/big-boss/dist-old`) can be timed against it:
 * both do the same work, and the same moves chosen (the hash) show the same judgements.
 * `P=3` and `RULES=original` set the players and the rules (default 4, modern).
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Rng } from '@boss-table/core';

const dist = resolve(process.argv[2] || new URL('../dist', import.meta.url).pathname);
const playouts = Number(process.argv[3] ?? 100);
const positions = Number(process.argv[4] ?? 12);
const { bigBoss, ismctsBigBossBot } = await import(pathToFileURL(`${dist}/index.js`).href);
const bot = ismctsBigBossBot('medium', { budget: { iterations: playouts, paired: true } });
const options = bigBoss.parseOptions({
  players: Number(process.env.P ?? 4),
  ...(process.env.RULES ? { rules: process.env.RULES } : {}),
}).value;
let total = 0;
const chosen = [];
for (let p = 0; p < positions; p++) {
  // A position some way into a game: 20 to 97 random moves in.
  const rng = Rng.fromSeed(`pos/${p}`);
  const state = bigBoss.setup(options, `pos/${p}`).value.state;
  for (let i = 0; i < 20 + ((p * 7) % 60) && !state.outcome; i++)
    bigBoss.applyInPlace(state, state.turn, bigBoss.randomMove(state, state.turn, rng));
  if (state.outcome) continue;
  const view = bigBoss.view(state, state.turn);
  const t0 = performance.now();
  const move = bot.chooseMove(view, { rng: Rng.fromSeed(`bot/${p}`), deadline: Infinity });
  total += performance.now() - t0;
  chosen.push(JSON.stringify(move));
}
console.log(
  JSON.stringify({
    dist,
    playouts,
    positions,
    usPerPlayout: Math.round((total * 1000) / (playouts * positions)),
    chosen: createHash('md5').update(chosen.join('|')).digest('hex').slice(0, 8),
  }),
);
