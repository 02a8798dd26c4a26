// Boss Cards `medium`'s search on positions from random play: its playouts a second, for one build of this package.
/* global URL, performance */
/**
 * `node packages/boss-cards/scripts/search-speed.mjs [DIST]`, after `npm run build`. DIST is a
 * built `dist` of this package (default: this one), so that a copy of an older build placed
 * beside it (`packages/boss-cards/dist-old`) can be timed against it, alternated. `P=2` sets
 * the players (default 4).
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Rng, randomPlayerMove } from '@boss-table/core';

const dist = resolve(process.argv[2] || new URL('../dist', import.meta.url).pathname);
const { bossCards, ismctsBossCardsBot } = await import(pathToFileURL(`${dist}/index.js`).href);
const bot = ismctsBossCardsBot('medium');
const options = bossCards.parseOptions({ players: Number(process.env.P ?? 4) }).value;
let playouts = 0;
let time = 0;
let positions = 0;
for (let p = 0; positions < 12 && p < 1000; p++) {
  // A position some way into a game: 10 to 59 random moves in, with a choice to make.
  const state = bossCards.setup(options, `pos/${p}`).value.state;
  const rng = Rng.fromSeed(`pos/${p}`);
  for (let i = 0; i < 10 + ((p * 7) % 50) && !bossCards.isOver(state); i++) {
    const seat = bossCards.activeSeats(state)[0];
    bossCards.applyInPlace(state, seat, randomPlayerMove(bossCards, state, seat, rng));
  }
  if (bossCards.isOver(state)) continue;
  const seat = bossCards.activeSeats(state)[0];
  if (bossCards.legalMoves(state, seat).length < 2) continue;
  const t0 = performance.now();
  const root = bot.searchRoot(bossCards.view(state, seat), {
    rng: Rng.fromSeed(`b/${p}`),
    deadline: performance.now() + 250,
  });
  time += performance.now() - t0;
  playouts += root.iterations;
  positions++;
}
console.log(
  JSON.stringify({ dist, positions, playoutsPerSecond: Math.round(playouts / (time / 1000)) }),
);
