// Tests the client SDK against fake sockets: connecting, each move applied once in order, resumes and acks.
import { describe, expect, it } from 'vitest';
import { BossTableClient, type WebSocketLike } from './index.js';
import type { ServerMessage } from './protocol.js';

/** A WebSocket stand-in: records what the SDK sends, delivers what the test says. */
class FakeSocket implements WebSocketLike {
  readyState = 0;
  readonly sent: unknown[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: { code: number; reason: string }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000, reason = ''): void {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  deliver(msg: ServerMessage): void {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
}

const events = (seq: number): ServerMessage => ({
  type: 'events',
  seq,
  seat: 0,
  events: [],
  view: { at: seq },
  legal: null,
  timer: null,
});

/** A client whose sockets are fakes, kept in `sockets` in the order it opened them. */
function fakeClient(baseUrl: string) {
  const sockets: FakeSocket[] = [];
  const client = new BossTableClient({
    baseUrl,
    webSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
  });
  return { sockets, client };
}

function connected() {
  const { sockets, client } = fakeClient('http://example.test:8080');
  const conn = client.connect('t1', { token: 'tok', reconnect: false });
  const socket = sockets[0];
  socket.open();
  socket.deliver({
    type: 'snapshot',
    seq: 3,
    seat: 0,
    status: 'running',
    seats: [],
    view: { at: 3 },
    legal: null,
    timer: null,
  });
  return { conn, socket, sockets };
}

describe('TableConnection', () => {
  it('connects to the table with its token over ws://', () => {
    const { socket } = connected();
    expect(socket.url).toBe('ws://example.test:8080/ws/tables/t1?token=tok');
  });

  it('applies each move once, in order: repeats are dropped, a gap asks to resume once', () => {
    const { conn, socket } = connected();
    const seen: number[] = [];
    conn.on('events', (m) => seen.push(m.seq));
    socket.deliver(events(4));
    socket.deliver(events(4)); // a repeat
    socket.deliver(events(3)); // older still
    expect(seen).toEqual([4]);
    expect(conn.state!.view).toEqual({ at: 4 });
    socket.deliver(events(6)); // 5 went missing
    socket.deliver(events(7));
    expect(seen).toEqual([4]);
    expect(conn.state!.seq).toBe(4);
    expect(socket.sent).toEqual([{ type: 'resume', seq: 4 }]);
    socket.deliver(events(5));
    socket.deliver(events(6));
    socket.deliver(events(7));
    expect(seen).toEqual([4, 5, 6, 7]);
    expect(conn.state!.view).toEqual({ at: 7 });
  });

  it('resolves a move on its ack and refuses it on its error, several in flight by id', async () => {
    const { conn, socket } = connected();
    const first = conn.move({ reveal: 'a' });
    const other = conn.move({ reveal: 'b' });
    expect(socket.sent).toEqual([
      { type: 'move', seq: 3, move: { reveal: 'a' }, id: 'm1' },
      { type: 'move', seq: 3, move: { reveal: 'b' }, id: 'm2' },
    ]);
    // Answers come by id, in any order.
    socket.deliver({ type: 'error', code: 'stale-seq', message: 'Behind.', seq: 3, id: 'm2' });
    await expect(other).rejects.toMatchObject({ code: 'stale-seq' });
    socket.deliver({ type: 'ack', seq: 4, id: 'm1' });
    await expect(first).resolves.toBe(4);
    socket.deliver(events(4));
    const second = conn.move({ reveal: 'c' });
    // An answer without an id (an older server) is for the oldest move in flight.
    socket.deliver({ type: 'error', code: 'not-your-turn', message: 'No.', seq: 4 });
    await expect(second).rejects.toMatchObject({ code: 'not-your-turn' });
  });

  it('reconnects with the last seq it saw', async () => {
    const { sockets, client } = fakeClient('http://h');
    const conn = client.connect('t2');
    sockets[0].open();
    sockets[0].deliver({
      type: 'snapshot',
      seq: 9,
      seat: null,
      status: 'running',
      seats: [],
      view: {},
      legal: null,
      timer: null,
    });
    sockets[0].close(4000, 'dropped');
    expect(conn.connected).toBe(false);
    await new Promise((r) => setTimeout(r, 150));
    expect(sockets[1]?.url).toBe('ws://h/ws/tables/t2?since=9');
    conn.close();
  });

  it('asks for the history on first connecting only, and hands it over once', async () => {
    const { sockets, client } = fakeClient('http://h');
    const conn = client.connect('t3', { token: 'tok', history: true });
    expect(sockets[0].url).toBe('ws://h/ws/tables/t3?token=tok&history=1');
    sockets[0].open();
    const past = [
      { seq: 1, seat: 0, events: [{ type: 'a' }] },
      { seq: 2, seat: 1, events: [] },
    ];
    sockets[0].deliver({
      type: 'snapshot',
      seq: 2,
      seat: 0,
      status: 'running',
      seats: [],
      view: {},
      legal: null,
      timer: null,
      past,
    });
    expect(conn.state?.past).toEqual(past);
    sockets[0].close(4000, 'dropped');
    await new Promise((r) => setTimeout(r, 150));
    // Reconnecting resumes from the seq instead: the past is already known.
    expect(sockets[1]?.url).toBe('ws://h/ws/tables/t3?token=tok&since=2');
    conn.close();
  });
});
