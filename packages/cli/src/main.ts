// The `boss` command's entry: every subcommand listed once, usage and help, and exit codes.
import { analyzeCommand } from './analyze.js';
import { UsageError, type Command, type Io } from './args.js';
import { arenaCommand } from './arena.js';
import { benchCommand } from './bench.js';
import { playCommand } from './play-command.js';
import { replayCommand } from './replay.js';
import { selfplayCommand } from './selfplay.js';

/** Every `boss` command; add one line here for a new command. */
export const COMMANDS: readonly Command[] = [
  playCommand,
  replayCommand,
  selfplayCommand,
  benchCommand,
  arenaCommand,
  analyzeCommand,
];

export function usage(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'usage: boss <command> [options]   (boss <command> --help for its options)',
    '',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
  ].join('\n');
}

export async function main(argv: readonly string[], io: Io): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === 'help' || name === '-h') {
    io.out(usage());
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.err(`boss: unknown command "${name}".\n${usage()}`);
    return 2;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(e.message);
      return 2;
    }
    io.err(`boss ${name}: ${(e as Error).message}`);
    return 1;
  }
}

const stdio: Io = {
  out: (text) => process.stdout.write(text.endsWith('> ') ? text : text + '\n'),
  err: (text) => process.stderr.write(text + '\n'),
  colour: process.stdout.isTTY === true && !process.env.NO_COLOR,
  columns: process.stdout.columns,
};

// Run when executed (bin/boss.js or node dist/main.js), not when imported by tests.
const entry = process.argv[1] ?? '';
if (/(?:^|[\\/])(?:main\.js|boss(?:\.js)?)$/.test(entry)) {
  // Output piped into a program that stops reading (`| head`): stop quietly.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
  main(process.argv.slice(2), stdio).then(
    (code) => {
      process.exitCode = code;
      // Done: an input pipe still open (or a bot's thread) must not keep the command alive.
      process.stdin.destroy();
      setTimeout(() => process.exit(code), 300).unref();
    },
    (e: unknown) => {
      process.stderr.write(`boss: ${(e as Error).message}\n`);
      process.exitCode = 1;
    },
  );
}
