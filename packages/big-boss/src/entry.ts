// How Big Boss is registered: the game with its bots, terminal pieces and legal-form move chooser.
import { searchBotKind, type Bot, type GameEntry } from '@boss-table/core';
import { bigBossHeuristicBot } from './bots/heuristic.js';
import { ismctsBigBossBot } from './bots/ismcts.js';
import { bigBoss } from './game.js';
import { bigBossTerminal } from './terminal.js';
import { bigBossMoveFromLegal } from './legal-chooser.js';

/** Big Boss as the registry lists it: the game, its bots and its terminal pieces. */
export const bigBossEntry: GameEntry = {
  game: bigBoss,
  bots: {
    heuristic: { levels: [], make: () => bigBossHeuristicBot() as Bot },
    ismcts: searchBotKind((level) => ismctsBigBossBot(level) as Bot),
  },
  terminal: bigBossTerminal as GameEntry['terminal'],
  fromLegal: bigBossMoveFromLegal,
};
