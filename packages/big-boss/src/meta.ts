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
  // docs/benchmarks.md, "Big Boss: the bots' ladder": every level told apart (μ ± 2σ apart);
  // `ismcts:easy` plays below the rules of thumb; `ismcts:hard` was not in the run.
  ladder: {
    run: 'boss arena --game big-boss --bots random,heuristic,ismcts:easy,ismcts:medium --players 4 --games 400 --rate --seed ladder (2026-11-28)',
    rungs: [
      { bot: 'ismcts:medium', rating: 3210, mu: 50.14, sigma: 2.463, games: 400, wins: 326 },
      { bot: 'heuristic', rating: 2438, mu: 29.545, sigma: 2.031, games: 400, wins: 66 },
      { bot: 'ismcts:easy', rating: 2100, mu: 21.111, sigma: 2.034, games: 400, wins: 7 },
      { bot: 'random', rating: 1234, mu: 1.575, sigma: 2.744, games: 400, wins: 1 },
    ],
  },
};
