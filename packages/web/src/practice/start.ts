// Starting a practice game from the lobby: its record's start kept in this browser, then the practice table opened.
import { metaBotKinds } from '@boss-table/games/meta';
import type { WebGame } from '../registry.js';
import { newPracticeId, practiceStore, type PracticeGame } from './store.js';

/** The bot a practice seat gets unless chosen: the game's heuristic bot, else its first. */
export function practiceBot(gameId: string): string {
  const kinds = metaBotKinds(gameId);
  if ('heuristic' in kinds)
    return kinds.heuristic.length ? `heuristic:${kinds.heuristic[0]}` : 'heuristic';
  const [kind, levels] = Object.entries(kinds)[0] ?? ['random', []];
  return levels.length ? `${kind}:${levels[0]}` : kind;
}

/** A new practice game's first save: the person in seat 0 (or `seat`), bots elsewhere. */
export function newPracticeGame(
  game: WebGame,
  opts: {
    players: number;
    options?: Readonly<Record<string, unknown>>;
    /** One per seat: a bot's spec, or null for the person (the first null is the person). */
    bots?: readonly (string | null)[];
    name?: string;
    now?: number;
  },
): PracticeGame {
  const now = opts.now ?? Date.now();
  const id = newPracticeId();
  const bot = practiceBot(game.id);
  const wanted = opts.bots ?? [null];
  const person = Math.max(0, wanted.indexOf(null));
  const bots = Array.from({ length: opts.players }, (_, i) =>
    i === person ? null : (wanted[i] ?? bot),
  );
  return {
    id,
    game: game.id,
    seat: person,
    bots,
    record: {
      version: 1,
      game: game.id,
      // The seats' count goes in the options, as the server puts it there for a table.
      options: {
        ...(game.buildOptions(opts.options ?? game.defaultOptions, opts.players) as object),
        players: opts.players,
      },
      seed: `practice-${id}`,
      moves: [],
      players: bots.map((b) => (b === null ? { name: opts.name || 'You' } : { bot: b })),
    },
    clockTimes: [],
    finished: false,
    startedAt: now,
    updatedAt: now,
  };
}

/** Keeps a new practice game and opens its table; an error says why it could not start. */
export async function startPractice(game: PracticeGame): Promise<void> {
  const store = practiceStore();
  if (!store) throw new Error('This browser cannot keep games (no IndexedDB): practice is off.');
  await store.put(game);
  window.location.hash = `#/practice/${game.id}`;
}
