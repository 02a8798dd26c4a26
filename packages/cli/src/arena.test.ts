// Tests `boss arena`: seat rotation, ties, intervals, ratings, and the same tournament under the same seed.
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { formatRatings, rateBots, runArena } from './arena.js';
import { main } from './main.js';
import { openResults } from './arena-results.js';
import type { ArenaGameResult } from './arena-games.js';
import { plotSvg, quantile, seatsFor, summarise, wilson } from './arena-stats.js';

describe('arena statistics', () => {
  it('computes the Wilson interval', () => {
    const [lo, hi] = wilson(40, 100);
    expect(lo).toBeCloseTo(0.3094, 4);
    expect(hi).toBeCloseTo(0.498, 4);
    expect(wilson(0, 10)[0]).toBe(0);
    expect(wilson(10, 10)[1]).toBeCloseTo(1, 12);
  });

  it('rotates seats so every bot sits everywhere equally', () => {
    const specs = ['a', 'b', 'b', 'c'];
    const seen = new Map<string, number[]>();
    for (let g = 0; g < 8; g++)
      seatsFor(specs, g).forEach((spec, seat) => {
        const counts = seen.get(spec) ?? [0, 0, 0, 0];
        counts[seat]++;
        seen.set(spec, counts);
      });
    expect(seen.get('a')).toEqual([2, 2, 2, 2]);
    expect(seen.get('b')).toEqual([4, 4, 4, 4]);
  });

  it('splits ties and counts each seat played as a game', () => {
    const results: ArenaGameResult[] = [
      {
        index: 0,
        seats: ['x', 'y', 'y'],
        scores: [5, 5, 1],
        winners: [0, 1],
        ranking: [0, 1, 2],
        decisionMs: [[1, 3], [2], [4]],
      },
      {
        index: 1,
        seats: ['y', 'x', 'y'],
        scores: [9, 2, 1],
        winners: [0],
        ranking: [0, 1, 2],
        decisionMs: [[1], [10], [1]],
      },
    ];
    const [x, y] = summarise(['x', 'y', 'y'], results);
    expect(x).toMatchObject({ name: 'x', games: 2, wins: 0.5, winRate: 0.25, meanScore: 3.5 });
    expect(y).toMatchObject({ name: 'y', games: 4, wins: 1.5, meanScore: 4 });
    expect(x.meanDecisionMs).toBeCloseTo(14 / 3, 10);
    expect(x.p95DecisionMs).toBe(10);
    expect(
      quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20], 0.95),
    ).toBe(19);
    expect(plotSvg([x, y], 'test')).toMatch(/^<svg[\s\S]*<\/svg>\n$/);
  });

  it('rates bots as players are rated: the one that keeps winning ends above', () => {
    const games: ArenaGameResult[] = Array.from({ length: 20 }, (_, index) => ({
      index,
      seats: index % 2 ? ['strong', 'weak', 'weak'] : ['weak', 'weak', 'strong'],
      scores: index % 2 ? [9, 1, 0] : [0, 1, 9],
      winners: [index % 2 ? 0 : 2],
      ranking: index % 2 ? [0, 1, 2] : [2, 1, 0],
      decisionMs: [[1], [1], [1]],
    }));
    const [first, second] = rateBots(games);
    expect(first.name).toBe('strong');
    expect(first.rating).toBeGreaterThan(1500);
    expect(second.rating).toBeLessThan(first.rating);
    expect(second.mu).toBeLessThan(25);
    expect(formatRatings([first, second])).toMatch(/strong ≈ \d+/);
  });

  it('carries a measured ladder on: its levels start where it left them, a new one as a player', () => {
    const games: ArenaGameResult[] = Array.from({ length: 4 }, (_, index) => ({
      index,
      seats: index % 2 ? ['known', 'new'] : ['new', 'known'],
      scores: index % 2 ? [1, 9] : [9, 1],
      winners: [index % 2],
      ranking: index % 2 ? [1, 0] : [0, 1],
      decisionMs: [[1], [1]],
    }));
    const prior = new Map([
      ['known', { mu: 40, sigma: 1 }],
      ['absent', { mu: 30, sigma: 1 }],
    ]);
    const fresh = rateBots(games);
    const carried = rateBots(games, prior);
    // Four losses move a level rated with σ 1 a little, and one rated from nothing a lot.
    const known = carried.find((r) => r.name === 'known')!;
    expect(known.mu).toBeGreaterThan(38);
    expect(known.mu).toBeLessThan(40);
    expect(fresh.find((r) => r.name === 'known')!.mu).toBeLessThan(25);
    // Beating a strong level lifts the new one above where beating a new one does.
    expect(carried.find((r) => r.name === 'new')!.mu).toBeGreaterThan(
      fresh.find((r) => r.name === 'new')!.mu,
    );
    // Only the levels that played are reported.
    expect(carried.map((r) => r.name).sort()).toEqual(['known', 'new']);
  });

  it('--from-ladder goes only with --rate', async () => {
    const printed: string[] = [];
    const io = { out: (t: string) => printed.push(t), err: (t: string) => printed.push(t) };
    const args = ['arena', '--game', 'the-boss', '--bots', 'random,random', '--games', '1'];
    expect(await main([...args, '--from-ladder'], io)).toBe(2);
    expect(printed.join('\n')).toContain('--from-ladder goes with --rate');
  });

  it('plays a tournament in this thread, the same under the same seed', async () => {
    const config = {
      gameId: 'the-boss',
      options: { players: 3 },
      specs: ['heuristic', 'random', 'random'],
      games: 6,
      seed: 's',
      budgetMs: 50,
      workers: 0,
    };
    const a = await runArena(config);
    const b = await runArena(config);
    expect(a.map((r) => r.scores)).toEqual(b.map((r) => r.scores));
    expect(a).toHaveLength(6);
    const stats = summarise(config.specs, a);
    expect(stats.map((s) => s.games)).toEqual([6, 12]);
  });

  it('plays Big Boss under the rule set it is given', async () => {
    const play = (rules: string) =>
      runArena({
        gameId: 'big-boss',
        options: { players: 2, rules },
        specs: ['heuristic', 'random'],
        games: 2,
        seed: 'bb',
        budgetMs: 20,
        workers: 0,
      });
    const [original, modern] = [await play('original'), await play('modern')];
    expect(original).toHaveLength(2);
    // Same seed, same bots: only the rule set differs, and so do the games.
    expect(original.map((r) => r.scores)).not.toEqual(modern.map((r) => r.scores));
    await expect(play('classic')).rejects.toThrow(/modern.*original/);
  });
});

