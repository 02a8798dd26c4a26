// The HTTP front: body reading, the table API, health and metrics endpoints, and the web app's static files.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join as joinPath, normalize } from 'node:path';
import type { ServerInfo } from '@boss-table/protocol';
import type { ClientAddresses } from './client-address.js';
import { isOutage, RETRY_AFTER_SECONDS, type StorageHealth } from './health.js';
import type { AddressLimiter } from './limits.js';
import { jsonTooDeep, MAX_JSON_DEPTH } from './json-depth.js';
import type { Logger } from './log.js';
import type { Metrics } from './metrics.js';
import type { Players } from './players.js';
import type { TableService } from './table-service.js';
import { checkRoutes, findRoute, namedTable, publishedOnceOver, type Route } from './routes.js';
import { RequestError } from './validate.js';

const MAX_BODY = 64 * 1024;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
};

export interface HttpContext {
  readonly service: TableService;
  readonly metrics: Metrics;
  readonly log: Logger;
  readonly addresses: ClientAddresses;
  readonly limits: AddressLimiter;
  readonly webRoot?: string;
  /** Whether /metrics is served here (not when it has a port of its own). */
  readonly metricsHere: boolean;
  accepting(): boolean;
  /** Whether the node reaches its database: while it does not, failures answer 503. */
  readonly health?: StorageHealth;
  /** On a cluster: whether the database answers (`/healthz` fails when it does not). */
  databaseHealthy?(): boolean;
  serverInfo(): ServerInfo;
  /** Accounts, ratings, profiles, chat and quick play (`account-routes.ts`). */
  readonly players?: Players;
}

/**
 * Reads a JSON body of at most MAX_BODY bytes. A larger one is refused with 413 as soon as it
 * is known to be too large (by its Content-Length, or once that many bytes arrived); the rest
 * is read and dropped so the client gets the answer instead of a reset connection.
 */
export function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
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
      if (jsonTooDeep(text))
        return reject(
          new RequestError(
            400,
            'too-deep',
            `The body nests objects and arrays more than ${MAX_JSON_DEPTH} deep.`,
          ),
        );
      try {
        resolve(JSON.parse(text));
      } catch {
        reject(new RequestError(400, 'bad-json', 'The body is not valid JSON.'));
      }
    });
    req.on('error', reject);
  });
}

/** Whether a request failed because its client went away (nobody is left to answer). */
function aborted(req: IncomingMessage, res: ServerResponse, e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return (
    (e as Error | null)?.message === 'aborted' ||
    code === 'ECONNABORTED' ||
    ((req.destroyed || res.destroyed) && code === 'ECONNRESET')
  );
}

export const bearerOf = (req: IncomingMessage): string | undefined => {
  const h = req.headers.authorization;
  return h?.startsWith('Bearer ') ? h.slice(7).trim() : undefined;
};

/** Sends a JSON (or text) answer and counts it. */
export function sendWith(metrics: Metrics) {
  return (res: ServerResponse, status: number, body: unknown, type = 'application/json') => {
    metrics.http(status);
    res.writeHead(status, {
      'content-type': type,
      'cache-control': 'no-store',
      // A body refused unread: the connection cannot be reused.
      ...(status === 413 ? { connection: 'close' } : {}),
    });
    res.end(type === 'application/json' ? JSON.stringify(body) : (body as string));
  };
}

