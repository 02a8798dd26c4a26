// End-to-end tests: whole games over WebSocket with nothing leaked, the HTTP API, move authority under fuzz.
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { eventsFor, Rng, replay, type GameRecord } from '@boss-table/core';
import { theBoss } from '@boss-table/the-boss';
import type { ServerMessage } from '@boss-table/client';
import { checkHistory, recordFrames, scanFrames } from './testing/frame-scan.js';
import { silentLogger } from './log.js';
import { startServer, type RunningServer } from './server.js';
import { autoPlay, nodeClient, tempDataDir, until } from './testing/test-kit.js';
import { useServer } from './testing/test-server.js';

const server = useServer();

/**
 * Fails if a frame sent to `seat` (null: spectator) holds something it may not know: another
 * hand's card values, a hand dealt to another seat, the secret seed, anyone's token, or a
 * reward before it is turned (rewards are never in a view; reward events only at round end).
 */
function scan(
  frames: readonly ServerMessage[],
  seat: number | null,
  secrets: readonly string[],
): number {
  let checked = 0;
  scanFrames(frames, secrets, ['seed', 'rng', 'rewards', 'token', 'tokenHash'], (o) => {
    if (Array.isArray(o.hands))
      (o.hands as { cards: unknown }[]).forEach((h, p) => {
        checked++;
        if (p !== seat) expect(h.cards, `hand ${p} values sent to ${seat}`).toBeNull();
      });
    if (o.type === 'hand-dealt') expect(o.seat).toBe(seat);
  });
  return checked;
}

async function playTable(players: number, humans: number[], seed: string) {
  const client = nodeClient(server().url);
  const created = await client.createTable({
    game: 'the-boss',
    options: players > 4 ? { rules: 'arena' } : {},
    seats: Array.from({ length: players }, (_, i) =>
      humans.includes(i) ? { kind: 'human' } : { kind: 'bot', bot: i % 2 ? 'random' : 'heuristic' },
    ),
  });
  const joined = [];
  for (const h of humans)
    joined.push(await client.join(created.id, { name: `P${h}`, invite: created.seats[h].invite! }));
  const conns = joined.map((j) => client.connect(created.id, { token: j.token }));
  const spectator = client.connect(created.id);
  const frames = conns.map(recordFrames);
  const spectatorFrames = recordFrames(spectator);
  conns.forEach((c, i) => autoPlay(c, `${seed}/${i}`));
  const table = server().tables.get(created.id)!;
  await until(() => table.stored.status === 'finished', 60_000, 'the game to end');
  await until(
    () => [...conns, spectator].every((c) => c.state?.seq === table.seq),
    10_000,
    'clients to catch up',
  );
  return { client, created, joined, conns, spectator, frames, spectatorFrames, table };
}

/**
 * Fails unless every frame sent to `seat` is exactly what the game's own filter gives that
 * seat at that seq (the view of the state then, the move's events for its eyes, what it may
 * do), and no reward is turned before its round ends. States are rebuilt from the record.
 */
function checkAgainstRules(
  frames: readonly ServerMessage[],
  seat: number | null,
  table: RunningServer['tables'] extends Map<string, infer T> ? T : never,
): number {
  const options = theBoss.parseOptions(table.stored.options);
  if (!options.ok) throw new Error(options.error.message);
  const setup = theBoss.setup(options.value, table.stored.seed);
  if (!setup.ok) throw new Error(setup.error.message);
  const states: unknown[] = [setup.value.state];
  for (const m of table.moves) {
    const parsed = theBoss.parseMove(m.move);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const applied = theBoss.apply(states[states.length - 1] as never, m.seat, parsed.value);
    if (!applied.ok) throw new Error(applied.error.message);
    states.push(applied.value.state);
  }
  let checked = 0;
  for (const f of frames) {
    if (f.type !== 'snapshot' && f.type !== 'events') continue;
    const state = states[f.seq] as never;
    if (f.type === 'events') {
      expect(f.events, `events of move ${f.seq} sent to ${seat}`).toEqual(
        eventsFor(table.history[f.seq], seat),
      );
      const kinds = (f.events as { type: string }[]).map((e) => e.type);
      const reward = kinds.indexOf('reward-revealed');
      if (reward >= 0)
        expect(
          kinds.indexOf('round-ended'),
          'a reward turned before its round ends',
        ).toBeGreaterThan(reward);
    }
    if ('view' in f) {
      expect(f.view, `view at ${f.seq} sent to ${seat}`).toEqual(theBoss.view(state, seat));
      const mayAct =
        seat !== null && !theBoss.isOver(state) && theBoss.activeSeats(state).includes(seat);
      expect(f.legal).toEqual(mayAct ? theBoss.legalSummary(state, seat) : null);
    }
    checked++;
  }
  return checked;
}

