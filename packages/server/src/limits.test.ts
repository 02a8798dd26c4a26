/** Issue 12: memory, connections and the HTTP edge stay bounded under abuse. */
import { request } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { ServerMessage } from '@boss-table/client';
import { addressKey, ClientAddresses } from './client-address.js';
import { uniqueName } from './limits.js';
import { BoundedSender } from './outbound.js';
import type { Logger } from './log.js';
import { silentLogger } from './log.js';
import { CLOSE, startServer, type ServerOptions } from './server.js';
import { autoPlay, nodeClient, tempDataDir, until } from './testing/test-kit.js';

async function withServer(
  opts: Partial<ServerOptions>,
  fn: (url: string, server: Awaited<ReturnType<typeof startServer>>) => Promise<void>,
): Promise<void> {
  const server = await startServer({ port: 0, dataDir: tempDataDir(), log: silentLogger, ...opts });
  try {
    await fn(server.url, server);
  } finally {
    await server.close();
  }
}

const wsUrl = (url: string, table: string, query = '') =>
  `${url.replace('http', 'ws')}/ws/tables/${table}${query}`;

/** A raw socket that records frames and how it closed. */
function rawSocket(url: string) {
  const ws = new WebSocket(url);
  const frames: ServerMessage[] = [];
  const closed: { code: number; reason: string }[] = [];
  ws.on('message', (d) => frames.push(JSON.parse(String(d)) as ServerMessage));
  ws.on('close', (code, reason) => closed.push({ code, reason: String(reason) }));
  ws.on('error', () => {});
  const open = new Promise<void>((resolve) => ws.on('open', () => resolve()));
  return { ws, frames, closed, open };
}

const twoHumans = { game: 'the-boss', seats: [{ kind: 'human' }, { kind: 'human' }] } as const;

