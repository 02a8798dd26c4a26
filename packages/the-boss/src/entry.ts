// How The Boss is registered: the game with its bots, terminal pieces, legal-form chooser and record rewriter.
import { searchBotKind, type Bot, type GameEntry } from '@boss-table/core';
import { heuristicBot } from './bots/heuristic.js';
import { ismctsBossBot } from './bots/ismcts.js';
import { theBoss } from './game.js';
import { explicitBossRecord } from './records.js';
import type { BossState } from './state.js';
import { theBossTerminal } from './terminal.js';
import { bossMoveFromLegal } from './legal-chooser.js';

/** The Boss as the registry lists it: the game, its bots, its terminal pieces, its records. */
export const theBossEntry: GameEntry = {
  game: theBoss,
  bots: {
    heuristic: { levels: [], make: () => heuristicBot() as Bot },
    ismcts: searchBotKind((level) => ismctsBossBot(level) as Bot),
  },
  terminal: theBossTerminal as GameEntry['terminal'],
  fromLegal: bossMoveFromLegal,
  explicitRecord: (record, initial, events) =>
    explicitBossRecord(record, initial as BossState, events),
};
