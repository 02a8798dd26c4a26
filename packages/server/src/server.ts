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
  ServerInfo,
  ServerMessage,
} from '@boss-table/client';
import { BotPool } from './bot-pool.js';
import { jsonLogger, type Logger } from './log.js';
import { Metrics } from './metrics.js';
import {
  isReserved,
  SqliteStorage,
  type SqliteSync,
  type Storage,
  type StoredTable,
} from './storage.js';
import { LiveTable, MoveRefused, type Conn } from './table.js';
import { hashToken, randomId, randomToken, sameHash } from './tokens.js';
import { parseCreateTable, parseJoin, RequestError } from './validate.js';
import { ClientAddresses } from './client-address.js';
import { AddressLimits, Bucket, uniqueName } from './limits.js';
import { serverInfo as serverInfoOf } from './server-info.js';
import { BoundedSender, CLOSE_SLOW } from './outbound.js';

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
  /** A connection whose unsent frames pass this many bytes is dropped (default 1 MiB). */
  readonly maxBufferedBytes?: number;
  /**
   * Connections open at once per seat (default 8), per table (500), per address (200; 0: no
   * limit, e.g. for a load test from one machine).
   */
  readonly maxConnectionsPerSeat?: number;
  readonly maxConnectionsPerTable?: number;
  readonly maxConnectionsPerAddress?: number;
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
  /** Bots-only tables one address may have running at once (default 4; 0: no limit). */
  readonly botTablesPerAddress?: number;
  /** Tables waiting for players one address may have open at once (default 50; 0: no limit). */
  readonly openTablesPerAddress?: number;
  /** Reverse proxies whose `X-Forwarded-For` is believed: addresses or CIDR ranges. */
  readonly trustedProxies?: readonly string[];
  /** How hard SQLite syncs each commit (default `normal`; `full` survives a power loss). */
  readonly sqliteSync?: SqliteSync;
  /** The address friends reach this server at (`PUBLIC_URL`), for invite links. */
  readonly publicUrl?: string;
  /** Serve `/metrics` on this port (on `metricsHost`, default 127.0.0.1) instead of the main one. */
  readonly metricsPort?: number;
  readonly metricsHost?: string;
  /** An open table whose seats are not all taken expires this long after its creation (default 24 h). */
  readonly openTableTtlMs?: number;
}

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly storage: Storage;
  readonly tables: Map<string, LiveTable>;
  /** Where `/metrics` is served, when it has a port of its own. */
  readonly metricsPort?: number;
  /** Where friends can reach this server (`GET /api/server-info`). */
  info(): ServerInfo;
  close(): Promise<void>;
}

