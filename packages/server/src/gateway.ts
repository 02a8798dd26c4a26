// The WebSocket edge of a table: checks each message's size, shape and rate before the table sees it.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { parseClientMessage, type ErrorCode, type ServerMessage } from '@boss-table/protocol';
import type { ClientAddresses } from './client-address.js';
import { isOutage, RETRY_AFTER_SECONDS, type StorageHealth } from './health.js';
import { bearerOf } from './http-routes.js';
import { Bucket } from './limits.js';
import { jsonTooDeep, MAX_JSON_DEPTH } from './json-depth.js';
import type { Logger } from './log.js';
import type { Metrics } from './metrics.js';
import { BoundedSender, CLOSE_SLOW } from './outbound.js';
import { sameOrigin, type Accounts } from './accounts.js';
import type { TableChat } from './chat.js';
import { CLOSE_SEAT_TAKEN, CLOSE_SIGNED_OUT } from './session-conns.js';
import { CLOSE_EXPIRED, type TableService } from './table-service.js';
import { MoveRefused, type Conn, type LiveTable } from './table.js';
import { RequestError } from './validate.js';

/** A `resume` further back than this is answered with one snapshot instead of each move. */
const MAX_RESUME_EVENTS = 200;
/**
 * Messages refused for flooding are a rate too: a client refused more often than the rate
 * limit itself (so sending over twice the limit) for this many seconds is closed; one that
 * stays under the limit on average, however bursty, never is.
 */
const STRIKE_SECONDS = 10;
/** Resends (`resume`): one every 2 seconds on average, bursts of 10. */
const RESENDS_PER_SECOND = 0.5;
const RESENDS_BURST = 10;

/** WebSocket close codes the server uses (docs/protocol.md). */
export const CLOSE = {
  /** Too many messages for too long. */
  flooding: 4008,
  /** The connection did not read what it was sent: its buffer passed the limit. */
  slow: CLOSE_SLOW,
  /** The open table expired before its seats were all taken. */
  expired: CLOSE_EXPIRED,
  /** Too many connections for this seat, table or address. */
  tooMany: 4029,
  /** The seat was taken on another device. */
  seatTaken: CLOSE_SEAT_TAKEN,
  /** The session the connection was opened with ended. */
  signedOut: CLOSE_SIGNED_OUT,
} as const;

export interface GatewayOptions {
  readonly service: TableService;
  readonly metrics: Metrics;
  readonly log: Logger;
  readonly addresses: ClientAddresses;
  accepting(): boolean;
  /** Whether the node reaches its database: while it does not, a handshake answers 503. */
  readonly health?: StorageHealth;
  /** Largest message accepted, in bytes. */
  readonly maxMessageBytes: number;
  /** Messages a connection may send per second on average (burst: twice as many). */
  readonly ratePerSecond: number;
  readonly maxBufferedBytes: number;
  readonly caps: {
    readonly perSeat: number;
    readonly perTable: number;
    readonly perAddress: number;
  };
  /** Table chat, and the accounts that name a signed-in spectator. */
  readonly chat?: { readonly chat: TableChat; readonly accounts: Accounts };
}

/** The account of a connection opened signed in, and its session's hash. */
interface Account {
  readonly id: string;
  readonly name: string;
  readonly session: string;
}

/**
 * The WebSocket side: `/ws/tables/:id`, one connection per seat or spectator. Every message
 * is parsed by the protocol's one parser; moves go to their table's queue.
 */
