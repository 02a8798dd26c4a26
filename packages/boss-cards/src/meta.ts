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
};

/** Cards dealt to each player (rules file §8): the bounds the rules accept, and the usual. */
export const HAND_SIZE = { min: 5, max: 10, usual: 7 } as const;

/** The points that end the game (§8): the bounds the rules accept. */
export const TARGET = { min: 10, max: 500 } as const;

/** The target the rules give by default: 15 points for each player beyond the first. */
export const defaultTarget = (players: number): number => 15 * (players - 1);
