import type { AnyGame } from '@boss-table/core';
import { theBoss } from '@boss-table/the-boss';

/** Every game Boss Table plays, by id. The only place that names them all. */
export const GAMES: Readonly<Record<string, AnyGame>> = {
  [theBoss.id]: theBoss,
};

export function findGame(id: string): AnyGame | undefined {
  return Object.prototype.hasOwnProperty.call(GAMES, id) ? GAMES[id] : undefined;
}
