/**
 * Three nodes (the built server, each a child process) on one throwaway PostgreSQL: people
 * at one table on different nodes see the same game with the same filtering per seat; two
 * nodes never both commit a move at one seq; a client reconnects to another node from its
 * last seq; a node that loses its database connections gets them back and catches up; the
 * node holding a table's lease is SIGKILLed and another takes the bots and clocks over.
 */
import WebSocket from 'ws';
import { expect, it } from 'vitest';
import { Rng, type Seat } from '@boss-table/core';
import type { BossTableClient, ServerMessage, TableConnection } from '@boss-table/client';
import {
  expectedStreams,
  expectTold,
  recordFrames,
  type RecordJson,
} from './testing/frame-scan.js';
import { describePostgres, useClusterNodes } from './testing/pg-test-suite.js';
import { bigBossMoveFromLegal } from '@boss-table/big-boss';
import { bossCardsMoveFromLegal } from '@boss-table/boss-cards';
import {
  autoPlay,
  moveFromLegal,
  playAndRemember,
  until,
  type LegalChooser,
} from './testing/test-kit.js';

/** A node not heard from for this long is dead (`LEASE_SECONDS`). */
const LEASE_SECONDS = 2;

const over = (conn: TableConnection) =>
  !!(conn.state?.view as { outcome?: unknown } | undefined)?.outcome;