/** The HTTP API (docs/protocol.md), health, metrics and the web app's files. */
export function httpHandler(ctx: HttpContext) {
  const { service, metrics, log } = ctx;
  const send = sendWith(metrics);

  const serveStatic = (path: string, res: ServerResponse): boolean => {
    if (!ctx.webRoot) return false;
    const clean = normalize(decodeURIComponent(path)).replace(/^(\.\.[/\\])+/, '');
    let file = joinPath(ctx.webRoot, clean);
    if (!file.startsWith(ctx.webRoot)) return false;
    if (!existsSync(file) || statSync(file).isDirectory())
      file = joinPath(ctx.webRoot, 'index.html');
    if (!existsSync(file)) return false;
    metrics.http(200);
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    });
    res.end(readFileSync(file));
    return true;
  };

  /** A table's summary with whether it is rated (known to the players' store, when there is one). */
  const withRated = async <T extends { id: string }>(t: T): Promise<T & { rated?: true }> =>
    (await ctx.players?.store.isRated(t.id)) ? { ...t, rated: true } : t;

  const table = async (id: string) => {
    const t = await namedTable(service, id);
    // What a node answers of a table is never behind what another node acknowledged.
    await t.catchUp();
    return t;
  };

  /** The tables' own routes; accounts, seats and table creation come from `account-routes.ts`. */
  const tableRoutes: Route[] = [
    {
      method: 'GET',
      path: /^\/api\/server-info$/,
      handle: (r) => r.send(200, ctx.serverInfo()),
    },
    {
      method: 'GET',
      path: /^\/api\/tables$/,
      handle: async (r) => {
        const tables = await service.listPublic();
        r.send(200, { tables: await Promise.all(tables.map((t) => withRated(t))) });
      },
    },
    {
      method: 'GET',
      path: /^\/api\/tables\/([A-Za-z0-9_-]{1,40})$/,
      handle: async (r) => r.send(200, await withRated((await table(r.params[0])).views.details())),
    },
    {
      method: 'GET',
      path: /^\/api\/tables\/([A-Za-z0-9_-]{1,40})\/record$/,
      handle: async (r) => {
        const t = await table(r.params[0]);
        publishedOnceOver(t, 'The record');
        r.send(200, t.views.record());
      },
    },
    {
      method: 'POST',
      path: /^\/api\/tables\/([A-Za-z0-9_-]{1,40})\/rematch$/,
      handle: async (r) =>
        r.send(200, await service.rematch(await table(r.params[0]), bearerOf(r.req))),
    },
  ];
  /** Every API route, each listed once. */
  const routes: Route[] = [...tableRoutes, ...(ctx.players?.routes?.routes() ?? [])];
  checkRoutes(routes);

  const route = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    // HEAD is answered as GET is (Node sends no body for it).
    const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
    const address = ctx.addresses.keyOf(req);
    if (method === 'POST') await ctx.limits.post(address);
    try {
      decodeURIComponent(path);
    } catch {
      throw new RequestError(400, 'bad-path', 'The path has a malformed %-escape.');
    }
    if (path === '/healthz') {
      // On a cluster, a node that cannot reach the database is not healthy.
      const ok = ctx.accepting() && (ctx.databaseHealthy?.() ?? true);
      return send(res, ok ? 200 : 503, { ok });
    }
    if (path === '/metrics' && ctx.metricsHere)
      return send(res, 200, metrics.render(service.counts()), 'text/plain; version=0.0.4');
    if (path.startsWith('/api/')) {
      // The session first, for every API request: a state change without its CSRF token is
      // refused before any route is looked at.
      const session = await ctx.players?.routes?.sessionOf(req, method, path);
      const found = findRoute(routes, method, path);
      if (found === 'wrong-method')
        throw new RequestError(405, 'bad-method', `${method} is not allowed on ${path}.`);
      if (!found) throw new RequestError(404, 'not-found', `No API at ${path}.`);
      const url = new URL(req.url ?? '/', 'http://localhost');
      return found.route.handle({
        req,
        res,
        url,
        method,
        params: found.params,
        address,
        session,
        send: (status, body, type) => send(res, status, body, type),
        readBody: () => readBody(req),
      });
    }
    if (method === 'GET' && serveStatic(path, res)) return;
    throw new RequestError(404, 'not-found', `Nothing at ${path}.`);
  };

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    try {
      await route(req, res, path);
    } catch (e) {
      if (e instanceof RequestError) {
        if (e.retryAfter !== undefined) res.setHeader('retry-after', String(e.retryAfter));
        return send(res, e.status, { error: { code: e.code, message: e.message } });
      }
      // A client that gave up (closed its connection mid-request) is not our failure.
      if (aborted(req, res, e)) return log.info('request aborted by the client', { path });
      if (isOutage(e) || ctx.health?.down) {
        if (isOutage(e)) ctx.health?.failed(e);
        res.setHeader('retry-after', String(RETRY_AFTER_SECONDS));
        return send(res, 503, {
          error: {
            code: 'unavailable',
            message: 'The database is out of reach for a moment; try again in a few seconds.',
          },
        });
      }
      log.error('request failed', { path, error: (e as Error).message });
      return send(res, 500, {
        error: { code: 'internal', message: 'Something went wrong on our side.' },
      });
    }
  };
}
