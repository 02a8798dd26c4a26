// What a game gives the terminal: its table as text, its events in words, and a parser of typed moves.
import type { Seat, Viewer } from './game.js';

/**
 * What a game gives the terminal (`boss play`, `boss replay`), as the web shell has its own
 * parts per game: its table as text, its events in words and a parser of typed moves. The
 * terminal itself is generic: it drives these through the driver (locally) or the client SDK
 * (a server table), and works only from what a seat may know — a view, the compact legal
 * form (`legalSummary`) and the events addressed to it — never from a full state.
 */

/** Optional emphasis; every function is the identity when colour is off (not a TTY). */
export interface TextStyle {
  /** The viewer's own things, whose turn it is. */
  readonly strong: (text: string) => string;
  /** Secondary details. */
  readonly faint: (text: string) => string;
  /** A warning: a refused move, a clock running low. */
  readonly alert: (text: string) => string;
}

export const PLAIN_STYLE: TextStyle = { strong: (t) => t, faint: (t) => t, alert: (t) => t };

/** A clock of the rules as the terminal shows it (from the driver or the server). */
export interface ClockShown {
  readonly id: string;
  /** Whose time it is; empty for a window of the whole table. */
  readonly seats: readonly Seat[];
  /** Milliseconds left when this was drawn; null while paused. */
  readonly leftMs: number | null;
}

/** Everything a piece needs besides the game's own data. */
export interface TerminalContext {
  /** Whose eyes: a seat, or null for a spectator (and replays). */
  readonly viewer: Viewer;
  /** A seat's name as the web shows it: "You", a player's name, "Bot 2 (heuristic)". */
  readonly name: (seat: Seat) => string;
  readonly style: TextStyle;
  /** Columns to fit in (80 unless the terminal says otherwise). */
  readonly width: number;
  /** The rules' clocks now (open windows, Stop windows); empty in a game without them. */
  readonly clocks: readonly ClockShown[];
}

/** A typed line read as a move of the game, or a sentence saying what is wrong with it. */
export type TypedMove = { readonly move: unknown } | { readonly error: string };

export interface TerminalPieces<View = unknown, Event = unknown, Legal = unknown, Move = unknown> {
  /** The table as text from one view: compact, readable in 80 columns. */
  renderView(view: View, ctx: TerminalContext): string;
  /**
   * One sentence for an event the viewer may see (the caller filters by audience), or
   * undefined for one not worth a line (e.g. "it is X's turn", which the prompt says).
   */
  describeEvent(event: Event, ctx: TerminalContext): string | undefined;
  /** What the seat may do now, in words, from the compact legal form. */
  describeLegal(legal: Legal, view: View, ctx: TerminalContext): string;
  /**
   * What the seat is asked now, one short line for the prompt ("place cubes and reveal a
   * card"; in an open window: "accept or refuse Ann's offer"). The clocks are the shell's.
   */
  ask(legal: Legal, view: View, ctx: TerminalContext): string;
  /**
   * A typed line as a move, read against the view and legal form the seat has now. Only the
   * shape is judged here; the rules judge the move (and the shell prints the rule it breaks).
   */
  parseMove(line: string, view: View, legal: Legal): TypedMove;
  /**
   * A move as a person types it: `parseMove` reads it back as the same move (the terminal
   * kit checks this for every legal move it meets).
   */
  formatMove(move: Move, view: View): string;
  /** How to type moves, with examples (the shell adds its own commands after it). */
  readonly help: string;
  /**
   * A clock of the rules by its id, in words for the prompt ("the deal", "without progress");
   * without it, clocks are "time left" or the seats they wait on.
   */
  clockName?(id: string): string | undefined;
  /**
   * For a move a clock made when time ran out: what it did, in words ("Time ran out: the die
   * was rolled for you."); the shell prints it before the move's events (else "Time ran out.").
   */
  clockNote?(events: readonly Event[], ctx: TerminalContext): string;
  /** Whether the game shown is over (the shell then shows the end and stops). */
  isOver(view: View): boolean;
  /** Where everyone stands once the game is over (the shell adds the ranking). */
  renderEnd?(view: View, ctx: TerminalContext): string;
}

/** "m:ss" for a countdown; "paused" for a paused clock. */
export function formatClock(leftMs: number | null): string {
  if (leftMs === null) return 'paused';
  const s = Math.max(0, Math.ceil(leftMs / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;]*m/g;

/** Columns a text takes on screen: colour codes take none. */
export const visibleLength = (text: string): number => text.replace(ANSI, '').length;

/** Splits text into lines of at most `width` columns at spaces, each after the first indented. */
export function wrapText(text: string, width: number, indent = ''): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (visibleLength(next) > width && line) {
      lines.push(line);
      line = indent + word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines.join('\n');
}
