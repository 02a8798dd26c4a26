/**
 * I'm the Boss! through the real server (issue 16, "Tests"): complete games between people
 * (thin clients choosing from the compact legal form) and bots in both table modes; a deal's
 * open window where several seats act at once; two interrupts arriving together; a Stop after
 * its window; a window's clock expiring; a restart in the middle of a window; no frame tells a
 * seat what it may not know.
 */
import { describe, expect, it } from 'vitest';
import { parseRecord, replay, Rng } from '@boss-table/core';
import { imTheBoss, type ImbLegal, type ImbState, type ImbView } from '@boss-table/im-the-boss';
import type { ServerMessage, TableConnection } from '@boss-table/client';
import { recordFrames } from './testing/frame-scan.js';
import { imbMoveFromLegal } from '@boss-table/im-the-boss';
import { clocks, driverMove, MODES, scanImb, type Mode } from './testing/imb-test-kit.js';
import { silentLogger } from './log.js';
import { startServer, type RunningServer } from './server.js';
import { autoPlay, nodeClient, tempDataDir, until } from './testing/test-kit.js';
import { useServer } from './testing/test-server.js';

const server = useServer();

const legalOf = (c: TableConnection) => c.state?.legal as ImbLegal | null | undefined;
const stateOf = (s: RunningServer, id: string) => s.tables.get(id)!.state as ImbState;
/** Whether a seat's connection has every frame the table owes it (sealed moves number apart). */
const current = (s: RunningServer, id: string, c: TableConnection, seat: number) =>
  c.state?.seq === s.tables.get(id)!.position(seat);

async function humansTable(
  s: RunningServer,
  mode: Mode,
  humans: number,
  bots: string[] = [],
  over: Record<string, number> = {},
  maxRounds = 1,
) {
  const client = nodeClient(s.url);
  const t = await client.createTable({
    game: 'im-the-boss',
    options: { players: humans + bots.length, mode, maxRounds, clocks: clocks(over) },
    seats: [
      ...Array.from({ length: humans }, () => ({ kind: 'human' as const })),
      ...bots.map((bot) => ({ kind: 'bot' as const, bot })),
    ],
  });
  const joined = [];
  for (let i = 0; i < humans; i++) joined.push(await client.join(t.id, { name: `P${i}` }));
  const conns = joined.map((j) => client.connect(t.id, { token: j.token }));
  const frames = conns.map(recordFrames);
  return { client, t, conns, frames };
}

describe.each(MODES)("I'm the Boss! over WebSocket (%s)", (mode) => {
  it('plays a complete game between people and bots; no frame leaks a hidden card', async () => {
    // Two rounds: in one, a Boss card can hand the turn back to the start player before
    // either bot seat has had anything to do.
    const { client, t, conns, frames } = await humansTable(
      server(),
      mode,
      2,
      ['heuristic', 'random'],
      {},
      2,
    );
    conns.forEach((c, i) => {
      const rng = Rng.fromSeed(`imb-${mode}-${i}`);
      autoPlay(c, `imb-${mode}-${i}`, 0, (legal) => imbMoveFromLegal(legal, rng, c.state?.view));
    });
    const live = server().tables.get(t.id)!;
    await until(() => live.stored.status === 'finished', 90_000, 'the game to end');
    const record = await client.getRecord(t.id);
    const parsed = parseRecord(record);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(replay(imTheBoss, parsed.value).ok).toBe(true);
    const moves = (record as { moves: { seat: unknown; type: string }[] }).moves;
    // People and bots both moved (a one-round game may leave one seat with nothing to do).
    expect(moves.some((m) => m.seat === 0 || m.seat === 1)).toBe(true);
    expect(moves.some((m) => m.seat === 2 || m.seat === 3)).toBe(true);
    await until(
      () => conns.every((c, seat) => current(server(), t.id, c, seat)),
      10_000,
      'the last frames',
    );
    frames.forEach((f, seat) => scanImb(f, seat));
    conns.forEach((c) => c.close());
  }, 120_000);
});