describe('complete games over WebSocket', () => {
  for (const [players, humans] of [
    [2, [0, 1]],
    [3, [1]],
    [4, [0, 2]],
    [5, [0, 1, 2, 3, 4]],
    [6, [5]],
  ] as [number, number[]][])
    it(`${players} players, humans at ${humans.join(', ')}: same end for everyone, nothing leaked`, async () => {
      const t = await playTable(players, humans, `g${players}`);
      // Every client ends with the server's view of its seat.
      t.conns.forEach((c, i) =>
        expect(c.state!.view).toEqual(theBoss.view(t.table.state as never, t.joined[i].seat)),
      );
      expect(t.spectator.state!.view).toEqual(theBoss.view(t.table.state as never, null));
      // The game's end is said without the rules: a `seats` frame with the status finished,
      // to every seat and the spectator, right after the last move's events.
      for (const f of [...t.frames, t.spectatorFrames]) {
        await until(() => f.at(-1)?.type === 'seats', 5_000, 'the seats frame at the end');
        const last = f.at(-1) as Extract<ServerMessage, { type: 'seats' }>;
        expect(last.status).toBe('finished');
        expect(f.filter((m) => m.type === 'seats' && m.status === 'finished')).toHaveLength(1);
        expect(f.map((m) => m.type).lastIndexOf('events')).toBeLessThan(f.length - 1);
      }
      // The record replays to the same end.
      const record = (await t.client.getRecord(t.created.id)) as unknown as GameRecord;
      const replayed = replay(theBoss, record);
      if (!replayed.ok) throw new Error(replayed.error.message);
      expect(theBoss.summary(replayed.value.state)).toEqual(
        theBoss.summary(t.table.state as never),
      );
      // Hidden information: every frame each seat and the spectator got.
      const secrets = [
        t.table.stored.seed,
        ...t.joined.map((j) => j.token),
        ...t.created.seats.flatMap((s) => (s.invite ? [s.invite] : [])),
      ];
      let checked = 0;
      t.frames.forEach((f, i) => (checked += scan(f, t.joined[i].seat, secrets)));
      checked += scan(t.spectatorFrames, null, secrets);
      expect(checked).toBeGreaterThan(10);
      // And every frame is exactly the game's filter for its audience, at its seq.
      let exact = 0;
      t.frames.forEach((f, i) => (exact += checkAgainstRules(f, t.joined[i].seat, t.table)));
      exact += checkAgainstRules(t.spectatorFrames, null, t.table);
      expect(exact).toBeGreaterThan(t.table.seq);
      // A page reloaded at the end asks for the whole history (to fill its log): each seat and
      // the spectator get every move's events, filtered for them as the live frames were.
      for (const [i, j] of t.joined.entries()) {
        const later = await checkHistory(
          t.client,
          t.created.id,
          j.token,
          j.seat,
          t.table,
          t.frames[i],
        );
        expect(scan(later, j.seat, secrets)).toBeGreaterThan(0);
        expect(checkAgainstRules(later, j.seat, t.table)).toBe(1);
      }
      const later = await checkHistory(
        t.client,
        t.created.id,
        undefined,
        null,
        t.table,
        t.spectatorFrames,
      );
      expect(scan(later, null, secrets)).toBeGreaterThan(0);
      expect(checkAgainstRules(later, null, t.table)).toBe(1);
      [...t.conns, t.spectator].forEach((c) => c.close());
    });
});

