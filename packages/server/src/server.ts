import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join as joinPath, normalize } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { findGame } from '@boss-table/games';
import type {
  ClientMessage,
  CreateTableResponse,
  JoinResponse,
  ServerMessage,
} from '@boss-table/client';
import { BotPool } from './bot-pool.js';
import { jsonLogger, type Logger } from './log.js';
import { Metrics } from './metrics.js';
import { SqliteStorage, type Storage, type StoredTable } from './storage.js';
import { LiveTable, MoveRefused, type Conn } from './table.js';
import { hashToken, randomId, randomToken, sameHash } from './tokens.js';
import { parseCreateTable, parseJoin, RequestError } from './validate.js';

export interface ServerOptions {
  readonly port?: number;
  readonly host?: string;
  readonly dataDir: string;
  readonly log?: Logger;
  /** Folder of the built web app to serve at `/`, if any. */
  readonly webRoot?: string;
  readonly botBudgetMs?: number;
  readonly botWorkers?: number;
  /** Largest WebSocket message accepted, in bytes. */
  readonly maxMessageBytes?: number;
  /** Messages a connection may send per second on average (burst: twice as many). */
  readonly ratePerSecond?: number;
  /**
   * A finished table nobody is connected to leaves memory after this long (default 10
   * minutes); it is read back from storage when asked for again.
   */
  readonly finishedTableIdleMs?: number;
  /**
   * POST requests (new tables, joins, rematches) one address may make per second on
   * average, bursts of 30 times as many; 0 for no limit (default 5).
   */
  readonly postsPerSecond?: number;
}

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly storage: Storage;
  readonly tables: Map<string, LiveTable>;
  close(): Promise<void>;
}

const MAX_BODY = 64 * 1024;
/** Bodies larger than this are cut off rather than read to the end. */
const DRAIN_LIMIT = 1024 * 1024;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
};