/**
 * Plays the humans' seats one move at a time (the test's own eyes on the server's state choose
 * who moves) until `done`; `prefer` ranks a seat's legal form (higher first; -1: not now).
 */
async function driveUntil(
  s: RunningServer,
  id: string,
  conns: TableConnection[],
  done: (st: ImbState) => boolean,
  rng: Rng,
  limit = 400,
): Promise<void> {
  for (let n = 0; n < limit; n++) {
    const st = stateOf(s, id);
    if (done(st)) return;
    if (st.pub.phase === 'over') throw new Error('The game ended first.');
    const ready = conns
      .map((c, seat) => ({ c, seat, l: legalOf(c) }))
      .filter((x) => x.l && current(s, id, x.c, x.seat));
    if (ready.length === 0) {
      await new Promise((r) => setTimeout(r, 20));
      continue;
    }
    const { pick, move } = driverMove(
      ready.map((x) => ({
        ...x,
        l: x.l!,
        hand: (x.c.state?.view as ImbView | undefined)?.hand ?? [],
      })),
      rng,
    );
    await pick.c.move(move).catch(() => undefined);
  }
  throw new Error('No such position reached.');
}

const inStopWindow = (st: ImbState) => st.pub.deal?.phase === 'stop';
const inOpenDeal = (st: ImbState) => st.pub.deal?.phase === 'open';

/** A table of four people whose seeds reach a stop window; the window's asked seats. */
async function toStopWindow(s: RunningServer, mode: Mode, over: Record<string, number> = {}) {
  for (let tries = 0; tries < 12; tries++) {
    const table = await humansTable(s, mode, 4, [], { deal: 60_000, idle: 60_000, ...over });
    await until(() => table.conns.every((c) => c.state !== null), 10_000, 'the snapshots');
    try {
      await driveUntil(s, table.t.id, table.conns, inStopWindow, Rng.fromSeed(`w${tries}`));
      return table;
    } catch {
      table.conns.forEach((c) => c.close());
    }
  }
  throw new Error('No table reached a stop window in 12 tries.');
}

