// `boss play`'s flags and help: which game, seats, bots, options and server, checked before a game starts.
import { defaultGameId, findEntry, gameEntries } from '@boss-table/games';
import { helpText, parseArgs, UsageError, type Command, type FlagSpec, type Io } from './args.js';
import { playGame } from './play.js';
import { playRemote } from './play-remote.js';
import { fit, helpFor, widthOf } from './session.js';

const FLAGS: Record<string, FlagSpec> = {
  game: { type: 'string', help: `the game (default ${defaultGameId()}); see the list below` },
  players: { type: 'int', min: 2, max: 6, help: 'players, you included (default 4)' },
  rules: { type: 'string', help: "the game's rule set, when it has several (it checks the name)" },
  options: {
    type: 'string',
    help: "the game's other options as a JSON object (it checks them)",
  },
  seat: { type: 'int', min: 1, max: 6, help: 'your seat, counting from 1 (default 1)' },
  seed: { type: 'string', help: 'seed of the game (default: random)' },
  bots: { type: 'string', help: 'bot specs for the other seats, comma-separated' },
  budget: {
    type: 'int',
    min: 1,
    max: 60_000,
    help: "bots' think time per move in ms (default 1000)",
  },
  threads: {
    type: 'int',
    min: 1,
    max: 64,
    help: 'threads a searching bot thinks on, each for the whole budget (default 1)',
  },
  server: { type: 'string', help: 'play a seat of a server table instead: the server URL' },
  table: { type: 'string', help: 'with --server: the table id' },
  token: { type: 'string', help: 'with --server: your seat token (from joining the table)' },
};
const LOCAL_FLAGS = ['players', 'rules', 'options', 'seat', 'seed', 'bots', 'budget', 'threads'];
const USAGE = [
  'boss play [--game G] [--players N] [--rules R] [--options JSON]',
  '                 [--seat K] [--seed S] [--bots LIST] [--budget MS] [--threads N]',
  '       boss play --server URL --table ID --token T [--game G]',
].join('\n');
const SUMMARY = 'A game in the terminal, you against bots, or your seat at a server table.';

/** The games the terminal plays, with their bots, for --help. */
function gamesHelp(): string {
  const lines = ['games and their bots:'];
  for (const entry of gameEntries()) {
    if (!entry.terminal) continue;
    const bots = Object.entries(entry.bots).map(([kind, b]) =>
      b.levels.length ? `${kind}:${b.levels.join('|')}` : kind,
    );
    lines.push(`  ${entry.game.id.padEnd(12)} ${entry.game.name}; bots ${bots.join(', ')}`);
  }
  return lines.join('\n');
}

/** `--options`: a JSON object of the game's options; the game checks its fields. */
function parseOptionsFlag(raw: string | undefined): Record<string, unknown> | undefined {
  if (raw === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new UsageError(`boss play: --options must be a JSON object; got ${raw}.`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new UsageError(`boss play: --options must be a JSON object; got ${raw}.`);
  return value as Record<string, unknown>;
}

export const playCommand: Command = {
  name: 'play',
  summary: 'play any game in the terminal, against bots or at a server table',
  async run(argv: readonly string[], io: Io) {
    const { flags, positional } = parseArgs(
      argv.filter((a) => a !== '--help'),
      FLAGS,
      'play',
    );
    const gameId = (flags.game as string | undefined) ?? defaultGameId();
    const entry = findEntry(gameId);
    const playable = gameEntries().filter((e) => e.terminal);
    if (flags.game !== undefined && !entry?.terminal)
      throw new UsageError(
        `boss play: no game "${gameId}" in the terminal; games: ${playable.map((e) => e.game.id).join(', ')}.`,
      );
    if (argv.includes('--help')) {
      const turns = entry?.terminal ? `\n\n${entry.game.name}: ${helpFor(entry.terminal)}` : '';
      io.out(fit(`${helpText(USAGE, SUMMARY, FLAGS)}\n\n${gamesHelp()}${turns}`, widthOf(io)));
      return 0;
    }
    if (positional.length) throw new UsageError(`usage: ${USAGE}`);
    if (flags.server !== undefined || flags.table !== undefined || flags.token !== undefined) {
      if (!flags.server || !flags.table || !flags.token)
        throw new UsageError('boss play: --server, --table and --token go together.');
      const local = LOCAL_FLAGS.filter((f) => flags[f] !== undefined);
      if (local.length)
        throw new UsageError(
          `boss play: --${local[0]} is for a local game; the server table sets its own.`,
        );
      return playRemote(
        {
          server: flags.server as string,
          table: flags.table as string,
          token: flags.token as string,
          ...(flags.game !== undefined ? { game: gameId } : {}),
        },
        process.stdin,
        io,
      );
    }
    if (!entry) throw new UsageError(`boss play: no game "${gameId}".`);
    return playGame(
      entry,
      {
        players: (flags.players as number | undefined) ?? 4,
        rules: flags.rules as string | undefined,
        options: parseOptionsFlag(flags.options as string | undefined),
        // People count seats from 1 everywhere (the table's own output too); the game from 0.
        seat: ((flags.seat as number | undefined) ?? 1) - 1,
        seed: (flags.seed as string | undefined) ?? Math.random().toString(36).slice(2, 10),
        bots: flags.bots as string | undefined,
        budget: (flags.budget as number | undefined) ?? 1000,
        threads: (flags.threads as number | undefined) ?? 1,
      },
      process.stdin,
      io,
    );
  },
};
