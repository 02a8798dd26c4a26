import type { AnyGame } from '@boss-table/core';
import { bigBoss } from '@boss-table/big-boss';
import { theBoss } from '@boss-table/the-boss';

/** Every game Boss Table plays, by id. The only place that names them all. */
export const GAMES: Readonly<Record<string, AnyGame>> = {
  [theBoss.id]: theBoss,
  [bigBoss.id]: bigBoss,
};

export function findGame(id: string): AnyGame | undefined {
  return Object.prototype.hasOwnProperty.call(GAMES, id) ? GAMES[id] : undefined;
}
