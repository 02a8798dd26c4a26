// How Boss Cards is registered: the game with its bots, terminal pieces and legal-form move chooser.
import { searchBotKind, type Bot, type GameEntry } from '@boss-table/core';
import { bossCardsHeuristicBot } from './bots/heuristic.js';
import { ismctsBossCardsBot } from './bots/ismcts.js';
import { bossCards } from './game.js';
import { bossCardsTerminal } from './terminal.js';
import { bossCardsMoveFromLegal } from './legal-chooser.js';

/** Boss Cards as the registry lists it: the game, its bots and its terminal pieces. */
export const bossCardsEntry: GameEntry = {
  game: bossCards,
  bots: {
    heuristic: { levels: [], make: () => bossCardsHeuristicBot() as Bot },
    ismcts: searchBotKind((level) => ismctsBossCardsBot(level) as Bot),
  },
  terminal: bossCardsTerminal as GameEntry['terminal'],
  fromLegal: bossCardsMoveFromLegal,
};
