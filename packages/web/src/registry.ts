// The contract each game folder fulfils so the shared lobby, table and replay pages can show any of the games.
import type { ComponentType, ReactNode } from 'react';
import type { ClockState } from '@boss-table/client';

/**
 * The web shell's registry of games. The lobby, the table page and the replay page choose
 * everything game-specific through it: each game's folder (`the-boss/`, `big-boss/`)
 * registers a light entry (name, lobby options) and loads its heavy parts (table, replay,
 * rules, words) only when a table of that game is opened.
 */

/** One move's events as they reached this connection (only what this seat may see). */
export interface EventBatch {
  readonly id: number;
  readonly events: readonly unknown[];
  /** Set when a bot played for a human seat, and why. */
  readonly standIn?: string;
  /** Set when the move was a rules' clock running out (not a player's choice). */
  readonly byClock?: boolean;
}

/** Seat names: "You" for the viewer, the player's name, or "Seat 1" (seats shown from 1). */
export type Names = (seat: number) => string;

/** The lobby's options form for one game: it edits the game's options as plain data. */
export interface LobbyOptionsProps {
  readonly players: number;
  readonly options: Readonly<Record<string, unknown>>;
  readonly setOptions: (o: Readonly<Record<string, unknown>>) => void;
}

/** What the shell puts around a game's table: given to the game's `Table`. */
export interface TableProps {
  readonly view: unknown;
  /** What this seat may do now, or null when it may not act. */
  readonly legal: unknown;
  readonly seq: number;
  readonly names: Names;
  readonly batches: readonly EventBatch[];
  readonly onMove: (move: unknown) => void;
  readonly busy: boolean;
  /**
   * The rules' own clocks as the server runs them (a window's countdown: each with its
   * deadline and the seats it waits on); empty for games timed by the table's turn timer.
   */
  readonly clocks?: readonly ClockState[];
  /**
   * For a turn the table takes in steps (a card, then what it names): what to do in this step,
   * shown in the action bar instead of `prompt` until this seat moves; null goes back to it.
   */
  readonly setPrompt?: (step: string | null) => void;
  /**
   * The shell shows a round's results (until the player moves on): a game may keep that
   * round's end on its board meanwhile, instead of the next round's empty one.
   */
  readonly roundEnd?: boolean;
  /**
   * Puts the game's pieces in the shell's layout: the board, the controls for this seat's turn
   * (null when it has nothing to do) and details for below the board. The game's `Table`
   * returns what this returns.
   */
  readonly layout: (pieces: TablePieces) => ReactNode;
}

export interface TablePieces {
  readonly board: ReactNode;
  readonly controls?: ReactNode;
  readonly more?: ReactNode;
}

/** The final result, as every game's view gives it. */
export interface Outcome {
  readonly winners: readonly number[];
  readonly scores: readonly number[];
  readonly ranking: readonly number[];
  readonly decidedBy: string;
}

/** One step of a replay: the table after it, everything revealed, and what happened. */
export interface ReplayStep {
  readonly view: unknown;
  readonly hands: readonly (readonly string[])[];
  readonly lines: readonly string[];
}

/** The parts of a game's web UI that load only when one of its tables (or replays) opens. */
export interface GameParts {
  /** The board and the controls, given to the shell's `layout`. */
  readonly Table: ComponentType<TableProps>;
  /** Seat to act, or null. */
  readonly turn: (view: unknown) => number | null;
  /** What this seat must do now, in a few words ("Place cubes and reveal a card"). */
  readonly prompt: (view: unknown, legal: unknown) => string;
  readonly outcome: (view: unknown) => Outcome | null;
  /** The figure shown in each player's panel: "12 points", "$45". */
  readonly standing: (view: unknown, seat: number) => string;
  /** More about one seat for its panel (cubes, hand, shares…). */
  readonly SeatDetail?: ComponentType<{
    view: unknown;
    seat: number;
    names: Names;
    allHands?: readonly (readonly string[])[];
  }>;
  /** One event in words for the log, as `viewer` may read it; undefined to leave it out. */
  readonly describe: (event: unknown, viewer: number | null, names: Names) => string | undefined;
  /**
   * For a move a rules' clock made when it ran out: what the clock did, in words ("Time ran
   * out: the die was rolled for you."); the log puts it before the move's own lines.
   */
  readonly clockNote?: (events: readonly unknown[], viewer: number | null, names: Names) => string;
  /** A move's events that close a round, in words, to show for a moment; else null. */
  readonly results?: (
    events: readonly unknown[],
    viewer: number | null,
    names: Names,
  ) => string[] | null;
  /** The end of the game explained: scores part by part, how a tie was decided. */
  readonly End: ComponentType<{ view: unknown; names: Names; batches: readonly EventBatch[] }>;
  /** A record's steps for the replay page, or why it cannot be replayed. */
  readonly replaySteps: (raw: unknown, names: Names) => { steps: ReplayStep[] } | { error: string };
  /** One replay step drawn, every hand shown. */
  readonly ReplayBoard: ComponentType<{ step: ReplayStep; names: Names }>;
  /** The rules in our own words (Markdown). */
  readonly rules: string;
}

/** A game's light entry: always in the lobby's bundle. */
export interface WebGame {
  readonly id: string;
  readonly name: string;
  /** What the game is, in one line for the lobby ("deduction and bidding: …"). */
  readonly blurb?: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly defaultOptions: Readonly<Record<string, unknown>>;
  /** The lobby's form for the game's options. */
  readonly LobbyOptions: ComponentType<LobbyOptionsProps>;
  /** The options to send when creating a table with `players` seats. */
  readonly buildOptions: (options: Readonly<Record<string, unknown>>, players: number) => unknown;
  /** A table's options in words for the lobby's list ("classic rules · New York, Boston…"). */
  readonly describeOptions: (options: unknown) => string;
  /**
   * The game keeps its own clocks (turns, deals, windows) from its options: the lobby offers
   * no table timer for it.
   */
  readonly ownClocks?: boolean;
  readonly load: () => Promise<GameParts>;
}
