// The route table: each route listed once, found by method and path, a known path with another method told apart.
import { describe, expect, it } from 'vitest';
import { checkRoutes, findRoute, type Route } from './routes.js';

const route = (method: 'GET' | 'POST', path: RegExp): Route => ({
  method,
  path,
  handle: () => undefined,
});

describe('the route table', () => {
  const routes = [
    route('GET', /^\/api\/tables$/),
    route('POST', /^\/api\/tables$/),
    route('POST', /^\/api\/tables\/([a-z]+)\/join$/),
  ];

  it('finds a route by method and path, with its params', () => {
    const found = findRoute(routes, 'POST', '/api/tables/abc/join');
    expect(found !== null && found !== 'wrong-method' && found.params).toEqual(['abc']);
    expect(findRoute(routes, 'GET', '/api/tables/abc/join')).toBe('wrong-method');
    expect(findRoute(routes, 'GET', '/api/nothing')).toBeNull();
  });

  it('refuses a route listed twice', () => {
    expect(() => checkRoutes(routes)).not.toThrow();
    expect(() => checkRoutes([...routes, route('POST', /^\/api\/tables$/)])).toThrow(
      /POST \^\\\/api\\\/tables\$ is listed twice/,
    );
  });
});
