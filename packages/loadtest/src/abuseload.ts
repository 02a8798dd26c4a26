/**
 * `npm run abuseload -- [--scenario slow-readers|one-token] [--game ID] [--url URL]`: the two
 * abuses of issue 12 that a test cannot reproduce in a few seconds, against the built server
 * (started as a child process on a free port unless --url is given). Bounded in time and
 * count, loopback only. `--game` picks the registered game (default: the registry's, The
 * Boss; the figures in docs/benchmarks.md are Big Boss's, whose 6-player games are long).
 *
 * - `slow-readers`: a finished game of random bots at the game's most seats (6-player Big
 *   Boss: about 170 moves) is watched by 40 sockets that stop reading and each ask `resume`
 *   from 0 fifteen times a second (under the message limit) for 25 s. Reports the server's
 *   resident memory, sampled every second.
 * - `one-token`: one seat token of a table of people at the game's fewest seats opens 1,200
 *   sockets over about 20 s. Reports how many `seats` frames the sockets received in all,
 *   and how many were refused.
 */
import WebSocket from 'ws';
import { defaultGameId, findGame } from '@boss-table/games';
import { nodeClient, startBuiltServer } from '@boss-table/server/testing/test-kit';
import { readFlags } from './flags.js';

const usage =
  'usage: npm run abuseload -- --scenario slow-readers|one-token [--game ID] [--url URL]';
const flags = readFlags('abuseload', usage, ['scenario', 'game', 'url']);
const scenario = flags.get('scenario', 'slow-readers');
if (scenario !== 'slow-readers' && scenario !== 'one-token') {
  process.stderr.write(`abuseload: --scenario must be slow-readers or one-token.\n${usage}\n`);
  process.exit(2);
}
const gameId = flags.get('game', defaultGameId());
const game =
  findGame(gameId) ??
  (() => {
    process.stderr.write(`abuseload: no game "${gameId}".\n${usage}\n`);
    return process.exit(2);
  })();

const startChild = () => startBuiltServer({});

const rssOf = async (url: string): Promise<number> => {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Number(/boss_process_resident_memory_bytes (\d+)/.exec(text)?.[1] ?? NaN) / 1e6;
};

const wsUrl = (url: string, table: string, query = '') =>
  `${url.replace('http', 'ws')}/ws/tables/${table}${query}`;

async function slowReaders(url: string) {
  const client = nodeClient(url);
  const t = await client.createTable({
    game: game.id,
    seats: Array.from({ length: game.maxPlayers }, () => ({ kind: 'bot', bot: 'random' })),
  });
  for (let i = 0; i < 600; i++) {
    if ((await client.getTable(t.id)).status === 'finished') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const seq = (await client.getTable(t.id)).seq;
  const before = await rssOf(url);
  const sockets: WebSocket[] = [];
  const closes = new Map<number, number>();
  for (let i = 0; i < 40; i++) {
    const ws = new WebSocket(wsUrl(url, t.id));
    ws.on('error', () => {});
    ws.on('close', (code) => closes.set(code, (closes.get(code) ?? 0) + 1));
    await new Promise<void>((resolve) => ws.on('open', () => resolve()));
    (ws as unknown as { _socket: { pause(): void } })._socket.pause();
    sockets.push(ws);
  }
  const asking = setInterval(() => {
    for (const ws of sockets)
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: 'resume', seq: 0 }));
  }, 1000 / 15);
  const samples: number[] = [];
  for (let s = 0; s < 25; s++) {
    await new Promise((r) => setTimeout(r, 1000));
    samples.push(await rssOf(url));
  }
  clearInterval(asking);
  for (const ws of sockets) ws.terminate();
  await new Promise((r) => setTimeout(r, 500));
  return {
    scenario,
    game: game.id,
    moves: seq,
    sockets: sockets.length,
    rssBeforeMB: Math.round(before),
    rssMaxMB: Math.round(Math.max(...samples)),
    rssEndMB: Math.round(samples[samples.length - 1]),
    closedByCode: Object.fromEntries(closes),
  };
}

async function oneToken(url: string) {
  const client = nodeClient(url);
  const t = await client.createTable({
    game: game.id,
    seats: Array.from({ length: game.minPlayers }, () => ({ kind: 'human' })),
  });
  const a = await client.join(t.id, { name: 'A', invite: t.seats[0].invite! });
  let seatsFrames = 0;
  let opened = 0;
  const closes = new Map<number, number>();
  const sockets: WebSocket[] = [];
  const started = Date.now();
  for (let i = 0; i < 1200; i++) {
    const ws = new WebSocket(wsUrl(url, t.id, `?token=${a.token}`));
    ws.on('message', (d) => {
      if (String(d).startsWith('{"type":"seats"')) seatsFrames++;
    });
    ws.on('open', () => opened++);
    ws.on('error', () => {});
    ws.on('close', (code) => closes.set(code, (closes.get(code) ?? 0) + 1));
    sockets.push(ws);
    if (i % 60 === 59) await new Promise((r) => setTimeout(r, 1000));
  }
  await new Promise((r) => setTimeout(r, 2000));
  const result = {
    scenario,
    game: game.id,
    sockets: sockets.length,
    opened,
    seconds: Math.round((Date.now() - started) / 1000),
    seatsFramesReceived: seatsFrames,
    closedByCode: Object.fromEntries(closes),
    rssMB: Math.round(await rssOf(url)),
  };
  for (const ws of sockets) ws.terminate();
  return result;
}

async function main() {
  const given = flags.has('url') ? flags.get('url', '') : '';
  const server = given ? { url: given, child: undefined } : await startChild();
  try {
    const result =
      scenario === 'slow-readers' ? await slowReaders(server.url) : await oneToken(server.url);
    process.stdout.write(JSON.stringify(result) + '\n');
  } finally {
    server.child?.kill('SIGKILL');
  }
  setTimeout(() => process.exit(0), 300).unref();
}

main().catch((e: Error) => {
  process.stderr.write(`abuseload: ${e.message}\n`);
  process.exit(1);
});
