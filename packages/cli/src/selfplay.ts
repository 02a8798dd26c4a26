// `boss selfplay`: bots play whole games and write their records, chance written out where the game can.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { replay, type Emitted, type GameEntry, type GameRecord } from '@boss-table/core';
import { defaultGameId, findEntry, GAMES } from '@boss-table/games';
import { helpText, parseArgs, UsageError, type Command, type FlagSpec, type Io } from './args.js';
import { botsFor, LocalGame } from './local-game.js';

/**
 * The record with its chance written out (the game's `explicitRecord`), checked to replay to
 * the same end without the seed; the plain record for a game without one.
 */
function recordOf(
  entry: GameEntry,
  local: LocalGame,
  initial: unknown,
  events: readonly Emitted<unknown>[],
): Record<string, unknown> | GameRecord {
  const { game, explicitRecord } = entry;
  if (!explicitRecord) return local.driver.recordJson();
  const record = explicitRecord(local.toRecord(), initial, events);
  const replayed = replay(game, { ...record, seed: `${record.seed} (not used)` });
  const same =
    replayed.ok &&
    JSON.stringify(game.summary(replayed.value.state)) ===
      JSON.stringify(game.summary(local.state));
  if (!same) throw new Error(`the record of seed "${record.seed}" does not replay from its deals.`);
  return record;
}

const FLAGS: Record<string, FlagSpec> = {
  game: { type: 'string', help: `the game: ${Object.keys(GAMES).join(', ')} (default the first)` },
  players: { type: 'int', min: 2, max: 6, help: 'players per game (required)' },
  games: { type: 'int', min: 1, max: 1_000_000, help: 'how many games (required)' },
  seed: { type: 'string', help: 'seed of the first game; game i uses SEED-i (required)' },
  out: { type: 'string', help: 'folder to write the records to (required, created if missing)' },
  rules: {
    type: 'string',
    help: "the game's rule set (default its own; the game checks the name)",
  },
  bots: { type: 'string', help: 'bot specs by seat, comma-separated (default random)' },
  budget: { type: 'int', min: 1, max: 60_000, help: 'think time per move in ms (default 100)' },
};
const USAGE = 'boss selfplay --players N --games G --seed S --out DIR [--bots LIST] [--rules R]';
const SUMMARY =
  'Plays bot games and writes one complete record per game (JSON), for tests and replays.';

export const selfplayCommand: Command = {
  name: 'selfplay',
  summary: 'write complete records of bot games',
  async run(argv: readonly string[], io: Io) {
    if (argv.includes('--help')) {
      io.out(helpText(USAGE, SUMMARY, FLAGS));
      return 0;
    }
    const { flags, positional } = parseArgs(argv, FLAGS, 'selfplay');
    if (positional.length) throw new UsageError(`usage: ${USAGE}`);
    for (const required of ['players', 'games', 'seed', 'out'])
      if (flags[required] === undefined)
        throw new UsageError(`boss selfplay: --${required} is required (usage: ${USAGE}).`);
    const gameId = (flags.game as string | undefined) ?? defaultGameId();
    const entry = findEntry(gameId);
    if (!entry)
      throw new UsageError(
        `boss selfplay: no game "${gameId}"; known: ${Object.keys(GAMES).join(', ')}.`,
      );
    const { game } = entry;
    const players = flags.players as number;
    const bots = botsFor(gameId, flags.bots as string | undefined, players);
    const budget = (flags.budget as number | undefined) ?? 100;
    const options = { players, ...(flags.rules ? { rules: flags.rules } : {}) };
    const parsedOptions = game.parseOptions(options);
    if (!parsedOptions.ok) throw new UsageError(`boss selfplay: ${parsedOptions.error.message}`);
    const out = flags.out as string;
    await mkdir(out, { recursive: true });
    const count = flags.games as number;
    const width = String(count - 1).length;
    for (let i = 0; i < count; i++) {
      const events: Emitted<unknown>[] = [];
      const onEvents = (e: readonly Emitted<unknown>[]) => events.push(...e);
      const local = new LocalGame(game, options, `${flags.seed}-${i}`, onEvents, bots, budget);
      const initial = local.state;
      local.advance();
      const record = recordOf(entry, local, initial, events);
      const file = join(out, `${gameId}-${String(i).padStart(width, '0')}.json`);
      await writeFile(file, JSON.stringify(record, null, 1) + '\n');
    }
    io.out(`wrote ${count} record${count === 1 ? '' : 's'} to ${out}`);
    return 0;
  },
};
