// I'm the Boss!'s light entry (`@boss-table/im-the-boss/meta`): what a lobby needs of the game, without its rules or bots.
import type { GameMeta } from '@boss-table/core';

/**
 * I'm the Boss! as a lobby lists it, without its rules: the light entry `@boss-table/im-the-boss/meta`, which
 * imports nothing of the engine (the web app's lobby loads it; the rules and bots load only
 * when a table opens). The game's definition and entry take their id, name and seats from here.
 */
export const imTheBossMeta: GameMeta = {
  id: 'im-the-boss',
  name: "I'm the Boss!",
  minPlayers: 2,
  maxPlayers: 6,
  bots: { heuristic: [], ismcts: ['easy', 'medium', 'hard'] },
  // docs/benchmarks.md, "I'm the Boss!: the bots' ladder": `ismcts:easy` and `heuristic` are not
  // told apart, nor `heuristic` and `ismcts:medium` (μ ± 2σ overlap), though `medium` finished
  // behind both in most games; `ismcts:hard` was not in the run. `wins` counts a shared win as
  // a win, as the site does. A level weaker than the lighter search is not offered: `medium`
  // stays for the tables and records that name it.
  ladder: {
    run: 'boss arena --game im-the-boss --bots random,heuristic,ismcts:easy,ismcts:medium --players 4 --games 400 --rate --seed ladder (2026-11-28)',
    rungs: [
      { bot: 'ismcts:easy', rating: 2488, mu: 30.028, sigma: 1.778, games: 400, wins: 155 },
      { bot: 'heuristic', rating: 2479, mu: 29.753, sigma: 1.76, games: 400, wins: 133 },
      { bot: 'ismcts:medium', rating: 2330, mu: 26.061, sigma: 1.77, games: 400, wins: 101 },
      { bot: 'random', rating: 1898, mu: 15.82, sigma: 1.953, games: 400, wins: 26 },
    ],
  },
  unlisted: ['ismcts:medium'],
};
