import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { eventsFor, type Emitted } from '@boss-table/core';
import { botKinds } from '@boss-table/games/bots';
import {
  CITY_IDS,
  CITY_SLOT,
  describeEvent,
  legalSummary,
  type BossLegal,
  theBoss,
  type BossEvent,
  type BossState,
  type BossView,
} from '@boss-table/the-boss';
import { helpText, parseArgs, UsageError, type Command, type FlagSpec, type Io } from './args.js';
import { renderFinal, renderView } from './boss-render.js';
import { botsFor, LocalGame } from './local-game.js';

const FLAGS: Record<string, FlagSpec> = {
  players: { type: 'int', min: 2, max: 6, help: 'players, you included (default 4)' },
  rules: { type: 'string', choices: ['classic', 'arena'], help: 'rule set (default classic)' },
  seat: { type: 'int', min: 0, max: 5, help: 'your seat (default 0)' },
  seed: { type: 'string', help: 'seed of the game (default: random)' },
  bots: { type: 'string', help: 'bot specs for the other seats, comma-separated' },
  budget: {
    type: 'int',
    min: 1,
    max: 60_000,
    help: "bots' think time per move in ms (default 1000)",
  },
  server: { type: 'string', help: 'play a seat of a server table instead: the server URL' },
  table: { type: 'string', help: 'with --server: the table id' },
  token: { type: 'string', help: 'with --server: your seat token (from joining the table)' },
};
const LOCAL_FLAGS = ['players', 'rules', 'seat', 'seed', 'bots', 'budget'];
const USAGE =
  'boss play [--players N] [--rules classic|arena] [--seat K] [--seed S] [--bots LIST]\n       boss play --server URL --table ID --token T';
const SUMMARY = 'A game of The Boss in the terminal, you against bots.';

const TURN_HELP = `On your turn type the cubes to place (optional) and the card to reveal:
  detroit 2 1 boston:3   place 2 big and 1 small cube on Detroit, reveal a Boston 3
  chicago 1 boston:3     place 1 big cube on Chicago, reveal a Boston 3
  boston:3               only reveal a Boston 3
Cities are written as ids: ${CITY_IDS.join(', ')}.
Commands: legal (what you may place and reveal), show (the table again), help, quit.`;

/** A turn typed at the prompt, as a move object, or a sentence saying what is wrong. */
export function parseTurn(line: string): { move: unknown } | { error: string } {
  const words = line.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { error: 'Type a turn, or help.' };
  const reveal = words[words.length - 1];
  if (!reveal.includes(':'))
    return { error: `The last word must be the card to reveal, like boston:3; got "${reveal}".` };
  if (words.length === 1) return { move: { reveal } };
  const [city, ...counts] = words.slice(0, -1);
  if (!CITY_SLOT.has(city))
    return { error: `"${city}" is not a city; cities are ${CITY_IDS.join(', ')}.` };
  if (counts.length < 1 || counts.length > 2 || counts.some((c) => !/^\d$/.test(c)))
    return {
      error: 'After the city give the big cubes and, optionally, the small cubes: detroit 2 1.',
    };
  const [big, small = '0'] = counts;
  return { move: { place: { city, big: Number(big), small: Number(small) }, reveal } };
}

/** What a seat may place and reveal, in words, from the compact legal form. */
export function formatLegal(legal: BossLegal): string {
  const range = (a: number, b: number) => (a === b ? `${a}` : `${a}-${b}`);
  const lines = ['You may place:'];
  if (legal.place.length === 0) lines.push('  nothing: you can only reveal a card.');
  for (const p of legal.place)
    lines.push(
      `  ${p.city.padEnd(12)} ${range(p.minBig, p.maxBig)} big, ${range(0, p.maxSmall)} small` +
        (p.minTotal > Math.max(1, p.minBig) ? `, at least ${p.minTotal} cubes in all to lead` : ''),
    );
  lines.push(`or nothing. Reveal one of: ${legal.reveal.join(' ')}`);
  return lines.join('\n');
}

/** What a seat may place and reveal now, in words. */
export const describeLegal = (state: BossState, seat: number): string =>
  formatLegal(legalSummary(state, seat)!);

export interface PlayOptions {
  readonly players: number;
  readonly rules?: string;
  readonly seat: number;
  readonly seed: string;
  readonly bots?: string;
  readonly budget: number;
}

