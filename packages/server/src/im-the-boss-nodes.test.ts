/**
 * I'm the Boss!'s open windows on three nodes (the built server, each a child process) on
 * one throwaway PostgreSQL (issue 18): complete games in both table modes with people on
 * different nodes, bots on the lease holder and a spectator on a third, every frame scanned
 * and checked against the record; two Stops sent at once from two nodes into one stop window
 * (the first committed counts, every connection told the same); an accept and a cancel of
 * one proposal from two nodes (exactly one counts); every asked seat's sealed answer at once
 * from two nodes (one deadline on every node, the shortest close); a turn-based window's
 * answers from two nodes; a node that missed a notification answering a table's details
 * never behind; the lease holder SIGKILLed while windows' clocks run (the takeover keeps
 * their first deadlines, also when the taker loads the table from the database, and every
 * game finishes with every acknowledged move in its record).
 */
import { expect, it } from 'vitest';
import { parseRecord, replay, Rng } from '@boss-table/core';
import {
  imTheBoss,
  type ImbLegal,
  type ImbView,
  type Table as ImbTable,
} from '@boss-table/im-the-boss';
import type { BossTableClient, TableConnection } from '@boss-table/client';
import {
  expectedStreams,
  expectTold,
  recordFrames,
  type RecordJson,
} from './testing/frame-scan.js';
import { imbMoveFromLegal } from '@boss-table/im-the-boss';
import { clocks, driverMove, MODES, scanImb, type Mode } from './testing/imb-test-kit.js';
import { describePostgres, useClusterNodes } from './testing/pg-test-suite.js';
import { playAndRemember, until } from './testing/test-kit.js';

/** A node not heard from for this long is dead (`LEASE_SECONDS`). */
const LEASE_SECONDS = 2;

const viewOf = (c: TableConnection) => c.state?.view as ImbView | undefined;
const pubOf = (c: TableConnection) => viewOf(c)?.table;
const legalOf = (c: TableConnection) => c.state?.legal as ImbLegal | null | undefined;
const inStopWindow = (t: ImbTable) => t.deal?.phase === 'stop';
const inOpenDeal = (t: ImbTable) => t.deal?.phase === 'open';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until an asynchronous check (a query) holds, asking again every 20 ms. */
async function untilAsync(check: () => Promise<boolean>, ms: number, what: string) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`Timed out waiting for ${what}.`);
    await sleep(20);
  }
}

/** Whether every connection shows the same public table as the watcher (none is behind). */
const synced = (conns: readonly TableConnection[], watcher: TableConnection) => {
  const pub = JSON.stringify(pubOf(watcher) ?? null);
  return pub !== 'null' && conns.every((c) => JSON.stringify(pubOf(c) ?? null) === pub);
};

/** A seat's moves the server acknowledged, by its own frame number (`seq`). */
type Acked = Map<number, unknown>;
const noneAcked = (): Acked[] => [0, 1, 2, 3].map(() => new Map());

/** Sends a seat's move and remembers it once acknowledged. */
const sendTracked = async (c: TableConnection, move: unknown, acked?: Acked) => {
  const seq = await c.move(move);
  acked?.set(seq, move);
  return seq;
};

/** Plays a seat to the end with moves from its legal form, remembering what was acknowledged. */
const playTracked = (c: TableConnection, seed: string, acked: Acked) =>
  playAndRemember(c, seed, acked, (legal, rng) => imbMoveFromLegal(legal, rng, viewOf(c)));

/**
 * Plays the people's seats one move at a time, from what the clients see (the watcher's view
 * of the public table), until `done`: an influence play when someone holds one and
 * `interrupt` (it opens a stop window), else a deal's Boss abandoning or declaring, else
 * anyone's move; `acked` takes each seat's acknowledged moves.
 */
