// The Boss `medium`'s tree search on fixed positions with a fixed number of playouts: µs a playout, and a hash of the moves chosen.
/* global URL, performance */
/**
 * `node packages/the-boss/scripts/search-speed.mjs [DIST] [PLAYOUTS] [POSITIONS]`, after
 * `npm run build`. DIST is a built `dist` of this package (default: this one), so that a copy
 * of an older build placed beside it (`packages/the-boss/dist-old`) can be timed against it:
 * both do the same work, and the same moves chosen (the hash) show the same judgements.
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Rng } from '@boss-table/core';

const dist = resolve(process.argv[2] || new URL('../dist', import.meta.url).pathname);
const playouts = Number(process.argv[3] ?? 1500);
const positions = Number(process.argv[4] ?? 12);
const { theBoss, ismctsBossBot } = await import(pathToFileURL(`${dist}/index.js`).href);
const bot = ismctsBossBot('medium', { iterations: playouts, tree: true });
const options = theBoss.parseOptions({ players: 4 }).value;
let total = 0;
const chosen = [];
for (let p = 0; p < positions; p++) {
  // A position some way into a game: 5 to 54 random moves in.
  const rng = Rng.fromSeed(`pos/${p}`);
  const state = theBoss.setup(options, `pos/${p}`).value.state;
  for (let i = 0; i < 5 + ((p * 7) % 50) && !theBoss.isOver(state); i++) {
    const seat = theBoss.activeSeats(state)[0];
    theBoss.applyInPlace(state, seat, theBoss.randomMove(state, seat, rng));
  }
  if (theBoss.isOver(state)) continue;
  const seat = theBoss.activeSeats(state)[0];
  const view = theBoss.view(state, seat);
  const t0 = performance.now();
  const move = bot.chooseMove(view, { rng: Rng.fromSeed(`bot/${p}`), deadline: Infinity });
  total += performance.now() - t0;
  chosen.push(JSON.stringify(move));
}
console.log(
  JSON.stringify({
    dist,
    playouts,
    positions: chosen.length,
    usPerPlayout: Math.round((total * 1000) / (playouts * chosen.length)),
    chosen: createHash('md5').update(chosen.join('|')).digest('hex').slice(0, 8),
  }),
);
