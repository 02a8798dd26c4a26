import { readFile } from 'node:fs/promises';
import { parseRecord, replay } from '@boss-table/core';
import { findGame, GAMES } from '@boss-table/games';
import { helpText, parseArgs, UsageError, type Command, type FlagSpec, type Io } from './args.js';

const FLAGS: Record<string, FlagSpec> = {
  json: { type: 'boolean', help: 'print one JSON object: the summary of where the game ends' },
};
const USAGE = 'boss replay FILE [--json]';
const SUMMARY = 'Replays a game record and shows where it ends. A refused record exits with 1.';

/** Reads and replays a record; returns the game's summary, or an error sentence. */
export async function replayFile(
  file: string,
): Promise<{ ok: true; summary: unknown } | { ok: false; message: string }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return {
      ok: false,
      message:
        code === 'ENOENT' ? `${file}: no such file.` : `${file}: cannot read it (${code ?? e}).`,
    };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `${file}: not valid JSON (${(e as Error).message}).` };
  }
  const record = parseRecord(raw);
  if (!record.ok) return { ok: false, message: `${file}: ${record.error.message}` };
  const game = findGame(record.value.game);
  if (game === undefined)
    return {
      ok: false,
      message: `${file}: unknown game "${record.value.game}"; known: ${Object.keys(GAMES).join(', ')}.`,
    };
  const replayed = replay(game, record.value);
  if (!replayed.ok) {
    const e = replayed.error;
    const where =
      e.moveIndex !== undefined
        ? `move ${e.moveIndex} (seat ${e.seat}) is refused, rule "${e.rule}": `
        : e.rule
          ? `refused (${e.rule}): `
          : '';
    const message =
      e.moveIndex !== undefined
        ? e.message.replace(/^Move \d+ \(seat \d+\)[^:]*: /, '')
        : e.message;
    return { ok: false, message: `${file}: ${where}${message}` };
  }
  return { ok: true, summary: game.summary(replayed.value.state) };
}

/** A readable rendering of a summary object: one `key: value` line per field. */
export function describeSummary(summary: unknown): string {
  if (typeof summary !== 'object' || summary === null) return String(summary);
  const lines: string[] = [];
  for (const [key, value] of Object.entries(summary)) {
    if (Array.isArray(value) && value.some((v) => typeof v === 'object' && v !== null)) {
      lines.push(`${key}:`);
      value.forEach((item, i) =>
        lines.push(
          `  ${i}: ${Object.entries(item as object)
            .map(([k, v]) => `${k} ${JSON.stringify(v)}`)
            .join(', ')}`,
        ),
      );
    } else lines.push(`${key}: ${Array.isArray(value) ? value.join(' ') : JSON.stringify(value)}`);
  }
  return lines.join('\n');
}

export const replayCommand: Command = {
  name: 'replay',
  summary: 'replay a record and show where it ends',
  async run(argv: readonly string[], io: Io) {
    if (argv.includes('--help')) {
      io.out(helpText(USAGE, SUMMARY, FLAGS));
      return 0;
    }
    const { flags, positional } = parseArgs(argv, FLAGS, 'replay');
    if (positional.length !== 1) throw new UsageError(`usage: ${USAGE}`);
    const result = await replayFile(positional[0]);
    if (!result.ok) {
      io.err(`boss replay: ${result.message}`);
      return 1;
    }
    io.out(flags.json ? JSON.stringify(result.summary) : describeSummary(result.summary));
    return 0;
  },
};
