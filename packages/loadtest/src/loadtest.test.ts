/**
 * The load test itself (`npm run loadtest`, the built dist/loadtest.js): a tiny run of each
 * kind of table it offers counts moves, latencies and lost moves, and bad flags are refused
 * with a clear message. The figures themselves are benchmarks (docs/benchmarks.md).
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const built = fileURLToPath(new URL('../dist/loadtest.js', import.meta.url));

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [built, ...args], { timeout: 90_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

interface Result {
  game: string;
  people: number;
  bots: number;
  sockets: number;
  movesPerSecond: number;
  offeredPerSecond: number;
  latencyMs: { p50: number; p99: number };
  errors: number;
  lostMoves: number;
  cpuMsPerMove: { server: number; generator: number };
  bytesPerMovePerViewer: number;
  framesPerMovePerViewer: number;
  serverRssKBPerTable: number;
  sentPer10Ms: { mean: number; p99: number; max: number };
  loopDelayMs: { nodes: { p99: number; max: number }[]; generator: { p99: number; max: number } };
}

describe('npm run loadtest', () => {
  it.each([
    ['the-boss', []],
    [
      "I'm the Boss! (people and a bot negotiating at once)",
      ['--game', 'im-the-boss', '--bots', '1'],
    ],
  ])(
    'runs tables of %s and reports what it measured',
    async (_name, extra) => {
      const { code, stdout, stderr } = await run([
        '--tables',
        '3',
        '--seconds',
        '4',
        '--json',
        ...extra,
      ]);
      expect(code, stderr).toBe(0);
      const r = JSON.parse(stdout) as Result;
      const bots = extra.includes('--bots') ? 1 : 0;
      expect(r).toMatchObject({
        people: 4 - bots,
        bots,
        sockets: 3 * (4 - bots),
        errors: 0,
        socketsWithoutSnapshot: 0,
        socketsClosed: 0,
      });
      expect(r.lostMoves).toBe(0);
      expect(r.movesPerSecond).toBeGreaterThan(0);
      expect(r.latencyMs.p50).toBeGreaterThan(0);
      expect(r.latencyMs.p99).toBeGreaterThanOrEqual(r.latencyMs.p50);
      // Every move taken was offered; each costs both processes some CPU, and each viewer
      // receives at least its events frame (a view and legal form: hundreds of bytes).
      expect(r.offeredPerSecond).toBeGreaterThanOrEqual(r.movesPerSecond);
      expect(r.cpuMsPerMove.server).toBeGreaterThan(0);
      expect(r.cpuMsPerMove.generator).toBeGreaterThan(0);
      expect(r.framesPerMovePerViewer).toBeGreaterThanOrEqual(1);
      expect(r.bytesPerMovePerViewer).toBeGreaterThan(200);
      expect(r.serverRssKBPerTable).toBeGreaterThan(0);
      expect(r.sentPer10Ms.max).toBeGreaterThanOrEqual(r.sentPer10Ms.p99);
      expect(r.sentPer10Ms.mean).toBeGreaterThan(0);
      // How late each side's event loop ran: the one node's and the generator's own.
      expect(r.loopDelayMs.nodes).toHaveLength(1);
      for (const d of [...r.loopDelayMs.nodes, r.loopDelayMs.generator]) {
        expect(d.max).toBeGreaterThanOrEqual(d.p99);
        expect(d.p99).toBeGreaterThanOrEqual(0);
      }
    },
    120_000,
  );

  it('keeps every table playing: a seat moves again on its own move, and an ended game is replaced', async () => {
    // Fast people (20 ms a move) at 2 players: The Boss's games end within seconds, and a seat
    // often moves twice in a row, its ack and events arriving in one read.
    const { code, stdout, stderr } = await run([
      '--tables',
      '3',
      '--players',
      '2',
      '--pace',
      '20',
      '--seconds',
      '5',
      '--spectators',
      '1',
      '--json',
    ]);
    expect(code, stderr).toBe(0);
    const r = JSON.parse(stdout) as Result & { tablesMovingAtEnd: number; gamesEnded: number };
    expect(r).toMatchObject({
      errors: 0,
      lostMoves: 0,
      socketsClosed: 0,
      socketsWithoutSnapshot: 0,
      tablesMovingAtEnd: 3,
      spectatorSockets: 3,
    });
    // Each of the three places ended at least one game and went on with a new table.
    expect(r.gamesEnded).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it("can still choose people's moves with a bot on their views (--people random)", async () => {
    const { code, stdout, stderr } = await run([
      '--tables',
      '2',
      '--seconds',
      '3',
      '--json',
      '--people',
      'random',
    ]);
    expect(code, stderr).toBe(0);
    const r = JSON.parse(stdout) as Result;
    expect(r).toMatchObject({ sockets: 8, errors: 0, lostMoves: 0 });
    expect(r.movesPerSecond).toBeGreaterThan(0);
  }, 120_000);

  it.each([
    [['--game', 'chess'], 'No game "chess"'],
    [['--game', 'im-the-boss', '--bots', '4'], '--bots must leave at least one person'],
    [['--players', '9'], '--players for the-boss must be from'],
    [['--options', '[1]'], '--options must be a JSON object'],
    [['--people', 'ismcts:huge'], 'ismcts'],
    [['--tables', '0'], '--tables must be a whole number'],
    [['--pace', '0.5'], '--pace must be a whole number of milliseconds'],
    [['--spectators', '1.5'], '--spectators must be a whole number from 0'],
  ])('refuses %j with a clear message', async (args, message) => {
    const { code, stderr } = await run(args);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
    expect(stderr).toContain('usage: npm run loadtest');
  });
});
