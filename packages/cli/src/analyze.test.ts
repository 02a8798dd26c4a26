// Tests `boss analyze` on a game of each kind: every decision of a seat judged, in this thread and in workers.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionsOf, parseRecord } from '@boss-table/core';
import { findGame } from '@boss-table/games';
import { main } from './main.js';

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

let dir: string;
const records: Record<string, string> = {};
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'boss-analyze-'));
  for (const game of ['the-boss', 'big-boss', 'boss-cards', 'im-the-boss']) {
    const out = join(dir, game);
    const made = await run(
      ['selfplay', '--game', game, '--players', '2', '--games', '1', '--seed', 'an'].concat([
        '--out',
        out,
        '--bots',
        'heuristic,random',
      ]),
    );
    expect(made.code).toBe(0);
    records[game] = join(out, (await readdir(out))[0]);
  }
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('boss analyze', () => {
  it.each(['the-boss', 'big-boss', 'boss-cards', 'im-the-boss'])(
    'judges every decision of the seat in a %s game, the costliest flagged',
    async (game) => {
      const { code, out, err } = await run(
        ['analyze', records[game], '--seat', '2', '--bot', 'ismcts:easy', '--workers', '0'].concat([
          '--json',
        ]),
      );
      expect(err).toBe('');
      expect(code).toBe(0);
      const report = JSON.parse(out);
      const record = parseRecord(JSON.parse(await readFile(records[game], 'utf8')));
      if (!record.ok) throw new Error(record.error.message);
      const decisions = decisionsOf(findGame(game)!, record.value, 1);
      if (!decisions.ok) throw new Error(decisions.error.message);
      // One report per move seat 2 made, in order, each naming the move it made.
      expect(report.decisions.map((d: { index: number }) => d.index)).toEqual(
        decisions.value.map((d) => d.index),
      );
      expect(report.decisions.length).toBeGreaterThan(3);
      for (const d of report.decisions) {
        expect(JSON.stringify(d.played)).toBe(
          JSON.stringify(decisions.value.find((x) => x.index === d.index)!.played),
        );
        expect(d.before).toBeGreaterThanOrEqual(0);
        expect(d.after).toBeLessThanOrEqual(1);
        expect(d.loss).toBeCloseTo(Math.max(0, d.before - d.after), 9);
        if (d.sameAsBest) expect(d.loss).toBe(0);
      }
      const flagged = report.decisions.filter((d: { flagged: boolean }) => d.flagged);
      expect(flagged.length).toBeLessThanOrEqual(3);
      const worst = Math.max(...report.decisions.map((d: { loss: number }) => d.loss));
      if (worst >= 0.03) expect(flagged.map((d: { loss: number }) => d.loss)).toContain(worst);
    },
    60_000,
  );

  const cli = join(import.meta.dirname, '../dist/main.js');
  it.skipIf(!existsSync(cli))(
    'tells it in words, built, with worker threads, moves as they are typed',
    async () => {
      const { stdout } = await promisify(execFile)(process.execPath, [
        cli,
        ...[
          'analyze',
          records['the-boss'],
          '--seat',
          '1',
          '--bot',
          'ismcts:easy',
          '--workers',
          '2',
        ],
      ]);
      expect(stdout).toMatch(/^The Boss: the decisions of .+ \(seat 1\), judged by ismcts:easy/);
      expect(stdout).toMatch(/\d+ decisions; the search agrees with \d+\./);
      // Moves as a player types them in `boss play` (e.g. `detroit 1 0 boston:3`), not JSON.
      expect(stdout).not.toMatch(/[{}"]/);
      expect(stdout).toMatch(/move \d+: \S+/);
    },
    60_000,
  );

  it.skipIf(!existsSync(cli))(
    'judges one move alone (--move), its search shared out over two threads, built',
    async () => {
      const record = parseRecord(JSON.parse(await readFile(records['the-boss'], 'utf8')));
      if (!record.ok) throw new Error(record.error.message);
      const decisions = decisionsOf(findGame('the-boss')!, record.value, 0);
      if (!decisions.ok) throw new Error(decisions.error.message);
      const d = decisions.value[1];
      const { stdout } = await promisify(execFile)(process.execPath, [
        cli,
        ...['analyze', records['the-boss'], '--seat', '1', '--move', String(d.index + 1)],
        ...['--bot', 'ismcts:easy', '--workers', '2', '--json'],
      ]);
      const report = JSON.parse(stdout);
      expect(report.decisions.map((r: { index: number }) => r.index)).toEqual([d.index]);
      expect(JSON.stringify(report.decisions[0].played)).toBe(JSON.stringify(d.played));
      expect(report.decisions[0].before).toBeGreaterThanOrEqual(0);
      expect(report.decisions[0].before).toBeLessThanOrEqual(1);
    },
    60_000,
  );

  it('refuses what it cannot do, saying why', async () => {
    const random = await run(['analyze', records['the-boss'], '--seat', '1', '--bot', 'random']);
    expect(random.code).toBe(2);
    expect(random.err).toMatch(/does not search, so it cannot judge moves/);
    const seat = await run(['analyze', records['the-boss'], '--seat', '3']);
    expect(seat.code).toBe(2);
    expect(seat.err).toMatch(/--seat must be from 1 to 2/);
    const none = await run(['analyze', join(dir, 'nothing.json'), '--seat', '1']);
    expect(none.code).toBe(1);
    expect(none.err).toMatch(/no such file/);
    const notMine = await run(['analyze', records['the-boss'], '--seat', '1', '--move', '99999']);
    expect(notMine.code).toBe(2);
    expect(notMine.err).toMatch(/seat 1 did not make move 99999; its moves: \d+, /);
    const noSeat = await run(['analyze', records['the-boss']]);
    expect(noSeat.code).toBe(2);
    expect(noSeat.err).toMatch(/--seat is required/);
  });

  it.skipIf(!existsSync(cli))(
    "shares an I'm the Boss! game's decisions out over worker threads (its clocks' moves included), built",
    async () => {
      const { stdout: out } = await promisify(execFile)(process.execPath, [
        cli,
        ...['analyze', records['im-the-boss'], '--seat', '1', '--bot', 'ismcts:easy'],
        ...['--workers', '2', '--json'],
      ]);
      const record = parseRecord(JSON.parse(await readFile(records['im-the-boss'], 'utf8')));
      if (!record.ok) throw new Error(record.error.message);
      expect(record.value.moves.some((m) => m.seat === -1)).toBe(true);
      const decisions = decisionsOf(findGame('im-the-boss')!, record.value, 0);
      if (!decisions.ok) throw new Error(decisions.error.message);
      expect(JSON.parse(out).decisions.map((d: { index: number }) => d.index)).toEqual(
        decisions.value.map((d) => d.index),
      );
    },
    120_000,
  );

  it('answers --help, and says plainly when a seat made no decision', async () => {
    const help = await run(['analyze', '--help']);
    expect(help.code).toBe(0);
    expect(help.err).toBe('');
    expect(help.out).toMatch(/usage: boss analyze FILE --seat K/);
    const file = join(dir, 'imb.json');
    await writeFile(
      file,
      JSON.stringify({ game: 'im-the-boss', options: { players: 2 }, seed: 'x', moves: [] }),
    );
    const imb = await run(['analyze', file, '--seat', '1']);
    expect(imb.err).toBe('boss analyze: seat 1 made no decision in this game.');
  });
});
