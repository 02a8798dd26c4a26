/**
 * `npm run loadtest -- --tables N --seconds S [--url URL]`: N tables of four human seats,
 * each seat its own WebSocket client through the SDK, each table moving about once a
 * second. Reports moves per second, latency from sending a move to receiving its events
 * (p50, p95, p99), errors, lost moves and the server's memory. Without --url it starts the
 * built server as a child process on a free port with a fresh data folder.
 */
import { Rng } from '@boss-table/core';
import type { TableConnection } from '@boss-table/client';
import { moveFromLegal, nodeClient, startBuiltServer } from './test-kit.js';

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const tables = Number(flag('tables', '100'));
const seconds = Number(flag('seconds', '30'));
const json = process.argv.includes('--json');
if (!Number.isInteger(tables) || tables < 1 || !(seconds > 0)) {
  process.stderr.write('usage: npm run loadtest -- --tables N --seconds S [--url URL] [--json]\n');
  process.exit(2);
}

const startChild = () =>
  startBuiltServer({
    POSTS_PER_SECOND: '0',
    // Every socket of the load test comes from this one machine.
    CONNECTIONS_PER_ADDRESS: '0',
    OPEN_TABLES_PER_ADDRESS: '0',
  });

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : NaN;

async function main() {
  const given = process.argv.includes('--url') ? flag('url', '') : '';
  const server = given ? { url: given, child: undefined } : await startChild();
  const client = nodeClient(server.url);
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  let acked = 0;
  let measuring = false;
  const pendingSince = new Map<string, number>();
  const conns: TableConnection[] = [];
  const ackedPerTable = new Map<string, number>();

  process.stderr.write(
    `loadtest: opening ${tables} tables (${tables * 4} sockets) on ${server.url}\n`,
  );
  for (let t = 0; t < tables; t++) {
    const created = await client.createTable({
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }, { kind: 'human' }],
      graceSeconds: 3600,
    });
    ackedPerTable.set(created.id, 0);
    let lastMove = Date.now() + Math.random() * 1000;
    for (let seat = 0; seat < 4; seat++) {
      const j = await client.join(created.id, {
        name: `s${seat}`,
        invite: created.seats[seat].invite!,
      });
      const conn = client.connect(created.id, { token: j.token });
      const rng = Rng.fromSeed(`${created.id}/${seat}`);
      let timer: NodeJS.Timeout | null = null;
      const act = () => {
        const st = conn.state;
        if (!st?.legal || timer) return;
        const at = Math.max(Date.now(), lastMove + 900 + Math.random() * 200);
        timer = setTimeout(() => {
          timer = null;
          const now = conn.state;
          if (!now?.legal) return;
          const key = `${created.id}/${now.seq + 1}`;
          pendingSince.set(key, performance.now());
          if (measuring) sent++;
          conn.move(moveFromLegal(now.legal, rng)).then(
            () => {
              if (measuring) acked++;
              ackedPerTable.set(created.id, ackedPerTable.get(created.id)! + 1);
            },
            () => {
              if (measuring) errors++;
              pendingSince.delete(key);
            },
          );
        }, at - Date.now());
      };
      conn.on('snapshot', act);
      conn.on('events', (m) => {
        lastMove = Date.now();
        const key = `${created.id}/${m.seq}`;
        const started = pendingSince.get(key);
        if (started !== undefined && m.seat === seat) {
          pendingSince.delete(key);
          if (measuring) latencies.push(performance.now() - started);
        }
        if ('legal' in m) act();
      });
      conn.on('error', () => measuring && errors++);
      conns.push(conn);
    }
  }
  await new Promise((r) => setTimeout(r, 3000)); // warm up
  process.stderr.write(`loadtest: measuring for ${seconds} s\n`);
  measuring = true;
  const started = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  measuring = false;
  const elapsed = (performance.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, 2000)); // let the last answers arrive
  const metrics = await (await fetch(`${server.url}/metrics`)).text();
  const rss = Number(/boss_process_resident_memory_bytes (\d+)/.exec(metrics)?.[1] ?? NaN);
  // Lost: acknowledged moves the server does not have.
  let lost = 0;
  for (const [id, count] of ackedPerTable) {
    const t = await client.getTable(id);
    if (t.seq < count) lost += count - t.seq;
  }
  latencies.sort((a, b) => a - b);
  const result = {
    tables,
    sockets: conns.length,
    seconds: Math.round(elapsed),
    movesPerSecond: Math.round((acked / elapsed) * 10) / 10,
    latencyMs: {
      p50: Math.round(quantile(latencies, 0.5) * 10) / 10,
      p95: Math.round(quantile(latencies, 0.95) * 10) / 10,
      p99: Math.round(quantile(latencies, 0.99) * 10) / 10,
    },
    sent,
    errors,
    lostMoves: lost,
    unanswered: pendingSince.size,
    serverRssMB: Math.round(rss / 1e6),
  };
  if (json) process.stdout.write(JSON.stringify(result) + '\n');
  else
    process.stdout.write(
      `${tables} tables, ${conns.length} sockets, ${result.seconds} s: ${result.movesPerSecond} moves/s, ` +
        `latency p50 ${result.latencyMs.p50} ms, p95 ${result.latencyMs.p95} ms, p99 ${result.latencyMs.p99} ms, ` +
        `${errors} errors, ${lost} lost moves, server memory ${result.serverRssMB} MB\n`,
    );
  for (const c of conns) c.close();
  server.child?.kill('SIGTERM');
  setTimeout(() => process.exit(0), 500).unref();
}

main().catch((e: Error) => {
  process.stderr.write(`loadtest: ${e.message}\n`);
  process.exit(1);
});
