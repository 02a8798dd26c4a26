// Tests seats over time: POST flood limits, stand-in bots for away players, turn timers, rematches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from '@boss-table/client';
import type { Logger } from './log.js';
import { silentLogger } from './log.js';
import { startServer, type RunningServer } from './server.js';
import { Rng } from '@boss-table/core';
import { autoPlay, moveFromLegal, nodeClient, tempDataDir, until } from './testing/test-kit.js';

describe('HTTP flood', () => {
  it('refuses POSTs past the budget of one address with 429 rate-limited; reads go on', async () => {
    const limited = await startServer({
      port: 0,
      dataDir: tempDataDir(),
      log: silentLogger,
      postsPerSecond: 1,
    });
    try {
      const client = nodeClient(limited.url);
      const t = await client.createTable({
        game: 'the-boss',
        seats: [{ kind: 'human' }, { kind: 'human' }],
      });
      let refused: unknown = null;
      for (let i = 0; i < 40 && !refused; i++)
        await client.join(t.id, { name: 'X', invite: 'wrong' }).catch((e: { code: string }) => {
          if (e.code !== 'bad-invite') refused = e;
        });
      expect(refused).toMatchObject({ status: 429, code: 'rate-limited' });
      expect((await client.getTable(t.id)).seats.every((s) => !s.taken)).toBe(true);
      expect((await fetch(`${limited.url}/healthz`)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

let server: RunningServer;
const logged: string[] = [];
const log: Logger = {
  info: (msg) => logged.push(msg),
  warn: (msg) => logged.push(msg),
  error: (msg) => logged.push(msg),
};
beforeAll(async () => {
  server = await startServer({ port: 0, dataDir: tempDataDir(), log, botBudgetMs: 5 });
});
afterAll(async () => {
  await server.close();
});

describe('seats, time and rematches', () => {
  it('lets a bot play a seat whose player is away past the grace period, and says so', async () => {
    const client = nodeClient(server.url);
    const t = await client.createTable({
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'human' }],
      graceSeconds: 0.2,
    });
    await client.join(t.id, { name: 'Away', invite: t.seats[0].invite! });
    const b = await client.join(t.id, { name: 'Here', invite: t.seats[1].invite! });
    const conn = client.connect(t.id, { token: b.token });
    const standIns: string[] = [];
    conn.on('events', (m) => m.standIn && standIns.push(m.standIn));
    autoPlay(conn, 'here');
    const table = server.tables.get(t.id)!;
    await until(() => table.stored.status === 'finished', 30_000, 'the game to end');
    expect(standIns.length).toBeGreaterThan(3);
    expect(new Set(standIns)).toEqual(new Set(['disconnected']));
    expect(logged).toContain('player away; a bot plays the seat until they return');
    expect(table.publicSeats()[0].botStandIn).toBe(true);
    conn.close();
  }, 40_000);

  it('plays a turn for a seat whose time runs out', async () => {
    const client = nodeClient(server.url);
    const t = await client.createTable({
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }],
      timer: { mode: 'realtime', turnSeconds: 1, bankSeconds: 0 },
    });
    const a = await client.join(t.id, { name: 'Slow', invite: t.seats[0].invite! });
    const conn = client.connect(t.id, { token: a.token }); // connected, but never moves
    const seen: ServerMessage[] = [];
    conn.on('message', (m) => seen.push(m));
    await until(
      () => seen.some((m) => m.type === 'events' && m.standIn === 'timeout'),
      10_000,
      'a timeout',
    );
    const snap = seen.find((m) => m.type === 'snapshot') as Extract<
      ServerMessage,
      { type: 'snapshot' }
    >;
    expect(snap.timer).not.toBeNull();
    // One clock: the turn timer is among the table's clocks too, with the same deadline.
    expect(snap.clocks).toEqual([
      expect.objectContaining({
        seats: [snap.timer!.seat],
        running: true,
        deadline: snap.timer!.deadline,
      }),
    ]);
    expect(logged).toContain('turn timed out; a bot plays it');
    conn.close();
  }, 20_000);

  it('gives each turn its full time: the next seat does not inherit what the last one used', async () => {
    const client = nodeClient(server.url);
    const t = await client.createTable({
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'human' }],
      timer: { mode: 'realtime', turnSeconds: 3, bankSeconds: 0 },
    });
    const joined = [
      await client.join(t.id, { name: 'A', invite: t.seats[0].invite! }),
      await client.join(t.id, { name: 'B', invite: t.seats[1].invite! }),
    ];
    const conns = joined.map((j) => client.connect(t.id, { token: j.token }));
    await until(() => conns.every((c) => c.state !== null), 5000, 'snapshots');
    const mover = conns.findIndex((c) => c.state!.legal !== null);
    const other = conns[1 - mover];
    // The first seat thinks for 1.5 s of its 3, then moves.
    await new Promise((r) => setTimeout(r, 1500));
    const movedAt = Date.now();
    await conns[mover].move(moveFromLegal(conns[mover].state!.legal, Rng.fromSeed('turn')));
    await until(() => other.state!.legal !== null, 5000, 'the next turn');
    const deadline = other.state!.timer!.deadline;
    // The next seat has its own 3 s from the move, not the 1.5 s left of the last turn.
    expect(deadline - movedAt).toBeGreaterThan(2500);
    conns.forEach((c) => c.close());
  });

  it('at a turn-based table, waits for an absent player instead of handing the seat to a bot', async () => {
    const client = nodeClient(server.url);
    const t = await client.createTable({
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'human' }],
      timer: { mode: 'turn-based', turnHours: 24 },
      graceSeconds: 0,
    });
    await client.join(t.id, { name: 'A', invite: t.seats[0].invite! });
    await client.join(t.id, { name: 'B', invite: t.seats[1].invite! });
    const table = server.tables.get(t.id)!;
    expect(table.stored.status).toBe('running');
    // With no one connected and no grace at all, a real-time table would be played by bots
    // at once; this one waits for its players.
    await new Promise((r) => setTimeout(r, 300));
    expect(table.seq).toBe(0);
    expect(table.publicSeats().some((s) => s.botStandIn)).toBe(false);
    const snap = await client.getTable(t.id);
    expect(snap.seq).toBe(0);
  });

  it('offers a rematch with the same seats, claimed with the old tokens', async () => {
    const client = nodeClient(server.url);
    const t = await client.createTable({
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }],
    });
    const a = await client.join(t.id, { name: 'A', invite: t.seats[0].invite! });
    await expect(client.rematch(t.id, a.token)).rejects.toMatchObject({ code: 'not-finished' });
    const conn = client.connect(t.id, { token: a.token });
    let announced: string | null = null;
    conn.on('rematch', (id) => (announced = id));
    autoPlay(conn, 'rematch');
    await until(
      () => server.tables.get(t.id)!.stored.status === 'finished',
      30_000,
      'the game to end',
    );
    await expect(client.rematch(t.id, 'not-a-token')).rejects.toMatchObject({ code: 'bad-token' });
    const r = await client.rematch(t.id, a.token);
    expect((await client.rematch(t.id, a.token)).table).toBe(r.table);
    await until(() => announced === r.table, 5000, 'the rematch announcement');
    await expect(client.join(r.table, { name: 'X', invite: 'nope' })).rejects.toMatchObject({
      code: 'bad-invite',
    });
    const again = await client.joinRematch(r.table, 'A', a.token);
    expect(again.seat).toBe(0);
    const details = await client.getTable(r.table);
    expect(details.status).toBe('running');
    expect(details.seats.map((s) => s.kind)).toEqual(['human', 'bot']);
    conn.close();
  }, 40_000);
});