const MAX_BODY = 64 * 1024;
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
  expired: 4010,
  /** Too many connections for this seat, table or address. */
  tooMany: 4029,
} as const;

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
  const storage: Storage = new SqliteStorage(opts.dataDir, opts.sqliteSync);
  const metrics = new Metrics();
  const bots = new BotPool(opts.botWorkers);
  metrics.watchBots(bots);
  const deps = { storage, bots, log, metrics, botBudgetMs: opts.botBudgetMs ?? 1000 };
  const tables = new Map<string, LiveTable>();
  const maxMessage = opts.maxMessageBytes ?? 8 * 1024;
  const RATE_PER_SECOND = opts.ratePerSecond ?? 20;
  const RATE_BURST = RATE_PER_SECOND * 2;
  const maxBuffered = opts.maxBufferedBytes ?? 1024 * 1024;
  const caps = {
    perSeat: opts.maxConnectionsPerSeat ?? 8,
    perTable: opts.maxConnectionsPerTable ?? 500,
    perAddress: opts.maxConnectionsPerAddress ?? 200,
  };
  let accepting = true;
  let serverInfo = (): ServerInfo => serverInfoOf(opts.publicUrl, opts.host ?? '127.0.0.1', 0);
  const addresses = new ClientAddresses(opts.trustedProxies ?? []);
  const limits = new AddressLimits(
    {
      postsPerSecond: opts.postsPerSecond ?? 5,
      botTablesPerAddress: opts.botTablesPerAddress ?? 4,
      openTablesPerAddress: opts.openTablesPerAddress ?? 50,
    },
    (id) => tables.get(id)?.stored.status,
  );

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
      // Made consistent with its moves: a server of an older version could be killed between
      // a game's last move and its `finished` status, or between the last seat's claim and
      // the table's start.
      const full = stored.seats.every((s) => s.kind === 'bot' || s.tokenHash !== undefined);
      const status = game.isOver(table.state) ? 'finished' : full ? 'running' : 'open';
      if (status !== stored.status && stored.status !== 'expired') {
        log.warn('table status made consistent with its moves', {
          table: stored.id,
          from: stored.status,
          to: status,
        });
        storage.updateTable({ ...stored, status });
        stored.status = status;
      }
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

  const openTtl = opts.openTableTtlMs ?? 24 * 3_600_000;
  const expire = (t: LiveTable) => {
    storage.updateTable({ ...t.stored, status: 'expired' });
    t.stored.status = 'expired';
    t.close();
    tables.delete(t.id);
    log.info('open table expired', { table: t.id });
    t.broadcastSeats();
    for (const c of t.conns)
      c.close(CLOSE.expired, 'This table expired before every seat was taken.');
  };

  // Reload every unfinished table by replaying its moves (open ones past their time expire).
  for (const stored of storage.tables('unfinished'))
    if (stored.status === 'open' && Date.now() - stored.createdAt >= openTtl)
      storage.updateTable({ ...stored, status: 'expired' });
    else rebuild(stored);
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
    if (stored?.status === 'expired')
      throw new RequestError(
        410,
        'table-expired',
        'This table expired: its seats were not all taken in time. Create a new one.',
      );
    return stored && rebuild(stored);
  };

  const createTable = (
    raw: unknown,
    address: string,
    rematchOf?: StoredTable,
  ): CreateTableResponse & { table: LiveTable } => {
    const { game, request } = parseCreateTable(raw);
    const botsOnly = request.seats.every((s) => s.kind === 'bot');
    if (!rematchOf) limits.checkCreate(address, botsOnly);
    const invites: (string | undefined)[] = [];
    const stored: StoredTable = {
      id: randomId(),
      game: game.id,
      options: request.options,
      seed: randomToken(),
      status: botsOnly ? 'running' : 'open',
      seats: request.seats.map((s, i) => {
        if (s.kind === 'bot') return { kind: 'bot', bot: s.bot };
        const invite = randomToken();
        invites[i] = invite;
        // At a rematch a seat is kept for the person who held it.
        const previous = rematchOf?.seats[i]?.tokenHash;
        return {
          kind: 'human',
          inviteHash: hashToken(invite),
          ...(previous ? { previousTokenHash: previous } : {}),
          ...(s.reserved ? { reserved: true } : {}),
        };
      }),
      timer: request.timer ?? null,
      graceSeconds: request.graceSeconds ?? 60,
      createdAt: Date.now(),
      visibility: request.visibility ?? 'public',
    };
    storage.createTable(stored);
    const table = new LiveTable(stored, game, deps);
    tables.set(stored.id, table);
    limits.created(address, stored.id, botsOnly);
    if (botsOnly) table.start();
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
    if (table.stored.status === 'finished')
      throw new RequestError(409, 'game-over', 'This game is over: there is no seat to take.');
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
      if (table.stored.visibility === 'private')
        throw new RequestError(
          403,
          'invite-only',
          'This table is private: a seat is taken only with its invite link.',
        );
      seat = seats.findIndex(
        (s) => s.kind === 'human' && s.tokenHash === undefined && !isReserved(s),
      );
      if (seat < 0)
        throw new RequestError(
          409,
          'table-full',
          'No seat is free: every seat is taken or kept for an invited player. You can watch.',
        );
    }
    if (seats[seat].tokenHash !== undefined)
      throw new RequestError(
        409,
        'seat-taken',
        `Seat ${seat + 1} is already taken: its invite has been used. You can watch.`,
      );
    const token = randomToken();
    const { inviteHash: _used, ...rest } = seats[seat];
    void _used;
    const claimed = {
      ...rest,
      tokenHash: hashToken(token),
      name: uniqueName(
        req.name,
        seats.map((x) => x.name),
      ),
    };
    const next = seats.map((x, i) => (i === seat ? claimed : x));
    const full = next.every((x) => x.kind === 'bot' || x.tokenHash !== undefined);
    // The claim and, on the last seat, the table's start: one statement.
    const status = full ? 'running' : table.stored.status;
    storage.updateTable({ ...table.stored, seats: next, status });
    table.stored.seats = next;
    table.stored.status = status;
    log.info('seat claimed', { table: table.id, seat });
    table.broadcastSeats();
    if (full) table.start();
    return { table: table.id, seat, token };
  };

  const seatOfToken = (table: LiveTable, token: string): number => {
    const h = hashToken(token);
    return table.stored.seats.findIndex((s) => sameHash(s.tokenHash, h));
  };

  /**
   * Reads a JSON body of at most MAX_BODY bytes. A larger one is refused with 413 as soon as
   * it is known to be too large (by its Content-Length, or once that many bytes arrived); the
   * rest is read and dropped so the client gets the answer instead of a reset connection.
   */
  const readBody = (req: IncomingMessage): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const tooLarge = () => {
        // Whatever is still coming is discarded; the socket closes after the answer.
        req.removeAllListeners('data');
        req.on('data', () => {});
        reject(new RequestError(413, 'too-large', `The body is larger than ${MAX_BODY} bytes.`));
      };
      const declared = Number(req.headers['content-length'] ?? 0);
      if (declared > MAX_BODY) return tooLarge();
      let size = 0;
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= MAX_BODY) chunks.push(c);
        else tooLarge();
      });
      req.on('end', () => {
        if (size > MAX_BODY) return;
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
    res.writeHead(status, {
      'content-type': type,
      'cache-control': 'no-store',
      // A body refused unread: the connection cannot be reused.
      ...(status === 413 ? { connection: 'close' } : {}),
    });
    res.end(type === 'application/json' ? JSON.stringify(body) : (body as string));
  };

  const sendMetrics = (res: ServerResponse) =>
    send(res, 200, metrics.render(tableCounts()), 'text/plain; version=0.0.4');

  const tableCounts = () => {
    const counts: Record<string, number> = { open: 0, running: 0, finished: 0, expired: 0 };
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

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    // HEAD is answered as GET is (Node sends no body for it).
    const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
    const address = addresses.keyOf(req);
    try {
      if (method === 'POST') limits.post(address);
      try {
        decodeURIComponent(path);
      } catch {
        throw new RequestError(400, 'bad-path', 'The path has a malformed %-escape.');
      }
      if (path === '/healthz') return send(res, accepting ? 200 : 503, { ok: accepting });
      if (path === '/metrics' && opts.metricsPort === undefined) return sendMetrics(res);
      if (path === '/api/server-info' && method === 'GET') return send(res, 200, serverInfo());
      if (path === '/api/tables' && method === 'POST') {
        if (!accepting)
          throw new RequestError(503, 'shutting-down', 'The server is shutting down.');
        const { table: _table, ...created } = createTable(await readBody(req), address);
        void _table;
        return send(res, 201, created);
      }
      if (path === '/api/tables' && method === 'GET') {
        const list = [...tables.values()]
          .filter((t) => t.stored.visibility === 'public' && t.stored.status !== 'finished')
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
            const next = storage.transaction(() => {
              const made = createTable(
                {
                  game: table.stored.game,
                  options: table.stored.options,
                  seats: table.stored.seats.map((s) =>
                    s.kind === 'bot'
                      ? { kind: 'bot', bot: s.bot }
                      : { kind: 'human', ...(s.reserved ? { reserved: true } : {}) },
                  ),
                  ...(table.stored.timer ? { timer: table.stored.timer } : {}),
                  graceSeconds: table.stored.graceSeconds,
                  visibility: table.stored.visibility,
                },
                address,
                table.stored,
              );
              storage.updateTable({ ...table.stored, rematch: made.id });
              return made;
            });
            table.stored.rematch = next.id;
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
  // Open tables nobody fills expire, so they do not pile up in memory either.
  const idleMs = opts.finishedTableIdleMs ?? 10 * 60_000;
  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const [id, t] of tables)
        if (t.stored.status === 'finished' && t.conns.size === 0 && now - t.lastActivity >= idleMs)
          tables.delete(id);
        else if (t.stored.status === 'open' && now - t.stored.createdAt >= openTtl) expire(t);
    },
    Math.max(10, Math.min(60_000, idleMs, openTtl)),
  );
  sweep.unref();
  const forgetFull = setInterval(() => limits.sweep(), 60_000);
  forgetFull.unref();

  const http = createHttpServer((req, res) => void handle(req, res));
  // Idle keep-alive sockets stay open longer than clients keep them, so a client never
  // reuses a socket the server is closing at that moment.
  http.keepAliveTimeout = 65_000;
  http.headersTimeout = 66_000;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });

  // Connections open now, by seat (`table/seat`) and by address.
  const perSeat = new Map<string, number>();
  const perAddress = new Map<string, number>();
  const bump = (map: Map<string, number>, key: string, by: number) => {
    const n = (map.get(key) ?? 0) + by;
    if (n > 0) map.set(key, n);
    else map.delete(key);
  };

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
    } catch (e) {
      if (e instanceof RequestError && e.status === 410) return refuse(410, 'Gone');
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
    const address = addresses.keyOf(req);
    const t = table;
    wss.handleUpgrade(req, socket, head, (ws) => onSocket(ws, t, seat, since, history, address));
  });

  /** Why a connection is refused once open (the reason travels with its close code). */
  const overCap = (table: LiveTable, seat: number | null, address: string): string | undefined => {
    if (seat !== null && (perSeat.get(`${table.id}/${seat}`) ?? 0) >= caps.perSeat)
      return `This seat is open in ${caps.perSeat} places already.`;
    if (table.conns.size >= caps.perTable)
      return `This table has ${caps.perTable} connections already.`;
    if (caps.perAddress > 0 && (perAddress.get(address) ?? 0) >= caps.perAddress)
      return `${caps.perAddress} connections from one address already.`;
    return undefined;
  };

  const onSocket = (
    ws: WebSocket,
    table: LiveTable,
    seat: number | null,
    since: number | undefined,
    history: boolean,
    address: string,
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
    const messages = new Bucket(RATE_PER_SECOND, RATE_BURST);
    // Refusals for flooding are a rate too: a client over the limit for long is closed, one
    // that bursts now and then is not.
    const strikes = new Bucket(RATE_PER_SECOND, RATE_PER_SECOND * STRIKE_SECONDS);
    // Full resends (a `resume` far back, a snapshot) cost the server most: their own budget.
    const resends = new Bucket(RESENDS_PER_SECOND, RESENDS_BURST);
    let alive = true;
    // Backpressure: a connection that does not read what it is sent is dropped before its
    // buffer grows past the limit.
    const out = new BoundedSender(ws, maxBuffered, (code) => metrics.closed(code));
    const drop = (code: number, reason: string) => out.close(code, reason);
    const conn: Conn = {
      seat,
      send: (msg: ServerMessage) => out.send(msg),
      close: drop,
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
      if (out.dropped) return;
      if (!messages.take()) {
        if (!strikes.take()) return drop(CLOSE.flooding, 'Too many messages for too long.');
        // A refused move's seq is echoed, so the client knows which move it was.
        return error(
          'rate-limited',
          `Too many messages: at most ${RATE_PER_SECOND} a second.`,
          !isBinary && byteSize(data) <= maxMessage ? moveSeqOf(data.toString()) : undefined,
        );
      }
      const size = byteSize(data);
      if (isBinary) return error('bad-message', 'Messages are JSON text.');
      if (size > maxMessage) return error('too-large', `Messages are at most ${maxMessage} bytes.`);
      handleMessage(table, conn, data.toString(), error, resends);
    });
    ws.on('close', () => {
      clearInterval(heartbeat);
      metrics.connections--;
      if (seat !== null) bump(perSeat, seatKey, -1);
      bump(perAddress, address, -1);
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
    resends: Bucket,
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
        const valid = typeof seq === 'number' && Number.isInteger(seq) && seq >= 0;
        // A few missed moves are sent as events; anything more is a full resend, which has
        // its own, much smaller, budget, and is sent as one snapshot.
        const behind = valid && seq <= table.seq ? table.seq - seq : Infinity;
        if (behind > 0 && !resends.take())
          return error('rate-limited', 'Too many resends: wait a little before asking again.');
        if (behind > MAX_RESUME_EVENTS) return conn.send(table.snapshot(conn.seat));
        for (const m of table.missedSince(conn.seat, seq as number)) conn.send(m);
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
  serverInfo = () => serverInfoOf(opts.publicUrl, opts.host ?? '127.0.0.1', port);
  log.info('listening', {
    port,
    publicUrl: serverInfo().publicUrl,
    addresses: serverInfo().addresses.join(' '),
  });

  // Operators may keep /metrics off the public port.
  let metricsHttp: ReturnType<typeof createHttpServer> | undefined;
  let metricsPort: number | undefined;
  if (opts.metricsPort !== undefined) {
    const server = createHttpServer((req, res) => {
      if (new URL(req.url ?? '/', 'http://localhost').pathname === '/metrics')
        return sendMetrics(res);
      send(res, 404, { error: { code: 'not-found', message: 'Only /metrics is served here.' } });
    });
    metricsHttp = server;
    await new Promise<void>((resolve) =>
      server.listen(opts.metricsPort, opts.metricsHost ?? '127.0.0.1', resolve),
    );
    metricsPort = (server.address() as AddressInfo).port;
    log.info('metrics listening', { port: metricsPort });
  }

  return {
    url: `http://${opts.host ?? '127.0.0.1'}:${port}`,
    port,
    ...(metricsPort !== undefined ? { metricsPort } : {}),
    storage,
    tables,
    info: () => serverInfo(),
    async close() {
      accepting = false;
      metricsHttp?.close();
      metricsHttp?.closeAllConnections();
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
