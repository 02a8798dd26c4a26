// The registry of games: every game package registered once, looked up by id everywhere else.
import { randomBot, type AnyGame, type Bot, type BotKind, type GameEntry } from '@boss-table/core';
import { bigBossEntry } from '@boss-table/big-boss';
import { bossCardsEntry } from '@boss-table/boss-cards';
import { imTheBossEntry } from '@boss-table/im-the-boss';
import { theBossEntry } from '@boss-table/the-boss';

export type { BotKind, GameEntry } from '@boss-table/core';

const ENTRIES = new Map<string, GameEntry>();

/** Every game Boss Table plays, by id (kept in step with the registry). */
export const GAMES: Record<string, AnyGame> = {};

/**
 * Adds a game as its package exports it (the games below; tests may register a game of
 * their own). A second entry for the same id replaces the first.
 */
export function registerGame(entry: GameEntry): void {
  const bots: Record<string, BotKind> = {
    random: { levels: [], make: () => randomBot(entry.game) as Bot },
    ...entry.bots,
  };
  ENTRIES.set(entry.game.id, { ...entry, bots });
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

/** Every registered entry, in the order registered. */
export const gameEntries = (): GameEntry[] => [...ENTRIES.values()];

// Every game: one line each.
registerGame(theBossEntry);
registerGame(bigBossEntry);
registerGame(bossCardsEntry);
registerGame(imTheBossEntry);
