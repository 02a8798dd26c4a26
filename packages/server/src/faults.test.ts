// Tests what a node does when its database stops under it, when a client gives up, and what other nodes are told.
import { request } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from '@boss-table/client';
import type { Logger } from './log.js';
import { startServer, type RunningServer } from './server.js';
import { CHANNEL } from './storage-pg.js';
import { recordFrames } from './testing/frame-scan.js';
import { describePostgres, useClusterNodes, useTwoNodes } from './testing/pg-test-suite.js';
import { nodeClient, tempDataDir, until } from './testing/test-kit.js';

function recordingLog() {
  const lines: { level: string; msg: string; fields?: Record<string, unknown> }[] = [];
  const at =
    (level: string) =>
    (msg: string, fields?: Record<string, unknown>): void => {
      lines.push({ level, msg, ...(fields ? { fields } : {}) });
    };
  const log: Logger = { info: at('info'), warn: at('warn'), error: at('error') };
  return { lines, log };
}

/** The status and headers of a plain GET, or of a WebSocket handshake (`upgrade`). */
function get(url: string, upgrade = false) {
  return new Promise<{ status: number; retryAfter: string | undefined }>((resolve, reject) => {
    const req = request(
      url,
      upgrade
        ? {
            headers: {
              connection: 'Upgrade',
              upgrade: 'websocket',
              'sec-websocket-version': '13',
              'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
            },
          }
        : {},
      (res) => {
        res.resume();
        resolve({ status: res.statusCode!, retryAfter: res.headers['retry-after'] });
      },
    );
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode!, retryAfter: res.headers['retry-after'] });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a client that gives up', () => {
  const { lines, log } = recordingLog();
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, dataDir: tempDataDir(), log });
  });
  afterAll(() => server.close());

  it('is logged as an aborted request, not as a failure of ours', async () => {
    // Half a body, then the connection closes.
    await new Promise<void>((resolve) => {
      const req = request(`${server.url}/api/tables`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': '400' },
      });
      req.on('error', () => resolve());
      req.write('{"game": "the-boss", "seats": [');
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 100);
    });
    await until(
      () => lines.some((l) => l.msg === 'request aborted by the client'),
      5000,
      'the aborted request logged',
    );
    expect(lines.filter((l) => l.level === 'error')).toEqual([]);
    expect(lines.find((l) => l.msg === 'request aborted by the client')?.level).toBe('info');
  });
});

describePostgres('a node whose PostgreSQL stops for a moment', (suite) => {
  const { lines, log } = recordingLog();
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      port: 0,
      dataDir: tempDataDir(),
      databaseUrl: await suite.cluster.createDatabase(),
      nodeName: 'solo',
      leaseMs: 4000,
      log,
      botBudgetMs: 5,
      trustedProxies: ['127.0.0.1'],
    });
  }, 60_000);
  afterAll(() => server.close());

  it('answers 503 with Retry-After, logs the outage once, and every table plays on after it', async () => {
    const client = nodeClient(server.url);
    const ids: string[] = [];
    for (const game of ['the-boss', 'im-the-boss']) {
      const t = await client.createTable({
        game,
        seats: Array.from({ length: 4 }, () => ({ kind: 'bot' as const, bot: 'random' })),
        ...(game === 'im-the-boss' ? { options: { players: 4, maxRounds: 3 } } : {}),
      });
      ids.push(t.id);
    }
    const seqs = () => ids.map((id) => server.tables.get(id)!.seq);
    await until(() => seqs().every((s) => s > 3), 20_000, 'both tables under way');
    lines.length = 0;
    await suite.cluster.halt();
    try {
      // A blip shorter than the lease: requests that need the database are told to come back.
      const lobby = await get(`${server.url}/api/tables`);
      expect(lobby.status).toBe(503);
      expect(Number(lobby.retryAfter)).toBeGreaterThan(0);
      const ws = await get(`${server.url}/ws/tables/not-loaded-here`, true);
      expect(ws.status).toBe(503);
      expect(Number(ws.retryAfter)).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 1500));
    } finally {
      await suite.cluster.resume();
    }
    const back = seqs();
    // Nothing stays still once the database is back (a clock never retried did before).
    await until(
      () => ids.every((id, k) => server.tables.get(id)!.seq > back[k] + 3 || gameOver(id)),
      30_000,
      'both tables moving again',
    );
    const errors = lines.filter((l) => l.level !== 'info').map((l) => l.msg);
    expect(
      errors.filter((m) => m === 'database out of reach; bots and clocks wait for it'),
    ).toHaveLength(1);
    // No line per table or per try while it lasted.
    expect(errors.filter((m) => /not stored|not played|request failed/.test(m))).toEqual([]);
    expect(lines.filter((l) => l.msg === 'database reachable again')).toHaveLength(1);
  }, 90_000);

  const gameOver = (id: string) => server.tables.get(id)!.stored.status === 'finished';
});

