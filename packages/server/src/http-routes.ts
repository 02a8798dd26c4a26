import type { IncomingMessage, ServerResponse } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join as joinPath, normalize } from 'node:path';
import type { ServerInfo } from '@boss-table/protocol';
import type { ClientAddresses } from './client-address.js';
import type { AddressLimiter } from './limits.js';
import type { Logger } from './log.js';
import type { Metrics } from './metrics.js';
import type { Players } from './players.js';
import type { TableService } from './table-service.js';
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
      try {
        resolve(JSON.parse(text));
      } catch {
        reject(new RequestError(400, 'bad-json', 'The body is not valid JSON.'));
      }
    });
    req.on('error', reject);
  });
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
    if (path === '/api/server-info' && method === 'GET') return send(res, 200, ctx.serverInfo());
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (await ctx.players?.routes?.route(req, res, url, method, address, send, readBody)) return;
    if (path === '/api/tables' && method === 'POST') {
      if (!ctx.accepting())
        throw new RequestError(503, 'shutting-down', 'The server is shutting down.');
      return send(res, 201, await service.create(await readBody(req), address));
    }
    if (path === '/api/tables' && method === 'GET') {
      const tables = await service.listPublic();
      return send(res, 200, { tables: await Promise.all(tables.map((t) => withRated(t))) });
    }
    const m = /^\/api\/tables\/([A-Za-z0-9_-]{1,40})(?:\/(join|record|rematch))?$/.exec(path);
    if (m) {
      const table = await service.load(m[1]);
      if (!table) throw new RequestError(404, 'no-table', `There is no table "${m[1]}".`);
      const action = m[2];
      // What a node answers of a table is never behind what another node acknowledged.
      if (method === 'GET') await table.catchUp();
      if (!action && method === 'GET') return send(res, 200, await withRated(table.details()));
      if (action === 'join' && method === 'POST')
        return send(res, 200, await service.join(table, await readBody(req), bearerOf(req)));
      if (action === 'record' && method === 'GET') {
        if (table.stored.status !== 'finished')
          throw new RequestError(
            409,
            'not-finished',
            'The record is published once the game is over.',
          );
        return send(res, 200, table.record());
      }
      if (action === 'rematch' && method === 'POST')
        return send(res, 200, await service.rematch(table, bearerOf(req)));
      throw new RequestError(405, 'bad-method', `${method} is not allowed on ${path}.`);
    }
    if (path.startsWith('/api/')) throw new RequestError(404, 'not-found', `No API at ${path}.`);
    if (method === 'GET' && serveStatic(path, res)) return;
    throw new RequestError(404, 'not-found', `Nothing at ${path}.`);
  };

  /** A table's summary with whether it is rated (known to the players' store, when there is one). */
  const withRated = async <T extends { id: string }>(t: T): Promise<T & { rated?: true }> =>
    (await ctx.players?.store.isRated(t.id)) ? { ...t, rated: true } : t;

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    try {
      await route(req, res, path);
    } catch (e) {
      if (e instanceof RequestError)
        return send(res, e.status, { error: { code: e.code, message: e.message } });
      log.error('request failed', { path, error: (e as Error).message });
      return send(res, 500, {
        error: { code: 'internal', message: 'Something went wrong on our side.' },
      });
    }
  };
}
