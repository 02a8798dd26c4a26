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
};

// The cities a table may be set with (the lobby's choice of combination): plain data.
export {
  CITY_NAMES,
  COMBINATIONS,
  LOCAL_CITY_IDS,
  type CityId,
  type LocalCityId,
} from './cities.js';