describe('real-time windows', () => {
  it('takes the moves of several seats sent at once in an open deal', async () => {
    const { t, conns } = await humansTable(server(), 'realtime', 4, [], {
      deal: 60_000,
      idle: 60_000,
    });
    await until(() => conns.every((c) => c.state !== null), 10_000, 'the snapshots');
    await driveUntil(server(), t.id, conns, inOpenDeal, Rng.fromSeed('open'));
    await until(
      () => conns.every((c, seat) => current(server(), t.id, c, seat)),
      10_000,
      'every seat current',
    );
    // Every seat that may act sends a move on the same seq, together.
    const acting = conns.filter(
      (c) => legalOf(c) && (legalOf(c)!.propose || legalOf(c)!.offerPlacard),
    );
    expect(acting.length).toBeGreaterThanOrEqual(2);
    const results = await Promise.all(
      acting.map((c) => {
        const l = legalOf(c)!;
        const move = l.propose
          ? { type: 'propose', to: l.propose[0].to, items: [], dividends: 0 }
          : { type: 'offerPlacard', placard: l.offerPlacard![0] };
        return c.move(move).then(
          (s) => ({ ok: true as const, s }),
          (e: { code: string }) => ({ ok: false as const, code: e.code }),
        );
      }),
    );
    // None is refused for its seq: each is taken or refused by the rules.
    expect(results.filter((r) => !r.ok && r.code === 'stale-seq')).toEqual([]);
    const taken = results.filter((r) => r.ok);
    expect(taken.length).toBeGreaterThanOrEqual(2);
    expect(new Set(taken.map((r) => r.ok && r.s)).size).toBe(taken.length);
    conns.forEach((c) => c.close());
  }, 60_000);

  it("a move frame sent twice is stored once; one built before the seat's own last move is refused", async () => {
    const { t, conns, frames } = await humansTable(server(), 'realtime', 4, [], {
      deal: 60_000,
      idle: 60_000,
    });
    await until(() => conns.every((c) => c.state !== null), 10_000, 'the snapshots');
    await driveUntil(server(), t.id, conns, inOpenDeal, Rng.fromSeed('open'));
    await until(
      () => conns.every((c, seat) => current(server(), t.id, c, seat)),
      10_000,
      'every seat current',
    );
    const k = conns.findIndex((c) => legalOf(c)?.propose);
    expect(k).toBeGreaterThanOrEqual(0);
    const c = conns[k];
    const move = { type: 'propose', to: legalOf(c)!.propose![0].to, items: [], dividends: 0 };
    const seq = c.state!.seq;
    const before = server().tables.get(t.id)!.seq;
    // The same frame twice (a client resending after a drop), then a new one on the same seq.
    c.send({ type: 'move', seq, move, id: 'dup-1' });
    c.send({ type: 'move', seq, move, id: 'dup-1' });
    c.send({ type: 'move', seq, move, id: 'dup-2' });
    const answers = () =>
      frames[k].filter(
        (m): m is Extract<ServerMessage, { type: 'ack' | 'error' }> =>
          (m.type === 'ack' || m.type === 'error') && (m.id ?? '').startsWith('dup-'),
      );
    await until(() => answers().length >= 3, 10_000, 'three answers');
    const mine = server().tables.get(t.id)!.position(k);
    expect(answers().map((a) => [a.type, a.id, a.type === 'ack' ? a.seq : a.code])).toEqual([
      ['ack', 'dup-1', mine],
      ['ack', 'dup-1', mine],
      ['error', 'dup-2', 'stale-seq'],
    ]);
    expect(server().tables.get(t.id)!.seq).toBe(before + 1);
    // The same id on a move built after it (a client that numbers ids per connection, after a
    // reload) is a new move: judged and stored, not answered with the old ack.
    await until(() => current(server(), t.id, c, k), 10_000, 'the seat current');
    c.send({ type: 'move', seq: c.state!.seq, move, id: 'dup-1' });
    await until(() => answers().length >= 4, 10_000, 'a fourth answer');
    const fourth = answers()[3];
    expect([fourth.type, fourth.type === 'ack' && fourth.seq > mine]).toEqual(['ack', true]);
    expect(server().tables.get(t.id)!.seq).toBe(before + 2);
    conns.forEach((x) => x.close());
  }, 60_000);

  it('two interrupts together: the first opens the window, the second is refused by the rules', async () => {
    for (let tries = 0; tries < 15; tries++) {
      const { t, conns } = await humansTable(server(), 'realtime', 4, [], {
        deal: 60_000,
        idle: 60_000,
      });
      await until(() => conns.every((c) => c.state !== null), 10_000, 'the snapshots');
      // An open deal where two seats hold an influence play.
      const two = () =>
        conns.filter(
          (c) =>
            legalOf(c)?.phase === 'open' &&
            (legalOf(c)!.travel?.length || legalOf(c)!.boss?.length),
        );
      try {
        await driveUntil(
          server(),
          t.id,
          conns,
          (st) => inOpenDeal(st) && two().length >= 2,
          Rng.fromSeed(`i${tries}`),
        );
      } catch {
        conns.forEach((c) => c.close());
        continue;
      }
      const [a, b] = two();
      const play = (c: TableConnection) => {
        const l = legalOf(c)!;
        const move = l.boss?.length
          ? { type: 'playBoss', card: l.boss[0] }
          : { type: 'playTravel', card: l.travel![0].card, target: l.travel![0].targets[0] };
        return c.move(move).then(
          () => 'ok',
          (e: { code: string; message: string }) => `${e.code}:${e.message}`,
        );
      };
      const out = await Promise.all([play(a), play(b)]);
      expect(out.filter((o) => o === 'ok')).toHaveLength(1);
      const refused = out.find((o) => o !== 'ok')!;
      expect(refused).toMatch(/^illegal-move:window-open/);
      conns.forEach((c) => c.close());
      return;
    }
    throw new Error('No table had two influence plays in one open deal in 15 tries.');
  }, 120_000);
});

