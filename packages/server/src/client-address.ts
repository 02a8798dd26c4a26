// Works out a request's client address behind trusted reverse proxies, keying IPv6 by /64, for rate limits.
import { BlockList, isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';

/**
 * Who is asking, for rate limits and per-address caps. Behind a reverse proxy every request
 * comes from the proxy's address: the operator names the proxies to trust (`TRUSTED_PROXIES`,
 * addresses or CIDR ranges, comma-separated), and the client is then the right-most address
 * of `X-Forwarded-For` that is not a trusted proxy. IPv6 clients are keyed by their /64, the
 * block one subscriber usually holds, so one person cannot rotate through 2^64 addresses.
 */
export class ClientAddresses {
  private readonly trusted = new BlockList();
  private readonly any: boolean;

  /** `proxies`: e.g. `127.0.0.1, 10.0.0.0/8, ::1`. Throws on an entry that is not one. */
  constructor(proxies: readonly string[] = []) {
    for (const raw of proxies) {
      const entry = raw.trim();
      if (!entry) continue;
      const [net, bits] = entry.split('/');
      const family = isIP(net);
      if (family === 0) throw new Error(`"${entry}" is not an IP address or CIDR range.`);
      const type = family === 4 ? 'ipv4' : 'ipv6';
      if (bits === undefined) this.trusted.addAddress(net, type);
      else {
        const prefix = Number(bits);
        if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128))
          throw new Error(`"${entry}" has a bad prefix length.`);
        this.trusted.addSubnet(net, prefix, type);
      }
    }
    this.any = proxies.some((p) => p.trim() !== '');
  }

  /** Parses a `TRUSTED_PROXIES` setting. */
  static fromSetting(value: string | undefined): ClientAddresses {
    return new ClientAddresses((value ?? '').split(','));
  }

  private isTrusted(address: string): boolean {
    const family = isIP(address);
    if (family === 0) return false;
    return this.trusted.check(address, family === 4 ? 'ipv4' : 'ipv6');
  }

  /** The client's address as seen through trusted proxies. */
  addressOf(req: Pick<IncomingMessage, 'headers' | 'socket'>): string {
    let address = normalise(req.socket.remoteAddress ?? '');
    if (!this.any || !this.isTrusted(address)) return address;
    const header = req.headers['x-forwarded-for'];
    const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
      .split(',')
      .map((h) => normalise(h.trim()))
      .filter((h) => isIP(h) !== 0);
    // Right to left: each trusted proxy vouches for the hop before it.
    while (hops.length && this.isTrusted(address)) address = hops.pop()!;
    return address;
  }

  /** The key rate limits and caps count under: the address, or an IPv6 address's /64. */
  keyOf(req: Pick<IncomingMessage, 'headers' | 'socket'>): string {
    return addressKey(this.addressOf(req));
  }
}

/** `::ffff:1.2.3.4` is 1.2.3.4. */
function normalise(address: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return m ? m[1] : address;
}

/** An IPv4 address as it is; an IPv6 one by its first 64 bits (`2001:db8:1:2::/64`). */
export function addressKey(address: string): string {
  const a = normalise(address);
  if (isIP(a) !== 6) return a;
  const [head, tail = ''] = a.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = a.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}
