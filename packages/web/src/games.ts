// The list of games the web app offers; adding a game means adding its folder and one line here.
import type { WebGame } from './registry.js';
import { theBossGame } from './the-boss/index.js';
import { bigBossGame } from './big-boss/index.js';
import { bossCardsGame } from './boss-cards/index.js';
import { imTheBossGame } from './im-the-boss/index.js';

/** Every game the web app plays: adding one is adding its folder and a line here. */
export const GAMES: readonly WebGame[] = [theBossGame, bigBossGame, bossCardsGame, imTheBossGame];

export const findWebGame = (id: string): WebGame | undefined => GAMES.find((g) => g.id === id);