async function driveUntil(
  conns: readonly TableConnection[],
  watcher: TableConnection,
  done: (t: ImbTable) => boolean,
  rng: Rng,
  { acked, interrupt = true }: { acked?: readonly Acked[]; interrupt?: boolean } = {},
  limit = 600,
): Promise<void> {
  for (let n = 0; n < limit; n++) {
    await until(() => synced(conns, watcher), 5000, 'the seats to agree').catch(() => undefined);
    const table = pubOf(watcher);
    if (table && done(table) && synced(conns, watcher)) return;
    if (table?.phase === 'over') throw new Error('The game ended first.');
    const ready = conns.map((c, seat) => ({ c, seat, l: legalOf(c) })).filter((x) => x.l);
    if (ready.length === 0) {
      await sleep(20);
      continue;
    }
    const { pick, move } = driverMove(
      ready.map((x) => ({ ...x, l: x.l!, hand: viewOf(x.c)?.hand ?? [] })),
      rng,
      interrupt,
    );
    await sendTracked(pick.c, move, acked?.[pick.seat]).catch(() => undefined);
  }
  throw new Error('No such position reached.');
}

const settled = <T>(p: Promise<T>) =>
  p.then(
    (value) => ({ ok: true as const, value }),
    (e: { code: string; message: string }) => ({ ok: false as const, code: e.code, e }),
  );

const closeAll = (conns: readonly TableConnection[]) => conns.forEach((c) => c.close());

/**
 * Checks that every acknowledged move is in the record, at the seq its seat was told
 * (`expected.told` maps the seat's own numbering to the table's); returns how many.
 */
function countAcked(
  record: RecordJson,
  expected: ReturnType<typeof expectedStreams>,
  acked: readonly Acked[],
  what: string,
): number {
  let count = 0;
  acked.forEach((list, seat) => {
    const told = expected.told.get(seat)!;
    for (const [seq, move] of list) {
      const stored = record.moves[told[seq - 1] - 1];
      expect(stored, `${what}: seat ${seat}'s acknowledged move ${seq}`).toEqual({
        seat,
        ...(move as object),
      });
      count++;
    }
  });
  return count;
}

