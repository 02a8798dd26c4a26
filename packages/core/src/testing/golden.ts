// Golden playthroughs and perft tables (test-only, `@boss-table/core/testing`): a record told step by step, and move counts.
/**
 * Golden playthroughs (test-only, `@boss-table/core/testing`), as the chess and OpenSpiel
 * libraries keep them: a record replayed move by move and told by the game's own terminal
 * pieces — every seat's view and the spectator's, the legal form (`legalSummary`) and the
 * question of each seat to act, the move as typed, and every event in words for those who
 * may see it — as one plain text. A game's test compares it with a checked-in transcript
 * (`checkGolden`), so that any change of behaviour shows as a diff of readable lines.
 *
 * Perft tables: the number of move sequences from a position to a depth, every active
 * seat's moves counted (and a running clock's expiry when no seat may act).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  CLOCK,
  type AnyGame,
  type ClockSpec,
  type Emitted,
  type Seat,
  type Viewer,
} from '../game.js';
import { parseRecord, RECORD_VERSION, type GameRecord } from '../record.js';
import {
  PLAIN_STYLE,
  type ClockShown,
  type TerminalContext,
  type TerminalPieces,
} from '../terminal.js';
import { canonical, playRandomGame } from './conformance.js';

/** `UPDATE_GOLDEN=1` rewrites transcripts; `UPDATE_GOLDEN=records` also the records. */
export const goldenMode = (): 'check' | 'transcripts' | 'records' => {
  const v = process.env.UPDATE_GOLDEN;
  if (v === 'records') return 'records';
  return v === '1' || v === 'true' || v === 'transcripts' ? 'transcripts' : 'check';
};

export interface TranscriptOptions {
  /** Columns the pieces fit their text in (default 80). */
  readonly width?: number;
  /** Also the legal form in the game's words (`describeLegal`), not only its JSON. Default false. */
  readonly describeLegal?: boolean;
}

/** A block of text indented under its heading, so that a diff shows where it belongs. */
const block = (text: string, indent: string) =>
  text
    .split('\n')
    .map((l) => `${indent}| ${l}`.trimEnd())
    .join('\n');

/**
 * The lines of `b` against `a` (a longest common subsequence): `-` a line only `a` has, `+`
 * one only `b` has, `=` how many lines in between are the same. Enough to rebuild `b`.
 */
export function lineDiff(a: string, b: string, indent = ''): string {
  const x = a.split('\n');
  const y = b.split('\n');
  // lcs[i][j]: the longest common subsequence of x[i..] and y[j..].
  const lcs = Array.from({ length: x.length + 1 }, () => new Array<number>(y.length + 1).fill(0));
  for (let i = x.length - 1; i >= 0; i--)
    for (let j = y.length - 1; j >= 0; j--)
      lcs[i][j] = x[i] === y[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const out: string[] = [];
  let same = 0;
  const flush = () => {
    if (same > 0) out.push(`${indent}= ${same} line${same > 1 ? 's' : ''}`);
    same = 0;
  };
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) {
      same++;
      i++;
      j++;
    } else if (i < x.length && (j === y.length || lcs[i + 1][j] >= lcs[i][j + 1])) {
      flush();
      out.push(`${indent}- ${x[i++]}`.trimEnd());
    } else {
      flush();
      out.push(`${indent}+ ${y[j++]}`.trimEnd());
    }
  }
  flush();
  return out.join('\n');
}

/**
 * The golden transcript of a record: setup, then each move, each step telling the events
 * (`[all]` in the spectator's words, `[seat k]` in that seat's), the views of the spectator
 * (in full at setup, then as lines changed since the step before) and of every seat (as
 * lines that differ from the spectator's; `unchanged` when the same as at the step before),
 * and for each seat to act its legal form as JSON (`as before` when the same as it last
 * was for that seat), its number of legal moves, its question and, when asked, its legal
 * moves in words (`describeLegal`); the
 * move as its seat types it (`formatMove`) and as JSON; at the end the summary, the outcome
 * and `renderEnd`. Clocks show their full length (no time is measured). Throws when the
 * record does not replay, naming the move.
 */
