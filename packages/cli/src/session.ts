// One seat at a table in the terminal, for every game: draws the table, words events, reads typed moves.
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import {
  formatClock,
  visibleLength,
  wrapText,
  PLAIN_STYLE,
  type ClockShown,
  type Outcome,
  type Seat,
  type TerminalContext,
  type TerminalPieces,
  type TextStyle,
  type Viewer,
} from '@boss-table/core';
import type { Io } from './args.js';
import { botName } from '@boss-table/games/bot-names';

/**
 * One seat at a table in the terminal, for every game: the game's terminal pieces draw the
 * table, word the events and read typed moves; a feed brings the table's changes (a local
 * driver, or a server table through the client SDK) and takes the seat's moves. The session
 * reads a line only when the seat may act — one line per prompt, so input may be piped — and
 * in an open window it redraws and asks again whenever another seat's move changes the table.
 */

/** A move of the table and the events this seat may see of it. */
export interface Change {
  /** Who moved (a seat, or -1 for a clock); null for the table's setup or a first snapshot. */
  readonly actor: Seat | null;
  readonly events: readonly unknown[];
}

export type Submitted = { ok: true } | { ok: false; rule: string; message: string };

/** A table as the session sees it: one seat's view, legal form and clocks, and its moves. */
export interface TableFeed {
  /** The seat played (null until a server table has said which). */
  readonly seat: Viewer;
  view(): unknown;
  /** The seat's compact legal form; null when it may not act now. */
  legal(): unknown;
  clocks(): readonly ClockShown[];
  name(seat: Seat): string;
  /** Sends a move; resolves once taken, or with the rule it breaks. */
  submit(move: unknown): Promise<Submitted>;
  /** Starts the feed: `change` for each move (the first with setup's events), `fail` once. */
  start(change: (c: Change) => void, fail: (message: string) => void): void;
  /** The ranking once the game is over, when the feed can tell. */
  outcome(): Promise<Outcome | undefined>;
  close(): void;
}

const COMMANDS = `Commands: legal (what you may do now), show (the table again), help, quit.`;

/** ANSI emphasis for a colour terminal; plain text otherwise. */
export const ANSI_STYLE: TextStyle = {
  strong: (t) => `\x1b[1m${t}\x1b[22m`,
  faint: (t) => `\x1b[2m${t}\x1b[22m`,
  alert: (t) => `\x1b[31m${t}\x1b[39m`,
};

export const styleFor = (io: Io): TextStyle => (io.colour ? ANSI_STYLE : PLAIN_STYLE);

/**
 * Seat names as the web shows them: "You", a player's name, "Bot 2 (Rules of thumb)" for a bot
 * (seats counted from 1), else "Seat 2".
 */
export function seatNamer(
  viewer: Viewer,
  seats: readonly { readonly name?: string; readonly bot?: string }[],
): (seat: Seat) => string {
  return (seat) => {
    if (seat === viewer) return 'You';
    const s = seats[seat];
    if (s?.name) return s.name;
    return s?.bot ? `Bot ${seat + 1} (${botName(s.bot)})` : `Seat ${seat + 1}`;
  };
}

/** The clocks in words, from the viewer's side: "time left 0:42", "Bot 2 (random) 0:42". */
export function describeClocks(
  clocks: readonly ClockShown[],
  viewer: Viewer,
  name: (s: Seat) => string,
  clockName?: (id: string) => string | undefined,
): string {
  return clocks
    .map((c) => {
      const mine = c.seats.length === 0 || (viewer !== null && c.seats.includes(viewer));
      const what = clockName?.(c.id);
      const whose = mine ? (what ?? 'time left') : c.seats.map(name).join(', ');
      return `${whose}${!mine && what ? ` (${what})` : ''} ${formatClock(c.leftMs)}`;
    })
    .join(' · ');
}

/** Columns to fit text in: the terminal's when it says (and is not absurdly narrow), else 80. */
export const widthOf = (io: Io): number =>
  io.columns !== undefined && io.columns >= 40 ? io.columns : 80;

/** Text fitted to `width` columns: a longer line wraps at spaces, indented under itself. */
export function fit(text: string, width: number): string {
  return text
    .split('\n')
    .map((line) => {
      const trimmed = line.trimEnd();
      if (visibleLength(trimmed) <= width) return trimmed;
      const lead = trimmed.slice(0, trimmed.length - trimmed.trimStart().length);
      return wrapText(trimmed.slice(lead.length), width - lead.length, '  ')
        .split('\n')
        .map((part) => lead + part)
        .join('\n');
    })
    .join('\n');
}

