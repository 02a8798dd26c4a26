// The load generator's own table socket: one seat's WebSocket that parses each frame once and keeps only what a move needs (seq, legal form, view), and counts the bytes it receives.
import WebSocket from 'ws';

/** A move refused or lost, as the SDK's `MoveError`: the protocol's code and message. */
export class SeatMoveError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** What a frame the seat needs carries; everything else in it is left unread. */
interface Frame {
  readonly type: string;
  readonly seq?: number;
  readonly id?: string;
  readonly code?: string;
  readonly message?: string;
  readonly view?: unknown;
  readonly legal?: unknown;
  readonly status?: string;
}

/**
 * One seat at a table, as lean as a thin client can be: no reconnection, no chat, no seats
 * or clocks kept. `onTurn` is called after a snapshot and after every `events` frame that
 * carries a legal form (with `legal` null when the seat may not act); `onEvents` after every
 * `events` frame taken, with its number.
 */
export class LeanSeat {
  seq = -1;
  legal: unknown = null;
  view: unknown = undefined;
  /** Payload bytes of every frame received (the WebSocket framing's 2–4 bytes not counted). */
  bytes = 0;
  frames = 0;
  /** Whether the socket closed (or never opened): a lean seat does not reconnect. */
  closed = false;
  onTurn: () => void = () => {};
  onEvents: (seq: number) => void = () => {};
  onError: (code: string) => void = () => {};
  /** Called with the table's status from each `seats` frame ('finished' once its game ended). */
  onStatus: (status: string) => void = () => {};
  private readonly socket: WebSocket;
  private readonly pending = new Map<
    string,
    { resolve: (seq: number) => void; reject: (e: SeatMoveError) => void }
  >();
  private nextId = 1;
  private resumeAsked = -1;

  /**
   * With `keepView` false, an `events` frame is not parsed whole: its number is read from its
   * head and its legal form from its tail (see `glance`); the view is left unread.
   */
  constructor(
    url: string,
    private readonly keepView = true,
  ) {
    this.socket = new WebSocket(url, { perMessageDeflate: false });
    this.socket.on('message', (data: Buffer) => this.receive(data));
    this.socket.on('error', () => {});
    this.socket.on('close', () => {
      this.closed = true;
      for (const p of this.pending.values())
        p.reject(new SeatMoveError('disconnected', 'The connection dropped before the ack.'));
      this.pending.clear();
    });
  }

  /** Takes one frame: parsed once, then only its type, numbers and forms are looked at. */
  receive(data: Buffer | string): void {
    const buf = typeof data === 'string' ? Buffer.from(data) : data;
    this.bytes += buf.length;
    this.frames++;
    let msg: Frame | undefined = this.keepView ? undefined : glance(buf);
    if (!msg)
      try {
        msg = JSON.parse(buf.toString('utf8')) as Frame;
      } catch {
        return;
      }
    switch (msg.type) {
      case 'snapshot':
        this.seq = msg.seq!;
        this.view = msg.view;
        this.legal = msg.legal ?? null;
        this.onTurn();
        break;
      case 'events': {
        if (this.seq < 0 || msg.seq! <= this.seq) return;
        if (msg.seq! > this.seq + 1) {
          // A gap: ask for what was missed, once for this number.
          if (this.resumeAsked !== this.seq) {
            this.resumeAsked = this.seq;
            this.send({ type: 'resume', seq: this.seq });
          }
          return;
        }
        this.seq = msg.seq!;
        if ('view' in msg) this.view = msg.view;
        const turn = 'legal' in msg;
        if (turn) this.legal = msg.legal ?? null;
        this.onEvents(this.seq);
        if (turn) this.onTurn();
        break;
      }
      case 'seats':
        this.onStatus(msg.status ?? '');
        break;
      case 'ack': {
        const p = this.answered(msg.id);
        p?.resolve(msg.seq!);
        break;
      }
      case 'error': {
        const p = msg.seq !== undefined ? this.answered(msg.id) : undefined;
        if (p) p.reject(new SeatMoveError(msg.code ?? 'internal', msg.message ?? ''));
        else this.onError(msg.code ?? 'internal');
        break;
      }
    }
  }

  private answered(id: string | undefined) {
    const key = id !== undefined && this.pending.has(id) ? id : this.pending.keys().next().value;
    if (key === undefined) return undefined;
    const p = this.pending.get(key);
    this.pending.delete(key);
    return p;
  }

  private send(msg: unknown): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(msg));
  }

  /** Sends a move built on the seat's newest frame; resolves with its number once stored. */
  move(move: unknown): Promise<number> {
    if (this.seq < 0) return Promise.reject(new SeatMoveError('not-started', 'No snapshot yet.'));
    if (this.socket.readyState !== WebSocket.OPEN)
      return Promise.reject(new SeatMoveError('internal', 'Not connected.'));
    const id = `m${this.nextId++}`;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.socket.send(JSON.stringify({ type: 'move', seq: this.seq, move, id }));
    });
  }

  close(): void {
    this.socket.close(1000, 'bye');
  }
}

const EVENTS_HEAD = Buffer.from('{"type":"events","seq":');
const LEGAL_KEY = Buffer.from(',"legal":');

/**
 * An `events` frame read without its view: the server writes `{"type":"events","seq":N,…,
 * "view":…,"legal":…,"clocks":…}` (table-views.ts), so the number is in the head and the
 * legal form is the last `"legal"` key, whose rest of the object (`{"legal":…,"clocks":…}`)
 * is JSON of its own. Anything else (another frame, no legal form, a tail that does not
 * parse) is left to the whole parse: undefined.
 */
export function glance(buf: Buffer): Frame | undefined {
  if (buf.length <= EVENTS_HEAD.length) return undefined;
  if (buf.compare(EVENTS_HEAD, 0, EVENTS_HEAD.length, 0, EVENTS_HEAD.length) !== 0)
    return undefined;
  let end = EVENTS_HEAD.length;
  let seq = 0;
  for (; end < buf.length && buf[end] >= 48 && buf[end] <= 57; end++)
    seq = seq * 10 + buf[end] - 48;
  if (end === EVENTS_HEAD.length || buf[end] !== 44) return undefined;
  const at = buf.lastIndexOf(LEGAL_KEY);
  if (at < 0) return undefined;
  try {
    const tail = JSON.parse('{' + buf.toString('utf8', at + 1)) as { legal?: unknown };
    return { type: 'events', seq, legal: tail.legal };
  } catch {
    return undefined;
  }
}
