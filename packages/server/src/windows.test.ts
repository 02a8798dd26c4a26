/**
 * Issue 14 through the real server: open windows where several seats act at once, the
 * rules' clocks (expiry moves by the clock, recorded), sealed answers that change nothing in
 * the others' frames, and a restart in the middle of a window.
 */
import { describe, expect, it } from 'vitest';
import { parseRecord, replay } from '@boss-table/core';
import { bidVeto, type BidVetoLegal, type BidVetoState } from '@boss-table/core/testing/bid-veto';
import { registerGame } from '@boss-table/games';
import type { ServerMessage, TableConnection } from '@boss-table/client';
import { silentLogger } from './log.js';
import { startServer } from './server.js';
import { nodeClient, tempDataDir, until } from './testing/test-kit.js';
import { useServer } from './testing/test-server.js';

registerGame({ game: bidVeto, bots: {} });

const server = useServer();

const legalOf = (c: TableConnection) => c.state?.legal as BidVetoLegal | null | undefined;
const framesOf = (c: TableConnection) => {
  const frames: { at: number; msg: ServerMessage }[] = [];
  c.on('message', (msg) => frames.push({ at: Date.now(), msg }));
  return frames;
};

/**
 * Answers every window as it opens: a bid of `bid` (or a pass) and a let-pass; one move at a
 * time, as a client must (a move built before the seat's own last one is refused).
 */
function answerAlways(c: TableConnection, bid: number, errors: string[]) {
  let pending = false;
  const act = () => {
    const l = legalOf(c);
    if (!l || pending) return;
    pending = true;
    const move =
      l.window === 'bid'
        ? bid > 0 && l.bid
          ? { type: 'bid', amount: Math.min(bid, l.bid.max), round: l.round }
          : { type: 'pass', round: l.round }
        : { type: 'let-pass', round: l.round };
    c.move(move)
      .catch((e: { code: string }) => errors.push(e.code))
      .finally(() => (pending = false));
  };
  c.on('snapshot', act);
  c.on('events', (m) => 'legal' in m && act());
}