describe('a results file: a tournament that stops goes on where it stopped', () => {
  const config = {
    gameId: 'the-boss',
    options: { players: 2 },
    specs: ['heuristic', 'random'],
    games: 4,
    seed: 'kept',
    budgetMs: 50,
    workers: 0,
  };
  const lines = async (file: string) => (await readFile(file, 'utf8')).split('\n').slice(0, -1);

  it('keeps each game as it ends, and plays only the games the file lacks', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'arena-')), 'r.jsonl');
    const first = openResults(file, config);
    const a = await runArena(config, () => {}, first);
    first.close();
    expect((await lines(file)).map((l) => JSON.parse(l).index)).toEqual([undefined, 0, 1, 2, 3]);
    // The same tournament, longer: only games 4 and 5 are played; the four come from the file.
    const again = openResults(file, config);
    expect(again.done).toEqual(a);
    let progressed = 0;
    const b = await runArena({ ...config, games: 6 }, () => progressed++, again);
    again.close();
    expect(progressed).toBe(2);
    expect(b.slice(0, 4)).toEqual(a);
    expect(b.map((r) => r.index)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await lines(file)).toHaveLength(7);
  });

  it('drops a last line cut short, and refuses another tournament or a line that is not a game', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'arena-'));
    const file = join(dir, 'r.jsonl');
    const kept = openResults(file, config);
    await runArena({ ...config, games: 2 }, () => {}, kept);
    kept.close();
    const whole = await readFile(file, 'utf8');
    // Killed while writing game 2's line: no newline at its end.
    await appendFile(file, '{"index":2,"seats":["random","heur');
    const back = openResults(file, config);
    back.close();
    expect(back.done.map((r) => r.index)).toEqual([0, 1]);
    expect(await readFile(file, 'utf8')).toBe(whole);

    expect(() => openResults(file, { ...config, seed: 'other' })).toThrow(
      /another tournament.*same game, bots, players, rules, seed and budget/,
    );
    const other = join(dir, 'notes.txt');
    await writeFile(other, 'my notes\n');
    expect(() => openResults(other, config)).toThrow(/no tournament of `boss arena --results`/);

    const [head, g0, g1] = await lines(file);
    const bad = (line: string) => writeFile(file, `${head}\n${g0}\n${line}\n`);
    await bad(g0);
    expect(() => openResults(file, config)).toThrow(/line 3: game 0 is there twice/);
    await bad(g1.replace('"seats":["random","heuristic"]', '"seats":["heuristic","random"]'));
    expect(() => openResults(file, config)).toThrow(/line 3: "seats" are not those of game 1/);
    await bad(g1.replace(/"ranking":\[[^\]]*\]/, '"ranking":[0,0]'));
    expect(() => openResults(file, config)).toThrow(/line 3: "ranking" is not every seat once/);
    await bad('{"index":');
    expect(() => openResults(file, config)).toThrow(/line 3: not valid JSON/);
  });
});

