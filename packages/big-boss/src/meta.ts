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
};
