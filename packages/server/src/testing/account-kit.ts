/** For the accounts tests: a browser-like client that keeps its cookie, from an address of its own. */
import WebSocket from 'ws';
import { BossTableClient, type WebSocketLike } from '@boss-table/client';

export interface TestBrowser {
  readonly client: BossTableClient;
  /** The session cookie as the browser holds it (`boss_session=…`), if any. */
  cookie(): string | undefined;
  /** The device cookie (`boss_device=…`), if any. */
  device(): string | undefined;
  /** Drops a cookie from the jar (another browser, or cleared cookies). */
  forget(name: string): void;
  /** Every `Set-Cookie` header received, as sent. */
  readonly setCookies: string[];
  /** A raw request with this browser's cookie and address (no CSRF header unless given). */
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

let nextAddress = 1;

/**
 * A browser: keeps the session cookie the server sets and sends it back, like a browser on
 * the same origin; each comes from an address of its own (`X-Forwarded-For`, so the server
 * must trust 127.0.0.1 as a proxy), so that per-address limits apply to it alone.
 */
export function testBrowser(baseUrl: string, address = `10.9.0.${nextAddress++}`): TestBrowser {
  // Cookies by name (the session's and the device's), as `name=value` pairs.
  const jar = new Map<string, string>();
  const setCookies: string[] = [];
  const header = () => (jar.size > 0 ? [...jar.values()].join('; ') : undefined);
  const withJar: typeof fetch = async (url, init) => {
    const headers = new Headers(init?.headers);
    const sent = header();
    if (sent && !headers.has('cookie')) headers.set('cookie', sent);
    headers.set('x-forwarded-for', address);
    const res = await fetch(url, { ...init, headers });
    for (const set of res.headers.getSetCookie()) {
      setCookies.push(set);
      const pair = set.split(';')[0];
      const name = pair.slice(0, pair.indexOf('='));
      if (pair.endsWith('=')) jar.delete(name);
      else jar.set(name, pair);
    }
    return res;
  };
  const cookie = () => jar.get('boss_session');
  const client = new BossTableClient({
    baseUrl,
    fetch: withJar,
    webSocket: (url) =>
      new WebSocket(url, {
        headers: { ...(jar.size > 0 ? { cookie: header()! } : {}), 'x-forwarded-for': address },
      }) as unknown as WebSocketLike,
  });
  return {
    client,
    cookie,
    device: () => jar.get('boss_device'),
    forget: (name: string) => void jar.delete(name),
    setCookies,
    fetch: (path, init) => withJar(`${baseUrl}${path}`, init),
  };
}