describe.each(MODES)('a stop window (%s)', (mode) => {
  it('closes by its clock when nobody answers; a Stop after it is refused with its code', async () => {
    const { t, conns } = await toStopWindow(server(), mode);
    const live = server().tables.get(t.id)!;
    const st = stateOf(server(), t.id);
    const asked = st.pub.deal!.pending!.asked.slice();
    const before = live.moves.length;
    // Nobody answers: the clock closes the window (turn-based: the prompt's clock).
    await until(
      () =>
        !inStopWindow(stateOf(server(), t.id)) ||
        stateOf(server(), t.id).pub.deal?.window !== st.pub.deal!.window,
      15_000,
      'the clock',
    );
    const expired = live.moves.slice(before).filter((m) => m.seat === -1);
    expect(expired.length).toBeGreaterThanOrEqual(1);
    expect((expired[0].move as { type: string }).type).toBe('expire');
    // A Stop from an asked seat after the close: refused by the rules.
    const late = conns[asked[0]];
    await until(() => current(server(), t.id, late, asked[0]), 5000, 'the close to reach the seat');
    const err = await late.move({ type: 'playStop', card: 'stop:1' }).then(
      () => null,
      (e: { code: string; message: string }) => e,
    );
    expect(err).toMatchObject({ code: 'illegal-move' });
    expect(err!.message).toMatch(/^no-window/);
    conns.forEach((c) => c.close());
  }, 120_000);
});

describe('a stop window in real time', () => {
  it("takes every asked seat's answer sent at once, sealed, and closes at its shortest length", async () => {
    const { t, conns, frames } = await toStopWindow(server(), 'realtime', {
      stopWindow: 3000,
      stopWindowMin: 400,
    });
    const live = server().tables.get(t.id)!;
    const st = stateOf(server(), t.id);
    const asked = st.pub.deal!.pending!.asked.slice();
    expect(asked.length).toBeGreaterThanOrEqual(2);
    await until(() => asked.every((p) => current(server(), t.id, conns[p], p)), 5000, 'current');
    const from = frames.map((f) => f.length);
    const opened = Date.now();
    const before = live.moves.length;
    // Sealed answers sent together: each is taken (none refused for its seq).
    await Promise.all(asked.map((p) => conns[p].move({ type: 'pass' })));
    expect(live.moves.slice(before).filter((m) => m.seat >= 0)).toHaveLength(asked.length);
    await until(() => !inStopWindow(stateOf(server(), t.id)), 10_000, 'the close');
    const took = Date.now() - opened;
    // Everyone answered: the window drops to its shortest length, far below its full length.
    expect(took).toBeLessThan(2800);
    // No seat heard another's sealed answer.
    frames.forEach((f, seat) => scanImb(f.slice(from[seat]), seat));
    conns.forEach((c) => c.close());
  }, 120_000);
});