describePostgres('three nodes on one PostgreSQL', (suite) => {
  const { nodes, clients, query, holderOf } = useClusterNodes(suite, 3, {
    BOT_BUDGET_MS: '5',
    LEASE_SECONDS: String(LEASE_SECONDS),
    POSTS_PER_SECOND: '0',
  });

  /** Waits until the table is over, as the database says (through a node). */
  const finished = async (table: string, ms: number) => {
    const started = Date.now();
    while ((await clients[2].getTable(table)).status !== 'finished') {
      if (Date.now() - started > ms) throw new Error(`Timed out waiting for ${table} to end.`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  const games: [string, LegalChooser, object][] = [
    ['the-boss', moveFromLegal, {}],
    ['big-boss', bigBossMoveFromLegal, {}],
    // The shortest match: one or two hands.
    ['boss-cards', bossCardsMoveFromLegal, { target: 10, handSize: 5 }],
  ];
  for (const [gameId, choose, options] of games)
    it(`${gameId}: seats on two nodes, a spectator on the third, the bots on the lease holder; a node loses its database connections mid-game`, async () => {
      // Made on the third node, which so holds the lease and runs the bot.
      const t = await clients[2].createTable({
        game: gameId,
        options,
        seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', bot: 'random' }],
      });
      expect(await holderOf(t.id)).toBe('n2');
      const tokens: string[] = [];
      for (const seat of [0, 1])
        tokens.push(
          (await clients[seat].join(t.id, { name: `p${seat}`, invite: t.seats[seat].invite! }))
            .token,
        );
      const conns = [0, 1].map((seat) =>
        clients[seat].connect(t.id, { token: tokens[seat], history: true }),
      );
      const spectator = clients[2].connect(t.id, { history: true });
      const frames = [...conns, spectator].map(recordFrames);
      conns.forEach((c, i) => autoPlay(c, `${gameId}/cluster/${i}`, 5, choose));
      await until(() => (conns[0].state?.seq ?? 0) >= 6, 30_000, 'a few moves');
      // Node n1 loses every connection to the database (an outage, a failover of PostgreSQL).
      const cut = await query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name LIKE 'boss-table n1%'`,
      );
      expect(cut.rowCount).toBeGreaterThan(0);
      await finished(t.id, 120_000);
      // Every node answers the same.
      const record = (await clients[1].getRecord(t.id)) as unknown as RecordJson;
      for (const c of clients) expect((await c.getTable(t.id)).status).toBe('finished');
      const expected = expectedStreams(record, 3);
      // Each connection has been told every move (a node following the table may be a
      // moment behind the database).
      await until(
        () =>
          [0, 1, null].every(
            (v, k) =>
              [...conns, spectator][k].state?.seq ===
              expected.streams.get(v as Seat | null)!.length,
          ),
        10_000,
        'every connection told of the last move',
      );
      [0, 1, null].forEach((viewer, k) =>
        expectTold(
          frames[k],
          expected.streams.get(viewer)!,
          expected.view(viewer),
          `viewer ${viewer} on node n${k}`,
        ),
      );
      // No frame holds the seed or anyone's token or invite.
      const secrets = [record.seed, ...tokens, t.seats[0].invite!, t.seats[1].invite!];
      for (const f of frames)
        for (const s of secrets)
          expect(JSON.stringify(f).includes(s), 'a secret in a frame').toBe(false);
      // The lease of a finished game is let go.
      let released = false;
      await until(
        () => {
          void holderOf(t.id).then((h) => (released = h === undefined));
          return released;
        },
        10_000,
        'the lease to be let go',
      );
      [...conns, spectator].forEach((c) => c.close());
      // n1 lived through it and is healthy again.
      expect(nodes[1].child.exitCode, 'n1 still running').toBeNull();
      const health = await fetch(`${nodes[1].url}/healthz`);
      expect(health.status).toBe(200);
    }, 180_000);

  it('moves sent to two nodes at once for one seat and seq: exactly one is committed', async () => {
    const t = await clients[2].createTable({
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }],
    });
    const tokens: string[] = [];
    for (const seat of [0, 1, 2])
      tokens.push(
        (await clients[2].join(t.id, { name: `c${seat}`, invite: t.seats[seat].invite! })).token,
      );
    // Seat 0 on two nodes; the others on the third.
    const [a, b] = [0, 1].map((n) => clients[n].connect(t.id, { token: tokens[0] }));
    const others = [1, 2].map((seat) => clients[2].connect(t.id, { token: tokens[seat] }));
    others.forEach((c, i) => autoPlay(c, `race/${i}`, 5));
    const rng = Rng.fromSeed('race');
    const winners: unknown[] = [];
    for (let round = 0; round < 5; round++) {
      await until(
        () => !!a.state?.legal && !!b.state?.legal && a.state.seq === b.state.seq,
        30_000,
        'seat 0 to move, seen on both nodes',
      );
      const moves = [moveFromLegal(a.state!.legal, rng), moveFromLegal(b.state!.legal, rng)];
      const results = await Promise.allSettled([a.move(moves[0]), b.move(moves[1])]);
      const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
      expect(won, `round ${round}: exactly one of the two moves acknowledged`).toHaveLength(1);
      const lost = results[1 - won[0]] as PromiseRejectedResult;
      expect(['stale-seq', 'not-your-turn']).toContain((lost.reason as { code: string }).code);
      winners.push(moves[won[0]]);
    }
    autoPlay(a, 'race/0', 5);
    await until(() => over(a) && over(b), 120_000, 'the game to end');
    const record = (await clients[0].getRecord(t.id)) as unknown as RecordJson;
    const mine = record.moves.filter((m) => m.seat === 0).map(({ seat: _s, ...m }) => m);
    expect(mine.slice(0, winners.length)).toEqual(winners);
    // One row per seq, 1…n: nothing committed twice.
    const rows = await query<{ seq: number }>(
      'SELECT seq FROM moves WHERE table_id = $1 ORDER BY seq',
      [t.id],
    );
    expect(rows.rows.map((r) => r.seq)).toEqual(record.moves.map((_, i) => i + 1));
    [a, b, ...others].forEach((c) => c.close());
  }, 180_000);

  it('a client reconnects to another node with its last seq and gets exactly what it missed', async () => {
    const t = await clients[0].createTable({
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }, { kind: 'human' }],
    });
    const tokens = [
      (await clients[0].join(t.id, { name: 'A', invite: t.seats[0].invite! })).token,
      (await clients[0].join(t.id, { name: 'C', invite: t.seats[2].invite! })).token,
    ];
    const first = clients[0].connect(t.id, { token: tokens[0], reconnect: false });
    const other = clients[1].connect(t.id, { token: tokens[1] });
    autoPlay(first, 'reconnect/a', 5);
    autoPlay(other, 'reconnect/c', 5);
    // A leaves just after a move of its own, so that the others have moves to make.
    await until(
      () => (first.state?.seq ?? 0) >= 4 && first.state?.legal === null,
      30_000,
      'a few moves, A’s last',
    );
    first.close();
    const since = first.state!.seq;
    await until(() => (other.state?.seq ?? 0) > since, 30_000, 'moves while A is away');
    const got: ServerMessage[] = [];
    const ws = new WebSocket(
      `${nodes[2].url.replace('http', 'ws')}/ws/tables/${t.id}?token=${tokens[0]}&since=${since}`,
    );
    ws.on('message', (d) => got.push(JSON.parse(String(d)) as ServerMessage));
    await until(() => got.some((m) => m.type === 'seats'), 10_000, 'the missed moves');
    ws.close();
    expect(
      got.some((m) => m.type === 'snapshot'),
      'no snapshot: only what it missed',
    ).toBe(false);
    const events = got.filter((m) => m.type === 'events');
    expect(events.length).toBeGreaterThan(0);
    expect(events.map((m) => m.seq)).toEqual(events.map((_, k) => since + 1 + k));
    // Then A plays on from the other node to the end.
    const again = clients[2].connect(t.id, { token: tokens[0] });
    autoPlay(again, 'reconnect/a2', 5);
    await until(() => over(again) && over(other), 120_000, 'the game to end');
    again.close();
    other.close();
  }, 180_000);

  it('the lobby, seat claims and rematches agree across nodes', async () => {
    const t = await clients[0].createTable({
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', bot: 'random' }],
    });
    const listed = async (c: BossTableClient, id: string) =>
      (await c.listTables()).tables.find((x) => x.id === id);
    for (const c of clients) expect((await listed(c, t.id))?.status).toBe('open');
    // Two plain joins at once on two nodes: two different seats, never one seat twice.
    const [a, b] = await Promise.all([
      clients[1].join(t.id, { name: 'A' }),
      clients[2].join(t.id, { name: 'B' }),
    ]);
    expect(new Set([a.seat, b.seat]).size).toBe(2);
    await expect(clients[0].join(t.id, { name: 'C' })).rejects.toMatchObject({
      code: 'table-full',
    });
    // Every node lists it running, with the same seats.
    const seen = await Promise.all(clients.map((c) => listed(c, t.id)));
    for (const summary of seen) {
      expect(summary?.status).toBe('running');
      expect(summary?.seats.map((x) => [x.name, x.taken])).toEqual(
        seen[0]!.seats.map((x) => [x.name, x.taken]),
      );
    }
    const conns = [
      clients[1].connect(t.id, { token: a.token }),
      clients[2].connect(t.id, { token: b.token }),
    ];
    conns.forEach((c, i) => autoPlay(c, `lobby/${i}`, 5));
    await until(() => conns.every(over), 60_000, 'the game to end');
    // A rematch asked on two nodes at once: one table for both.
    const [r1, r2] = await Promise.all([
      clients[1].rematch(t.id, a.token),
      clients[2].rematch(t.id, b.token),
    ]);
    expect(r1.table).toBe(r2.table);
    expect((await clients[0].rematch(t.id, a.token)).table).toBe(r1.table);
    for (const c of clients) expect((await listed(c, r1.table))?.status).toBe('open');
    expect((await clients[0].joinRematch(r1.table, 'A', a.token)).seat).toBe(a.seat);
    conns.forEach((c) => c.close());
  }, 120_000);

  it('SIGKILL of the lease holder: another node takes the bot and the clock over within seconds, nothing acknowledged is lost, the game ends', async () => {
    const t = await clients[0].createTable({
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'bot', bot: 'ismcts:easy' }, { kind: 'human' }],
      timer: { mode: 'realtime', turnSeconds: 2 },
      graceSeconds: 3600,
    });
    expect(await holderOf(t.id)).toBe('n0');
    // A plays on n1; C never comes (its turn clock runs out each time: a stand-in plays);
    // a spectator watches on n2.
    const a = (await clients[1].join(t.id, { name: 'A', invite: t.seats[0].invite! })).token;
    await clients[1].join(t.id, { name: 'C', invite: t.seats[2].invite! });
    const conn = clients[1].connect(t.id, { token: a });
    const spectator = clients[2].connect(t.id, { history: true });
    const watched = recordFrames(spectator);
    const acked = new Map<number, unknown>();
    playAndRemember(conn, `${t.id}/kill`, acked);
    await until(() => acked.size >= 3, 60_000, 'some of A’s moves');
    // C's turn clock runs: kill the node that holds the table.
    await until(() => conn.state?.timer?.seat === 2, 30_000, 'C to be on the clock');
    const deadline = conn.state!.timer!.deadline;
    const killedAt = Date.now();
    const standInsBefore = watched.filter((f) => f.type === 'events' && f.seat === 2).length;
    nodes[0].child.kill('SIGKILL');
    await new Promise((r) => nodes[0].child.once('exit', r));
    let holder: string | undefined;
    await until(
      () => {
        void holderOf(t.id).then((h) => (holder = h));
        return holder === 'n1' || holder === 'n2';
      },
      15_000,
      'another node to take the lease',
    );
    const tookMs = Date.now() - killedAt;
    expect(tookMs, 'taken over within a few seconds').toBeLessThan((LEASE_SECONDS + 4) * 1000);
    // C's clock runs out on the new holder with the time it had left, not a fresh turn.
    await until(
      () => watched.filter((f) => f.type === 'events' && f.seat === 2).length > standInsBefore,
      15_000,
      'C’s timed-out turn',
    );
    expect(Date.now()).toBeLessThan(Math.max(deadline, killedAt + tookMs) + 4000);
    await until(() => over(conn) && over(spectator), 150_000, 'the game to end');
    const record = (await clients[2].getRecord(t.id)) as unknown as RecordJson;
    for (const [seq, move] of acked) {
      const { seat, ...stored } = record.moves[seq - 1];
      expect(seat).toBe(0);
      expect(stored, `acknowledged move ${seq}`).toEqual(move);
    }
    const expected = expectedStreams(record, 3);
    expectTold(watched, expected.streams.get(null)!, expected.view(null), 'the spectator on n2');
    conn.close();
    spectator.close();
  }, 240_000);
});
