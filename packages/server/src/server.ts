// Assembles one server node (storage, cluster, bot pool, tables, HTTP, WebSocket) and shuts it down in order.
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerInfo } from '@boss-table/protocol';
import { BotPool } from './bot-pool.js';
import { ClientAddresses } from './client-address.js';
import { attachGateway } from './gateway.js';
import { httpHandler, sendWith } from './http-routes.js';
import type { AccountLimits } from './accounts.js';
import { AddressLimits, type AddressLimiter } from './limits.js';
import { SharedAddressLimits, SharedCounts } from './shared-limits.js';
import { jsonLogger, type Logger } from './log.js';
import { Metrics } from './metrics.js';
import { serverInfo as serverInfoOf } from './server-info.js';
import { SqliteStorage, type SqliteSync, type Storage } from './storage.js';
import { StorageHealth } from './health.js';
import { Cluster, defaultNodeName } from './cluster.js';
import { PostgresStorage } from './storage-pg.js';
import { ThreadedSqliteStorage } from './storage-thread.js';
import { Players } from './players.js';
import { TableService } from './table-service.js';
import type { LiveTable } from './table.js';

export { CLOSE } from './gateway.js';

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
  /** Sign-ins and sign-ups per address and per account (`accounts.ts`; default there). */
  readonly accountLimits?: AccountLimits;
  /** Reverse proxies whose `X-Forwarded-For` is believed: addresses or CIDR ranges. */
  readonly trustedProxies?: readonly string[];
  /** How hard SQLite syncs each commit (default `normal`; `full` survives a power loss). */
  readonly sqliteSync?: SqliteSync;
  /** SQLite's tables and moves answered on a thread of their own (`SQLITE_THREAD`, `storage-thread.ts`). */
  readonly sqliteThread?: boolean;
  /** Store in PostgreSQL at this URL (`DATABASE_URL`) instead of SQLite under `dataDir`. */
  readonly databaseUrl?: string;
  /** The address friends reach this server at (`PUBLIC_URL`), for invite links. */
  readonly publicUrl?: string;
  /** Serve `/metrics` on this port (on `metricsHost`, default 127.0.0.1) instead of the main one. */
  readonly metricsPort?: number;
  readonly metricsHost?: string;
  /** An open table whose seats are not all taken expires this long after its creation (default 24 h). */
  readonly openTableTtlMs?: number;
  /** On PostgreSQL: this node's name (`NODE_NAME`; default: host, process id, random). */
  readonly nodeName?: string;
  /** On PostgreSQL: a node not heard from for this long is dead; its tables are taken over. */
  readonly leaseMs?: number;
}

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly storage: Storage;
  readonly tables: Map<string, LiveTable>;
  /** On PostgreSQL: this node of the cluster. */
  readonly cluster?: Cluster;
  /** Where `/metrics` is served, when it has a port of its own. */
  readonly metricsPort?: number;
  /** Where friends can reach this server (`GET /api/server-info`). */
  info(): ServerInfo;
  close(): Promise<void>;
}

/**
 * Boss Table's server: the HTTP routes (`http-routes.ts`), the WebSocket gateway
 * (`gateway.ts`) and the table service (`table-service.ts`, each table a `LiveTable` with its
 * own ordered queue of changes), over one storage.
 */