describe.each(MODES)('a restart in the middle of a stop window (%s)', (mode) => {
  it('resumes the window with the time it had left', async () => {
    const dataDir = tempDataDir();
    const first = await startServer({ port: 0, dataDir, log: silentLogger, botBudgetMs: 5 });
    // Real time: the window's clock; turn-based: the prompt of its first asked seat.
    const kind = mode === 'realtime' ? 'stopWindow:' : 'prompt:';
    let id = '';
    try {
      const { t, conns } = await toStopWindow(first, mode, {
        stopWindow: 6000,
        stopWindowMin: 500,
        prompt: 6000,
      });
      id = t.id;
      // Every seat is told the window's deadline.
      await until(
        () => conns.every((c) => c.state?.clocks.some((k) => k.id.startsWith(kind))),
        5000,
        'the clock in the frames',
      );
      await new Promise((r) => setTimeout(r, 1000));
      conns.forEach((c) => c.close());
    } finally {
      await first.close();
    }
    await new Promise((r) => setTimeout(r, 2000));
    const second = await startServer({ port: 0, dataDir, log: silentLogger, botBudgetMs: 5 });
    try {
      expect(inStopWindow(stateOf(second, id))).toBe(true);
      const before = second.tables.get(id)!.moves.length;
      const cb = nodeClient(second.url).connect(id);
      const snapshot = await new Promise<ServerMessage>((resolve) =>
        cb.on('message', (m) => m.type === 'snapshot' && resolve(m)),
      );
      const clock = (snapshot as { clocks?: { id: string; leftMs: number }[] }).clocks?.find((c) =>
        c.id.startsWith(kind),
      );
      // About 5 s left of 6 (1 s ran before the stop; the 2 s down do not count).
      expect(clock!.leftMs).toBeGreaterThan(3500);
      expect(clock!.leftMs).toBeLessThanOrEqual(5100);
      // And it runs out then: the clock's expiry is a move.
      await until(
        () =>
          second.tables
            .get(id)!
            .moves.slice(before)
            .some((m) => m.seat === -1),
        10_000,
        'the clock to run out',
      );
      cb.close();
    } finally {
      await second.close();
    }
  }, 120_000);
});

describe('a turn-based stop window', () => {
  it("takes the prompted seat's answer; the others', sent at the same time, are refused by the rules", async () => {
    const { t, conns } = await toStopWindow(server(), 'turnBased', { prompt: 5000 });
    const st = stateOf(server(), t.id);
    const p = st.pub.deal!.pending!;
    const prompted = p.asked[p.prompt];
    await until(() => conns.every((c, seat) => current(server(), t.id, c, seat)), 5000, 'current');
    const out = await Promise.all(
      conns.map((c) =>
        c.move({ type: 'pass' }).then(
          () => 'ok',
          (e: { code: string; message: string }) => `${e.code}:${e.message}`,
        ),
      ),
    );
    expect(out[prompted]).toBe('ok');
    for (const [seat, o] of out.entries())
      // A turn-based table takes one seat at a time: the others are out of turn, or (arriving
      // after the prompted seat's answer) behind the table.
      if (seat !== prompted) expect(o).toMatch(/^(not-your-turn|stale-seq):/);
    conns.forEach((c) => c.close());
  }, 120_000);
});

