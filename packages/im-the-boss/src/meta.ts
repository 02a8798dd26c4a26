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
};