describePostgres("I'm the Boss! on three nodes", (suite) => {
  const { nodes, clients, query, holderOf } = useClusterNodes(suite, 3, {
    BOT_BUDGET_MS: '5',
    LEASE_SECONDS: String(LEASE_SECONDS),
    POSTS_PER_SECOND: '0',
  });
  /** The table's stored moves, in seq order, each with when it was committed. */
  const storedMoves = async (table: string) =>
    (
      await query<{ seq: number; seat: number; move: string; created_at: string }>(
        'SELECT seq, seat, move, created_at FROM moves WHERE table_id = $1 ORDER BY seq',
        [table],
      )
    ).rows.map((r) => ({
      seq: r.seq,
      seat: r.seat,
      move: JSON.parse(r.move) as { type: string },
      at: Number(r.created_at),
    }));
  /**
   * The record of a finished game, through `via`, once that node has it (a node following a
   * table may be a moment behind the one that committed its last move).
   */
  const recordOnceOver = async (table: string, via: BossTableClient, ms: number) => {
    let record: RecordJson | undefined;
    await untilAsync(
      async () => {
        record = (await via.getRecord(table).catch(() => undefined)) as RecordJson | undefined;
        return record !== undefined;
      },
      ms,
      `${table} to end`,
    );
    return record!;
  };

  /**
   * A table of `people` (and `bots`) made on node `on` (which so holds its lease), every
   * person's seat joined by invite; its connections are the caller's.
   */
  async function makeTable(
    on: number,
    mode: Mode,
    people: number,
    bots: string[] = [],
    over: Record<string, number> = {},
  ) {
    const t = await clients[on].createTable({
      game: 'im-the-boss',
      options: { players: people + bots.length, mode, maxRounds: 1, clocks: clocks(over) },
      seats: [
        ...Array.from({ length: people }, () => ({ kind: 'human' as const })),
        ...bots.map((bot) => ({ kind: 'bot' as const, bot })),
      ],
      // A person whose node dies is away until they reconnect elsewhere: no stand-in meanwhile.
      graceSeconds: 3600,
    });
    const tokens: string[] = [];
    for (let seat = 0; seat < people; seat++)
      tokens.push(
        (await clients[on].join(t.id, { name: `P${seat}`, invite: t.seats[seat].invite! })).token,
      );
    const secrets = [...tokens, ...t.seats.flatMap((s) => (s.invite ? [s.invite] : []))];
    return { t, tokens, secrets };
  }

  /**
   * A table of four people made on node `on`, each seat connected on the nodes `seatNodes`
   * gives it (its first connection drives), a spectator on `watchOn`, driven until a stop
   * window is open; a new table when one ends first.
   */
  async function toStopWindow(
    on: number,
    mode: Mode,
    over: Record<string, number>,
    seatNodes: (seat: number) => number[],
    watchOn: number,
    acked?: readonly Acked[],
  ) {
    for (let tries = 0; tries < 12; tries++) {
      const { t, tokens, secrets } = await makeTable(on, mode, 4, [], {
        deal: 60_000,
        idle: 60_000,
        ...over,
      });
      const conns = tokens.map((token, seat) =>
        seatNodes(seat).map((n) => clients[n].connect(t.id, { token, history: true })),
      );
      const watcher = clients[watchOn].connect(t.id, { history: true });
      const all = [...conns.flat(), watcher];
      const frames = new Map(all.map((c) => [c, recordFrames(c)]));
      await until(() => all.every((c) => c.state !== null), 10_000, 'the snapshots');
      acked?.forEach((a) => a.clear());
      try {
        const drivers = conns.map((c) => c[0]);
        await driveUntil(drivers, watcher, inStopWindow, Rng.fromSeed(t.id), { acked });
        await until(() => synced(all, watcher), 5000, 'every connection in the window');
        return { t, tokens, secrets, conns, drivers, watcher, all, frames };
      } catch {
        closeAll(all);
      }
    }
    throw new Error('No table reached a stop window in 12 tries.');
  }

  /** A whole short game: people on n0 and n1, two bots on the lease holder, a spectator on n2. */
  async function wholeGame(mode: Mode, on: number) {
    const { t, tokens, secrets } = await makeTable(on, mode, 2, ['heuristic', 'random']);
    expect(await holderOf(t.id)).toBe(`n${on}`);
    const conns = tokens.map((token, seat) =>
      clients[seat].connect(t.id, { token, history: true }),
    );
    const spectator = clients[2].connect(t.id, { history: true });
    const viewers = [...conns, spectator];
    const frames = viewers.map(recordFrames);
    const acked = noneAcked();
    conns.forEach((c, seat) => playTracked(c, `${mode}/${t.id}/${seat}`, acked[seat]));
    const record = await recordOnceOver(t.id, clients[1], 90_000);
    const parsed = parseRecord(record);
    expect(parsed.ok, 'the record parses').toBe(true);
    if (parsed.ok) expect(replay(imTheBoss, parsed.value).ok, 'the record replays').toBe(true);
    // Each viewer, on its node, was told every move as the game filters it for that viewer:
    // the same public sequence for all, a sealed answer to its seat only.
    const expected = expectedStreams(record, 4);
    const people = countAcked(record, expected, acked, mode);
    const who = [0, 1, null] as const;
    await until(
      () => who.every((v, k) => viewers[k].state?.seq === expected.streams.get(v)!.length),
      10_000,
      'every connection told of the last move',
    );
    who.forEach((v, k) => {
      expectTold(frames[k], expected.streams.get(v)!, expected.view(v), `${mode}: ${v} on n${k}`);
      scanImb(frames[k], v, [record.seed, ...secrets]);
    });
    closeAll(viewers);
    // Whether both people and bots moved (a one-round game may end before a seat's turn).
    return people > 0 && record.moves.some((m) => m.seat === 2 || m.seat === 3);
  }

  /** Whole games in a mode until one where both people and bots moved (3 at the most). */
  async function wholeGames(mode: Mode, on: number) {
    for (let tries = 0; tries < 3; tries++) if (await wholeGame(mode, on)) return;
    throw new Error(`${mode}: no game in 3 where both people and bots moved.`);
  }

  it('plays whole games in both modes: people on two nodes, bots on the lease holder, a spectator on the third; every frame scanned; the records replay', async () => {
    // Both modes at once: the real-time tables held by n2, the turn-based ones by n0.
    await Promise.all(MODES.map((mode, k) => wholeGames(mode, k === 0 ? 2 : 0)));
  }, 120_000);

  it('two Stops sent at once from two nodes into one real-time window: both taken sealed, the first received counts, every connection told the same', async () => {
    for (let tries = 0; tries < 15; tries++) {
      // Made on n2 (which runs the window's clock); each seat connected on n0 and on n1.
      const w = await toStopWindow(
        2,
        'realtime',
        { stopWindow: 3000, stopWindowMin: 300 },
        () => [0, 1],
        2,
      );
      const asked = pubOf(w.watcher)!.deal!.pending!.asked.slice();
      const holders = asked.filter((p) => legalOf(w.drivers[p])?.stop?.length);
      if (holders.length < 2) {
        closeAll(w.all);
        continue;
      }
      const [a, b] = holders;
      const cards = [a, b].map((p) => legalOf(w.drivers[p])!.stop![0]);
      const window = pubOf(w.watcher)!.deal!.window;
      const before = (await storedMoves(w.t.id)).length;
      // a's Stop through n0, b's through n1, together.
      const out = await Promise.all([
        settled(w.conns[a][0].move({ type: 'playStop', card: cards[0] })),
        settled(w.conns[b][1].move({ type: 'playStop', card: cards[1] })),
      ]);
      expect(
        out.map((o) => o.ok),
        'both Stops acknowledged',
      ).toEqual([true, true]);
      await until(
        () => {
          const d = pubOf(w.watcher)?.deal;
          return !d || d.phase !== 'stop' || d.window !== window;
        },
        15_000,
        'the close',
      );
      await until(() => synced(w.all, w.watcher), 5000, 'every connection told of the close');
      // Both stored, one after the other; the first stored is the first received.
      const answers = (await storedMoves(w.t.id)).slice(before).filter((m) => m.seat >= 0);
      expect(answers.map((m) => m.seat).sort()).toEqual([a, b].sort());
      expect(answers.every((m) => m.move.type === 'playStop')).toBe(true);
      const first = answers[0].seat;
      const other = first === a ? b : a;
      const cardOf = (p: number) => cards[p === a ? 0 : 1];
      // Every connection (each seat on two nodes, the spectator on the third) was told the
      // same close, naming the first; no one heard another seat's sealed answer.
      const closes = w.all.map((c) =>
        w.frames
          .get(c)!
          .flatMap((f) => (f.type === 'events' ? f.events : []))
          .map((e) => e as { type: string; by?: number })
          .filter((e) => e.type === 'stopWindowClosed'),
      );
      for (const c of closes) expect(c).toEqual(closes[0]);
      expect(closes[0].at(-1)).toMatchObject({ by: first });
      // The first's card is spent; the other keeps its own, as seen on both of its nodes.
      for (const c of w.conns[first]) expect(viewOf(c)!.hand).not.toContain(cardOf(first));
      for (const c of w.conns[other]) expect(viewOf(c)!.hand).toContain(cardOf(other));
      // A seat's two connections, on two nodes, got the same frames, numbered alike.
      const told = (c: TableConnection) =>
        w.frames.get(c)!.flatMap((f) => (f.type === 'events' ? [[f.seq, f.seat, f.events]] : []));
      for (const [x, y] of w.conns) expect(told(y)).toEqual(told(x));
      w.conns.forEach((pair, seat) =>
        pair.forEach((c) => scanImb(w.frames.get(c)!, seat, [...w.secrets])),
      );
      scanImb(w.frames.get(w.watcher)!, null, [...w.secrets]);
      closeAll(w.all);
      return;
    }
    throw new Error('No stop window asked two Stop holders in 15 tries.');
  }, 120_000);

  it("every asked seat's answer sent at once from two nodes into a real-time window: all taken sealed, every node tells one deadline, the window closes at its shortest length", async () => {
    const FULL_MS = 8000;
    // Seats alternately on n0 and n1; the table (its clock) on n2, with the spectator.
    const w = await toStopWindow(
      2,
      'realtime',
      { stopWindow: FULL_MS, stopWindowMin: 400 },
      (seat) => [seat % 2],
      2,
    );
    const clockOf = (c: TableConnection) =>
      c.state?.clocks.find((k) => k.id.startsWith('stopWindow:'));
    const deadline = clockOf(w.watcher)!.deadline;
    for (const c of w.all)
      expect(Math.abs(clockOf(c)!.deadline - deadline), 'one deadline on every node').toBeLessThan(
        250,
      );
    const asked = pubOf(w.watcher)!.deal!.pending!.asked.slice();
    const window = pubOf(w.watcher)!.deal!.window;
    const from = new Map(w.all.map((c) => [c, w.frames.get(c)!.length]));
    const before = (await storedMoves(w.t.id)).length;
    const out = await Promise.all(asked.map((p) => settled(w.drivers[p].move({ type: 'pass' }))));
    expect(
      out.map((o) => (o.ok ? 'ok' : o.code)),
      'every answer taken',
    ).toEqual(asked.map(() => 'ok'));
    await until(
      () => {
        const d = pubOf(w.watcher)?.deal;
        return !d || d.phase !== 'stop' || d.window !== window;
      },
      FULL_MS + 5000,
      'the close',
    );
    // Every seat answered: the window drops to its shortest length, far below its full one.
    expect(deadline - Date.now(), 'closed well before its full length').toBeGreaterThan(3000);
    const stored = (await storedMoves(w.t.id)).slice(before);
    expect(stored.filter((m) => m.seat >= 0).map((m) => m.seat)).toEqual(
      expect.arrayContaining(asked),
    );
    // Until the close, nobody heard of another seat's answer: a seat's own, then the clock.
    await until(() => synced(w.all, w.watcher), 5000, 'every connection told of the close');
    for (const c of w.all) {
      const seat = c.state!.seat;
      const seen = w.frames
        .get(c)!
        .slice(from.get(c))
        .flatMap((f) => (f.type === 'events' ? [f.seat] : []));
      const close = seen.indexOf(-1);
      expect(close).toBeGreaterThanOrEqual(0);
      expect(seen.slice(0, close), `seat ${seat}: answers before the close`).toEqual(
        seat !== null && asked.includes(seat) ? [seat] : [],
      );
      scanImb(w.frames.get(c)!, seat, [...w.secrets]);
    }
    closeAll(w.all);
  }, 120_000);

  it("a turn-based window's answers sent at once from two nodes: the prompted seat's is taken, the other refused, as on one node", async () => {
    const w = await toStopWindow(2, 'turnBased', { prompt: 5000 }, () => [0, 1], 2);
    const p = pubOf(w.watcher)!.deal!.pending!;
    const prompted = p.asked[p.prompt];
    const other = p.asked.find((s) => s !== prompted)!;
    // The other asked seat on n0, the prompted one on n1, together.
    const out = await Promise.all([
      settled(w.conns[other][0].move({ type: 'pass' })),
      settled(w.conns[prompted][1].move({ type: 'pass' })),
    ]);
    expect(out[1].ok, "the prompted seat's answer").toBe(true);
    expect(out[0].ok).toBe(false);
    if (!out[0].ok) expect(['not-your-turn', 'stale-seq']).toContain(out[0].code);
    await until(() => synced(w.all, w.watcher), 5000, 'every connection told');
    const stored = await storedMoves(w.t.id);
    expect(stored.at(-1)).toMatchObject({ seat: prompted, move: { type: 'pass' } });
    closeAll(w.all);
  }, 120_000);

  it('an accept and a cancel of one proposal sent at once from two nodes into an open deal: exactly one counts, the other is refused by the rules, every connection told the same', async () => {
    for (let tries = 0; tries < 10; tries++) {
      // Made on n2 (with the spectator); each seat connected on n0 and on n1.
      const { t, tokens, secrets } = await makeTable(2, 'realtime', 4, [], {
        deal: 60_000,
        idle: 60_000,
      });
      const conns = tokens.map((token) =>
        [0, 1].map((n) => clients[n].connect(t.id, { token, history: true })),
      );
      const watcher = clients[2].connect(t.id, { history: true });
      const all = [...conns.flat(), watcher];
      const frames = new Map(all.map((c) => [c, recordFrames(c)]));
      await until(() => all.every((c) => c.state !== null), 10_000, 'the snapshots');
      const drivers = conns.map((c) => c[0]);
      const rng = Rng.fromSeed(t.id);
      // An open deal where a seat makes a proposal its counterparty may accept.
      let proposal: { id: number; from: number; to: number } | undefined;
      for (let n = 0; n < 8 && !proposal; n++) {
        try {
          await driveUntil(drivers, watcher, (x) => inOpenDeal(x), rng, { interrupt: false });
        } catch {
          break;
        }
        const from = drivers.findIndex((c) => legalOf(c)?.propose?.length);
        if (from < 0) break;
        const p = legalOf(drivers[from])!.propose![0];
        const made = await settled(
          drivers[from].move({
            type: 'propose',
            to: p.to,
            items: p.items.slice(0, 1),
            dividends: p.dividends.min,
          }),
        );
        await until(() => synced(all, watcher), 5000, 'the proposal told');
        const open = pubOf(watcher)!.deal?.proposals.filter(
          (x) => x.from === from && x.to === p.to,
        );
        const id = open?.at(-1)?.id;
        if (made.ok && id !== undefined && legalOf(drivers[p.to])?.accept?.includes(id))
          proposal = { id, from, to: p.to };
      }
      if (!proposal) {
        closeAll(all);
        continue;
      }
      const { id, from, to } = proposal;
      const agreements = pubOf(watcher)!.deal!.agreements.length;
      const before = (await storedMoves(t.id)).length;
      // The proposer cancels through n0 while its counterparty accepts through n1.
      const out = await Promise.all([
        settled(conns[from][0].move({ type: 'cancel', id })),
        settled(conns[to][1].move({ type: 'accept', id })),
      ]);
      expect(
        out.filter((o) => o.ok),
        `exactly one of the two taken (${JSON.stringify(out)})`,
      ).toHaveLength(1);
      const lost = out.find((o) => !o.ok)!;
      if (!lost.ok) {
        expect(lost.code).toBe('illegal-move');
        expect(lost.e.message).toMatch(/^stale-proposal/);
      }
      const accepted = out[1].ok;
      const stored = (await storedMoves(t.id)).slice(before);
      expect(stored.map((m) => [m.seat, m.move.type])).toEqual([
        accepted ? [to, 'accept'] : [from, 'cancel'],
      ]);
      // Every connection, on every node, tells the same table: the proposal gone, an
      // agreement made only if the accept counted.
      await until(() => synced(all, watcher), 5000, 'every connection told');
      const deal = pubOf(watcher)!.deal!;
      expect(deal.proposals.some((x) => x.id === id)).toBe(false);
      expect(deal.agreements.length).toBe(agreements + (accepted ? 1 : 0));
      const told = (c: TableConnection) =>
        frames.get(c)!.flatMap((f) => (f.type === 'events' ? [[f.seq, f.seat, f.events]] : []));
      for (const [x, y] of conns) expect(told(y)).toEqual(told(x));
      conns.forEach((pair, seat) =>
        pair.forEach((c) => scanImb(frames.get(c)!, seat, [...secrets])),
      );
      closeAll(all);
      return;
    }
    throw new Error('No open deal with a proposal to accept in 10 tries.');
  }, 120_000);

  it("a node that missed a move's notification answers a table's details as the database has it, never behind the node that committed the move", async () => {
    // Four people on n0, long clocks: only the test moves. n1 follows the table (a spectator).
    const long = { turn: 60_000, step: 60_000, prompt: 60_000, deal: 60_000, idle: 60_000 };
    const { t, tokens } = await makeTable(0, 'turnBased', 4, [], long);
    const conns = tokens.map((token) => clients[0].connect(t.id, { token }));
    const spectator = clients[1].connect(t.id);
    const all = [...conns, spectator];
    await until(() => all.every((c) => c.state?.status === 'running'), 10_000, 'the start');
    const rng = Rng.fromSeed(t.id);
    let compared = 0;
    for (let n = 0; n < 40 && compared < 3; n++) {
      await until(() => synced(conns, spectator), 5000, 'the seats to agree');
      const ready = conns.flatMap((c) => {
        const l = legalOf(c);
        return l ? [{ c, l }] : [];
      });
      const { c, l } = rng.pick(ready);
      const before = (await clients[0].getTable(t.id)).seq;
      // n1 stops hearing of moves (its listening connection is cut; it listens again later).
      const listener = `FROM pg_stat_activity WHERE application_name = 'boss-table n1 listen'`;
      await untilAsync(
        async () => (await query(`SELECT pid ${listener}`)).rowCount === 1,
        10_000,
        'n1 to listen again',
      );
      expect((await query(`SELECT pg_terminate_backend(pid) ${listener}`)).rowCount).toBe(1);
      await c.move(imbMoveFromLegal(l, rng, viewOf(c)?.hand ?? []));
      const [a, b] = await Promise.all([clients[0].getTable(t.id), clients[1].getTable(t.id)]);
      if (a.seq === before) continue; // a sealed move: nothing public to compare
      expect(b.seq, 'the move on n1 as soon as n0 acknowledged it').toBe(a.seq);
      expect(b.view).toEqual(a.view);
      compared++;
    }
    expect(compared).toBe(3);
    closeAll(all);
  }, 60_000);

  /**
   * A table held by n0 whose window's clock (`clock`: its id's prefix) runs, the people on the
   * nodes `seatNodes` gives (default: n1 for seats 0 and 1, n2 for 2 and 3), a spectator on
   * `watchOn`; each seat's acknowledged moves.
   */
  async function heldWindow(
    mode: Mode,
    windowMs: number,
    seatNodes = (seat: number) => [seat < 2 ? 1 : 2],
    watchOn = 2,
  ) {
    const acked = noneAcked();
    const w = await toStopWindow(
      0,
      mode,
      { stopWindow: windowMs, stopWindowMin: 400, prompt: windowMs },
      seatNodes,
      watchOn,
      acked,
    );
    const kind = mode === 'realtime' ? 'stopWindow' : 'prompt';
    const clock = w.watcher.state!.clocks.find((k) => k.id.startsWith(`${kind}:`))!;
    const stored = (await storedMoves(w.t.id)).length;
    return { ...w, mode, acked, kind, clock: clock.id, deadline: clock.deadline, stored, windowMs };
  }
  type Held = Awaited<ReturnType<typeof heldWindow>>;

  /**
   * The people and the spectator of a table whose node died come back on node `on` (as a
   * load balancer would send them), the spectator asking for the whole history.
   */
  async function reconnectOn(h: Held, on: number): Promise<Held> {
    for (const c of h.all) scanImb(h.frames.get(c)!, c.state!.seat, [...h.secrets]);
    closeAll(h.all);
    const drivers = h.tokens.map((token) => clients[on].connect(h.t.id, { token }));
    const watcher = clients[on].connect(h.t.id, { history: true });
    const all = [...drivers, watcher];
    const frames = new Map(all.map((c) => [c, recordFrames(c)]));
    await until(() => all.every((c) => c.state !== null), 15_000, 'the people back on n1');
    return { ...h, drivers, conns: drivers.map((c) => [c]), watcher, all, frames };
  }

  /**
   * After the kill: the window's clock runs out at its first deadline on the new holder (a
   * real-time window closes; a turn-based prompt passes on), then the game is played to its
   * end on the live nodes; every acknowledged move is in the record.
   */
  async function afterKill(held: Held, killedAt: number, comeBackOn?: number) {
    await untilAsync(
      async () => ['n1', 'n2'].includes((await holderOf(held.t.id)) ?? ''),
      15_000,
      'another node to take the lease',
    );
    const tookAt = Date.now();
    const tookMs = tookAt - killedAt;
    expect(tookMs, 'taken over within a few seconds').toBeLessThan((LEASE_SECONDS + 4) * 1000);
    const h = comeBackOn === undefined ? held : await reconnectOn(held, comeBackOn);
    // A spectator arriving now on either live node is told the window's first deadline (or,
    // past it, the window's clock has run out).
    for (const n of [1, 2]) {
      const late = clients[n].connect(h.t.id, { reconnect: false });
      await until(() => late.state !== null, 5000, 'a late snapshot');
      const k = late.state!.clocks.find((c) => c.id === h.clock);
      if (k)
        expect(Math.abs(k.deadline - h.deadline), `${h.mode}: its deadline on n${n}`).toBeLessThan(
          300,
        );
      else expect(Date.now(), `${h.mode}: no clock on n${n}`).toBeGreaterThan(h.deadline - 100);
      late.close();
    }
    // The clock's move, as stored: at its first deadline (or at the takeover, when that came
    // later), never a fresh clock from the takeover.
    let ranOut: { move: unknown; at: number } | undefined;
    await untilAsync(
      async () => {
        ranOut = (await storedMoves(h.t.id)).slice(h.stored).find((x) => x.seat === -1);
        return ranOut !== undefined;
      },
      20_000,
      `${h.mode}: the window's clock to run out`,
    );
    expect(ranOut!.move).toEqual({ type: 'expire', clock: h.kind });
    expect(ranOut!.at, `${h.mode}: not before its deadline`).toBeGreaterThanOrEqual(
      h.deadline - 50,
    );
    expect(ranOut!.at - Math.max(h.deadline, tookAt), `${h.mode}: at its deadline`).toBeLessThan(
      1500,
    );
    // The game plays on to its end on the two live nodes.
    await driveUntil(h.drivers, h.watcher, (t) => t.phase === 'over', Rng.fromSeed(h.t.id), {
      acked: h.acked,
      interrupt: false,
    });
    const record = await recordOnceOver(h.t.id, clients[2], 30_000);
    const parsed = parseRecord(record);
    expect(parsed.ok && replay(imTheBoss, parsed.value).ok, 'the record replays').toBe(true);
    const expected = expectedStreams(record, 4);
    expect(countAcked(record, expected, h.acked, h.mode)).toBeGreaterThan(3);
    await until(
      () => h.watcher.state?.seq === expected.streams.get(null)!.length,
      10_000,
      'the spectator told of the last move',
    );
    expectTold(
      h.frames.get(h.watcher)!,
      expected.streams.get(null)!,
      expected.view(null),
      `${h.mode}: the spectator`,
    );
    for (const c of h.all) scanImb(h.frames.get(c)!, c.state!.seat, [record.seed, ...h.secrets]);
    closeAll(h.all);
    const who = comeBackOn === undefined ? 'people on n1 and n2' : `people back on n${comeBackOn}`;
    return { what: `${h.mode}, ${who}`, tookMs, late: ranOut!.at - h.deadline };
  }

  it("SIGKILL of the lease holder while windows' clocks run (both modes): another node takes them over within seconds with the time left, the clocks run out at their first deadlines, the games end with every acknowledged move", async () => {
    const WINDOW_MS = 12_000;
    // Tables held by n0, each with a window open when n0 dies: a real-time stop window and a
    // turn-based window's prompt with the people on the other nodes (which so have the table
    // in memory), then a real-time stop window of the default length (6 s) whose people are
    // all on n0 (the node taking it over loads it from the database; they come back on n1).
    let held: Held[] = [];
    for (let tries = 0; ; tries++) {
      held = await Promise.all([
        heldWindow('realtime', WINDOW_MS),
        heldWindow('turnBased', WINDOW_MS),
      ]);
      held.push(await heldWindow('realtime', 6000, () => [0], 0));
      if (held.every((h) => h.deadline - Date.now() > h.windowMs / 2)) break;
      held.forEach((h) => closeAll(h.all));
      if (tries === 2) throw new Error('No three windows open together in 3 tries.');
    }
    for (const h of held) expect(await holderOf(h.t.id)).toBe('n0');
    // Real time: one asked seat answers (sealed) before the kill, one after it, and at least
    // one never does, so that the window runs its full length. (Turn-based: an answer would
    // start the next prompt's clock; nobody answers.)
    const rt = held[0];
    const asked = pubOf(rt.watcher)!.deal!.pending!.asked.slice();
    const answer = (p: number) => sendTracked(rt.drivers[p], { type: 'pass' }, rt.acked[p]);
    if (asked.length >= 2) await answer(asked[0]);
    await sleep(300);
    const killedAt = Date.now();
    nodes[0].child.kill('SIGKILL');
    await new Promise((r) => nodes[0].child.once('exit', r));
    // A person's move made while no node holds the table is committed all the same.
    if (asked.length >= 3) await answer(asked[1]);
    const out = await Promise.all([
      afterKill(held[0], killedAt),
      afterKill(held[1], killedAt),
      afterKill(held[2], killedAt, 1),
    ]);
    process.stdout.write(
      out
        .map(
          (o) =>
            `${o.what}: taken over ${o.tookMs} ms after the kill; the clock ran out ${o.late} ms after its first deadline\n`,
        )
        .join(''),
    );
  }, 150_000);
});