describe('connections stay bounded', () => {
  it('stops queueing for a connection that stops reading, and closes it with 4009', () => {
    vi.useFakeTimers();
    try {
      const sent: string[] = [];
      const closes: number[] = [];
      let terminated = false;
      // A socket whose client reads nothing: every frame stays buffered.
      const ws = {
        readyState: 1,
        OPEN: 1,
        bufferedAmount: 0,
        send(data: string) {
          sent.push(data);
          this.bufferedAmount += data.length;
        },
        close: (code: number) => closes.push(code),
        terminate: () => (terminated = true),
      };
      const counted: number[] = [];
      const out = new BoundedSender(ws, 10_000, (code) => counted.push(code));
      const frame = { type: 'events', payload: 'x'.repeat(1000) };
      for (let i = 0; i < 1000; i++) out.send(frame);
      // Queued no further than the limit and one frame past it; then closed, once.
      expect(ws.bufferedAmount).toBeLessThanOrEqual(10_000 + JSON.stringify(frame).length);
      expect(sent.length).toBe(10);
      expect(closes).toEqual([CLOSE.slow]);
      expect(counted).toEqual([CLOSE.slow]);
      expect(out.dropped).toBe(true);
      vi.advanceTimersByTime(2500);
      expect(terminated).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('caps connections per seat, and a seat reconnecting elsewhere is not announced again', async () => {
    await withServer({ maxConnectionsPerSeat: 3 }, async (url) => {
      const client = nodeClient(url);
      const t = await client.createTable(twoHumans);
      const a = await client.join(t.id, { name: 'A' });
      const watcher = rawSocket(wsUrl(url, t.id));
      await watcher.open;
      const sockets = Array.from({ length: 6 }, () =>
        rawSocket(wsUrl(url, t.id, `?token=${a.token}`)),
      );
      await until(
        () => sockets.filter((s) => s.closed.length > 0).length === 3,
        10_000,
        'three refusals',
      );
      for (const s of sockets.filter((x) => x.closed.length > 0))
        expect(s.closed[0]).toMatchObject({ code: CLOSE.tooMany });
      await new Promise((r) => setTimeout(r, 200));
      // The seat came once: one `seats` frame to the watcher, not one per socket.
      const seatsFrames = watcher.frames.filter((f) => f.type === 'seats');
      expect(seatsFrames.length).toBe(1);
      sockets.forEach((s) => s.ws.close());
      await new Promise((r) => setTimeout(r, 200));
      // And it left once.
      expect(watcher.frames.filter((f) => f.type === 'seats').length).toBe(2);
      watcher.ws.close();
    });
  });

  it('caps connections per address', async () => {
    await withServer({ maxConnectionsPerAddress: 4 }, async (url) => {
      const client = nodeClient(url);
      const t = await client.createTable(twoHumans);
      const sockets = Array.from({ length: 7 }, () => rawSocket(wsUrl(url, t.id)));
      await until(
        () => sockets.filter((s) => s.closed.length > 0).length === 3,
        10_000,
        'three refusals',
      );
      expect(sockets.filter((s) => s.closed[0]?.code === CLOSE.tooMany).length).toBe(3);
      sockets.forEach((s) => s.ws.close());
    });
  });

  it('forgives bursts under the average rate; closes a flood with 4008', async () => {
    await withServer({ ratePerSecond: 100 }, async (url) => {
      const client = nodeClient(url);
      const t = await client.createTable(twoHumans);
      const bursty = rawSocket(wsUrl(url, t.id));
      await bursty.open;
      // 300 at once every 3 s: 100 a second on average, each burst over the 200 allowed at once.
      for (let burst = 0; burst < 5; burst++) {
        for (let i = 0; i < 300; i++) bursty.ws.send('{"type":"ping"}');
        await new Promise((r) => setTimeout(r, 3000));
      }
      expect(bursty.frames.some((f) => f.type === 'error' && f.code === 'rate-limited')).toBe(true);
      expect(bursty.closed).toEqual([]);
      bursty.ws.close();

      const flood = rawSocket(wsUrl(url, t.id));
      await flood.open;
      for (let i = 0; i < 5000; i++) flood.ws.send('{"type":"ping"}');
      await until(() => flood.closed.length > 0, 10_000, 'the flood to be closed');
      expect(flood.closed[0].code).toBe(CLOSE.flooding);
    });
  }, 30_000);

  it('limits full resends separately from other messages', async () => {
    await withServer({}, async (url) => {
      const client = nodeClient(url);
      const t = await client.createTable(twoHumans);
      const [a, b] = [
        await client.join(t.id, { name: 'A' }),
        await client.join(t.id, { name: 'B' }),
      ];
      const conns = [a, b].map((j) => client.connect(t.id, { token: j.token }));
      conns.forEach((c, i) => autoPlay(c, `resend-${i}`));
      const watcher = rawSocket(wsUrl(url, t.id));
      await watcher.open;
      await until(
        () => watcher.frames.filter((f) => f.type === 'events').length >= 3,
        30_000,
        'moves',
      );
      conns.forEach((c) => c.close());
      const before = watcher.frames.length;
      for (let i = 0; i < 30; i++) watcher.ws.send('{"type":"resume","seq":0}');
      await until(
        () => watcher.frames.filter((f) => f.type === 'error').length >= 20,
        5000,
        'refusals',
      );
      const answers = watcher.frames.slice(before);
      const refused = answers.filter((f) => f.type === 'error' && f.code === 'rate-limited');
      expect(refused.length).toBe(20);
      expect(watcher.closed).toEqual([]);
      watcher.ws.close();
    });
  });
});

describe('open tables expire', () => {
  it('expires an open table nobody fills: 410, its sockets closed with 4010, not reloaded', async () => {
    const dataDir = tempDataDir();
    const server = await startServer({
      port: 0,
      dataDir,
      log: silentLogger,
      openTableTtlMs: 300,
      finishedTableIdleMs: 50,
    });
    const client = nodeClient(server.url);
    const t = await client.createTable(twoHumans);
    const waiting = await client.join(t.id, { name: 'Waiting' });
    const sock = rawSocket(wsUrl(server.url, t.id, `?token=${waiting.token}`));
    await until(() => sock.closed.length > 0, 5000, 'the expiry');
    expect(sock.closed[0].code).toBe(CLOSE.expired);
    expect(server.tables.has(t.id)).toBe(false);
    await expect(client.getTable(t.id)).rejects.toMatchObject({
      status: 410,
      code: 'table-expired',
    });
    await server.close();
    const again = await startServer({ port: 0, dataDir, log: silentLogger });
    try {
      expect(again.tables.has(t.id)).toBe(false);
      await expect(nodeClient(again.url).join(t.id, { name: 'Late' })).rejects.toMatchObject({
        status: 410,
      });
    } finally {
      await again.close();
    }
  });
});

describe('bots-only tables per address', () => {
  it('refuses more running bots-only tables than the cap from one address', async () => {
    await withServer({ botTablesPerAddress: 1, botBudgetMs: 50 }, async (url) => {
      const client = nodeClient(url);
      const bots = {
        game: 'the-boss',
        seats: [
          { kind: 'bot', bot: 'ismcts:hard' },
          { kind: 'bot', bot: 'ismcts:hard' },
        ],
      } as const;
      await client.createTable(bots);
      await expect(client.createTable(bots)).rejects.toMatchObject({
        status: 429,
        code: 'too-many-bot-tables',
      });
      // Tables for people only are not held back.
      await expect(client.createTable(twoHumans)).resolves.toBeTruthy();
    });
  });
});

describe('client addresses', () => {
  const req = (remote: string, forwarded?: string) => ({
    socket: { remoteAddress: remote },
    headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
  });

  it('believes X-Forwarded-For only from trusted proxies', () => {
    const none = new ClientAddresses();
    expect(none.addressOf(req('10.0.0.5', '1.2.3.4') as never)).toBe('10.0.0.5');
    const trusted = ClientAddresses.fromSetting('10.0.0.0/8, ::1');
    expect(trusted.addressOf(req('10.0.0.5', '1.2.3.4') as never)).toBe('1.2.3.4');
    // A client cannot forge the hops before the proxy: the right-most untrusted one counts.
    expect(trusted.addressOf(req('10.0.0.5', '6.6.6.6, 1.2.3.4') as never)).toBe('1.2.3.4');
    expect(trusted.addressOf(req('10.0.0.5', '1.2.3.4, 10.0.0.7') as never)).toBe('1.2.3.4');
    expect(trusted.addressOf(req('::ffff:10.0.0.5', '1.2.3.4') as never)).toBe('1.2.3.4');
    expect(trusted.addressOf(req('192.168.1.1', '1.2.3.4') as never)).toBe('192.168.1.1');
    expect(() => ClientAddresses.fromSetting('nonsense')).toThrow(/not an IP/);
  });

  it('keys IPv6 by its /64', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::ffff:1.2.3.4')).toBe('1.2.3.4');
    expect(addressKey('1.2.3.4')).toBe('1.2.3.4');
  });

  it('behind a trusted proxy, each client has its own POST budget', async () => {
    const post = (url: string, forwarded: string) =>
      fetch(`${url}/api/tables`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwarded },
        body: JSON.stringify(twoHumans),
      }).then((r) => r.status);
    await withServer({ postsPerSecond: 0.1, trustedProxies: ['127.0.0.1'] }, async (url) => {
      // A burst of 3 per address (0.1 × 30).
      const first = [];
      for (let i = 0; i < 4; i++) first.push(await post(url, '1.1.1.1'));
      expect(first).toEqual([201, 201, 201, 429]);
      expect(await post(url, '2.2.2.2')).toBe(201);
      expect(await post(url, '2001:db8:1:2::1')).toBe(201);
    });
    await withServer({ postsPerSecond: 0.1 }, async (url) => {
      // Without the setting, the header is ignored: one bucket for the proxy's address.
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push(await post(url, `9.9.9.${i}`));
      expect(statuses).toEqual([201, 201, 201, 429]);
    });
  });
});