const cli = join(import.meta.dirname, '../dist/main.js');

describe.skipIf(!existsSync(cli))('boss arena (built, with worker threads)', () => {
  it('prints one JSON object and writes the plot', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'arena-'));
    const plot = join(dir, 'p.svg');
    const { stdout } = await promisify(execFile)(process.execPath, [
      cli,
      'arena',
      '--players',
      '2',
      '--bots',
      'random,random',
      '--games',
      '4',
      '--workers',
      '2',
      '--json',
      '--plot',
      plot,
    ]);
    const result = JSON.parse(stdout);
    expect(result.games).toBe(4);
    expect(result.bots).toHaveLength(1);
    expect(result.bots[0]).toMatchObject({ name: 'random', games: 8 });
    expect(result.bots[0].wins).toBeCloseTo(4, 10);
    expect(Object.keys(result.bots[0]).sort()).toEqual(
      [
        'ci95',
        'games',
        'meanDecisionMs',
        'meanScore',
        'name',
        'p95DecisionMs',
        'winRate',
        'wins',
      ].sort(),
    );
    expect(await readFile(plot, 'utf8')).toContain('<svg');
  });

  it('killed in the middle, goes on where it stopped with --results, each game played once', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'arena-')), 'r.jsonl');
    const args = [
      cli,
      'arena',
      '--players',
      '2',
      '--bots',
      'ismcts:easy,heuristic',
      '--games',
      '10',
      '--workers',
      '1',
      '--seed',
      'killed',
      '--json',
      '--results',
      file,
    ];
    const child = spawn(process.execPath, args, { stdio: 'ignore' });
    const gamesIn = async () =>
      existsSync(file) ? (await readFile(file, 'utf8')).split('\n').length - 2 : 0;
    while ((await gamesIn()) < 2) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const before = await gamesIn();
    expect(before).toBeLessThan(10);
    const { stdout, stderr } = await promisify(execFile)(process.execPath, args);
    expect(stderr).toContain(`${before} of 10 games already played`);
    const result = JSON.parse(stdout);
    expect(result.games).toBe(10);
    expect(result.bots.map((b: { games: number }) => b.games)).toEqual([10, 10]);
    const indexes = (await readFile(file, 'utf8'))
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => JSON.parse(l).index as number);
    expect(indexes.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  }, 60_000);

  it('refuses unknown bots and mismatched seats with exit code 2', async () => {
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, [cli, 'arena', ...args]).then(
        () => 0,
        (e: { code: number }) => e.code,
      );
    expect(await run('--bots', 'genius,random')).toBe(2);
    expect(await run('--players', '3', '--bots', 'random,random')).toBe(2);
    // Each game checks its own rule sets.
    expect(await run('--game', 'big-boss', '--rules', 'classic', '--bots', 'random,random')).toBe(
      2,
    );
    expect(
      await run(
        '--game',
        'big-boss',
        '--rules',
        'original',
        '--bots',
        'random,random',
        '--games',
        '2',
      ),
    ).toBe(0);
  });
});
