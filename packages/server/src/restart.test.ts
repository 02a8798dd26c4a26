// Tests restarts: reloaded tables play on, a broken one is set aside, idle ones reread, bot workers replaced.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Logger } from './log.js';
import { silentLogger } from './log.js';
import { startServer } from './server.js';
import { nodeClient, tempDataDir, until } from './testing/test-kit.js';

describe('after a restart', () => {
  it('plays on at reloaded tables with nobody connected: bots and stand-ins move', async () => {
    const dataDir = tempDataDir();
    const first = await startServer({ port: 0, dataDir, log: silentLogger, botBudgetMs: 5 });
    const client = nodeClient(first.url);
    const t = await client.createTable({
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }, { kind: 'human' }],
      graceSeconds: 1,
    });
    await client.join(t.id, { name: 'A', invite: t.seats[0].invite! });
    await client.join(t.id, { name: 'C', invite: t.seats[2].invite! });
    // Nobody ever connects; the first process stops before any grace period ends.
    await first.close();

    const logged: string[] = [];
    const log: Logger = {
      info: (msg) => logged.push(msg),
      warn: (msg) => logged.push(msg),
      error: (msg) => logged.push(msg),
    };
    const second = await startServer({ port: 0, dataDir, log, botBudgetMs: 5 });
    try {
      const table = second.tables.get(t.id)!;
      expect(table.stored.status).toBe('running');
      // Reloaded, the table has no connection at all: still, the bot plays its turns and,
      // after the grace period, bots stand in for the absent players, to the end.
      await until(() => table.stored.status === 'finished', 60_000, 'the game to end');
      expect(logged).toContain('player away; a bot plays the seat until they return');
      expect((await second.storage.moves(t.id)).length).toBe(table.seq);
    } finally {
      await second.close();
    }
  }, 90_000);
});

describe('a table whose moves no longer replay', () => {
  it('is left alone with a clear error; the server and every other table start', async () => {
    const dataDir = tempDataDir();
    const first = await startServer({ port: 0, dataDir, log: silentLogger, botBudgetMs: 5 });
    const client = nodeClient(first.url);
    const made = [];
    for (let i = 0; i < 2; i++) {
      const t = await client.createTable({
        game: 'the-boss',
        seats: [{ kind: 'human' }, { kind: 'human' }],
      });
      await client.join(t.id, { name: 'A', invite: t.seats[0].invite! });
      await client.join(t.id, { name: 'B', invite: t.seats[1].invite! });
      made.push(t.id);
    }
    const [bad, good] = made;
    // A stored move the rules refuse, as after a change of rules.
    await first.storage.appendMove(bad, { seq: 1, seat: 0, move: { dance: 'tango' } });
    await first.close();

    const second = await startServer({ port: 0, dataDir, log: silentLogger, botBudgetMs: 5 });
    try {
      expect(second.tables.has(good)).toBe(true);
      expect(second.tables.has(bad)).toBe(false);
      const c2 = nodeClient(second.url);
      await expect(c2.getTable(bad)).rejects.toMatchObject({ status: 500, code: 'table-broken' });
      expect((await c2.getTable(good)).status).toBe('running');
      expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});

describe('memory', () => {
  it('lets finished tables leave memory and reads them back from storage when asked', async () => {
    const server = await startServer({
      port: 0,
      dataDir: tempDataDir(),
      log: silentLogger,
      botBudgetMs: 5,
      finishedTableIdleMs: 50,
    });
    try {
      const client = nodeClient(server.url);
      const t = await client.createTable({
        game: 'the-boss',
        seats: [
          { kind: 'bot', bot: 'random' },
          { kind: 'bot', bot: 'random' },
        ],
      });
      await until(() => !server.tables.has(t.id), 60_000, 'the finished table to leave memory');
      const details = await client.getTable(t.id);
      expect(details.status).toBe('finished');
      expect(details.outcome).toBeDefined();
      const record = (await client.getRecord(t.id)) as { moves: unknown[] };
      expect(record.moves.length).toBe(details.seq);
      expect((await client.listTables()).tables.map((x) => x.id)).not.toContain(t.id);
    } finally {
      await server.close();
    }
  }, 90_000);
});

const builtPool = fileURLToPath(new URL('../dist/bot-pool.js', import.meta.url));

describe.skipIf(!existsSync(builtPool))('the bot pool (built, with worker threads)', () => {
  it('fails the job of a worker that dies, replaces the worker and keeps thinking', async () => {
    const { BotPool } = (await import(
      new URL('../dist/bot-pool.js', import.meta.url).href
    )) as typeof import('./bot-pool.js');
    const { theBoss } = await import('@boss-table/the-boss');
    const options = theBoss.parseOptions({ players: 3 });
    if (!options.ok) throw new Error(options.error.message);
    const setup = theBoss.setup(options.value, 'pool');
    if (!setup.ok) throw new Error(setup.error.message);
    const state = setup.value.state;
    const [seat] = theBoss.activeSeats(state);
    const job = {
      gameId: 'the-boss',
      spec: 'random',
      view: theBoss.view(state, seat),
      seed: 'pool',
      budgetMs: 5,
    };
    const pool = new BotPool(1);
    try {
      const move = await pool.think(job);
      const parsed = theBoss.parseMove(move);
      expect(parsed.ok && theBoss.apply(state, seat, parsed.value).ok).toBe(true);
      // A job in flight when its worker dies is refused, not left hanging.
      const inFlight = pool.think({ ...job, spec: 'ismcts:hard', budgetMs: 2000 });
      await pool.crashOne();
      await expect(inFlight).rejects.toThrow();
      await until(() => pool.size === 1, 5000, 'a new worker');
      expect(await pool.think(job)).toEqual(move);
    } finally {
      await pool.close();
    }
  }, 30_000);
});
