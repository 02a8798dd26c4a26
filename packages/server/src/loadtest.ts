/**
 * `npm run loadtest -- --tables N --seconds S [--url URL] [--database] [--nodes K]`: N tables
 * of four human seats, each seat its own WebSocket client through the SDK, each table moving
 * about once a second. Reports moves per second, latency from sending a move to receiving
 * its events (p50, p95, p99), errors, lost moves, the server's memory and the CPU each
 * process used. Without --url it starts the built server as a child process on a free port
 * with a fresh data folder (SQLite); with --database on a throwaway PostgreSQL
 * (`pg-test-cluster.ts`), and with --nodes K (implies --database) as K nodes sharing it: each
 * table's four sockets are spread over the nodes (seat s of table t on node (t + s) mod K).
 */
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { Rng } from '@boss-table/core';
import type { TableConnection } from '@boss-table/client';
import { findPgBin, startPgCluster, type PgCluster } from './pg-test-cluster.js';
import {
  moveFromLegal,
  nodeClient,
  startBuiltServer,
  startClusterNodes,
  type ClusterNode,
} from './test-kit.js';

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const tables = Number(flag('tables', '100'));
const seconds = Number(flag('seconds', '30'));
const json = process.argv.includes('--json');
const nodeCount = Number(flag('nodes', '1'));
const onPostgres = process.argv.includes('--database') || process.argv.includes('--nodes');
if (
  !Number.isInteger(tables) ||
  tables < 1 ||
  !(seconds > 0) ||
  !Number.isInteger(nodeCount) ||
  nodeCount < 1
) {
  process.stderr.write(
    'usage: npm run loadtest -- --tables N --seconds S [--url URL] [--database] [--nodes K] [--json]\n',
  );
  process.exit(2);
}

const limitsOff = {
  POSTS_PER_SECOND: '0',
  // Every socket of the load test comes from this one machine.
  CONNECTIONS_PER_ADDRESS: '0',
  OPEN_TABLES_PER_ADDRESS: '0',
};

/** The server's processes: one node on SQLite, or K nodes on a throwaway PostgreSQL. */
async function startServers(): Promise<{
  databaseUrl?: string;
  nodes: Pick<ClusterNode, 'url' | 'child'>[];
  pg?: PgCluster;
}> {
  if (!onPostgres) return { nodes: [await startBuiltServer(limitsOff)] };
  const bin = findPgBin();
  if (!bin) throw new Error("--database needs PostgreSQL's server programs (initdb, pg_ctl).");
  const pg = await startPgCluster(bin);
  const url = await pg.createDatabase();
  return { nodes: await startClusterNodes(url, nodeCount, limitsOff), pg, databaseUrl: url };
}