describePostgres('presence and stand-ins across two nodes', (suite) => {
  const nodes = useTwoNodes(suite);

  it("a stand-in's move reaches another node's connections with its standIn flag", async () => {
    const [a, b] = nodes;
    const client = nodeClient(a.url);
    const t = await client.createTable({
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }, { kind: 'bot', bot: 'random' }],
      graceSeconds: 1,
    });
    const joined = await client.join(t.id, { name: 'Away' });
    // Seat 1's person comes and goes through node b; a spectator watches there.
    const bClient = nodeClient(b.url);
    const watcher = bClient.connect(t.id);
    const seen: ServerMessage[] = recordFrames(watcher);
    const person = bClient.connect(t.id, { token: joined.token });
    await until(() => person.state !== null && watcher.state !== null, 20_000, 'the snapshots');
    person.close();
    await until(
      () => seen.some((m) => m.type === 'events' && m.standIn === 'disconnected'),
      30_000,
      "a stand-in's move told on node b with its flag",
    );
    const told = seen.filter((m) => m.type === 'events' && m.standIn !== undefined);
    expect(told.every((m) => m.type === 'events' && m.seat === 0)).toBe(true);
    watcher.close();
  }, 60_000);

  it('a node that loads a table for a GET shows the people connected on the other node', async () => {
    const [a, b] = nodes;
    const client = nodeClient(a.url);
    const t = await client.createTable({
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }, { kind: 'bot', bot: 'random' }],
    });
    const joined = await client.join(t.id, { name: 'OnA' });
    const conn = client.connect(t.id, { token: joined.token });
    await until(() => conn.state !== null, 20_000, 'the snapshot on node a');
    // Node b has never had this table in memory: a GET loads it there.
    expect(b.tables.has(t.id)).toBe(false);
    const details = await nodeClient(b.url).getTable(t.id);
    expect(details.seats[0].connected).toBe(true);
    conn.close();
  }, 60_000);

  it("a node writes its seats again when another deleted them as a dead node's; no bot stands in", async () => {
    const [a, b] = nodes;
    const client = nodeClient(a.url);
    const t = await client.createTable({
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', bot: 'random' }],
      graceSeconds: 1,
    });
    const seats = [
      await client.join(t.id, { name: 'Here' }),
      await client.join(t.id, { name: 'There' }),
    ];
    // Both people are connected through node b; node a holds the table.
    const bClient = nodeClient(b.url);
    const conns = seats.map((j) => bClient.connect(t.id, { token: j.token }));
    await until(() => conns.every((c) => c.state !== null), 20_000, 'the snapshots');
    await until(
      () => a.tables.get(t.id)?.connectedSeats().size === 2,
      10_000,
      'node a sees both seats connected',
    );
    // What a clean-up of dead nodes does to node b's rows (its beat looked stale).
    const db = new pg.Client({ connectionString: (a.storage as { url?: string }).url });
    await db.connect();
    try {
      await db.query(`DELETE FROM seat_presence WHERE table_id = $1 AND node = 'b'`, [t.id]);
      await db.query(`SELECT pg_notify('${CHANNEL}', $1)`, [`p:${t.id}`]);
    } finally {
      await db.end();
    }
    // Longer than the grace period: a stand-in would have been named by now.
    await new Promise((r) => setTimeout(r, 2500));
    const table = a.tables.get(t.id)!;
    expect([...table.connectedSeats()].sort()).toEqual([0, 1]);
    expect([...table.standIns.keys()]).toEqual([]);
    conns.forEach((c) => c.close());
  }, 60_000);
});

describePostgres('a node paused for twice the lease', (suite) => {
  const cluster = useClusterNodes(suite, 2, { LEASE_SECONDS: '2', BOT_BUDGET_MS: '5' });

  it('writes its seats again when it wakes: the person connected there is connected, no bot plays for them', async () => {
    const [n0, n1] = cluster.nodes;
    const [c0, c1] = cluster.clients;
    const t = await c0.createTable({
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }, { kind: 'bot', bot: 'random' }],
      graceSeconds: 1,
    });
    const joined = await c0.join(t.id, { name: 'Sleeper' });
    const person = c1.connect(t.id, { token: joined.token });
    await until(() => person.state !== null, 20_000, 'the snapshot on n1');
    // n0's view of seat 0, polled through its REST details.
    let seen = { connected: false, botStandIn: false };
    let sawAway = false;
    const poll = setInterval(() => {
      c0.getTable(t.id).then(
        (d) => {
          seen = d.seats[0];
          if (paused && !seen.connected) sawAway = true;
        },
        () => undefined,
      );
    }, 100);
    let paused = false;
    await until(() => seen.connected, 10_000, 'n0 sees the person connected');
    expect(await cluster.holderOf(t.id)).toBe(n0.name);
    // n1 stops answering for twice the lease: n0 takes it for dead and deletes its seats.
    n1.child.kill('SIGSTOP');
    paused = true;
    try {
      await until(() => sawAway, 15_000, 'n0 takes n1 for dead: the person shown away');
      await new Promise((r) => setTimeout(r, 1500));
    } finally {
      n1.child.kill('SIGCONT');
      paused = false;
    }
    seen = { connected: false, botStandIn: true };
    try {
      await until(
        () => seen.connected && !seen.botStandIn,
        15_000,
        'n0 sees the person connected again, with no stand-in',
      );
    } finally {
      clearInterval(poll);
    }
    person.close();
  }, 60_000);
});