describe('the HTTP API', () => {
  it('refuses bad requests with a code and a sentence', async () => {
    const post = async (path: string, body: string, headers: Record<string, string> = {}) => {
      const res = await fetch(server().url + path, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', ...headers },
      });
      return {
        status: res.status,
        body: (await res.json()) as { error: { code: string; message: string } },
      };
    };
    expect((await post('/api/tables', '{nope')).body.error.code).toBe('bad-json');
    expect(
      (await post('/api/tables', JSON.stringify({ game: 'chess', seats: [{ kind: 'human' }] })))
        .body.error.code,
    ).toBe('unknown-game');
    const players = await post(
      '/api/tables',
      JSON.stringify({ game: 'the-boss', seats: [{ kind: 'human' }] }),
    );
    expect(players.status).toBe(400);
    expect(players.body.error.code).toBe('bad-options');
    expect(players.body.error.message).toMatch(/player/i);
    expect(
      (
        await post(
          '/api/tables',
          JSON.stringify({
            game: 'the-boss',
            seats: [{ kind: 'bot', bot: 'genius' }, { kind: 'human' }],
          }),
        )
      ).body.error.code,
    ).toBe('unknown-bot');
    expect(
      (
        await post(
          '/api/tables',
          JSON.stringify({
            game: 'the-boss',
            seats: [{ kind: 'human' }, { kind: 'human' }],
            extra: 1,
          }),
        )
      ).body.error.code,
    ).toBe('unknown-field');
    expect(
      (
        await post(
          '/api/tables',
          JSON.stringify({
            game: 'the-boss',
            seats: [{ kind: 'human' }, { kind: 'human' }],
            timer: { mode: 'realtime', turnSeconds: 0 },
          }),
        )
      ).body.error.code,
    ).toBe('bad-timer');
    expect((await post('/api/tables/nope/join', JSON.stringify({ name: 'x' }))).status).toBe(404);
    expect((await post('/api/tables', 'x'.repeat(70_000))).status).toBe(413);
  });

  it('hands out seats by invite, lists the lobby, and keeps the record until the end', async () => {
    const client = nodeClient(server().url);
    const t = await client.createTable({
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', bot: 'random' }],
    });
    expect(t.seats[2].invite).toBeUndefined();
    const lobby = await client.listTables();
    expect(lobby.tables.find((x) => x.id === t.id)?.status).toBe('open');
    await expect(client.join(t.id, { name: 'A', invite: 'wrong' })).rejects.toMatchObject({
      code: 'bad-invite',
    });
    const a = await client.join(t.id, { name: 'A', invite: t.seats[1].invite! });
    expect(a.seat).toBe(1);
    expect(a.token.length).toBeGreaterThanOrEqual(22); // 128 bits in base64url
    // A used invite is told its seat is taken.
    await expect(
      client.join(t.id, { name: 'A2', invite: t.seats[1].invite! }),
    ).rejects.toMatchObject({ code: 'seat-taken', status: 409 });
    const b = await client.join(t.id, { name: 'B' });
    expect(b.seat).toBe(0);
    await expect(client.join(t.id, { name: 'C' })).rejects.toMatchObject({ code: 'table-full' });
    const details = await client.getTable(t.id);
    expect(details.status).toBe('running');
    expect(JSON.stringify(details)).not.toContain(a.token);
    expect(JSON.stringify(details)).not.toContain(server().tables.get(t.id)!.stored.seed);
    await expect(client.getRecord(t.id)).rejects.toMatchObject({
      status: 409,
      code: 'not-finished',
    });
    // Tokens are stored only as hashes.
    const stored = server().storage.table(t.id)!;
    expect(JSON.stringify(stored)).not.toContain(a.token);
    const health = await fetch(server().url + '/healthz');
    expect(health.status).toBe(200);
    const metrics = await (await fetch(server().url + '/metrics')).text();
    expect(metrics).toMatch(/boss_tables\{status="running"\} \d+/);
    expect(metrics).toContain('boss_move_seconds_bucket');
  });
});

/** A raw socket to a table, to send what the SDK never would. */
async function rawSocket(url: string): Promise<{
  ws: WebSocket;
  next: (type?: string) => Promise<ServerMessage>;
  all: ServerMessage[];
}> {
  const ws = new WebSocket(url);
  const all: ServerMessage[] = [];
  const waiters: ((m: ServerMessage) => void)[] = [];
  ws.on('message', (d) => {
    const m = JSON.parse(String(d)) as ServerMessage;
    all.push(m);
    waiters.shift()?.(m);
  });
  await new Promise((r, j) => {
    ws.on('open', r);
    ws.on('error', j);
  });
  let read = 0;
  const next = async (type?: string): Promise<ServerMessage> => {
    for (;;) {
      while (read < all.length) {
        const m = all[read++];
        if (!type || m.type === type) return m;
      }
      await new Promise<ServerMessage>((r) => waiters.push(r));
    }
  };
  return { ws, next, all };
}