// eslint-disable-next-line no-control-regex -- colour codes are what is stripped
const STYLE = /\x1b\[[0-9;]*m/g;
const stripStyle = (l: string) => l.replace(STYLE, '');

/** The lines of `next` that `prev` did not have (clock lines, which always move, left out). */
export function changedLines(prev: string, next: string): string[] {
  const had = new Map<string, number>();
  for (const l of prev.split('\n')) had.set(l, (had.get(l) ?? 0) + 1);
  const out: string[] = [];
  for (const l of next.split('\n')) {
    const n = had.get(l) ?? 0;
    if (n > 0) had.set(l, n - 1);
    else if (!/^\s*clock\b/.test(stripStyle(l))) out.push(l);
  }
  return out;
}

/** The help a seat gets: the game's own, then the shell's commands. */
export const helpFor = (pieces: TerminalPieces): string => `${pieces.help}\n${COMMANDS}`;

/** Plays the feed's seat with lines from `input`; resolves to the exit code. */
export function runSession(
  pieces: TerminalPieces,
  feed: TableFeed,
  input: Readable,
  io: Io,
): Promise<number> {
  const style = styleFor(io);
  const width = widthOf(io);
  const ctx = (): TerminalContext => ({
    viewer: feed.seat,
    name: (s) => feed.name(s),
    style,
    width,
    clocks: feed.clocks(),
  });
  const show = (text: string) => io.out(fit(text, width));
  const rl = createInterface({ input, terminal: false });
  const queue: string[] = [];
  let ended = false;
  let prompted = false;
  let busy = false;
  /** After a move is taken, the session waits for its change before asking again. */
  let awaitingChange = false;
  let finished = false;
  /** The table as last printed, to print only what changed. */
  let lastTable: string | null = null;
  let moved = false;

  return new Promise<number>((resolve) => {
    const finish = (code: number) => {
      if (finished) return;
      finished = true;
      rl.close();
      feed.close();
      resolve(code);
    };
    const promptLine = () => io.out('your turn> ');
    const showTurn = (legal: unknown) => {
      const c = ctx();
      io.out('');
      // The whole table the first time; then only its lines that changed (an open window
      // asks again at every change: the table printed again each time buries what happened).
      const table = pieces.renderView(feed.view(), c);
      // Only while asked again without having moved (a window's changes): after a move of
      // its own, a seat gets the whole table.
      const changed = lastTable === null || moved ? null : changedLines(lastTable, table);
      moved = false;
      if (changed === null || changed.length * 2 > table.split('\n').length) show(table);
      else if (changed.length)
        show(`${changed.join('\n')}\n${style.faint('  (show: the whole table)')}`);
      lastTable = table;
      const clocks = c.clocks.length
        ? ` [${describeClocks(c.clocks, c.viewer, c.name, pieces.clockName?.bind(pieces))}]`
        : '';
      show(style.strong(`Your turn: ${pieces.ask(legal, feed.view(), c)}.`) + clocks);
      promptLine();
    };
    const end = async () => {
      const c = ctx();
      io.out('');
      show(pieces.renderView(feed.view(), c));
      if (pieces.renderEnd) show(pieces.renderEnd(feed.view(), c));
      const outcome = await feed.outcome().catch(() => undefined);
      if (outcome)
        show(
          `Ranking: ${outcome.ranking.map((s) => `${c.name(s)} (${outcome.scores[s]})`).join(', ')}.`,
        );
      finish(0);
    };

    const handle = async (line: string) => {
      const c = ctx();
      if (line === 'quit' || line === 'exit') {
        io.out('You left the game.');
        return finish(0);
      }
      if (line === 'help' || line === '?') show(helpFor(pieces));
      else if (line === 'legal') {
        const legal = feed.legal();
        show(legal === null ? 'You may not act now.' : pieces.describeLegal(legal, feed.view(), c));
      } else if (line === 'show') {
        lastTable = pieces.renderView(feed.view(), c);
        show(lastTable);
      } else if (line !== '') {
        const legal = feed.legal();
        if (legal === null) io.out('Too late: you may not act now.');
        else {
          const typed = pieces.parseMove(line, feed.view(), legal);
          if ('error' in typed) show(typed.error);
          else {
            awaitingChange = true;
            const done = await feed.submit(typed.move);
            if (done.ok) moved = true;
            if (finished || done.ok) return;
            awaitingChange = false;
            show(
              style.alert(`Refused (${done.rule}): ${done.message}`) +
                ' Type legal to see your options.',
            );
          }
        }
      }
      if (!finished && feed.legal() !== null) promptLine();
    };

    function pump(): void {
      if (finished || busy || awaitingChange) return;
      const legal = feed.legal();
      if (legal === null) return;
      if (!prompted) {
        prompted = true;
        showTurn(legal);
      }
      const line = queue.shift();
      if (line !== undefined) {
        busy = true;
        void handle(line.trim()).finally(() => {
          busy = false;
          pump();
        });
      } else if (ended) {
        io.out('Input ended; the game is left unfinished.');
        finish(0);
      }
    }

    rl.on('line', (line) => {
      // Leaving needs no turn: quit is taken at once, whoever is to play.
      if (/^(quit|exit)$/.test(line.trim())) {
        io.out('You left the game.');
        finish(0);
        return;
      }
      queue.push(line);
      pump();
    });
    rl.on('close', () => {
      ended = true;
      pump();
    });
    feed.start(
      (change) => {
        if (finished) return;
        const c = ctx();
        // A clock's move is marked as the clock's, so it does not read as the seat's choice.
        if (change.actor === -1 && change.events.length)
          show(`  · ${style.alert(pieces.clockNote?.(change.events, c) ?? 'Time ran out.')}`);
        for (const event of change.events) {
          const text = pieces.describeEvent(event, c);
          if (text) show(`  · ${text}`);
        }
        awaitingChange = false;
        prompted = false;
        if (pieces.isOver(feed.view())) void end();
        else pump();
      },
      (message) => {
        io.err(message);
        finish(1);
      },
    );
  });
}
