// What a game package registers: its game, bots by kind and level, terminal pieces and legal-form chooser.
import type { Bot } from './bot.js';
import type { Rng } from './rng.js';
import type { AnyGame, Emitted } from './game.js';
import type { GameRecord } from './record.js';
import type { TerminalPieces } from './terminal.js';

/** A kind of bot a game offers: its levels (empty: none) and how to make one. */
export interface BotKind {
  readonly levels: readonly string[];
  make(level: string | undefined): Bot;
}

/** The bots a game offers, by kind (`random` comes from core for every game). */
export type BotCatalog = Readonly<Record<string, BotKind>>;

/** The levels of the information-set search bots (`ismcts:easy|medium|hard`). */
export const SEARCH_LEVELS = ['easy', 'medium', 'hard'] as const;
export type SearchLevel = (typeof SEARCH_LEVELS)[number];

/** A catalog's `ismcts` kind from a game's search bot maker (medium when no level is given). */
export const searchBotKind = (make: (level: SearchLevel) => Bot): BotKind => ({
  levels: SEARCH_LEVELS,
  make: (level) => make((level ?? 'medium') as SearchLevel),
});

/**
 * What a lobby needs to know of a game without loading it: its name, its seats and its bots'
 * kinds and levels. Each game package exports its own from a light entry (`<game>/meta`) that
 * imports none of its rules, so a shell can list and configure games before any engine loads;
 * the game's definition and entry take the same values (the registry's tests check they agree).
 */
export interface GameMeta {
  readonly id: string;
  readonly name: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  /** Bot kinds beside `random` (which every game has), each with its levels (empty: none). */
  readonly bots: Readonly<Record<string, readonly string[]>>;
  /** The bots' measured ladder, when an arena run has rated them (docs/benchmarks.md). */
  readonly ladder?: BotLadder;
  /**
   * Levels (`ismcts:medium`) the game still makes, for the tables, records and analyses that
   * name them, but that a lobby no longer offers: measured weaker than a lighter level.
   */
  readonly unlisted?: readonly string[];
}

/**
 * Bot levels rated against each other in one arena run (mixed levels, rotating seats, the
 * site's rating model), strongest first: the lobby lists levels in this order with their
 * ratings, and `npm run seed-bot-ratings` starts the site's bot ratings from it.
 */
export interface BotLadder {
  /** The command and date of the run, as docs/benchmarks.md gives them. */
  readonly run: string;
  readonly rungs: readonly LadderRung[];
}

/** One level on a ladder: its spec (`ismcts:medium`), shown rating, and the model's figures. */
export interface LadderRung {
  readonly bot: string;
  /** As the site shows ratings: 1500 + 40 × (μ − 3σ), rounded. */
  readonly rating: number;
  readonly mu: number;
  readonly sigma: number;
  readonly games: number;
  readonly wins: number;
}

/**
 * A game and what comes with it, as its package exports it in one object; the registry
 * (`packages/games`) lists these, and every shell and the server find games there.
 */
export interface GameEntry {
  readonly game: AnyGame;
  /** Its bots by kind (`random` is added for every game unless given). */
  readonly bots: BotCatalog;
  /** Its pieces for the terminal (`boss play`, `boss replay`); without them it is not offered there. */
  readonly terminal?: TerminalPieces;
  /**
   * A record of a finished game with its chance written out (deals, deck order), so that it
   * replays without the seed; from the record, the state after setup and every event of the
   * game (all audiences). Without it records keep only their seed.
   */
  /**
   * A move drawn from the compact legal form (`legalSummary`) alone, with the seat's view for
   * what the form leaves out (say, which cards a discard names): what a thin client does.
   * Tests and the load generator play through it.
   */
  readonly fromLegal?: (legal: unknown, rng: Rng, view?: unknown) => unknown;
  readonly explicitRecord?: (
    record: GameRecord,
    initial: unknown,
    events: readonly Emitted<unknown>[],
  ) => GameRecord;
}