export function goldenTranscript(
  game: AnyGame,
  pieces: TerminalPieces,
  rawRecord: unknown,
  opts: TranscriptOptions = {},
): string {
  const parsed = parseRecord(rawRecord);
  if (!parsed.ok) throw new Error(`The record is refused: ${parsed.error.message}`);
  const record = parsed.value;
  if (record.game !== game.id) throw new Error(`The record is for ${record.game}, not ${game.id}.`);
  const options = game.parseOptions(record.options);
  if (!options.ok) throw new Error(`Options refused: ${options.error.message}`);
  const presets = game.parsePresets(record, options.value);
  if (!presets.ok) throw new Error(`Presets refused: ${presets.error.message}`);
  const start = game.setup(options.value, record.seed, presets.value);
  if (!start.ok) throw new Error(`Setup fails: ${start.error.message}`);
  let state: unknown = start.value.state;
  const players: number = game.playerCount(state);
  const ctxFor = (viewer: Viewer): TerminalContext => ({
    viewer,
    name: (seat: Seat) => (seat === viewer ? 'You' : `P${seat + 1}`),
    style: PLAIN_STYLE,
    width: opts.width ?? 80,
    clocks: ((game.clocks?.(state) ?? []) as readonly ClockSpec[]).map((c): ClockShown => ({
      id: c.id,
      seats: c.seats,
      leftMs: c.running ? c.ms : null,
    })),
  });
  const out: string[] = [
    `# ${game.name} (${game.id}): golden playthrough`,
    `# options ${canonical(record.options)}`,
    `# seed ${JSON.stringify(record.seed)}, ${record.moves.length} moves; players P1..P${players}, each seat's own "You"`,
  ];
  const lastView = new Map<Viewer, string>();
  // A seat's legal form as last written; the same again is written `as before`.
  const lastLegal = new Map<Seat, string>();
  const tell = (events: readonly Emitted<unknown>[]) => {
    out.push('events:');
    let told = 0;
    for (const { audience, event } of events) {
      const viewer: Viewer = audience === 'all' ? null : audience;
      const text = pieces.describeEvent(event, ctxFor(viewer));
      if (text === undefined) continue;
      told++;
      out.push(block(text, `  [${audience === 'all' ? 'all' : `seat ${audience}`}] `));
    }
    if (told === 0) out.push('  (none in words)');
  };
  const show = () => {
    out.push('views:');
    const spectator = pieces.renderView(game.view(state, null), ctxFor(null));
    const before = lastView.get(null);
    if (before === undefined) out.push('  spectator:', block(spectator, '    '));
    else if (before === spectator) out.push('  spectator: unchanged');
    else out.push('  spectator, against the step before:', lineDiff(before, spectator, '    '));
    lastView.set(null, spectator);
    for (let seat = 0; seat < players; seat++) {
      const text = pieces.renderView(game.view(state, seat), ctxFor(seat));
      if (lastView.get(seat) === text) out.push(`  seat ${seat}: unchanged`);
      else out.push(`  seat ${seat}, against the spectator's:`, lineDiff(spectator, text, '    '));
      lastView.set(seat, text);
    }
    const clocks = (game.clocks?.(state) ?? []) as readonly ClockSpec[];
    for (const c of clocks)
      out.push(
        `clock ${c.id}: ${c.running ? 'running' : 'paused'}, ${c.ms} ms (at least ${c.minMs}) for ${c.seats.length ? c.seats.map((s) => `seat ${s}`).join(', ') : 'the table'}`,
      );
    const active = game.activeSeats(state) as Seat[];
    out.push(`to act: ${active.length ? active.map((s) => `seat ${s}`).join(', ') : 'nobody'}`);
    for (const seat of active) {
      const view = game.view(state, seat);
      const legal = game.legalSummary(state, seat);
      const form = canonical(legal);
      const count = game.legalMoves(state, seat).length;
      out.push(
        `legal seat ${seat}: ${lastLegal.get(seat) === form ? 'as before' : form} (${count} moves)`,
      );
      lastLegal.set(seat, form);
      out.push(`  asks: ${pieces.ask(legal, view, ctxFor(seat))}`);
      if (opts.describeLegal ?? false)
        out.push(block(pieces.describeLegal(legal, view, ctxFor(seat)), '    '));
    }
  };
  out.push('', '== setup');
  tell(start.value.events);
  show();
  record.moves.forEach(({ seat, ...raw }, i) => {
    const move = game.parseMove(raw);
    if (!move.ok) throw new Error(`Move ${i} (seat ${seat}) is refused: ${move.error.message}`);
    const typed =
      seat === CLOCK
        ? 'the clock runs out'
        : `types "${pieces.formatMove(move.value, game.view(state, seat))}"`;
    out.push('', `== move ${i + 1}: ${seat === CLOCK ? 'clock' : `seat ${seat}`} ${typed}`);
    out.push(`move: ${canonical(raw)}`);
    const applied = game.apply(state, seat, move.value);
    if (!applied.ok)
      throw new Error(
        `Move ${i} (seat ${seat}) breaks the rule "${applied.error.kind}": ${applied.error.message}`,
      );
    state = applied.value.state;
    tell(applied.value.events);
    show();
  });
  out.push('', '== where it stands', `summary: ${canonical(game.summary(state))}`);
  if (game.isOver(state)) {
    out.push(`outcome: ${canonical(game.outcome(state))}`);
    if (pieces.renderEnd)
      out.push(block(pieces.renderEnd(game.view(state, null), ctxFor(null)), '  '));
  } else out.push('not over (the record is the start of a game)');
  return out.join('\n') + '\n';
}

