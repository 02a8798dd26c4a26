// A tournament's games kept in a file as each ends (JSON Lines), so that a long `boss arena` that stops goes on where it stopped.
import { closeSync, existsSync, openSync, readFileSync, truncateSync, writeSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { UsageError } from './args.js';
import type { ArenaGameResult } from './arena-games.js';
import { seatsFor } from './arena-stats.js';

/** What makes two runs the same tournament: game `index` is then the same game in both. */
export interface ArenaSettings {
  readonly gameId: string;
  readonly options: unknown;
  readonly specs: readonly string[];
  readonly seed: string;
  readonly budgetMs: number;
}

/** The games a results file already holds, and where the next ones go. */
export interface KeptResults {
  /** The games already played, by index (any index, also past this run's `--games`). */
  readonly done: readonly ArenaGameResult[];
  /** Appends one finished game to the file, as one line. */
  add(result: ArenaGameResult): void;
  close(): void;
}

const header = (s: ArenaSettings) => ({
  arena: 1,
  game: s.gameId,
  options: s.options,
  bots: s.specs,
  seed: s.seed,
  budgetMs: s.budgetMs,
});

const isInt = (x: unknown, below: number): x is number =>
  Number.isInteger(x) && (x as number) >= 0 && (x as number) < below;
const isNumbers = (x: unknown, length?: number): x is number[] =>
  Array.isArray(x) &&
  (length === undefined || x.length === length) &&
  x.every((v) => typeof v === 'number' && Number.isFinite(v));

/** One game's line, checked against the tournament's settings; a sentence when it is not one. */
export function parseResultLine(raw: unknown, s: ArenaSettings): ArenaGameResult | string {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'not an object';
  const r = raw as Record<string, unknown>;
  const n = s.specs.length;
  if (!isInt(r.index, Number.MAX_SAFE_INTEGER)) return '"index" is not a whole number ≥ 0';
  if (!isDeepStrictEqual(r.seats, seatsFor(s.specs, r.index)))
    return `"seats" are not those of game ${r.index} (${seatsFor(s.specs, r.index).join(',')})`;
  if (!isNumbers(r.scores, n)) return `"scores" is not ${n} numbers`;
  const seatList = (x: unknown, exact: boolean) =>
    Array.isArray(x) &&
    x.length > 0 &&
    x.every((v) => isInt(v, n)) &&
    new Set(x).size === x.length &&
    (!exact || x.length === n);
  if (!seatList(r.winners, false)) return '"winners" is not a list of seats';
  if (!seatList(r.ranking, true)) return '"ranking" is not every seat once';
  if (
    !Array.isArray(r.decisionMs) ||
    r.decisionMs.length !== n ||
    !r.decisionMs.every((d) => isNumbers(d))
  )
    return `"decisionMs" is not ${n} lists of numbers`;
  return {
    index: r.index,
    seats: r.seats as string[],
    scores: r.scores,
    winners: r.winners as number[],
    ranking: r.ranking as number[],
    decisionMs: r.decisionMs as number[][],
  };
}

/**
 * Opens a results file: a new one gets the tournament's settings as its first line; an
 * existing one must hold the same settings, and its games are read back. A last line cut
 * short (the process killed while writing it: no newline) is dropped from the file; any
 * other line that is not a game of this tournament is an error that names it.
 */
export function openResults(file: string, s: ArenaSettings): KeptResults {
  const done: ArenaGameResult[] = [];
  const want = header(s);
  if (existsSync(file)) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      throw new UsageError(`boss arena: cannot read ${file}: ${(e as Error).message}`);
    }
    const lines = text.split('\n');
    // A last line without its newline is one the process did not finish writing: dropped
    // (its game is played again).
    const torn = lines.pop() ?? '';
    const kept = text.length - torn.length;
    if (lines.length > 0) {
      let first: unknown;
      try {
        first = JSON.parse(lines[0]);
      } catch {
        first = null;
      }
      if (!isDeepStrictEqual(first, want))
        throw new UsageError(
          `boss arena: ${file} holds ${
            first && typeof first === 'object' && (first as { arena?: unknown }).arena === 1
              ? `another tournament (${lines[0]})`
              : 'no tournament of `boss arena --results`'
          }; give the same game, bots, players, rules, seed and budget to go on with it, or another file.`,
        );
      const seen = new Set<number>();
      for (let i = 1; i < lines.length; i++) {
        let raw: unknown;
        try {
          raw = JSON.parse(lines[i]);
        } catch {
          throw new UsageError(`boss arena: ${file}, line ${i + 1}: not valid JSON.`);
        }
        const parsed = parseResultLine(raw, s);
        if (typeof parsed === 'string')
          throw new UsageError(`boss arena: ${file}, line ${i + 1}: ${parsed}.`);
        if (seen.has(parsed.index))
          throw new UsageError(
            `boss arena: ${file}, line ${i + 1}: game ${parsed.index} is there twice.`,
          );
        seen.add(parsed.index);
        done.push(parsed);
      }
    }
    if (kept < text.length) truncateSync(file, Buffer.byteLength(text.slice(0, kept)));
  }
  let fd: number;
  try {
    fd = openSync(file, 'a');
  } catch (e) {
    throw new UsageError(`boss arena: cannot write ${file}: ${(e as Error).message}`);
  }
  if (readFileSync(file, 'utf8') === '') writeSync(fd, `${JSON.stringify(want)}\n`);
  return {
    done,
    // One write a line: a process killed between two games loses nothing, one killed in
    // the middle of a write leaves a cut line, dropped when the file is opened again.
    add: (result) => void writeSync(fd, `${JSON.stringify(result)}\n`),
    close: () => closeSync(fd),
  };
}
