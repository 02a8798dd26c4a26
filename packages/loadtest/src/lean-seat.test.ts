// The load generator's lean seat socket: frames taken in order, a gap asked for once, moves answered by id, bytes counted.
import { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { glance, LeanSeat, type SeatMoveError } from './lean-seat.js';

let wss: WebSocketServer | undefined;
afterEach(() => {
  wss?.close();
  wss = undefined;
});

/** A fake table server: resolves with the seat and the server's end of its socket. */
async function pair(): Promise<{ seat: LeanSeat; peer: WebSocket; got: unknown[] }> {
  wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => wss!.once('listening', r));
  const port = (wss.address() as AddressInfo).port;
  const got: unknown[] = [];
  const peer = new Promise<WebSocket>((r) =>
    wss!.once('connection', (ws) => {
      ws.on('message', (d: Buffer) => got.push(JSON.parse(String(d))));
      r(ws);
    }),
  );
  const seat = new LeanSeat(`ws://127.0.0.1:${port}/ws/tables/t?token=x`);
  return { seat, peer: await peer, got };
}

const until = async (ok: () => boolean) => {
  for (let k = 0; k < 200 && !ok(); k++) await new Promise((r) => setTimeout(r, 5));
  expect(ok()).toBe(true);
};

describe('LeanSeat', () => {
  it('keeps the newest seq, view and legal form; skips repeats; asks once for a gap', async () => {
    const { seat, peer, got } = await pair();
    const turns: unknown[] = [];
    const events: number[] = [];
    seat.onTurn = () => turns.push(seat.legal);
    seat.onEvents = (seq) => events.push(seq);
    const frames = [
      { type: 'snapshot', seq: 3, view: { hand: [1] }, legal: null, seats: [], clocks: [] },
      { type: 'events', seq: 4, events: [], view: { hand: [2] }, legal: { plain: ['pass'] } },
      { type: 'events', seq: 4, events: [], view: { hand: [9] }, legal: null }, // a repeat
      { type: 'events', seq: 5, events: [] }, // no view, no legal: kept as they were
      { type: 'events', seq: 7, events: [], legal: null }, // a gap
      { type: 'events', seq: 8, events: [], legal: null }, // the same gap: not asked again
    ].map((f) => JSON.stringify(f));
    for (const f of frames) peer.send(f);
    await until(() => got.length === 1 && seat.frames === frames.length);
    expect(seat.bytes).toBe(frames.reduce((n, f) => n + Buffer.byteLength(f), 0));
    expect(events).toEqual([4, 5]);
    expect(turns).toEqual([null, { plain: ['pass'] }]);
    expect(seat.seq).toBe(5);
    expect(seat.view).toEqual({ hand: [2] });
    expect(seat.legal).toEqual({ plain: ['pass'] });
    expect(got).toEqual([{ type: 'resume', seq: 5 }]);
    seat.close();
  });

  it('sends a move on its newest seq and settles it by the answer with its id', async () => {
    const { seat, peer, got } = await pair();
    await expect(seat.move({ type: 'pass' })).rejects.toMatchObject({ code: 'not-started' });
    peer.send(JSON.stringify({ type: 'snapshot', seq: 2, view: {}, legal: {} }));
    await until(() => seat.seq === 2);
    const first = seat.move({ type: 'pass' });
    const second = seat.move({ type: 'bid' });
    await until(() => got.length === 2);
    expect(got).toEqual([
      { type: 'move', seq: 2, move: { type: 'pass' }, id: 'm1' },
      { type: 'move', seq: 2, move: { type: 'bid' }, id: 'm2' },
    ]);
    peer.send(JSON.stringify({ type: 'error', id: 'm2', seq: 2, code: 'stale-seq', message: 'x' }));
    peer.send(JSON.stringify({ type: 'ack', id: 'm1', seq: 3 }));
    await expect(first).resolves.toBe(3);
    await expect(second).rejects.toMatchObject({ code: 'stale-seq' } as Partial<SeatMoveError>);
    // An error that answers no move is the seat's own.
    const errors: string[] = [];
    seat.onError = (code) => errors.push(code);
    peer.send(JSON.stringify({ type: 'error', code: 'rate-limited', message: 'slow down' }));
    await until(() => errors.length === 1);
    expect(errors).toEqual(['rate-limited']);
    seat.close();
  });
});

describe('glance (an events frame read without its view)', () => {
  const frame = (f: unknown) => Buffer.from(JSON.stringify(f));
  it('reads the number from the head and the legal form from the last "legal" key', () => {
    const f = {
      type: 'events',
      seq: 1207,
      seat: 2,
      events: [{ e: 'x' }],
      view: { legal: 'a view may hold the word', hand: [1, 2] },
      legal: { plain: ['pass'], bid: [3, 4] },
      clocks: [{ id: 'turn', running: true }],
    };
    expect(glance(frame(f))).toEqual({ type: 'events', seq: 1207, legal: f.legal });
    expect(glance(frame({ ...f, legal: null }))).toEqual({
      type: 'events',
      seq: 1207,
      legal: null,
    });
  });

  it('leaves to the whole parse what it cannot read', () => {
    expect(glance(frame({ type: 'ack', seq: 3, id: 'm1' }))).toBeUndefined();
    expect(glance(frame({ seq: 3, type: 'events', legal: null }))).toBeUndefined();
    // No legal form at the top: the events' own "legal" key leaves a tail that is not JSON.
    expect(
      glance(frame({ type: 'events', seq: 3, events: [{ legal: 1 }, { b: 2 }] })),
    ).toBeUndefined();
  });

  it('a seat that does not keep its view takes the same numbers and legal forms', async () => {
    wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((r) => wss!.once('listening', r));
    const url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/ws/tables/t`;
    const peers: WebSocket[] = [];
    wss.on('connection', (ws) => peers.push(ws));
    const full = new LeanSeat(url);
    const lean = new LeanSeat(url, false);
    await until(() => peers.length === 2);
    const frames = [
      { type: 'snapshot', seq: 1, view: { v: 1 }, legal: null },
      {
        type: 'events',
        seq: 2,
        events: [],
        view: { v: 2 },
        legal: { plain: ['pass'] },
        clocks: [],
      },
      { type: 'events', seq: 3, events: [] },
    ];
    for (const f of frames) for (const p of peers) p.send(JSON.stringify(f));
    await until(() => full.seq === 3 && lean.seq === 3);
    expect(lean.legal).toEqual(full.legal);
    expect(full.view).toEqual({ v: 2 });
    expect(lean.view).toEqual({ v: 1 }); // the snapshot's: events frames' views are not read
    expect(lean.bytes).toBe(full.bytes);
    full.close();
    lean.close();
  });
});

describe('LeanSeat: short frames and the status', () => {
  it("reads a frame shorter than an events frame's head, and tells the status from each seats frame", () => {
    const seat = new LeanSeat('ws://127.0.0.1:9/ws/tables/t', false);
    const statuses: string[] = [];
    seat.onStatus = (s) => statuses.push(s);
    const seats = (status: string) => JSON.stringify({ type: 'seats', status, seats: [] });
    seat.receive(seats('running'));
    seat.receive(JSON.stringify({ type: 'pong' }));
    seat.receive(seats('finished'));
    expect(statuses).toEqual(['running', 'finished']);
    seat.close();
  });
});