/** Where two texts first differ, with a few lines around it from each. */
export function textDifference(expected: string, actual: string, context = 4): string | null {
  if (expected === actual) return null;
  const a = expected.split('\n');
  const b = actual.split('\n');
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - context);
  const lines = (xs: string[], mark: string) =>
    xs
      .slice(from, i + context + 1)
      .map((l, k) => `${from + k === i ? mark : ' '} ${String(from + k + 1).padStart(6)} ${l}`);
  return [
    `First difference at line ${i + 1} (of ${a.length} expected, ${b.length} now).`,
    'expected (checked in):',
    ...lines(a, '-'),
    'now:',
    ...lines(b, '+'),
  ].join('\n');
}

/**
 * Compares a text with its checked-in golden file and throws with the first difference in
 * context; with `UPDATE_GOLDEN=1` (or `records`) writes the text instead. A missing file is
 * a failure unless updating.
 */
export function checkGolden(actual: string, file: string, regenerate: string): void {
  if (goldenMode() !== 'check') {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, actual);
    return;
  }
  if (!existsSync(file))
    throw new Error(
      `No golden file ${file}: write it with ${regenerate}, and read it before committing.`,
    );
  const diff = textDifference(readFileSync(file, 'utf8'), actual);
  if (diff)
    throw new Error(
      `The game no longer plays as its golden file says.\n${diff}\n` +
        `If the change is meant, rewrite it with ${regenerate} and check the diff.`,
    );
}

/** What a golden record is made from: options, seed, and how many moves to keep. */
export interface GoldenSpec {
  readonly options: unknown;
  readonly seed: string;
  /** Keep the first moves only (a game's start): the transcript stays small. */
  readonly moves: number;
}

/**
 * A golden record: random play (every active seat, in a random order; now and then a clock
 * runs out) from the spec's options and seed, its first `moves` moves. Deterministic.
 */
export function goldenRecord(game: AnyGame, spec: GoldenSpec): GameRecord {
  const { record } = playRandomGame(game, spec.options, spec.seed, {
    stopAfter: spec.moves,
    maxMoves: spec.moves + 1,
  });
  return { version: RECORD_VERSION, ...record } as unknown as GameRecord;
}

/**
 * The record of a golden file: read from `file`, or with `UPDATE_GOLDEN=records` made anew
 * by `goldenRecord` and written there (as JSON, one move a line).
 */
