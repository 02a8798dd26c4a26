/** The server on PostgreSQL (`DATABASE_URL`): a whole game over WebSocket, and a restart. */
import { describe, expect, it } from 'vitest';
import { Rng } from '@boss-table/core';
import { silentLogger } from './log.js';
import { Metrics } from './metrics.js';
import { describePostgres } from './testing/pg-test-suite.js';
import { startServer, type RunningServer } from './server.js';
import { SettingError, settingsFromEnv } from './settings.js';
import { PostgresStorage } from './storage-pg.js';
import { findPgBin, startPgCluster } from './testing/pg-test-cluster.js';
import { autoPlay, moveFromLegal, nodeClient, tempDataDir, until } from './testing/test-kit.js';

describe('DATABASE_URL', () => {
  it('takes a postgres:// or postgresql:// URL', () => {
    expect(settingsFromEnv({}).databaseUrl).toBeUndefined();
    for (const url of ['postgres://u:p@db:5432/boss', 'postgresql://db/boss'])
      expect(settingsFromEnv({ DATABASE_URL: url }).databaseUrl).toBe(url);
  });

  it('refuses anything else with a clear message that never shows the password', () => {
    expect(() => settingsFromEnv({ DATABASE_URL: 'mysql://u:pw@db/boss' })).toThrow(
      /DATABASE_URL must start with postgres:\/\/ or postgresql:\/\/, not "mysql:\/\/"/,
    );
    expect(() => settingsFromEnv({ DATABASE_URL: 'db.example.org:5432' })).toThrow(SettingError);
    expect(() => settingsFromEnv({ DATABASE_URL: 'not a url s3cret' })).toThrow(
      /DATABASE_URL must be a PostgreSQL URL/,
    );
    try {
      settingsFromEnv({ DATABASE_URL: 'not a url s3cret' });
    } catch (e) {
      expect((e as Error).message).not.toContain('s3cret');
    }
  });
});

describe('cluster settings', () => {
  it('takes NODE_NAME and LEASE_SECONDS, and refuses bad ones with a clear message', () => {
    expect(settingsFromEnv({ NODE_NAME: 'node-a.1', LEASE_SECONDS: '2.5' })).toMatchObject({
      nodeName: 'node-a.1',
      leaseMs: 2500,
    });
    expect(() => settingsFromEnv({ NODE_NAME: 'a b' })).toThrow(/NODE_NAME must be 1 to 40/);
    expect(() => settingsFromEnv({ LEASE_SECONDS: '0' })).toThrow(/LEASE_SECONDS must be/);
  });

  it('labels every metrics sample with the node', () => {
    const metrics = new Metrics();
    metrics.node = 'n1';
    const text = metrics.render({ open: 1 });
    expect(text).toContain('boss_tables{node="n1",status="open"} 1');
    expect(text).toContain('boss_connections{node="n1"} 0');
    for (const line of text.split('\n'))
      if (line && !line.startsWith('#')) expect(line).toContain('node="n1"');
  });
});

/** The moves stored for a table are 1…n with no gap, n being where the live table is. */
async function expectAllStored(server: RunningServer, id: string, seq: number) {
  const moves = await server.storage.moves(id);
  expect(moves.map((m) => m.seq)).toEqual(Array.from({ length: seq }, (_, i) => i + 1));
}