describe('authority: only the seat whose turn it is moves, at the current seq', () => {
  it('refuses every wrong message with the right code and changes nothing', async () => {
    const client = nodeClient(server().url);
    const t = await client.createTable({
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    const a = await client.join(t.id, { name: 'A', invite: t.seats[0].invite! });
    const b = await client.join(t.id, { name: 'B', invite: t.seats[1].invite! });
    const ws = server().url.replace('http', 'ws') + `/ws/tables/${t.id}`;
    const sa = await rawSocket(`${ws}?token=${a.token}`);
    const sb = await rawSocket(`${ws}?token=${b.token}`);
    const spec = await rawSocket(ws);
    const snap = (await sa.next('snapshot')) as Extract<ServerMessage, { type: 'snapshot' }>;
    const table = server().tables.get(t.id)!;
    const dealer = theBoss.activeSeats(table.state as never)[0];
    const [mover, other] = dealer === 0 ? [sa, sb] : [sb, sa];
    const moverLegal = (
      dealer === 0
        ? snap.legal
        : ((await sb.next('snapshot')) as Extract<ServerMessage, { type: 'snapshot' }>).legal
    ) as { reveal: string[] };
    const good = { reveal: moverLegal.reveal[0] };
    const expectError = async (s: typeof sa, frame: string, code: string) => {
      s.ws.send(frame);
      const m = (await s.next('error')) as Extract<ServerMessage, { type: 'error' }>;
      expect(m.code).toBe(code);
      expect(m.message.length).toBeGreaterThan(5);
      expect(table.seq).toBe(0);
    };
    await expectError(other, JSON.stringify({ type: 'move', seq: 0, move: good }), 'not-your-turn');
    await expectError(mover, JSON.stringify({ type: 'move', seq: -1, move: good }), 'stale-seq');
    await expectError(mover, JSON.stringify({ type: 'move', seq: 1, move: good }), 'future-seq');
    await expectError(spec, JSON.stringify({ type: 'move', seq: 0, move: good }), 'spectator');
    await expectError(mover, '{"type": "move", ', 'bad-json');
    await expectError(mover, JSON.stringify({ type: 'dance' }), 'unknown-type');
    await expectError(mover, JSON.stringify([1, 2]), 'bad-message');
    await expectError(
      mover,
      JSON.stringify({ type: 'move', seq: 0, move: { reveal: 'gotham:9' } }),
      'invalid-move',
    );
    await expectError(
      mover,
      JSON.stringify({
        type: 'move',
        seq: 0,
        move: { reveal: 'boston:hospital', place: { city: 'chicago', big: 1, small: 0 } },
      }),
      'invalid-move'.replace('invalid', 'illegal'),
    );
    await expectError(
      mover,
      JSON.stringify({ type: 'move', seq: 0, move: good, pad: 'x'.repeat(9000) }),
      'too-large',
    );
    // Another seat's token cannot be used for this seat: a bad token is refused outright.
    await expect(rawSocket(`${ws}?token=${a.token}x`)).rejects.toThrow(/401/);
    // Flood: a burst beyond the limit is refused, and the game carries on.
    for (let i = 0; i < 80; i++) other.ws.send(JSON.stringify({ type: 'ping' }));
    await until(
      () => other.all.some((m) => m.type === 'error' && m.code === 'rate-limited'),
      5000,
      'rate limit',
    );
    expect(table.seq).toBe(0);
    // A move refused for flooding says which move it was (its seq), so a client can tell.
    for (let i = 0; i < 80; i++)
      other.ws.send(JSON.stringify({ type: 'move', seq: 0, move: good }));
    await until(
      () => other.all.some((m) => m.type === 'error' && m.code === 'rate-limited' && m.seq === 0),
      5000,
      'a refused move echoing its seq',
    );
    expect(table.seq).toBe(0);
    // Every hand-over of bytes to the network by the server's sockets while the move is told.
    const handed: number[] = [];
    const proto = Socket.prototype as unknown as Record<
      '_write' | '_writev',
      (...a: never[]) => void
    >;
    const spies = (['_write', '_writev'] as const).map((name) => {
      const orig = proto[name];
      proto[name] = function (this: Socket & { server?: unknown }, ...a: never[]) {
        if (this.server) handed.push(1);
        return orig.apply(this, a);
      };
      return () => (proto[name] = orig);
    });
    mover.ws.send(JSON.stringify({ type: 'move', seq: 0, move: good, id: 'm1' }));
    expect((await mover.next('ack')).type).toBe('ack');
    await until(() => spec.all.some((m) => m.type === 'events' && m.seq === 1), 5000, 'told');
    for (const undo of spies) undo();
    // One write a connection (mover, other seat, spectator): the mover's ack and events in one.
    expect(handed.length).toBe(3);
    expect(table.seq).toBe(1);
    // docs/protocol.md: the mover gets its ack before its move's events.
    await until(() => mover.all.some((m) => m.type === 'events' && m.seq === 1), 5000, 'events');
    const ackAt = mover.all.findIndex((m) => m.type === 'ack' && m.id === 'm1');
    const eventsAt = mover.all.findIndex((m) => m.type === 'events' && m.seq === 1);
    expect(ackAt).toBeGreaterThanOrEqual(0);
    expect(ackAt).toBeLessThan(eventsAt);
    for (const s of [sa, sb, spec]) s.ws.close();
  });

  it('survives thousands of random and mutated frames', async () => {
    // A server of its own without the rate limit, so the frames all reach the handler.
    const fuzzed = await startServer({
      port: 0,
      dataDir: tempDataDir(),
      log: silentLogger,
      ratePerSecond: 1e6,
    });
    try {
      const client = nodeClient(fuzzed.url);
      const t = await client.createTable({
        game: 'the-boss',
        seats: [{ kind: 'human' }, { kind: 'human' }],
      });
      const a = await client.join(t.id, { name: 'A', invite: t.seats[0].invite! });
      await client.join(t.id, { name: 'B', invite: t.seats[1].invite! });
      const s = await rawSocket(
        fuzzed.url.replace('http', 'ws') + `/ws/tables/${t.id}?token=${a.token}`,
      );
      const rng = Rng.fromSeed('fuzz');
      const base = {
        type: 'move',
        seq: 0,
        move: { place: { city: 'detroit', big: 1, small: 0 }, reveal: 'boston:3' },
      };
      const values: unknown[] = [
        null,
        true,
        -1,
        0,
        1,
        2.5,
        1e308,
        'x',
        '',
        [],
        {},
        [1],
        { a: 1 },
        'chicago',
        'boston:3',
        '__proto__',
      ];
      const mutate = (x: unknown, depth = 0): unknown => {
        if (depth > 3 || typeof x !== 'object' || x === null || rng.float() < 0.2)
          return rng.pick(values);
        const o: Record<string, unknown> = Array.isArray(x)
          ? ([...x] as never)
          : { ...(x as object) };
        const keys = Object.keys(o);
        const k =
          rng.float() < 0.2
            ? rng.pick(['type', 'seq', 'move', 'place', 'constructor', 'zz'])
            : rng.pick(keys.length ? keys : ['type']);
        o[k] = mutate(o[k], depth + 1);
        return o;
      };
      const frames = 5000;
      for (let i = 0; i < frames; i++) {
        const kind = rng.int(3);
        s.ws.send(
          kind === 0
            ? JSON.stringify(mutate(base))
            : kind === 1
              ? Array.from({ length: rng.int(40) }, () => String.fromCharCode(rng.int(128))).join(
                  '',
                )
              : JSON.stringify(
                  mutate({ type: rng.pick(['move', 'resume', 'ping', 'x']), seq: rng.int(3) }),
                ),
        );
      }
      s.ws.send(JSON.stringify({ type: 'ping' }));
      // Moves are answered once their table's queue reaches them, so a move's answer may come
      // after a later ping's pong: wait for the final pong, then for the answers to stop.
      let seen = -1;
      for (;;) {
        await new Promise((r) => setTimeout(r, 200));
        if (s.all.length === seen && s.all.some((m) => m.type === 'pong')) break;
        seen = s.all.length;
      }
      expect(s.all.filter((m) => m.type === 'error').length).toBeGreaterThan(frames / 2);
      // The table is intact and the server healthy.
      expect((await fetch(fuzzed.url + '/healthz')).status).toBe(200);
      const table = fuzzed.tables.get(t.id)!;
      expect(table.seq).toBeLessThanOrEqual(1);
      const replayed = replay(theBoss, table.views.record() as unknown as GameRecord);
      expect(replayed.ok).toBe(true);
      s.ws.close();
    } finally {
      await fuzzed.close();
    }
  }, 60_000);
});
