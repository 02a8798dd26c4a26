import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { replay, type AnyGame, type Emitted, type GameRecord } from '@boss-table/core';
import { findGame, GAMES } from '@boss-table/games';
import type { BossState } from '@boss-table/the-boss';
import { explicitBossRecord } from './boss-record.js';
import { helpText, parseArgs, UsageError, type Command, type FlagSpec, type Io } from './args.js';
import { botsFor, LocalGame } from './local-game.js';

/** The record with its deals written out, checked to replay to the same end without the seed. */
function checkedExplicit(
  game: AnyGame,
  local: LocalGame,
  initial: BossState,
  events: readonly Emitted<unknown>[],
): GameRecord {
  const record = explicitBossRecord(local.toRecord(), initial, events);
  const replayed = replay(game, { ...record, seed: `${record.seed} (not used)` });
  const same =
    replayed.ok &&
    JSON.stringify(game.summary(replayed.value.state)) ===
      JSON.stringify(game.summary(local.state));
  if (!same) throw new Error(`the record of seed "${record.seed}" does not replay from its deals.`);
  return record;
}

const FLAGS: Record<string, FlagSpec> = {
  game: { type: 'string', help: 'the game (default the-boss)' },
  players: { type: 'int', min: 2, max: 6, help: 'players per game (required)' },
  games: { type: 'int', min: 1, max: 1_000_000, help: 'how many games (required)' },
  seed: { type: 'string', help: 'seed of the first game; game i uses SEED-i (required)' },
  out: { type: 'string', help: 'folder to write the records to (required, created if missing)' },
  rules: {
    type: 'string',
    help: 'rule set: the-boss classic|arena (default classic), big-boss modern|original (default modern)',
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
    const gameId = (flags.game as string | undefined) ?? 'the-boss';
    const game = findGame(gameId);
    if (!game)
      throw new UsageError(
        `boss selfplay: no game "${gameId}"; known: ${Object.keys(GAMES).join(', ')}.`,
      );
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
      const record =
        gameId === 'the-boss'
          ? checkedExplicit(game, local, initial as BossState, events)
          : local.driver.recordJson();
      const file = join(out, `${gameId}-${String(i).padStart(width, '0')}.json`);
      await writeFile(file, JSON.stringify(record, null, 1) + '\n');
    }
    io.out(`wrote ${count} record${count === 1 ? '' : 's'} to ${out}`);
    return 0;
  },
};
