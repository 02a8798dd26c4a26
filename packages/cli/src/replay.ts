// `boss replay`: a record file read, checked and replayed, printed as the game's summary or its story in words.
import { readFile } from 'node:fs/promises';
import {
  CLOCK,
  eventsFor,
  PLAIN_STYLE,
  parseRecord,
  replay,
  type Emitted,
  type GameEntry,
  type GameRecord,
  type TerminalContext,
} from '@boss-table/core';
import { findEntry, GAMES } from '@boss-table/games';
import { fit, seatNamer, styleFor, widthOf } from './session.js';
import { helpText, parseArgs, UsageError, type Command, type FlagSpec, type Io } from './args.js';

const FLAGS: Record<string, FlagSpec> = {
  json: { type: 'boolean', help: 'print one JSON object: the summary of where the game ends' },
};
const USAGE = 'boss replay FILE [--json]';
const SUMMARY =
  'Replays a game record step by step in words, as a spectator saw it, and shows where it ends.\nA refused record exits with 1.';

/** A replayed record: the game's summary where it ends, and the game step by step in words. */
export interface ReplayedFile {
  readonly ok: true;
  readonly summary: unknown;
  readonly words: string;
}

/** A record read from a file, with its game's entry; or the sentence saying why not. */
export async function loadRecordFile(
  file: string,
): Promise<{ ok: true; record: GameRecord; entry: GameEntry } | { ok: false; message: string }> {
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
  const entry = findEntry(record.value.game);
  if (entry === undefined)
    return {
      ok: false,
      message: `${file}: unknown game "${record.value.game}"; known: ${Object.keys(GAMES).join(', ')}.`,
    };
  return { ok: true, record: record.value, entry };
}

/** Reads and replays a record; returns the game's summary and its story, or an error sentence. */
export async function replayFile(
  file: string,
  ctx: Omit<TerminalContext, 'name' | 'viewer' | 'clocks'> = { style: PLAIN_STYLE, width: 80 },
): Promise<ReplayedFile | { ok: false; message: string }> {
  const loaded = await loadRecordFile(file);
  if (!loaded.ok) return loaded;
  const { entry, record } = loaded;
  const { game } = entry;
  const steps: (readonly Emitted<unknown>[])[] = [];
  const replayed = replay(game, record, { onStep: (_, events) => steps.push(events) });
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
  const state = replayed.value.state;
  const summary: unknown = game.summary(state);
  const words = entry.terminal
    ? tell(entry, record, steps, game.view(state, null), {
        ...ctx,
        viewer: null,
        name: seatNamer(null, recordPlayers(record)),
        clocks: [],
      })
    : describeSummary(summary);
  return { ok: true, summary, words };
}

/** The players a record names (people and bots), for their names in the story. */
function recordPlayers(record: GameRecord): { name?: string; bot?: string }[] {
  return (record.players ?? []).map((p) => ({
    ...(typeof p.name === 'string' && p.name ? { name: p.name } : {}),
    ...(typeof p.bot === 'string' ? { bot: p.bot } : {}),
  }));
}

/**
 * The game as a spectator saw it, in the game's own words: setup, then each move's events
 * under who made it, then the table where it ends.
 */
function tell(
  entry: GameEntry,
  record: GameRecord,
  steps: readonly (readonly Emitted<unknown>[])[],
  end: unknown,
  ctx: TerminalContext,
): string {
  const pieces = entry.terminal!;
  const said = (emitted: readonly Emitted<unknown>[]) =>
    eventsFor(emitted, null).flatMap((e) => {
      const text = pieces.describeEvent(e, ctx);
      return text ? [`  · ${text}`] : [];
    });
  const players = (record.options as { players?: unknown } | null)?.players;
  const lines = [
    ctx.style.strong(
      `${entry.game.name}${typeof players === 'number' ? `, ${players} players` : ''}, seed "${record.seed}": ${record.moves.length} moves.`,
    ),
    'Setup:',
    ...said(steps[0] ?? []),
  ];
  record.moves.forEach((m, i) => {
    const who = m.seat === CLOCK ? 'the clock' : ctx.name(m.seat);
    lines.push(`Move ${i + 1}, ${who}:`, ...said(steps[i + 1] ?? []));
  });
  lines.push('', pieces.renderView(end, ctx));
  if (pieces.isOver(end) && pieces.renderEnd) lines.push(pieces.renderEnd(end, ctx));
  return lines.join('\n');
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
  summary: 'replay a record step by step in words (--json: where it ends)',
  async run(argv: readonly string[], io: Io) {
    if (argv.includes('--help')) {
      io.out(helpText(USAGE, SUMMARY, FLAGS));
      return 0;
    }
    const { flags, positional } = parseArgs(argv, FLAGS, 'replay');
    if (positional.length !== 1) throw new UsageError(`usage: ${USAGE}`);
    const result = await replayFile(positional[0], {
      style: styleFor(io),
      width: widthOf(io),
    });
    if (!result.ok) {
      io.err(`boss replay: ${result.message}`);
      return 1;
    }
    io.out(flags.json ? JSON.stringify(result.summary) : fit(result.words, widthOf(io)));
    return 0;
  },
};