/** Plays one game between a person (lines from `input`) and bots; resolves to the exit code. */
export async function playGame(opts: PlayOptions, input: Readable, io: Io): Promise<number> {
  if (opts.seat >= opts.players)
    throw new UsageError(`boss play: --seat must be below --players (${opts.players}).`);
  const kinds = botKinds('the-boss');
  const others = botsFor(
    'the-boss',
    opts.bots ?? ('heuristic' in kinds ? 'heuristic' : 'random'),
    opts.players - 1,
  );
  const me = opts.seat;
  // One per seat, the person's seat empty: the driver plays the others and stops for it.
  const bots = Array.from({ length: opts.players }, (_, s) =>
    s === me ? null : others[s < me ? s : s - 1],
  );
  const names = (seat: number) => (seat === me ? 'You' : `Seat ${seat}`);
  const log = (events: readonly Emitted<unknown>[]) => {
    for (const event of eventsFor(events as Emitted<BossEvent>[], me)) {
      if (event.type === 'turn') continue;
      const text = describeEvent(event, me, names);
      if (text) io.out(`  · ${text}`);
    }
  };
  const options = { players: opts.players, ...(opts.rules ? { rules: opts.rules } : {}) };
  io.out(`The Boss, ${opts.players} players, seed "${opts.seed}". You are seat ${me}.`);
  io.out(
    `Bots: ${bots
      .map((bot, s) => (bot ? `seat ${s} ${bot.name}` : null))
      .filter(Boolean)
      .join(', ')}. Type help for how to play.`,
  );
  const local = new LocalGame(theBoss, options, opts.seed, log, bots, opts.budget);
  const rl = createInterface({ input, terminal: false });
  const lines = rl[Symbol.asyncIterator]();

  /** Prompts for `seat`'s move until one is taken: 'moved', or 'left' (quit, or input ended). */
  const askTurn = async (seat: number): Promise<'moved' | 'left'> => {
    const view = theBoss.view(local.state as BossState, seat) as BossView;
    io.out('');
    io.out(renderView(view, names));
    for (;;) {
      io.out('your turn> ');
      const next = await lines.next();
      if (next.done) {
        io.out('Input ended; the game is left unfinished.');
        return 'left';
      }
      const line = next.value.trim();
      if (line === 'quit' || line === 'exit') {
        io.out('You left the game.');
        return 'left';
      }
      if (line === 'help' || line === '?') io.out(TURN_HELP);
      else if (line === 'legal') io.out(describeLegal(local.state as BossState, seat));
      else if (line === 'show') io.out(renderView(view, names));
      else if (line !== '') {
        const turn = parseTurn(line);
        if ('error' in turn) io.out(turn.error);
        else {
          const result = local.play(seat, turn.move);
          if (result.ok) return 'moved';
          io.out(`Refused (${result.rule}): ${result.message} Type legal to see your options.`);
        }
      }
    }
  };

  try {
    // The driver plays the bots' seats until outside seats must move: each is asked in turn
    // (one at a time in The Boss), skipping any that an earlier answer no longer leaves to move.
    for (let waiting = local.advance(); waiting.length > 0; waiting = local.advance())
      for (const seat of waiting) {
        if (!local.driver.outsideSeats().includes(seat)) continue;
        if ((await askTurn(seat)) === 'left') return 0;
      }
  } finally {
    rl.close();
  }
  const outcome = theBoss.outcome(local.state as BossState);
  io.out('');
  io.out(renderFinal(theBoss.view(local.state as BossState, me) as BossView, names));
  if (outcome)
    io.out(
      `Ranking: ${outcome.ranking.map((s) => `${names(s)} (${outcome.scores[s]})`).join(', ')}.`,
    );
  return 0;
}

export const playCommand: Command = {
  name: 'play',
  summary: 'play The Boss in the terminal against bots',
  async run(argv: readonly string[], io: Io) {
    if (argv.includes('--help')) {
      io.out(helpText(USAGE, SUMMARY, FLAGS) + '\n\n' + TURN_HELP);
      return 0;
    }
    const { flags, positional } = parseArgs(argv, FLAGS, 'play');
    if (positional.length) throw new UsageError(`usage: ${USAGE}`);
    if (flags.server !== undefined || flags.table !== undefined || flags.token !== undefined) {
      if (!flags.server || !flags.table || !flags.token)
        throw new UsageError('boss play: --server, --table and --token go together.');
      const local = LOCAL_FLAGS.filter((f) => flags[f] !== undefined);
      if (local.length)
        throw new UsageError(
          `boss play: --${local[0]} is for a local game; the server table sets its own.`,
        );
      const { playRemote } = await import('./play-remote.js');
      return playRemote(
        {
          server: flags.server as string,
          table: flags.table as string,
          token: flags.token as string,
        },
        process.stdin,
        io,
      );
    }
    return playGame(
      {
        players: (flags.players as number | undefined) ?? 4,
        rules: flags.rules as string | undefined,
        seat: (flags.seat as number | undefined) ?? 0,
        seed: (flags.seed as string | undefined) ?? Math.random().toString(36).slice(2, 10),
        bots: flags.bots as string | undefined,
        budget: (flags.budget as number | undefined) ?? 1000,
      },
      process.stdin,
      io,
    );
  },
};
