// Works out the addresses friends can reach this server at for invite links, and checks PUBLIC_URL.
import { networkInterfaces } from 'node:os';
import type { ServerInfo } from '@boss-table/protocol';

const isPrivate = (ip: string) =>
  /^10\./.test(ip) || /^192\.168\./.test(ip) || /^172\.(1[6-9]|2\d|3[01])\./.test(ip);

/**
 * Where friends can reach this server, for invite links: the operator's `PUBLIC_URL` if set;
 * else, for a server listening on every interface, its IPv4 addresses (private LAN ones
 * first) and then `localhost`; else the one host it listens on.
 */
export function serverInfo(publicUrl: string | undefined, host: string, port: number): ServerInfo {
  const url = (h: string) => `http://${h.includes(':') ? `[${h}]` : h}:${port}`;
  if (host !== '0.0.0.0' && host !== '::')
    return { publicUrl: publicUrl ?? null, addresses: [url(host)] };
  const ips: string[] = [];
  for (const list of Object.values(networkInterfaces()))
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) ips.push(a.address);
  ips.sort((a, b) => Number(isPrivate(b)) - Number(isPrivate(a)));
  return { publicUrl: publicUrl ?? null, addresses: [...ips.map(url), url('localhost')] };
}

/** `PUBLIC_URL` checked at the edge: an http(s) URL, kept without a trailing slash. */
export function parsePublicUrl(value: string): string {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    throw new Error(`PUBLIC_URL "${value}" is not a URL (e.g. https://boss.example.org).`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new Error(`PUBLIC_URL must be an http:// or https:// address, not "${u.protocol}".`);
  return u.href.replace(/\/+$/, '');
}