describe('open windows over WebSocket', () => {
  it('takes the moves of several seats sent at once on the same seq, bots too, to the end', async () => {
    const client = nodeClient(server().url);
    const t = await client.createTable({
      game: 'bid-veto',
      options: { rounds: 2, bidMs: 4000, vetoMs: 1500, vetoMinMs: 600 },
      seats: [
        { kind: 'human' },
        { kind: 'human' },
        { kind: 'human' },
        { kind: 'bot', bot: 'random' },
      ],
    });
    const joined = await Promise.all([0, 1, 2].map((i) => client.join(t.id, { name: `P${i}` })));
    const conns = joined.map((j) => client.connect(t.id, { token: j.token }));
    await until(() => conns.every((c) => legalOf(c)?.window === 'bid'), 10_000, 'the bidding');
    const seqs = conns.map((c) => c.state!.seq);
    expect(new Set(seqs).size).toBe(1);
    // Three bids on the same seq, sent together: all three are taken.
    const acks = await Promise.all(
      conns.map((c, i) => c.move({ type: 'bid', amount: i + 1, round: 1 })),
    );
    expect(new Set(acks).size).toBe(3);
    // The rest of the game: everyone answers every window; the bot answers at its own pace.
    const errors: string[] = [];
    conns.forEach((c, i) => answerAlways(c, i + 1, errors));
    const live = server().tables.get(t.id)!;
    await until(() => live.stored.status === 'finished', 30_000, 'the game to end');
    expect(errors.filter((e) => e === 'stale-seq')).toEqual([]);
    // The clock closed the veto windows: its moves are in the record, which replays.
    const record = await client.getRecord(t.id);
    const moves = (record as { moves: { seat: unknown }[] }).moves;
    expect(moves.filter((m) => m.seat === 'clock').length).toBeGreaterThanOrEqual(1);
    const parsed = parseRecord(record);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(replay(bidVeto, parsed.value).ok).toBe(true);
    conns.forEach((c) => c.close());
  }, 60_000);

  it('a stale answer fails by the rules, with its code, not by its seq', async () => {
    const client = nodeClient(server().url);
    const t = await client.createTable({
      game: 'bid-veto',
      options: { rounds: 1, bidMs: 4000, vetoMs: 2000, vetoMinMs: 600 },
      seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    const [a, b] = await Promise.all([0, 1].map((i) => client.join(t.id, { name: `P${i}` })));
    const ca = client.connect(t.id, { token: a.token });
    const cb = client.connect(t.id, { token: b.token });
    await until(
      () => legalOf(ca)?.window === 'bid' && legalOf(cb)?.window === 'bid',
      10_000,
      'bids',
    );
    await ca.move({ type: 'bid', amount: 2, round: 1 });
    // The same seat again, on its old seq: the rules refuse it as already answered.
    const again = await ca
      .move({ type: 'pass', round: 1 })
      .catch((e: { code: string; message: string }) => e);
    expect(again).toMatchObject({ code: 'illegal-move' });
    expect((again as { message: string }).message).toMatch(
      /^(already-answered|not-asked|no-window)/,
    );
    [ca, cb].forEach((c) => c.close());
  });
});

describe('sealed answers', () => {
  /** A table where seat 1 holds a veto card (seats' cards are dealt from the table's seed). */
  async function tableWithVetoAtSeat1() {
    const client = nodeClient(server().url);
    for (let tries = 0; tries < 30; tries++) {
      const t = await client.createTable({
        game: 'bid-veto',
        options: { rounds: 2, bidMs: 5000, vetoMs: 3000, vetoMinMs: 700 },
        seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }],
      });
      const joined = await Promise.all([0, 1, 2].map((i) => client.join(t.id, { name: `P${i}` })));
      const state = server().tables.get(t.id)!.state as BidVetoState;
      if (state.vetoCard[1]) return { client, t, joined };
    }
    throw new Error('No table dealt seat 1 a veto card in 30 tries.');
  }

  it("an observer's frames are the same whether the other seat vetoed or let it pass", async () => {
    const { client, t, joined } = await tableWithVetoAtSeat1();
    const [c0, c1, c2] = joined.map((j) => client.connect(t.id, { token: j.token }));
    const seen2 = framesOf(c2);
    const windows: { opened: number; frames: { at: number; msg: ServerMessage }[] }[] = [];
    for (const round of [1, 2]) {
      await until(
        () =>
          [c0, c1, c2].every((c) => legalOf(c)?.window === 'bid' && legalOf(c)?.round === round),
        10_000,
        'bids',
      );
      // Seat 0 bids, the others pass: seats 1 and 2 are asked in the veto window.
      await Promise.all([
        c0.move({ type: 'bid', amount: 1, round }),
        c1.move({ type: 'pass', round }),
        c2.move({ type: 'pass', round }),
      ]);
      await until(() => legalOf(c2)?.window === 'veto', 10_000, 'the veto window');
      const opened = Date.now();
      const from = seen2.length;
      // The observer lets it pass at once; seat 1 answers a little later: a veto in round 1
      // (it holds the card), a let-pass in round 2 (the card is spent).
      await c2.move({ type: 'let-pass', round });
      await new Promise((r) => setTimeout(r, 150));
      await c1.move({ type: round === 1 ? 'veto' : 'let-pass', round });
      await until(
        () => seen2.slice(from).some((f) => f.msg.type === 'events' && f.msg.seat === -1),
        10_000,
        'the close',
      );
      // Up to the clock's close: after the last round's, the game's end follows (`seats`).
      const frames = seen2.slice(from);
      const close = frames.findIndex((f) => f.msg.type === 'events' && f.msg.seat === -1);
      windows.push({ opened, frames: frames.slice(0, close + 1) });
    }
    for (const w of windows) {
      // The observer hears its own answer, then the clock's close, and nothing between: not
      // seat 1's answer, not a gap in its numbering.
      const events = w.frames.filter((f) => f.msg.type === 'events');
      expect(events.map((f) => (f.msg as { seat: number }).seat)).toEqual([2, -1]);
      const [own, close] = events.map((f) => f.msg as { seq: number });
      expect(close.seq).toBe(own.seq + 1);
      // Never before the shortest length.
      expect(events[1].at - w.opened).toBeGreaterThanOrEqual(650);
      for (const f of w.frames)
        expect(JSON.stringify(f.msg)).not.toContain('"veto-answer","seat":1');
    }
    // Same frames, same kinds, same numbering steps, whatever seat 1 did.
    const shape = (w: (typeof windows)[number]) =>
      w.frames.map((f) => [f.msg.type, f.msg.type === 'events' ? f.msg.seat : null]);
    expect(shape(windows[0])).toEqual(shape(windows[1]));
    [c0, c1, c2].forEach((c) => c.close());
  }, 60_000);
});

describe('a restart in the middle of a window', () => {
  it('resumes the clock with the time it had left', async () => {
    const dataDir = tempDataDir();
    const first = await startServer({ port: 0, dataDir, log: silentLogger });
    const client = nodeClient(first.url);
    const t = await client.createTable({
      game: 'bid-veto',
      options: { rounds: 1, bidMs: 6000, vetoMs: 2000, vetoMinMs: 600 },
      seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    const [a] = await Promise.all([0, 1].map((i) => client.join(t.id, { name: `P${i}` })));
    const ca = client.connect(t.id, { token: a.token });
    await until(() => legalOf(ca)?.window === 'bid', 10_000, 'the bidding');
    await ca.move({ type: 'bid', amount: 3, round: 1 });
    await new Promise((r) => setTimeout(r, 1000));
    ca.close();
    await first.close();
    // Down for two seconds: after a clean stop the time stands still.
    await new Promise((r) => setTimeout(r, 2000));
    const second = await startServer({ port: 0, dataDir, log: silentLogger });
    try {
      const again = nodeClient(second.url);
      const cb = again.connect(t.id);
      const snapshot = await new Promise<ServerMessage>((resolve) =>
        cb.on('message', (m) => m.type === 'snapshot' && resolve(m)),
      );
      const clock = (snapshot as { clocks?: { id: string; leftMs: number }[] }).clocks?.[0];
      expect(clock?.id).toBe('bid:1');
      // About 5 s left of 6 (1 s ran before the stop, the 2 s down did not count).
      expect(clock!.leftMs).toBeGreaterThan(4000);
      expect(clock!.leftMs).toBeLessThanOrEqual(5100);
      // And it runs out then: the clock passes for the seat that did not answer.
      await until(
        () => second.tables.get(t.id)!.moves.some((m) => m.seat === -1),
        8000,
        'the clock to close the bidding',
      );
      cb.close();
    } finally {
      await second.close();
    }
  }, 30_000);
});
