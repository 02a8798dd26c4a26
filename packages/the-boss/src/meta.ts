// The Boss's light entry (`@boss-table/the-boss/meta`): what a lobby needs of the game, without its rules or bots.
import type { GameMeta } from '@boss-table/core';

/**
 * The Boss as a lobby lists it, without its rules: the light entry `@boss-table/the-boss/meta`, which
 * imports nothing of the engine (the web app's lobby loads it; the rules and bots load only
 * when a table opens). The game's definition and entry take their id, name and seats from here.
 */
export const theBossMeta: GameMeta = {
  id: 'the-boss',
  name: 'The Boss',
  minPlayers: 2,
  maxPlayers: 6,
  bots: { heuristic: [], ismcts: ['easy', 'medium', 'hard'] },
  // docs/benchmarks.md, "The Boss: the bots' ladder". `heuristic` and `ismcts:easy` are not
  // told apart by this run (their μ ± 2σ overlap); `ismcts:hard` was not in it.
  ladder: {
    run: 'boss arena --game the-boss --bots random,heuristic,ismcts:easy,ismcts:medium --players 4 --games 400 --rate --seed ladder (2026-11-28)',
    rungs: [
      { bot: 'ismcts:medium', rating: 2840, mu: 39.418, sigma: 1.975, games: 400, wins: 202 },
      { bot: 'heuristic', rating: 2621, mu: 33.834, sigma: 1.94, games: 400, wins: 82 },
      { bot: 'ismcts:easy', rating: 2563, mu: 32.457, sigma: 1.96, games: 400, wins: 116 },
      { bot: 'random', rating: 659, mu: -9.296, sigma: 3.906, games: 400, wins: 0 },
    ],
  },
};

// The cities a table may be set with (the lobby's choice of combination): plain data.
export {
  CITY_NAMES,
  COMBINATIONS,
  LOCAL_CITY_IDS,
  type CityId,
  type LocalCityId,
} from './cities.js';
