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
  // docs/benchmarks.md, "The Boss: the bots' ladder", and its second run with `ismcts:hard`,
  // rated on from the first (`--from-ladder`). Only `random` is told apart from its neighbour
  // (μ ± 2σ not overlapping); `medium` and `hard` are level, and `easy` nearly apart.
  ladder: {
    run: 'boss arena --game the-boss --bots random,heuristic,ismcts:easy,ismcts:medium --players 4 --games 400 --rate --seed ladder (2026-11-28), then --bots heuristic,ismcts:easy,ismcts:medium,ismcts:hard --games 100 --rate --from-ladder --seed upper (2026-11-29)',
    rungs: [
      { bot: 'ismcts:medium', rating: 2805, mu: 38.052, sigma: 1.812, games: 500, wins: 232 },
      { bot: 'ismcts:hard', rating: 2744, mu: 38.263, sigma: 2.388, games: 100, wins: 39 },
      { bot: 'heuristic', rating: 2719, mu: 35.868, sigma: 1.801, games: 500, wins: 101 },
      { bot: 'ismcts:easy', rating: 2462, mu: 29.556, sigma: 1.834, games: 500, wins: 128 },
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