describe('the HTTP edge', () => {
  it('answers a malformed %-escape with 400, and logs nothing', async () => {
    const errors: string[] = [];
    const log: Logger = { info() {}, warn() {}, error: (m) => errors.push(m) };
    await withServer({ log, webRoot: tempDataDir() }, async (url) => {
      for (const path of ['/%E0%A4%A', '/api/tables/%zz', '/assets/%'])
        expect((await fetch(`${url}${path}`)).status).toBe(400);
      expect(errors).toEqual([]);
    });
  });

  it('answers a body over the limit with 413, not a reset connection', async () => {
    await withServer({}, async (url) => {
      const big = 'x'.repeat(2 * 1024 * 1024);
      const res = await fetch(`${url}/api/tables`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: big,
      });
      expect(res.status).toBe(413);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('too-large');
      // Without a Content-Length (chunked), too.
      const status = await new Promise<number>((resolve, reject) => {
        const r = request(
          `${url}/api/tables`,
          { method: 'POST', headers: { 'transfer-encoding': 'chunked' } },
          (res2) => {
            res2.resume();
            resolve(res2.statusCode ?? 0);
          },
        );
        r.on('error', reject);
        for (let i = 0; i < 32; i++) r.write('y'.repeat(64 * 1024));
        r.end();
      });
      expect(status).toBe(413);
    });
  });

  it('answers HEAD where GET works, and serves /metrics on a port of its own when asked', async () => {
    await withServer({ metricsPort: 0 }, async (url, server) => {
      const client = nodeClient(url);
      const t = await client.createTable(twoHumans);
      for (const path of ['/healthz', `/api/tables/${t.id}`, '/api/tables']) {
        const head = await fetch(`${url}${path}`, { method: 'HEAD' });
        expect(head.status, path).toBe(200);
        expect(await head.text()).toBe('');
      }
      expect((await fetch(`${url}/metrics`)).status).toBe(404);
      const metrics = await fetch(`http://127.0.0.1:${server.metricsPort}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('boss_connections ');
    });
  });

  it('tells where friends can reach the server', async () => {
    await withServer({ publicUrl: 'https://boss.example.org' }, async (url) => {
      const info = (await (await fetch(`${url}/api/server-info`)).json()) as {
        publicUrl: string;
        addresses: string[];
      };
      expect(info.publicUrl).toBe('https://boss.example.org');
      expect(info.addresses.length).toBeGreaterThan(0);
    });
  });
});

describe('names', () => {
  it('numbers repeated names, whatever their case', () => {
    expect(uniqueName('Bo', [undefined, 'bo', 'Bo (2)'])).toBe('Bo (3)');
    expect(uniqueName('Al', ['Bo'])).toBe('Al');
  });
});
