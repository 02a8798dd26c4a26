/** For the accounts tests: a browser-like client that keeps its cookie, from an address of its own. */
import WebSocket from 'ws';
import { BossTableClient, type WebSocketLike } from '@boss-table/client';

export interface TestBrowser {
  readonly client: BossTableClient;
  /** The session cookie as the browser holds it (`boss_session=…`), if any. */
  cookie(): string | undefined;
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
  let cookie: string | undefined;
  const setCookies: string[] = [];
  const withJar: typeof fetch = async (url, init) => {
    const headers = new Headers(init?.headers);
    if (cookie) headers.set('cookie', cookie);
    headers.set('x-forwarded-for', address);
    const res = await fetch(url, { ...init, headers });
    const set = res.headers.get('set-cookie');
    if (set) {
      setCookies.push(set);
      const pair = set.split(';')[0];
      cookie = pair.endsWith('=') ? undefined : pair;
    }
    return res;
  };
  const client = new BossTableClient({
    baseUrl,
    fetch: withJar,
    webSocket: (url) =>
      new WebSocket(url, {
        headers: { ...(cookie ? { cookie } : {}), 'x-forwarded-for': address },
      }) as unknown as WebSocketLike,
  });
  return {
    client,
    cookie: () => cookie,
    setCookies,
    fetch: (path, init) => withJar(`${baseUrl}${path}`, init),
  };
}