/** CPU seconds a process has used (user + system), from /proc. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The PostgreSQL server's processes: the postmaster and its children. */
function postgresPids(pg: PgCluster): number[] {
  const root = pg.pid();
  if (root === undefined) return [];
  const pids = [root];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      if (ppid === root) pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : NaN;

async function main() {
  const given = process.argv.includes('--url') ? flag('url', '') : '';
  const cluster: Awaited<ReturnType<typeof startServers>> = given
    ? { nodes: [{ url: given, child: undefined as never }] }
    : await startServers();
  const servers = cluster.nodes;
  const clients = servers.map((s) => nodeClient(s.url));
  const on = (k: number) => clients[k % clients.length];
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  let acked = 0;
  let measuring = false;
  const pendingSince = new Map<string, number>();
  const conns: TableConnection[] = [];
  /** The seqs acknowledged at each table (The Boss seals no move: a seat's seq is the table's). */
  const ackedPerTable = new Map<string, Set<number>>();

  process.stderr.write(
    `loadtest: opening ${tables} tables (${tables * 4} sockets) on ${servers.map((s) => s.url).join(' ')}\n`,
  );
  for (let t = 0; t < tables; t++) {
    const created = await on(t).createTable({
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }, { kind: 'human' }],
      graceSeconds: 3600,
    });
    ackedPerTable.set(created.id, new Set());
    let lastMove = Date.now() + Math.random() * 1000;
    for (let seat = 0; seat < 4; seat++) {
      const j = await on(t).join(created.id, {
        name: `s${seat}`,
        invite: created.seats[seat].invite!,
      });
      const conn = on(t + seat).connect(created.id, { token: j.token });
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
            (seq) => {
              if (measuring) acked++;
              ackedPerTable.get(created.id)!.add(seq);
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
  // CPU per process over the measured time: each node, PostgreSQL (all its processes), and
  // this process (the clients).
  const pgPids = cluster.pg ? postgresPids(cluster.pg) : [];
  const cpu = () => ({
    nodes: servers.map((s) => (s.child?.pid ? cpuSeconds(s.child.pid) : NaN)),
    postgres: pgPids.reduce((sum, pid) => sum + cpuSeconds(pid), 0),
    clients: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
  });
  const cpuBefore = cpu();
  measuring = true;
  const started = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  measuring = false;
  const elapsed = (performance.now() - started) / 1000;
  const cpuAfter = cpu();
  const share = (a: number, b: number) => Math.round(((b - a) / elapsed) * 100);
  const cpuPercent = {
    nodes: cpuAfter.nodes.map((n, k) => share(cpuBefore.nodes[k], n)),
    ...(cluster.pg ? { postgres: share(cpuBefore.postgres, cpuAfter.postgres) } : {}),
    clients: share(cpuBefore.clients, cpuAfter.clients),
  };
  await new Promise((r) => setTimeout(r, 2000)); // let the last answers arrive
  let rss = 0;
  for (const s of servers) {
    const metrics = await (await fetch(`${s.url}/metrics`)).text();
    rss += Number(
      /boss_process_resident_memory_bytes(?:\{[^}]*\})? (\d+)/.exec(metrics)?.[1] ?? NaN,
    );
  }
  // Lost: acknowledged moves the server does not have (on PostgreSQL: the database, which a
  // node following a table may lag behind by a moment).
  let lost = 0;
  // The tables keep moving: what was acknowledged before the count is what it must hold.
  const ackedBefore = new Map([...ackedPerTable].map(([id, seqs]) => [id, [...seqs]]));
  const stored = new Map<string, number>();
  if (cluster.databaseUrl) {
    const db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    const rows = await db.query<{ table_id: string; n: string }>(
      'SELECT table_id, count(*) AS n FROM moves GROUP BY table_id',
    );
    for (const r of rows.rows) stored.set(r.table_id, Number(r.n));
    await db.end();
  } else for (const id of ackedPerTable.keys()) stored.set(id, (await on(0).getTable(id)).seq);
  for (const [id, seqs] of ackedBefore)
    for (const seq of seqs) if (seq > (stored.get(id) ?? 0)) lost++;
  latencies.sort((a, b) => a - b);
  const result = {
    nodes: servers.length,
    storage: onPostgres ? 'postgres' : given ? 'given' : 'sqlite',
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
    cpuPercent,
  };
  if (json) process.stdout.write(JSON.stringify(result) + '\n');
  else
    process.stdout.write(
      `${tables} tables, ${conns.length} sockets, ${result.seconds} s: ${result.movesPerSecond} moves/s, ` +
        `latency p50 ${result.latencyMs.p50} ms, p95 ${result.latencyMs.p95} ms, p99 ${result.latencyMs.p99} ms, ` +
        `${errors} errors, ${lost} lost moves, server memory ${result.serverRssMB} MB, ` +
        `CPU % nodes ${cpuPercent.nodes.join('/')}` +
        (cluster.pg ? `, postgres ${cpuPercent.postgres}` : '') +
        `, clients ${cpuPercent.clients}\n`,
    );
  for (const c of conns) c.close();
  for (const s of servers) s.child?.kill('SIGTERM');
  await Promise.all(
    servers.map((s) => (s.child ? new Promise((r) => s.child.once('exit', r)) : undefined)),
  );
  await cluster.pg?.stop();
  setTimeout(() => process.exit(0), 500).unref();
}

main().catch((e: Error) => {
  process.stderr.write(`loadtest: ${e.message}\n`);
  process.exit(1);
});
