// `boss bench`: random playouts of a game for a given time, as games and moves a second.
import { playOutRandom, Rng, type AnyGame } from '@boss-table/core';
import { defaultGameId, findGame, GAMES } from '@boss-table/games';
import { helpText, parseArgs, UsageError, type Command, type FlagSpec, type Io } from './args.js';

const FLAGS: Record<string, FlagSpec> = {
  game: { type: 'string', help: `the game: ${Object.keys(GAMES).join(', ')} (default the first)` },
  players: { type: 'int', min: 2, max: 6, help: 'players per game (default 4)' },
  rules: { type: 'string', help: "the game's rule set, when it has several (it checks the name)" },
  seconds: { type: 'int', min: 1, max: 3600, help: 'how long to measure (default 5)' },
  json: { type: 'boolean', help: 'print { "gamesPerSecond", "movesPerSecond" }' },
};
const USAGE = 'boss bench [--players N] [--seconds S] [--json]';
const SUMMARY =
  'Plays complete random games on one core (setup included) and reports games and moves per second.';

export interface BenchResult {
  /** Games played to their end within the time (one cut off by the deadline is not counted). */
  readonly games: number;
  /** Their moves (the unfinished game's are not counted). */
  readonly moves: number;
  /** Whether the last game was cut off unfinished by the deadline. */
  readonly cutOff: boolean;
  readonly seconds: number;
  readonly gamesPerSecond: number;
  readonly movesPerSecond: number;
}

/** Random playouts on the driver's fast path (in-place apply, no events), for `ms` milliseconds. */
export function bench(game: AnyGame, options: unknown, ms: number, seed = 'bench'): BenchResult {
  const rng = Rng.fromSeed(seed);
  let games = 0;
  let moves = 0;
  let cutOff = false;
  const start = performance.now();
  const deadline = start + ms;
  let now = start;
  // The clock is read after every game, and inside a game every 1,024 moves (a long random
  // game is cut off at the deadline, not played to its end).
  while (now < deadline) {
    const setup = game.setup(options, `${seed}/${games}`);
    if (!setup.ok) throw new Error(setup.error.message);
    const state = setup.value.state;
    const played = playOutRandom(game, state, rng, deadline);
    now = performance.now();
    if (!game.isOver(state)) {
      cutOff = true;
      break;
    }
    moves += played;
    games++;
  }
  const seconds = (now - start) / 1000;
  return {
    games,
    moves,
    cutOff,
    seconds,
    gamesPerSecond: games / seconds,
    movesPerSecond: moves / seconds,
  };
}

export const benchCommand: Command = {
  name: 'bench',
  summary: 'complete random games per second on one core',
  async run(argv: readonly string[], io: Io) {
    if (argv.includes('--help')) {
      io.out(helpText(USAGE, SUMMARY, FLAGS));
      return 0;
    }
    const { flags, positional } = parseArgs(argv, FLAGS, 'bench');
    if (positional.length) throw new UsageError(`usage: ${USAGE}`);
    const gameId = (flags.game as string | undefined) ?? defaultGameId();
    const game = findGame(gameId);
    if (!game)
      throw new UsageError(
        `boss bench: no game "${gameId}"; known: ${Object.keys(GAMES).join(', ')}.`,
      );
    const options = game.parseOptions({
      players: flags.players ?? 4,
      ...(flags.rules ? { rules: flags.rules } : {}),
    });
    if (!options.ok) throw new UsageError(`boss bench: ${options.error.message}`);
    const seconds = (flags.seconds as number | undefined) ?? 5;
    const r = bench(game, options.value, seconds * 1000);
    const perGame = r.games > 0 ? Math.round(r.moves / r.games) : null;
    if (flags.json)
      io.out(
        JSON.stringify({
          gamesPerSecond: Math.round(r.gamesPerSecond),
          movesPerSecond: Math.round(r.movesPerSecond),
          games: r.games,
          movesPerGame: perGame,
        }),
      );
    else if (r.games === 0)
      io.out(
        `${game.name}, ${flags.players ?? 4} players: no random game finished in ${seconds} s ` +
          `(the first was cut off at the deadline); try more --seconds.`,
      );
    else
      io.out(
        `${game.name}, ${flags.players ?? 4} players: ${r.games} random games in ${r.seconds.toFixed(1)} s on one core, ` +
          `${perGame!.toLocaleString('en')} moves a game\n` +
          `  ${Math.round(r.gamesPerSecond).toLocaleString('en')} games/s, ${Math.round(r.movesPerSecond).toLocaleString('en')} moves/s`,
      );
    return 0;
  },
};