describe('hidden answers in a real-time stop window', () => {
  /**
   * A stop window where an asked seat holds a Stop and another asked seat watches: the
   * watcher passes at once, the holder answers 150 ms later (`stop` or `pass`); the
   * watcher's frames from the window's opening to its close.
   */
  async function watchWindow(answer: 'stop' | 'pass') {
    for (let tries = 0; tries < 12; tries++) {
      const { t, conns, frames } = await toStopWindow(server(), 'realtime', {
        stopWindow: 2500,
        stopWindowMin: 800,
      });
      const asked = stateOf(server(), t.id).pub.deal!.pending!.asked.slice();
      await until(() => asked.every((p) => current(server(), t.id, conns[p], p)), 5000, 'current');
      const holder = asked.find((p) => legalOf(conns[p])?.stop?.length);
      const watcher = asked.find((p) => p !== holder);
      if (holder === undefined || watcher === undefined) {
        conns.forEach((c) => c.close());
        continue;
      }
      const seen = frames[watcher];
      const from = seen.length;
      const opened = Date.now();
      await conns[watcher].move({ type: 'pass' });
      await new Promise((r) => setTimeout(r, 150));
      const card = legalOf(conns[holder])!.stop![0];
      await conns[holder].move(answer === 'stop' ? { type: 'playStop', card } : { type: 'pass' });
      // The other asked seats let the clock answer for them.
      await until(() => !inStopWindow(stateOf(server(), t.id)), 10_000, 'the close');
      const closed = Date.now();
      await until(() => current(server(), t.id, conns[watcher], watcher), 5000, 'the close frames');
      const window = seen.slice(from);
      scanImb(window, watcher);
      conns.forEach((c) => c.close());
      return { window, took: closed - opened, watcher, holder };
    }
    throw new Error('No stop window asked a Stop holder and another seat in 12 tries.');
  }

  it("a watcher's frames are the same whether the other seat answered Stop or pass", async () => {
    const stopped = await watchWindow('stop');
    const passed = await watchWindow('pass');
    const shape = (w: ServerMessage[], watcher: number) =>
      w.map((m) => {
        if (m.type !== 'events') return [m.type];
        const seat = (m as { seat: number }).seat;
        return [m.type, seat === watcher ? 'self' : seat];
      });
    // Until the close: the watcher's own answer, then nothing until the clock closes it.
    const untilClose = (w: ServerMessage[], watcher: number) => {
      const s = shape(w, watcher);
      const close = s.findIndex((x) => x[1] === -1);
      return s.slice(0, close + 1);
    };
    expect(untilClose(stopped.window, stopped.watcher)).toEqual(
      untilClose(passed.window, passed.watcher),
    );
    // The watcher's own answer: its ack first, then its events (docs/protocol.md).
    expect(untilClose(stopped.window, stopped.watcher).slice(0, 2)).toEqual([
      ['ack'],
      ['events', 'self'],
    ]);
    // Both windows last at least their shortest length: an early close would tell.
    expect(stopped.took).toBeGreaterThanOrEqual(750);
    expect(passed.took).toBeGreaterThanOrEqual(750);
  }, 180_000);
});

describe('two Stops arriving together (real time)', () => {
  it('takes both, sealed; the first received counts and the other seat keeps its card', async () => {
    for (let tries = 0; tries < 20; tries++) {
      const { t, conns } = await toStopWindow(server(), 'realtime', {
        stopWindow: 1500,
        stopWindowMin: 300,
      });
      const live = server().tables.get(t.id)!;
      const asked = stateOf(server(), t.id).pub.deal!.pending!.asked.slice();
      await until(() => asked.every((p) => current(server(), t.id, conns[p], p)), 5000, 'current');
      const holders = asked.filter((p) => legalOf(conns[p])?.stop?.length);
      if (holders.length < 2) {
        conns.forEach((c) => c.close());
        continue;
      }
      const [a, b] = holders;
      const cards = [a, b].map((p) => legalOf(conns[p])!.stop![0]);
      const before = live.moves.length;
      await Promise.all([a, b].map((p, i) => conns[p].move({ type: 'playStop', card: cards[i] })));
      await until(() => !inStopWindow(stateOf(server(), t.id)), 10_000, 'the close');
      const answers = live.moves.slice(before).filter((m) => m.seat >= 0);
      expect(answers.map((m) => m.seat).sort()).toEqual([a, b].sort());
      const first = answers[0].seat;
      const other = first === a ? b : a;
      // The close names the first received; its card is spent, the other's is still held.
      const closed = live.history
        .slice(before + 1)
        .flat()
        .map((e) => e.event as { type: string; by?: number; card?: string })
        .find((e) => e.type === 'stopWindowClosed');
      expect(closed).toMatchObject({ by: first });
      const hands = stateOf(server(), t.id).hands;
      expect(hands[first]).not.toContain(cards[first === a ? 0 : 1]);
      expect(hands[other]).toContain(cards[other === a ? 0 : 1]);
      conns.forEach((c) => c.close());
      return;
    }
    throw new Error('No stop window asked two Stop holders in 20 tries.');
  }, 180_000);
});