export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const log = opts.log ?? jsonLogger();
  // On PostgreSQL a node is one of a cluster (of one, or several: `cluster.ts`).
  const node = opts.databaseUrl ? (opts.nodeName ?? defaultNodeName()) : undefined;
  const pgStorage = opts.databaseUrl
    ? await PostgresStorage.open(opts.databaseUrl, {
        log,
        node,
        ...(opts.leaseMs ? { leaseMs: opts.leaseMs } : {}),
      })
    : undefined;
  const storage: Storage =
    pgStorage ??
    (opts.sqliteThread
      ? await ThreadedSqliteStorage.open(opts.dataDir, opts.sqliteSync)
      : new SqliteStorage(opts.dataDir, opts.sqliteSync));
  // Whether the node reaches its database: one outage, logged once, waited out by every table.
  const health = new StorageHealth(() => storage.ping(), log);
  if (pgStorage) pgStorage.onConnectionLost = (e) => health.failed(e);
  if (storage instanceof ThreadedSqliteStorage)
    storage.onFailed = (e) => {
      log.error('the storage thread stopped: restart the server', { error: e.message });
      health.failed(e);
    };
  else if (opts.sqliteThread)
    log.warn('SQLITE_THREAD=on is ignored', {
      reason: pgStorage ? 'the server stores in PostgreSQL' : 'the storage thread is not built',
    });
  const cluster = pgStorage && node ? new Cluster(pgStorage, log, { node, health }) : undefined;
  // Accounts, ratings, chat and quick play (`players.ts`); each game's end is recorded.
  const players = await Players.open(storage, opts, log);
  players.watchGameEnds(storage);
  const metrics = new Metrics();
  metrics.node = node;
  const bots = new BotPool(opts.botWorkers);
  metrics.watchBots(bots);
  const deps = {
    storage,
    bots,
    log,
    metrics,
    botBudgetMs: opts.botBudgetMs ?? 1000,
    health,
    ...(cluster ? { cluster } : {}),
  };
  let accepting = true;
  const host = opts.host ?? '127.0.0.1';
  let serverInfo = (): ServerInfo => serverInfoOf(opts.publicUrl, host, 0);
  const addresses = new ClientAddresses(opts.trustedProxies ?? []);
  // eslint-disable-next-line prefer-const -- the limits ask the service, made just after
  let service: TableService;
  const limitOpts = {
    postsPerSecond: opts.postsPerSecond ?? 5,
    botTablesPerAddress: opts.botTablesPerAddress ?? 4,
    openTablesPerAddress: opts.openTablesPerAddress ?? 50,
  };
  // On a cluster an address gets its limits once, whichever nodes it reaches.
  const limits: AddressLimiter = cluster
    ? new SharedAddressLimits(new SharedCounts(players.store.sql), limitOpts)
    : new AddressLimits(limitOpts, (id) => {
        const t = service.tables.get(id);
        if (!t) return undefined;
        const here = t.connectedSeats();
        const attended = t.stored.seats.some((s, i) => s.kind === 'human' && here.has(i));
        return { status: t.stored.status, unattended: !attended };
      });
  const idleMs = opts.finishedTableIdleMs ?? 10 * 60_000;
  const openTtl = opts.openTableTtlMs ?? 24 * 3_600_000;
  service = new TableService(
    storage,
    deps,
    limits,
    log,
    { finishedTableIdleMs: idleMs, openTableTtlMs: openTtl },
    cluster,
  );
  await service.loadAll();
  players.attach(service, storage, () => accepting);
  await players.catchUp();
  await cluster?.start(service);

  // Finished games stay on disk, not in memory: a long-running server does not grow. Open
  // tables nobody fills expire, so they do not pile up in memory either.
  const sweep = setInterval(() => service.sweep(), Math.max(10, Math.min(60_000, idleMs, openTtl)));
  sweep.unref();
  const forgetFull = setInterval(() => void limits.sweep().catch(() => undefined), 60_000);
  forgetFull.unref();

  const handle = httpHandler({
    service,
    metrics,
    log,
    addresses,
    limits,
    ...(opts.webRoot ? { webRoot: opts.webRoot } : {}),
    metricsHere: opts.metricsPort === undefined,
    accepting: () => accepting,
    health,
    ...(cluster ? { databaseHealthy: () => cluster.healthy } : {}),
    serverInfo: () => serverInfo(),
    players,
  });
  const http = createHttpServer((req, res) => void handle(req, res));
  // Idle keep-alive sockets stay open longer than clients keep them, so a client never
  // reuses a socket the server is closing at that moment.
  http.keepAliveTimeout = 65_000;
  http.headersTimeout = 66_000;
  const wss = attachGateway(http, {
    service,
    metrics,
    log,
    addresses,
    accepting: () => accepting,
    health,
    maxMessageBytes: opts.maxMessageBytes ?? 8 * 1024,
    ratePerSecond: opts.ratePerSecond ?? 20,
    maxBufferedBytes: opts.maxBufferedBytes ?? 1024 * 1024,
    caps: {
      perSeat: opts.maxConnectionsPerSeat ?? 8,
      perTable: opts.maxConnectionsPerTable ?? 500,
      perAddress: opts.maxConnectionsPerAddress ?? 200,
    },
    chat: players,
  });

  await new Promise<void>((resolve, reject) => {
    // A port in use fails the start with its reason (and leaves nothing running).
    http.once('error', (e) => {
      void service
        .close()
        .then(() => cluster?.close())
        .then(() => storage.close());
      reject(e);
    });
    http.listen(opts.port ?? 8080, host, resolve);
  });
  const port = (http.address() as AddressInfo).port;
  serverInfo = () => serverInfoOf(opts.publicUrl, host, port);
  log.info('listening', {
    port,
    publicUrl: serverInfo().publicUrl,
    addresses: serverInfo().addresses.join(' '),
  });

  // Operators may keep /metrics off the public port.
  let metricsHttp: ReturnType<typeof createHttpServer> | undefined;
  let metricsPort: number | undefined;
  if (opts.metricsPort !== undefined) {
    const send = sendWith(metrics);
    const server = createHttpServer((req, res) => {
      if (new URL(req.url ?? '/', 'http://localhost').pathname === '/metrics')
        return send(res, 200, metrics.render(service.counts()), 'text/plain; version=0.0.4');
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
    url: `http://${host}:${port}`,
    port,
    ...(metricsPort !== undefined ? { metricsPort } : {}),
    storage,
    tables: service.tables,
    ...(cluster ? { cluster } : {}),
    info: () => serverInfo(),
    async close() {
      accepting = false;
      metricsHttp?.close();
      metricsHttp?.closeAllConnections();
      clearInterval(sweep);
      clearInterval(forgetFull);
      await service.close();
      await players.close();
      await cluster?.close();
      for (const ws of wss.clients) ws.close(1001, 'server shutting down');
      await new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeAllConnections?.();
      wss.close();
      await bots.close();
      health.close();
      await storage.close();
      log.info('stopped');
    },
  };
}
