import { searchBotKind, type Bot, type GameEntry } from '@boss-table/core';
import { imbHeuristicBot } from './bots/heuristic.js';
import { imbIsmctsBot } from './bots/ismcts.js';
import { imTheBoss } from './game.js';

/**
 * I'm the Boss! as the registry lists it: the game and its bots. Its terminal pieces
 * (`imTheBossTerminal`) are not listed yet: see docs/im-the-boss.md, "Not done yet".
 */
export const imTheBossEntry: GameEntry = {
  game: imTheBoss,
  bots: {
    heuristic: { levels: [], make: () => imbHeuristicBot() as Bot },
    ismcts: searchBotKind((level) => imbIsmctsBot(level) as Bot),
  },
};
