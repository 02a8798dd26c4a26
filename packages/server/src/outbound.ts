/** What the outbound side needs of a WebSocket (the `ws` package's, or a test's). */
export interface OutboundSocket {
  readonly readyState: number;
  readonly OPEN: number;
  /** Bytes queued and not yet handed to the network. */
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code: number, reason: string): void;
  terminate(): void;
}

/** The network socket under a `ws` WebSocket (its `_socket`), when it can hold writes. */
interface Corkable {
  cork(): void;
  uncork(): void;
}

/**
 * Each frame's JSON, made once however many connections it goes to: a table tells all the
 * connections of one seat (a person's devices, or every spectator) the same frame object.
 * A frame is never changed once sent.
 */
const encoded = new WeakMap<object, string>();

export function encodeFrame(frame: object): string {
  let json = encoded.get(frame);
  if (json === undefined) {
    json = JSON.stringify(frame);
    encoded.set(frame, json);
  }
  return json;
}

/** The close code for a connection that does not read what it is sent. */
export const CLOSE_SLOW = 4009;

/**
 * Sends frames to one connection with backpressure: once more than `maxBuffered` bytes wait
 * unsent (the client stopped reading), nothing more is queued and the connection is closed
 * with 4009, then cut 2 s later if even the close frame cannot get through. A client that
 * reconnects with its last `seq` gets what it missed.
 */
export class BoundedSender {
  private closed = false;
  private batching = false;

  constructor(
    private readonly ws: OutboundSocket,
    private readonly maxBuffered: number,
    private readonly onClose: (code: number) => void,
  ) {}

  get dropped(): boolean {
    return this.closed;
  }

  /**
   * Holds this connection's frames until the current turn of the event loop ends, then hands
   * them to the network together (one system call): the mover's `ack` and its move's
   * `events` go in one write. Without a socket that can hold writes, frames go one by one.
   */
  batch(): void {
    const socket = (this.ws as { _socket?: Partial<Corkable> })._socket;
    if (this.batching || typeof socket?.cork !== 'function') return;
    const corkable = socket as Corkable;
    this.batching = true;
    corkable.cork();
    process.nextTick(() => {
      this.batching = false;
      corkable.uncork();
    });
  }

  send(frame: object): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > this.maxBuffered)
      return this.close(CLOSE_SLOW, 'You are not reading fast enough; reconnect to resume.');
    this.ws.send(encodeFrame(frame));
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.onClose(code);
    this.ws.close(code, reason);
    // A client that reads nothing never reads the close frame either.
    setTimeout(() => this.ws.terminate(), 2000).unref();
  }
}
