// The load generator's lean seat socket: frames taken in order, a gap asked for once, moves answered by id, bytes counted.
import { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { LeanSeat, type SeatMoveError } from './lean-seat.js';

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
