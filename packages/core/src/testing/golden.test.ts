// The golden machinery can fail: transcripts follow the record, diffs rebuild, perft counts and checkGolden refuse a changed text.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bidVeto } from './bid-veto.js';
import { bidVetoTerminal } from './bid-veto-terminal.js';
import {
  checkGolden,
  goldenRecord,
  goldenTranscript,
  lineDiff,
  perft,
  perftTable,
  textDifference,
} from './golden.js';

/** `b` rebuilt from `a` and `lineDiff(a, b)`: the diff must say everything. */
function rebuild(a: string, diff: string): string {
  const from = a.split('\n');
  const out: string[] = [];
  let i = 0;
  for (const line of diff.split('\n')) {
    const same = /^= (\d+) lines?$/.exec(line);
    if (same) for (let k = 0; k < Number(same[1]); k++) out.push(from[i++]);
    else if (line.startsWith('-')) i++;
    else if (line.startsWith('+')) out.push(line.slice(2));
  }
  return out.join('\n');
}

const spec = { options: { players: 3 }, seed: 'golden-kit', moves: 40 };

describe('golden transcripts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'golden-'));
  // These tests check; run with UPDATE_GOLDEN (to regenerate the games' files) they still do.
  const update = process.env.UPDATE_GOLDEN;
  beforeAll(() => delete process.env.UPDATE_GOLDEN);
  afterAll(() => {
    if (update !== undefined) process.env.UPDATE_GOLDEN = update;
    rmSync(dir, { recursive: true, force: true });
  });

  it('lineDiff says enough to rebuild the new text', () => {
    const cases: [string, string][] = [
      ['a\nb\nc', 'a\nB\nc'],
      ['a\nb\nc\nd', 'x\na\nc\nd\ny'],
      ['one', 'one'],
      ['p\nq', 'r\ns\nt'],
    ];
    for (const [a, b] of cases) expect(rebuild(a, lineDiff(a, b))).toBe(b);
    expect(lineDiff('a\nb\nc', 'a\nB\nc')).toBe('= 1 line\n- b\n+ B\n= 1 line');
  });

  it('tells every move of a record, clock moves included, and follows the record', () => {
    const record = goldenRecord(bidVeto, spec);
    expect(record.moves.length).toBeGreaterThan(0);
    const text = goldenTranscript(bidVeto, bidVetoTerminal, JSON.parse(JSON.stringify(record)));
    const told = text.split('\n').filter((l) => l.startsWith('== move '));
    expect(told).toHaveLength(record.moves.length);
    const clockMoves = record.moves.filter((m) => m.seat === ('clock' as unknown as number));
    expect(clockMoves.length).toBeGreaterThan(0);
    expect(text.split('\n').filter((l) => / clock the clock runs out$/.test(l))).toHaveLength(
      clockMoves.length,
    );
    expect(text).toMatch(/^legal seat \d: /m);
    expect(text).toMatch(/^ {2}seat 2, against the spectator's:/m);
    // The same record told twice is the same text; another game is another text.
    expect(goldenTranscript(bidVeto, bidVetoTerminal, record)).toBe(text);
    const other = goldenRecord(bidVeto, { ...spec, seed: 'another' });
    expect(goldenTranscript(bidVeto, bidVetoTerminal, other)).not.toBe(text);
  });

  it('refuses a record whose move breaks a rule, naming it', () => {
    const record = goldenRecord(bidVeto, spec);
    const broken = { ...record, moves: [{ seat: 0, type: 'nonsense' }, ...record.moves] };
    expect(() => goldenTranscript(bidVeto, bidVetoTerminal, broken)).toThrow(/Move 0 \(seat 0\)/);
  });

  it('checkGolden passes on the same text and fails on another with the first difference', () => {
    const file = join(dir, 'golden.txt');
    writeFileSync(file, 'a\nb\nc\n');
    expect(() => checkGolden('a\nb\nc\n', file, 'REGEN')).not.toThrow();
    expect(() => checkGolden('a\nx\nc\n', file, 'REGEN')).toThrow(/First difference at line 2/);
    expect(() => checkGolden('a\n', join(dir, 'missing.txt'), 'REGEN')).toThrow(/REGEN/);
    expect(textDifference('a\nb', 'a\nb\nc')).toMatch(/line 3 \(of 2 expected, 3 now\)/);
    expect(readFileSync(file, 'utf8')).toBe('a\nb\nc\n');
  });
});

describe('perft', () => {
  it('counts sequences: depth 1 is the active seats’ legal moves, depth 2 sums over them', () => {
    const options = bidVeto.parseOptions({ players: 3 });
    if (!options.ok) throw new Error(options.error.message);
    const setup = bidVeto.setup(options.value, 'perft');
    if (!setup.ok) throw new Error(setup.error.message);
    const state = setup.value.state;
    const seats = bidVeto.activeSeats(state);
    const moves = seats.flatMap((seat) =>
      bidVeto.legalMoves(state, seat).map((m) => [seat, m] as const),
    );
    expect(perft(bidVeto, state, 0)).toBe(1);
    expect(perft(bidVeto, state, 1)).toBe(moves.length);
    let two = 0;
    for (const [seat, move] of moves) {
      const next = bidVeto.apply(state, seat, move);
      if (!next.ok) throw new Error(next.error.message);
      const after = next.value.state;
      const active = bidVeto.activeSeats(after);
      two += active.length
        ? active.reduce((n, s) => n + bidVeto.legalMoves(after, s).length, 0)
        : (bidVeto.clocks?.(after) ?? []).filter((c) => c.running).length;
    }
    expect(perft(bidVeto, state, 2)).toBe(two);
  });

  it('writes a table with one row a position, and refuses a position past the record', () => {
    const record = goldenRecord(bidVeto, spec);
    const table = perftTable(bidVeto, record, [
      { after: 0, depth: 2 },
      { after: 3, depth: 1 },
    ]);
    const rows = table.split('\n').filter((l) => /^\| \d/.test(l));
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatch(/^\| 3 \| .* \| \d+ \| {2}\|$/);
    expect(() => perftTable(bidVeto, record, [{ after: 999, depth: 1 }])).toThrow(/999/);
  });
});
