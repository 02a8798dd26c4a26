import { randomBot, type AnyGame, type Bot } from '@boss-table/core';
import { bigBoss, bigBossHeuristicBot, ismctsBigBossBot } from '@boss-table/big-boss';
import { bossCards, bossCardsHeuristicBot, ismctsBossCardsBot } from '@boss-table/boss-cards';
import { heuristicBot, ismctsBossBot, theBoss } from '@boss-table/the-boss';

/** A kind of bot a game offers: its levels (empty: none) and how to make one. */
export interface BotKind {
  readonly levels: readonly string[];
  make(level: string | undefined): Bot;
}

/** A game and what comes with it; every shell and the server find games here. */
export interface GameEntry {
  readonly game: AnyGame;
  /** Its bots by kind (`random` is offered for every game, from core, unless given). */
  readonly bots: Readonly<Record<string, BotKind>>;
}

const ISMCTS_LEVELS = ['easy', 'medium', 'hard'] as const;
type Level = (typeof ISMCTS_LEVELS)[number];

const ENTRIES = new Map<string, GameEntry>();

/** Every game Boss Table plays, by id (kept in step with the registry). */
export const GAMES: Record<string, AnyGame> = {};

/**
 * Adds a game (the games below register themselves here; tests may register a game of
 * their own). A second entry for the same id replaces the first.
 */
export function registerGame(entry: GameEntry): void {
  const bots: Record<string, BotKind> = {
    random: { levels: [], make: () => randomBot(entry.game) as Bot },
    ...entry.bots,
  };
  ENTRIES.set(entry.game.id, { game: entry.game, bots });
  GAMES[entry.game.id] = entry.game;
}

/** The game a command plays when none is named (the first registered: The Boss). */
export function defaultGameId(): string {
  const first = ENTRIES.keys().next();
  if (first.done) throw new Error('No game is registered.');
  return first.value;
}

export function findGame(id: string): AnyGame | undefined {
  return ENTRIES.get(id)?.game;
}

export function findEntry(id: string): GameEntry | undefined {
  return ENTRIES.get(id);
}

registerGame({
  game: theBoss,
  bots: {
    heuristic: { levels: [], make: () => heuristicBot() as Bot },
    ismcts: {
      levels: ISMCTS_LEVELS,
      make: (level) => ismctsBossBot((level ?? 'medium') as Level) as Bot,
    },
  },
});
registerGame({
  game: bigBoss,
  bots: {
    heuristic: { levels: [], make: () => bigBossHeuristicBot() as Bot },
    ismcts: {
      levels: ISMCTS_LEVELS,
      make: (level) => ismctsBigBossBot((level ?? 'medium') as Level) as Bot,
    },
  },
});
registerGame({
  game: bossCards,
  bots: {
    heuristic: { levels: [], make: () => bossCardsHeuristicBot() as Bot },
    ismcts: {
      levels: ISMCTS_LEVELS,
      make: (level) => ismctsBossCardsBot((level ?? 'medium') as Level) as Bot,
    },
  },
});