export function attachGateway(http: Server, o: GatewayOptions): WebSocketServer {
  const { service, metrics, log } = o;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  // Connections open now, by seat (`table/seat`) and by address.
  const perSeat = new Map<string, number>();
  const perAddress = new Map<string, number>();
  const bump = (map: Map<string, number>, key: string, by: number) => {
    const n = (map.get(key) ?? 0) + by;
    if (n > 0) map.set(key, n);
    else map.delete(key);
  };

  const upgrade = async (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const m = /^\/ws\/tables\/([A-Za-z0-9_-]{1,40})$/.exec(url.pathname);
    const refuse = (status: number, text: string, headers = '') => {
      socket.write(
        `HTTP/1.1 ${status} ${text}\r\n${headers}Connection: close\r\nContent-Length: 0\r\n\r\n`,
      );
      socket.destroy();
    };
    if (!o.accepting()) return refuse(503, 'Service Unavailable');
    if (!m) return refuse(404, 'Not Found');
    let table: LiveTable | undefined;
    try {
      table = await service.load(m[1]);
    } catch (e) {
      if (e instanceof RequestError && e.status === 410) return refuse(410, 'Gone');
      if (isOutage(e) || o.health?.down) {
        if (isOutage(e)) o.health?.failed(e);
        return refuse(503, 'Service Unavailable', `Retry-After: ${RETRY_AFTER_SECONDS}\r\n`);
      }
      log.error('connection refused', { table: m[1], error: (e as Error).message });
      return refuse(500, 'Internal Server Error');
    }
    if (!table) return refuse(404, 'Not Found');
    const token = url.searchParams.get('token') ?? bearerOf(req);
    let seat: number | null = null;
    if (token) {
      seat = service.seatOfToken(table, token);
      if (seat < 0) return refuse(401, 'Unauthorized');
    }
    const sinceText = url.searchParams.get('since');
    const since = sinceText !== null && /^\d{1,9}$/.test(sinceText) ? Number(sinceText) : undefined;
    // history=1: the first snapshot also brings every past move's events (to fill a log).
    const history = url.searchParams.get('history') === '1';
    const address = o.addresses.keyOf(req);
    const t = table;
    // A cookie counts only on a WebSocket opened by this site's own pages.
    const session =
      o.chat && sameOrigin(req)
        ? await o.chat.accounts.sessionOf(req).catch(() => undefined)
        : undefined;
    const account = session && {
      id: session.accountId,
      name: session.name,
      session: session.tokenHash,
    };
    wss.handleUpgrade(req, socket, head, (ws) =>
      onSocket(ws, t, seat, since, history, address, account),
    );
  };
  http.on('upgrade', (req, socket, head) => void upgrade(req, socket, head));

  /** Why a connection is refused once open (the reason travels with its close code). */
  const overCap = (table: LiveTable, seat: number | null, address: string): string | undefined => {
    const { caps } = o;
    if (seat !== null && (perSeat.get(`${table.id}/${seat}`) ?? 0) >= caps.perSeat)
      return `This seat is open in ${caps.perSeat} places already.`;
    if (table.conns.size >= caps.perTable)
      return `This table has ${caps.perTable} connections already.`;
    if (caps.perAddress > 0 && (perAddress.get(address) ?? 0) >= caps.perAddress)
      return `${caps.perAddress} connections from one address already.`;
    return undefined;
  };

  const byteSize = (data: Buffer | ArrayBuffer | Buffer[]): number =>
    Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data.byteLength;

  const onSocket = (
    ws: WebSocket,
    table: LiveTable,
    seat: number | null,
    since: number | undefined,
    history: boolean,
    address: string,
    account?: Account,
  ) => {
    const full = overCap(table, seat, address);
    if (full) {
      metrics.closed(CLOSE.tooMany);
      return ws.close(CLOSE.tooMany, full);
    }
    const seatKey = `${table.id}/${seat}`;
    if (seat !== null) bump(perSeat, seatKey, 1);
    bump(perAddress, address, 1);
    metrics.connections++;
    const rate = o.ratePerSecond;
    const messages = new Bucket(rate, rate * 2);
    const strikes = new Bucket(rate, rate * STRIKE_SECONDS);
    // Full resends (a `resume` far back, a snapshot) cost the server most: their own budget.
    const resends = new Bucket(RESENDS_PER_SECOND, RESENDS_BURST);
    let alive = true;
    // Backpressure: a connection that does not read what it is sent is dropped before its
    // buffer grows past the limit.
    const out = new BoundedSender(ws, o.maxBufferedBytes, (code) => metrics.closed(code));
    const conn: Conn & { batch(): void } = {
      seat,
      send: (msg: ServerMessage) => out.send(msg),
      close: (code, reason) => out.close(code, reason),
      batch: () => out.batch(),
    };
    const error = (code: ErrorCode, message: string, seq?: number, id?: string) =>
      conn.send({
        type: 'error',
        code,
        message,
        ...(seq !== undefined ? { seq } : {}),
        ...(id !== undefined ? { id } : {}),
      });
    ws.on('pong', () => (alive = true));
    const heartbeat = setInterval(() => {
      if (!alive) return ws.terminate();
      alive = false;
      ws.ping();
    }, 30_000);
    heartbeat.unref();
    ws.on('message', (data, isBinary) => {
      if (out.dropped) return;
      const size = byteSize(data);
      if (!messages.take()) {
        if (!strikes.take()) return out.close(CLOSE.flooding, 'Too many messages for too long.');
        // A refused move's seq and id are echoed, so the client knows which move it was.
        const parsed =
          !isBinary && size <= o.maxMessageBytes ? parseClientMessage(data.toString()) : null;
        const echo = parsed?.ok && parsed.msg.type === 'move' ? parsed.msg : undefined;
        return error(
          'rate-limited',
          `Too many messages: at most ${rate} a second.`,
          echo?.seq ?? (parsed && !parsed.ok ? parsed.seq : undefined),
          echo?.id ?? (parsed && !parsed.ok ? parsed.id : undefined),
        );
      }
      if (isBinary) return error('bad-message', 'Messages are JSON text.');
      if (size > o.maxMessageBytes)
        return error('too-large', `Messages are at most ${o.maxMessageBytes} bytes.`);
      const text = data.toString();
      if (jsonTooDeep(text))
        return error('bad-message', `Messages nest at most ${MAX_JSON_DEPTH} deep.`);
      handleMessage(table, conn, text, error, resends, address, account);
    });
    // A connection opened signed in ends with its session (sign-out, a new password).
    const forget = account
      ? o.chat?.accounts.conns.add({ tokenHash: account.session, accountId: account.id }, conn)
      : undefined;
    ws.on('close', () => {
      forget?.();
      clearInterval(heartbeat);
      metrics.connections--;
      if (seat !== null) bump(perSeat, seatKey, -1);
      bump(perAddress, address, -1);
      table.detach(conn);
    });
    ws.on('error', () => {});
    table.attach(conn, since, history);
    void o.chat?.chat.greet(table, conn).catch(() => undefined);
  };

  const handleMessage = (
    table: LiveTable,
    conn: Conn & { batch(): void },
    text: string,
    error: (code: ErrorCode, message: string, seq?: number, id?: string) => void,
    resends: Bucket,
    address: string,
    account?: Account,
  ) => {
    const parsed = parseClientMessage(text);
    if (!parsed.ok) return error(parsed.code, parsed.message, parsed.seq, parsed.id);
    const msg = parsed.msg;
    switch (msg.type) {
      case 'ping':
        return conn.send({ type: 'pong' });
      case 'resume': {
        const at = table.position(conn.seat);
        // A few missed moves are sent as events; anything more is a full resend, which has
        // its own, much smaller, budget, and is sent as one snapshot.
        const behind = msg.seq <= at ? at - msg.seq : Infinity;
        if (behind > 0 && !resends.take())
          return error('rate-limited', 'Too many resends: wait a little before asking again.');
        if (behind > MAX_RESUME_EVENTS) return conn.send(table.views.snapshot(conn.seat));
        for (const m of table.views.missedSince(conn.seat, msg.seq)) conn.send(m);
        return;
      }
      case 'chat': {
        if (!o.chat) return error('chat-refused', 'This server has no table chat.');
        o.chat.chat
          .post(table, { seat: conn.seat, address, ...(account ? { account } : {}) }, msg.text)
          .then((refused) => {
            if (!refused) return;
            if (refused.signedOut) return conn.close(CLOSE.signedOut, refused.message);
            error(refused.code, refused.message);
          })
          .catch((e: Error) => {
            log.error('chat line failed', { table: table.id, error: e.message });
            error('internal', 'The chat line could not be stored; try again.');
          });
        return;
      }
      case 'move': {
        const { seq, id } = msg;
        if (conn.seat === null) return error('spectator', 'Spectators cannot move.', seq, id);
        // Acknowledged once stored, before anyone is sent its events.
        table
          .play(conn.seat, seq, msg.move, {
            ...(id !== undefined ? { id } : {}),
            // The ack and the move's events (told at once after it) in one write.
            onCommitted: (committed) => {
              conn.batch();
              conn.send({ type: 'ack', seq: committed, ...(id !== undefined ? { id } : {}) });
            },
          })
          .catch((e: Error) => {
            if (e instanceof MoveRefused) return error(e.code, e.message, seq, id);
            // An outage is logged once by the node (`StorageHealth`), not once a move.
            if (!isOutage(e)) log.error('move failed', { table: table.id, error: e.message });
            return error('internal', 'The move could not be stored; try again.', seq, id);
          });
        return;
      }
    }
  };

  return wss;
}