describePostgres('the server on PostgreSQL', (suite) => {
  it('plays a whole game over WebSocket, every move committed in PostgreSQL', async () => {
    const databaseUrl = await suite.cluster.createDatabase();
    const server = await startServer({
      port: 0,
      dataDir: tempDataDir(),
      databaseUrl,
      log: silentLogger,
      botBudgetMs: 5,
    });
    try {
      expect(server.storage).toBeInstanceOf(PostgresStorage);
      const client = nodeClient(server.url);
      const t = await client.createTable({
        game: 'the-boss',
        seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }, { kind: 'human' }],
      });
      const tokens = [
        (await client.join(t.id, { name: 'A', invite: t.seats[0].invite! })).token,
        (await client.join(t.id, { name: 'C', invite: t.seats[2].invite! })).token,
      ];
      const conns = tokens.map((token) => client.connect(t.id, { token }));
      conns.forEach((c, i) => autoPlay(c, `pg-game/${i}`));
      const table = server.tables.get(t.id)!;
      await until(() => table.stored.status === 'finished', 60_000, 'the game to end');
      conns.forEach((c) => c.close());
      expect(table.seq).toBeGreaterThan(10);
      await expectAllStored(server, t.id, table.seq);
      // Read back from PostgreSQL, not from memory.
      const again = await PostgresStorage.open(databaseUrl);
      try {
        expect((await again.table(t.id))!.status).toBe('finished');
        expect((await again.moves(t.id)).length).toBe(table.seq);
      } finally {
        await again.close();
      }
      expect((await client.getTable(t.id)).status).toBe('finished');
    } finally {
      await server.close();
    }
  }, 90_000);

  it('fails /healthz and refuses moves while the database is out of reach', async () => {
    // A cluster of its own, stopped under the server.
    const own = await startPgCluster(findPgBin()!);
    const server = await startServer({
      port: 0,
      dataDir: tempDataDir(),
      databaseUrl: await own.createDatabase(),
      log: silentLogger,
      leaseMs: 1500,
    });
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      const client = nodeClient(server.url);
      const t = await client.createTable({
        game: 'the-boss',
        seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }, { kind: 'human' }],
      });
      const token = (await client.join(t.id, { name: 'A', invite: t.seats[0].invite! })).token;
      await client.join(t.id, { name: 'C', invite: t.seats[2].invite! });
      const conn = client.connect(t.id, { token });
      await until(() => conn.state?.legal != null, 10_000, 'A to move');
      await own.stop();
      await until(() => !server.cluster!.healthy, 10_000, 'the node to notice');
      expect((await fetch(`${server.url}/healthz`)).status).toBe(503);
      const legal = conn.state!.legal;
      await expect(conn.move(moveFromLegal(legal, Rng.fromSeed('down')))).rejects.toMatchObject({
        code: 'internal',
      });
      // Past the lease time it stops running the table (another node would take it).
      const table = server.tables.get(t.id)!;
      await until(() => !table.holder, 10_000, 'the node to let the table go');
      conn.close();
    } finally {
      await server.close();
      await own.stop();
    }
  }, 60_000);

  it('resumes a table after a restart on the same database, from the move it stopped at', async () => {
    const databaseUrl = await suite.cluster.createDatabase();
    const options = { port: 0, dataDir: tempDataDir(), databaseUrl, log: silentLogger };
    const first = await startServer({ ...options, botBudgetMs: 5 });
    const client = nodeClient(first.url);
    const t = await client.createTable({
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }],
    });
    const tokens: string[] = [];
    for (const [i, name] of ['A', 'B', 'C'].entries())
      tokens.push((await client.join(t.id, { name, invite: t.seats[i].invite! })).token);
    const conns = tokens.map((token) => client.connect(t.id, { token }));
    conns.forEach((c, i) => autoPlay(c, `pg-restart/${i}`, 5));
    const live = first.tables.get(t.id)!;
    await until(() => live.seq >= 5, 30_000, 'a few moves');
    conns.forEach((c) => c.close());
    await first.close();
    const stoppedAt = live.seq;
    expect(live.stored.status).toBe('running');

    const second = await startServer({ ...options, botBudgetMs: 5 });
    try {
      const table = second.tables.get(t.id)!;
      expect(table.stored.status).toBe('running');
      expect(table.seq).toBe(stoppedAt);
      const again = nodeClient(second.url);
      const conns2 = tokens.map((token) => again.connect(t.id, { token }));
      conns2.forEach((c, i) => autoPlay(c, `pg-restart-2/${i}`));
      await until(() => table.stored.status === 'finished', 60_000, 'the game to end');
      conns2.forEach((c) => c.close());
      expect(table.seq).toBeGreaterThan(stoppedAt);
      await expectAllStored(second, t.id, table.seq);
    } finally {
      await second.close();
    }
  }, 120_000);
});
