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

  constructor(
    private readonly ws: OutboundSocket,
    private readonly maxBuffered: number,
    private readonly onClose: (code: number) => void,
  ) {}

  get dropped(): boolean {
    return this.closed;
  }

  send(frame: unknown): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > this.maxBuffered)
      return this.close(CLOSE_SLOW, 'You are not reading fast enough; reconnect to resume.');
    this.ws.send(JSON.stringify(frame));
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
