// How I'm the Boss! is registered: the game with its bots, terminal pieces and legal-form move chooser.
import { searchBotKind, type Bot, type GameEntry } from '@boss-table/core';
import { imbHeuristicBot } from './bots/heuristic.js';
import { imbIsmctsBot } from './bots/ismcts.js';
import { imTheBoss } from './game.js';
import { imTheBossTerminal } from './terminal.js';
import { imbMoveFromLegal } from './legal-chooser.js';

/** I'm the Boss! as the registry lists it: the game, its bots and its terminal pieces. */
export const imTheBossEntry: GameEntry = {
  game: imTheBoss,
  bots: {
    heuristic: { levels: [], make: () => imbHeuristicBot() as Bot },
    ismcts: searchBotKind((level) => imbIsmctsBot(level) as Bot),
  },
  terminal: imTheBossTerminal,
  fromLegal: imbMoveFromLegal,
};