export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const log = opts.log ?? jsonLogger();
  const storage: Storage = new SqliteStorage(opts.dataDir);
  const metrics = new Metrics();
  const bots = new BotPool(opts.botWorkers);
  const deps = { storage, bots, log, metrics, botBudgetMs: opts.botBudgetMs ?? 1000 };
  const tables = new Map<string, LiveTable>();
  const maxMessage = opts.maxMessageBytes ?? 8 * 1024;
  const RATE_PER_SECOND = opts.ratePerSecond ?? 20;
  const RATE_BURST = RATE_PER_SECOND * 2;
  let accepting = true;

  /** Tables whose stored moves no longer replay (e.g. after a rules change): left alone. */
  const broken = new Set<string>();
  const rebuild = (stored: StoredTable): LiveTable | undefined => {
    const game = findGame(stored.game);
    if (!game) {
      log.error('table of an unknown game left alone', { table: stored.id, game: stored.game });
      broken.add(stored.id);
      return undefined;
    }
    try {
      const table = new LiveTable(stored, game, deps);
      table.replayStored(storage.moves(stored.id));
      tables.set(stored.id, table);
      table.resume();
      return table;
    } catch {
      // The rules' sentence may name cards: not logged.
      log.error('table could not be rebuilt from its moves; left alone', { table: stored.id });
      broken.add(stored.id);
      return undefined;
    }
  };

  // Reload every unfinished table by replaying its moves.
  for (const stored of storage.tables('unfinished')) rebuild(stored);
  log.info('tables reloaded', { tables: tables.size, broken: broken.size });

  const loadTable = (id: string): LiveTable | undefined => {
    const live = tables.get(id);
    if (live) return live;
    if (broken.has(id))
      throw new RequestError(
        500,
        'table-broken',
        'This table could not be rebuilt from its stored moves.',
      );
    const stored = storage.table(id);
    return stored && rebuild(stored);
  };

  const createTable = (
    raw: unknown,
    rematchOf?: StoredTable,
  ): CreateTableResponse & { table: LiveTable } => {
    const { game, request } = parseCreateTable(raw);
    const invites: (string | undefined)[] = [];
    const stored: StoredTable = {
      id: randomId(),
      game: game.id,
      options: request.options,
      seed: randomToken(),
      status: 'open',
      seats: request.seats.map((s, i) => {
        if (s.kind === 'bot') return { kind: 'bot', bot: s.bot };
        const invite = randomToken();
        invites[i] = invite;
        return {
          kind: 'human',
          inviteHash: hashToken(invite),
          ...(rematchOf?.seats[i]?.tokenHash
            ? { previousTokenHash: rematchOf.seats[i].tokenHash }
            : {}),
        };
      }),
      timer: request.timer ?? null,
      graceSeconds: request.graceSeconds ?? 60,
      createdAt: Date.now(),
    };
    storage.createTable(stored);
    const table = new LiveTable(stored, game, deps);
    tables.set(stored.id, table);
    if (stored.seats.every((s) => s.kind === 'bot')) table.start();
    log.info('table created', { table: stored.id, game: game.id, seats: stored.seats.length });
    return {
      id: stored.id,
      table,
      seats: stored.seats.map((s, seat) => ({
        seat,
        kind: s.kind,
        ...(invites[seat] ? { invite: invites[seat] } : {}),
      })),
    };
  };

  const join = (table: LiveTable, raw: unknown, bearer: string | undefined): JoinResponse => {
    const req = parseJoin(raw);
    const seats = table.stored.seats;
    let seat = -1;
    if (req.invite !== undefined) {
      const h = hashToken(req.invite);
      seat = seats.findIndex((s) => sameHash(s.inviteHash, h));
      if (seat < 0)
        throw new RequestError(
          403,
          'bad-invite',
          'This invite does not open a seat at this table.',
        );
    } else if (bearer !== undefined) {
      const h = hashToken(bearer);
      seat = seats.findIndex((s) => sameHash(s.previousTokenHash, h));
      if (seat < 0)
        throw new RequestError(
          403,
          'bad-token',
          'This token held no seat at the game this rematch follows.',
        );
    } else {
      seat = seats.findIndex((s) => s.kind === 'human' && s.tokenHash === undefined);
      if (seat < 0) throw new RequestError(409, 'table-full', 'Every seat at this table is taken.');
    }
    const s = seats[seat];
    if (s.tokenHash !== undefined)
      throw new RequestError(409, 'seat-taken', `Seat ${seat} is already taken.`);
    const token = randomToken();
    s.tokenHash = hashToken(token);
    s.name = req.name;
    delete s.inviteHash;
    storage.updateTable(table.stored);
    log.info('seat claimed', { table: table.id, seat });
    table.broadcastSeats();
    if (seats.every((x) => x.kind === 'bot' || x.tokenHash !== undefined)) table.start();
    return { table: table.id, seat, token };
  };

  const seatOfToken = (table: LiveTable, token: string): number => {
    const h = hashToken(token);
    return table.stored.seats.findIndex((s) => sameHash(s.tokenHash, h));
  };

  const readBody = (req: IncomingMessage): Promise<unknown> =>
    new Promise((resolve, reject) => {
      let size = 0;
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= MAX_BODY) chunks.push(c);
        else if (size > DRAIN_LIMIT) req.destroy();
      });
      req.on('end', () => {
        if (size > MAX_BODY)
          return reject(
            new RequestError(413, 'too-large', `The body is larger than ${MAX_BODY} bytes.`),
          );
        const text = Buffer.concat(chunks).toString('utf8');
        if (text.trim() === '') return resolve(undefined);
        try {
          resolve(JSON.parse(text));
        } catch {
          reject(new RequestError(400, 'bad-json', 'The body is not valid JSON.'));
        }
      });
      req.on('error', reject);
    });

  const bearerOf = (req: IncomingMessage): string | undefined => {
    const h = req.headers.authorization;
    return h?.startsWith('Bearer ') ? h.slice(7).trim() : undefined;
  };

  const send = (res: ServerResponse, status: number, body: unknown, type = 'application/json') => {
    metrics.http(status);
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
    res.end(type === 'application/json' ? JSON.stringify(body) : (body as string));
  };

  const tableCounts = () => {
    const counts: Record<string, number> = { open: 0, running: 0, finished: 0 };
    for (const t of tables.values()) counts[t.stored.status]++;
    return counts;
  };

  const serveStatic = (path: string, res: ServerResponse): boolean => {
    if (!opts.webRoot) return false;
    const clean = normalize(decodeURIComponent(path)).replace(/^(\.\.[/\\])+/, '');
    let file = joinPath(opts.webRoot, clean);
    if (!file.startsWith(opts.webRoot)) return false;
    if (!existsSync(file) || statSync(file).isDirectory())
      file = joinPath(opts.webRoot, 'index.html');
    if (!existsSync(file)) return false;
    metrics.http(200);
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    });
    res.end(readFileSync(file));
    return true;
  };

  // Each address's POST budget: a token bucket, forgotten once full again.
  const postRate = opts.postsPerSecond ?? 5;
  const postBurst = postRate * 30;
  const postBuckets = new Map<string, { tokens: number; at: number }>();
  const postAllowed = (address: string): boolean => {
    if (postRate <= 0) return true;
    const now = Date.now();
    const b = postBuckets.get(address) ?? { tokens: postBurst, at: now };
    b.tokens = Math.min(postBurst, b.tokens + ((now - b.at) / 1000) * postRate);
    b.at = now;
    if (b.tokens < 1) return false;
    b.tokens--;
    postBuckets.set(address, b);
    return true;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    try {
      if (method === 'POST' && !postAllowed(req.socket.remoteAddress ?? '?'))
        throw new RequestError(
          429,
          'rate-limited',
          `Too many requests: at most ${postRate} a second from one address.`,
        );
      if (path === '/healthz') return send(res, accepting ? 200 : 503, { ok: accepting });
      if (path === '/metrics')
        return send(res, 200, metrics.render(tableCounts()), 'text/plain; version=0.0.4');
      if (path === '/api/tables' && method === 'POST') {
        if (!accepting)
          throw new RequestError(503, 'shutting-down', 'The server is shutting down.');
        const { table: _table, ...created } = createTable(await readBody(req));
        void _table;
        return send(res, 201, created);
      }
      if (path === '/api/tables' && method === 'GET') {
        const list = [...tables.values()]
          .filter((t) => t.stored.status !== 'finished')
          .sort((a, b) => b.stored.createdAt - a.stored.createdAt)
          .slice(0, 200)
          .map((t) => t.summary());
        return send(res, 200, { tables: list });
      }
      const m = /^\/api\/tables\/([A-Za-z0-9_-]{1,40})(?:\/(join|record|rematch))?$/.exec(path);
      if (m) {
        const table = loadTable(m[1]);
        if (!table) throw new RequestError(404, 'no-table', `There is no table "${m[1]}".`);
        const action = m[2];
        if (!action && method === 'GET') return send(res, 200, table.details());
        if (action === 'join' && method === 'POST')
          return send(res, 200, join(table, await readBody(req), bearerOf(req)));
        if (action === 'record' && method === 'GET') {
          if (table.stored.status !== 'finished')
            throw new RequestError(
              409,
              'not-finished',
              'The record is published once the game is over.',
            );
          return send(res, 200, table.record());
        }
        if (action === 'rematch' && method === 'POST') {
          const token = bearerOf(req);
          if (!token || seatOfToken(table, token) < 0)
            throw new RequestError(
              401,
              'bad-token',
              'Only a player of this table can ask for a rematch.',
            );
          if (table.stored.status !== 'finished')
            throw new RequestError(409, 'not-finished', 'A rematch follows a finished game.');
          if (!table.stored.rematch) {
            const next = createTable(
              {
                game: table.stored.game,
                options: table.stored.options,
                seats: table.stored.seats.map((s) =>
                  s.kind === 'bot' ? { kind: 'bot', bot: s.bot } : { kind: 'human' },
                ),
                ...(table.stored.timer ? { timer: table.stored.timer } : {}),
                graceSeconds: table.stored.graceSeconds,
              },
              table.stored,
            );
            table.stored.rematch = next.id;
            storage.updateTable(table.stored);
            for (const c of table.conns) c.send({ type: 'rematch', table: next.id });
          }
          return send(res, 200, { table: table.stored.rematch });
        }
        throw new RequestError(405, 'bad-method', `${method} is not allowed on ${path}.`);
      }
      if (path.startsWith('/api/')) throw new RequestError(404, 'not-found', `No API at ${path}.`);
      if (method === 'GET' && serveStatic(path, res)) return;
      throw new RequestError(404, 'not-found', `Nothing at ${path}.`);
    } catch (e) {
      if (e instanceof RequestError)
        return send(res, e.status, { error: { code: e.code, message: e.message } });
      log.error('request failed', { path, error: (e as Error).message });
      return send(res, 500, {
        error: { code: 'internal', message: 'Something went wrong on our side.' },
      });
    }
  };

  // Finished games stay on disk, not in memory: a long-running server does not grow.
  const idleMs = opts.finishedTableIdleMs ?? 10 * 60_000;
  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const [id, t] of tables)
        if (t.stored.status === 'finished' && t.conns.size === 0 && now - t.lastActivity >= idleMs)
          tables.delete(id);
    },
    Math.max(10, Math.min(60_000, idleMs)),
  );
  sweep.unref();
  const forgetFull = setInterval(() => {
    const now = Date.now();
    for (const [a, b] of postBuckets)
      if (b.tokens + ((now - b.at) / 1000) * postRate >= postBurst) postBuckets.delete(a);
  }, 60_000);
  forgetFull.unref();

  const http = createHttpServer((req, res) => void handle(req, res));
  // Idle keep-alive sockets stay open longer than clients keep them, so a client never
  // reuses a socket the server is closing at that moment.
  http.keepAliveTimeout = 65_000;
  http.headersTimeout = 66_000;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });

  http.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const m = /^\/ws\/tables\/([A-Za-z0-9_-]{1,40})$/.exec(url.pathname);
    const refuse = (status: number, text: string) => {
      socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      socket.destroy();
    };
    if (!accepting) return refuse(503, 'Service Unavailable');
    if (!m) return refuse(404, 'Not Found');
    let table: LiveTable | undefined;
    try {
      table = loadTable(m[1]);
    } catch {
      return refuse(500, 'Internal Server Error');
    }
    if (!table) return refuse(404, 'Not Found');
    const token = url.searchParams.get('token') ?? bearerOf(req);
    let seat: number | null = null;
    if (token) {
      seat = seatOfToken(table, token);
      if (seat < 0) return refuse(401, 'Unauthorized');
    }
    const sinceText = url.searchParams.get('since');
    const since = sinceText !== null && /^\d{1,9}$/.test(sinceText) ? Number(sinceText) : undefined;
    // history=1: the first snapshot also brings every past move's events (to fill a log).
    const history = url.searchParams.get('history') === '1';
    wss.handleUpgrade(req, socket, head, (ws) => onSocket(ws, table, seat, since, history));
  });

  const onSocket = (
    ws: WebSocket,
    table: LiveTable,
    seat: number | null,
    since: number | undefined,
    history: boolean,
  ) => {
    metrics.connections++;
    let tokens = RATE_BURST;
    let last = Date.now();
    let strikes = 0;
    let alive = true;
    const conn: Conn = {
      seat,
      send: (msg: ServerMessage) => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
      },
    };
    const error = (code: MoveRefused['code'], message: string, seq?: number) =>
      conn.send({ type: 'error', code, message, ...(seq !== undefined ? { seq } : {}) });
    ws.on('pong', () => (alive = true));
    const heartbeat = setInterval(() => {
      if (!alive) return ws.terminate();
      alive = false;
      ws.ping();
    }, 30_000);
    heartbeat.unref();
    ws.on('message', (data, isBinary) => {
      const now = Date.now();
      tokens = Math.min(RATE_BURST, tokens + ((now - last) / 1000) * RATE_PER_SECOND);
      last = now;
      if (tokens < 1) {
        if (++strikes > 200) ws.close(4008, 'flooding');
        // A refused move's seq is echoed, so the client knows which move it was.
        return error(
          'rate-limited',
          `Too many messages: at most ${RATE_PER_SECOND} a second.`,
          !isBinary && byteSize(data) <= maxMessage ? moveSeqOf(data.toString()) : undefined,
        );
      }
      tokens--;
      const size = byteSize(data);
      if (isBinary) return error('bad-message', 'Messages are JSON text.');
      if (size > maxMessage) return error('too-large', `Messages are at most ${maxMessage} bytes.`);
      handleMessage(table, conn, data.toString(), error);
    });
    ws.on('close', () => {
      clearInterval(heartbeat);
      metrics.connections--;
      table.detach(conn);
    });
    ws.on('error', () => {});
    table.attach(conn, since, history);
  };

  const byteSize = (data: Buffer | ArrayBuffer | Buffer[]): number =>
    Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data.byteLength;

  /** The `seq` of a move frame, if it is one. */
  const moveSeqOf = (text: string): number | undefined => {
    try {
      const m = JSON.parse(text) as { type?: unknown; seq?: unknown };
      if (m?.type !== 'move') return undefined;
      return typeof m.seq === 'number' ? m.seq : -1;
    } catch {
      return undefined;
    }
  };

  const handleMessage = (
    table: LiveTable,
    conn: Conn,
    text: string,
    error: (code: MoveRefused['code'], message: string, seq?: number) => void,
  ) => {
    let msg: ClientMessage;
    try {
      msg = JSON.parse(text) as ClientMessage;
    } catch {
      return error('bad-json', 'That message is not valid JSON.');
    }
    if (typeof msg !== 'object' || msg === null || Array.isArray(msg))
      return error('bad-message', 'A message is a JSON object with a "type".');
    switch (msg.type) {
      case 'ping':
        return conn.send({ type: 'pong' });
      case 'resume': {
        const seq = msg.seq;
        if (typeof seq !== 'number' || !Number.isInteger(seq) || seq < 0 || seq > table.seq)
          return conn.send(table.snapshot(conn.seat));
        for (const m of table.missedSince(conn.seat, seq)) conn.send(m);
        return;
      }
      case 'move': {
        const seq = typeof msg.seq === 'number' ? msg.seq : undefined;
        if (conn.seat === null) return error('spectator', 'Spectators cannot move.', seq ?? -1);
        if (!('move' in msg))
          return error('bad-message', 'A move message needs "seq" and "move".', seq ?? -1);
        try {
          // Acknowledged once stored, before anyone is sent its events.
          table.play(conn.seat, msg.seq, msg.move, undefined, (committed) =>
            conn.send({ type: 'ack', seq: committed }),
          );
        } catch (e) {
          if (e instanceof MoveRefused) return error(e.code, e.message, seq ?? -1);
          log.error('move failed', { table: table.id, error: (e as Error).message });
          return error('internal', 'The move could not be stored; try again.', seq ?? -1);
        }
        return;
      }
      default:
        return error(
          'unknown-type',
          `Unknown message type ${JSON.stringify((msg as { type?: unknown }).type)}.`,
        );
    }
  };

  await new Promise<void>((resolve) =>
    http.listen(opts.port ?? 8080, opts.host ?? '127.0.0.1', resolve),
  );
  const port = (http.address() as AddressInfo).port;
  log.info('listening', { port });

  return {
    url: `http://${opts.host ?? '127.0.0.1'}:${port}`,
    port,
    storage,
    tables,
    async close() {
      accepting = false;
      clearInterval(sweep);
      clearInterval(forgetFull);
      for (const t of tables.values()) t.close();
      for (const ws of wss.clients) ws.close(1001, 'server shutting down');
      await new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeAllConnections?.();
      wss.close();
      await bots.close();
      storage.close();
      log.info('stopped');
    },
  };
}
