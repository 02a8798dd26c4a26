// Boss Cards's light entry (`@boss-table/boss-cards/meta`): what a lobby needs of the game, without its rules or bots.
import type { GameMeta } from '@boss-table/core';

/**
 * Boss Cards as a lobby lists it, without its rules: the light entry `@boss-table/boss-cards/meta`, which
 * imports nothing of the engine (the web app's lobby loads it; the rules and bots load only
 * when a table opens). The game's definition and entry take their id, name and seats from here.
 */
export const bossCardsMeta: GameMeta = {
  id: 'boss-cards',
  name: 'Boss Cards',
  minPlayers: 2,
  maxPlayers: 6,
  bots: { heuristic: [], ismcts: ['easy', 'medium', 'hard'] },
  // docs/benchmarks.md, "Boss Cards: the bots' ladder": every level told apart (μ ± 2σ apart);
  // the rules of thumb play above every search level in the run; `ismcts:hard` was not in it.
  ladder: {
    run: 'boss arena --game boss-cards --bots random,heuristic,ismcts:easy,ismcts:medium --players 4 --games 400 --rate --seed ladder (2026-11-28)',
    rungs: [
      { bot: 'heuristic', rating: 2819, mu: 39.087, sigma: 2.039, games: 400, wins: 290 },
      { bot: 'ismcts:medium', rating: 2501, mu: 30.626, sigma: 1.87, games: 400, wins: 84 },
      { bot: 'ismcts:easy', rating: 2102, mu: 20.695, sigma: 1.881, games: 400, wins: 26 },
      { bot: 'random', rating: 1673, mu: 10.796, sigma: 2.154, games: 400, wins: 0 },
    ],
  },
};

/** Cards dealt to each player (rules file §8): the bounds the rules accept, and the usual. */
export const HAND_SIZE = { min: 5, max: 10, usual: 7 } as const;

/** The points that end the game (§8): the bounds the rules accept. */
export const TARGET = { min: 10, max: 500 } as const;

/** The target the rules give by default: 15 points for each player beyond the first. */
export const defaultTarget = (players: number): number => 15 * (players - 1);
