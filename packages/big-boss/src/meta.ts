// Big Boss's light entry (`@boss-table/big-boss/meta`): what a lobby needs of the game, without its rules or bots.
import type { GameMeta } from '@boss-table/core';

/**
 * Big Boss as a lobby lists it, without its rules: the light entry `@boss-table/big-boss/meta`, which
 * imports nothing of the engine (the web app's lobby loads it; the rules and bots load only
 * when a table opens). The game's definition and entry take their id, name and seats from here.
 */
export const bigBossMeta: GameMeta = {
  id: 'big-boss',
  name: 'Big Boss',
  minPlayers: 2,
  maxPlayers: 6,
  bots: { heuristic: [], ismcts: ['easy', 'medium', 'hard'] },
  // docs/benchmarks.md, "Big Boss: the bots' ladder", and its second run with `ismcts:hard`,
  // rated on from the first (`--from-ladder`): `medium` and `heuristic` told apart, and
  // `easy` and `random`; `hard` and `medium`, and `heuristic` and `easy`, overlap.
  // `ismcts:easy` plays below the rules of thumb.
  ladder: {
    run: 'boss arena --game big-boss --bots random,heuristic,ismcts:easy,ismcts:medium --players 4 --games 400 --rate --seed ladder (2026-11-28), then --bots heuristic,ismcts:easy,ismcts:medium,ismcts:hard --games 100 --rate --from-ladder --seed upper (2026-11-29)',
    rungs: [
      { bot: 'ismcts:hard', rating: 3102, mu: 48.177, sigma: 2.706, games: 100, wins: 53 },
      { bot: 'ismcts:medium', rating: 3047, mu: 45.067, sigma: 2.13, games: 500, wins: 371 },
      { bot: 'heuristic', rating: 2355, mu: 27.137, sigma: 1.921, games: 500, wins: 67 },
      { bot: 'ismcts:easy', rating: 2206, mu: 23.538, sigma: 1.965, games: 500, wins: 8 },
      { bot: 'random', rating: 1234, mu: 1.575, sigma: 2.744, games: 400, wins: 1 },
    ],
  },
};
