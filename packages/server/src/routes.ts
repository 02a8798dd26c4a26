// The server's HTTP routes as one table: each route a method, a path pattern and its handler, listed once.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Session } from './accounts.js';
import type { TableService } from './table-service.js';
import type { LiveTable } from './table.js';
import { RequestError } from './validate.js';

/** What a route's handler is given. */
export interface RouteRequest {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly url: URL;
  readonly method: string;
  /** The path's captured parts (the pattern's groups). */
  readonly params: readonly string[];
  /** The client's address (after trusted proxies), for limits. */
  readonly address: string;
  /** The signed-in session, if any (its CSRF token already checked for a state change). */
  readonly session: Session | undefined;
  send(status: number, body: unknown, type?: string): void;
  readBody(): Promise<unknown>;
}

export interface Route {
  readonly method: 'GET' | 'POST';
  /** Anchored; its groups are the route's `params`. */
  readonly path: RegExp;
  handle(r: RouteRequest): Promise<void> | void;
}

/** The route for `method` and `path`, the params it captured; `wrongMethod` when only the method differs. */
export function findRoute(
  routes: readonly Route[],
  method: string,
  path: string,
): { route: Route; params: string[] } | 'wrong-method' | null {
  let pathKnown = false;
  for (const route of routes) {
    const m = route.path.exec(path);
    if (!m) continue;
    if (route.method === method) return { route, params: m.slice(1) };
    pathKnown = true;
  }
  return pathKnown ? 'wrong-method' : null;
}

/** The table a route names, or 404 `no-table`. */
export async function namedTable(service: TableService, id: string): Promise<LiveTable> {
  const table = await service.load(id);
  if (!table) throw new RequestError(404, 'no-table', `There is no table "${id}".`);
  return table;
}

/** What is published once the game is over (its record, its chat): before, 409 `not-finished`. */
export function publishedOnceOver(table: LiveTable, what: string): void {
  if (table.stored.status !== 'finished')
    throw new RequestError(409, 'not-finished', `${what} is published once the game is over.`);
}

/** Each route once: a second route for the same method and pattern is an error at start. */
export function checkRoutes(routes: readonly Route[]): void {
  const seen = new Set<string>();
  for (const r of routes) {
    const key = `${r.method} ${r.path.source}`;
    if (seen.has(key)) throw new Error(`The route ${key} is listed twice.`);
    seen.add(key);
  }
}