export function goldenRecordFile(game: AnyGame, spec: GoldenSpec, file: string): unknown {
  if (goldenMode() === 'records') {
    const record = goldenRecord(game, spec) as unknown as Record<string, unknown>;
    const { moves, ...head } = record;
    const lines = (moves as unknown[]).map((m) => `    ${JSON.stringify(m)}`);
    const text = JSON.stringify(head, null, 2).replace(
      /\n}$/,
      `,\n  "moves": [\n${lines.join(',\n')}\n  ]\n}\n`,
    );
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  if (!existsSync(file))
    throw new Error(`No golden record ${file}: make it with UPDATE_GOLDEN=records.`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

// ---------------------------------------------------------------------------------------------
// Perft

/** The moves from a state: every active seat's, or when none may act the running clocks' expiries. */
function movesFrom(game: AnyGame, state: unknown): [Seat, unknown][] {
  if (game.isOver(state)) return [];
  const active = game.activeSeats(state) as Seat[];
  if (active.length > 0)
    return active.flatMap((seat) =>
      game.legalMoves(state, seat).map((m): [Seat, unknown] => [seat, m]),
    );
  return ((game.clocks?.(state) ?? []) as readonly ClockSpec[])
    .filter((c) => c.running)
    .map((c): [Seat, unknown] => [CLOCK, c.expiry]);
}

/**
 * The number of move sequences of exactly `depth` moves from a state (perft): 1 at depth 0;
 * an ended game has none further. Every move goes through `applyInPlace` on a clone.
 */
export function perft(game: AnyGame, state: unknown, depth: number): number {
  if (depth === 0) return 1;
  const moves = movesFrom(game, state);
  if (depth === 1) return moves.length;
  let n = 0;
  for (const [seat, move] of moves) {
    const next = game.clone(state);
    const broken = game.applyInPlace(next, seat, move);
    if (broken)
      throw new Error(
        `A listed move is refused (${broken.kind}): seat ${seat}, ${JSON.stringify(move)}.`,
      );
    n += perft(game, next, depth - 1);
  }
  return n;
}

/** A position of a perft table: a record's state after its first `after` moves. */
export interface PerftPosition {
  readonly after: number;
  /** The deepest depth counted there (1 to 3 usually; the count grows fast). */
  readonly depth: number;
}

/**
 * A perft table as Markdown: for each position (a record's state after some moves), who acts
 * and the counts at depth 1.. its depth. The record replays from its own seed and options.
 */
export function perftTable(
  game: AnyGame,
  rawRecord: unknown,
  positions: readonly PerftPosition[],
): string {
  const parsed = parseRecord(rawRecord);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const record = parsed.value;
  const options = game.parseOptions(record.options);
  if (!options.ok) throw new Error(options.error.message);
  const presets = game.parsePresets(record, options.value);
  if (!presets.ok) throw new Error(presets.error.message);
  const start = game.setup(options.value, record.seed, presets.value);
  if (!start.ok) throw new Error(start.error.message);
  const deepest = Math.max(...positions.map((p) => p.depth));
  const head = Array.from({ length: deepest }, (_, d) => `depth ${d + 1}`);
  const rows = [
    `| after move | to act | ${head.join(' | ')} |`,
    `| ---: | --- | ${head.map(() => '---:').join(' | ')} |`,
  ];
  const state: unknown = game.clone(start.value.state);
  let done = 0;
  for (const p of [...positions].sort((a, b) => a.after - b.after)) {
    if (p.after > record.moves.length)
      throw new Error(
        `A position after move ${p.after}: the record has ${record.moves.length} moves.`,
      );
    for (; done < p.after; done++) {
      const { seat, ...raw } = record.moves[done];
      const move = game.parseMove(raw);
      if (!move.ok) throw new Error(`Move ${done}: ${move.error.message}`);
      const broken = game.applyInPlace(state, seat, move.value);
      if (broken) throw new Error(`Move ${done} (seat ${seat}) is refused: ${broken.message}`);
    }
    const active = game.activeSeats(state) as Seat[];
    const who = active.length ? active.map((s) => `seat ${s}`).join(', ') : 'clock';
    const counts = head.map((_, d) => (d < p.depth ? String(perft(game, state, d + 1)) : ''));
    rows.push(`| ${p.after} | ${who} | ${counts.join(' | ')} |`);
  }
  return `${game.name} (${game.id}), options ${canonical(record.options)}, seed ${JSON.stringify(record.seed)}:\n\n${rows.join('\n')}\n`;
}
