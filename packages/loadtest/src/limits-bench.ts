/**
 * `node packages/loadtest/dist/limits-bench.js [--calls N]`: what counting the limits per
 * address in PostgreSQL (`shared-limits.ts`) costs a request, against counting them in memory
 * (`limits.ts`). On a throwaway PostgreSQL (`pg-test-cluster.ts`), through a pool of 4
 * connections as a node's (`players.ts`): a POST's count one at a time (the latency it adds)
 * and 32 at a time (the rate one node can count at), with the CPU this process and PostgreSQL
 * used per count; a new table's reservation; and the in-memory bucket. Then whole requests: a
 * node on PostgreSQL answering POSTs (joins of a table that does not exist) with the limit
 * counted and without it (`POSTS_PER_SECOND=0`), the client in this process.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { AddressLimits, type AddressLimitOptions } from '@boss-table/server/limits';
import {
  findPgBin,
  startPgCluster,
  type PgCluster,
} from '@boss-table/server/testing/pg-test-cluster';
import { SharedAddressLimits, SharedCounts } from '@boss-table/server/shared-limits';
import { PgSql } from '@boss-table/server/sql';
import { PostgresStorage } from '@boss-table/server/storage-pg';
import { silentLogger } from '@boss-table/server/log';
import { startServer } from '@boss-table/server/server';
import { tempDataDir } from '@boss-table/server/testing/test-kit';
import { readFlags } from './flags.js';

const calls = Number(
  readFlags('limits-bench', 'usage: node packages/loadtest/dist/limits-bench.js [--calls N]', [
    'calls',
  ]).get('calls', '20000'),
);
/** Addresses the calls are spread over. */
const ADDRESSES = 1_000;
const unlimited: AddressLimitOptions = {
  postsPerSecond: 1e6,
  botTablesPerAddress: 1e6,
  openTablesPerAddress: 1e6,
};

/** CPU seconds (user + system) of the PostgreSQL server's processes, from /proc. */
function postgresCpu(pg: PgCluster): number {
  const root = pg.pid();
  let seconds = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      if (Number(entry) === root || Number(fields[1]) === root)
        seconds += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // Gone meanwhile.
    }
  }
  return seconds;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

/** `n` calls of `fn`, `parallel` at a time: per-call latencies (ms), wall time, CPU. */
async function measure(
  pg: PgCluster,
  n: number,
  parallel: number,
  fn: (i: number) => Promise<void>,
) {
  const latencies: number[] = [];
  const cpu0 = process.cpuUsage();
  const pg0 = postgresCpu(pg);
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < n) {
        const i = next++;
        const s = performance.now();
        await fn(i);
        latencies.push(performance.now() - s);
      }
    }),
  );
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const pgCpu = postgresCpu(pg) - pg0;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: Math.round(n / wall),
    p50: quantile(latencies, 0.5).toFixed(2),
    p99: quantile(latencies, 0.99).toFixed(2),
    nodeCpuUs: Math.round(((cpu.user + cpu.system) / n) * 10) / 10,
    pgCpuUs: Math.round((pgCpu / n) * 1e6 * 10) / 10,
  };
}

async function main(): Promise<void> {
  const bin = findPgBin();
  if (!bin) throw new Error("This benchmark needs PostgreSQL's server programs (initdb, pg_ctl).");
  const pg = await startPgCluster(bin);
  try {
    const url = await pg.createDatabase();
    // The schema, as a node makes it on start.
    await (await PostgresStorage.open(url)).close();
    const sql = new PgSql(url);
    const shared = new SharedAddressLimits(new SharedCounts(sql), unlimited);
    const memory = new AddressLimits(unlimited, () => undefined);
    const address = (i: number) => `10.${(i % ADDRESSES) >> 8}.${i % 256}.1`;
    const rows: Record<string, Awaited<ReturnType<typeof measure>>> = {
      'POST count, PostgreSQL, 1 at a time': await measure(pg, Math.min(calls, 5_000), 1, (i) =>
        shared.post(address(i)),
      ),
      'POST count, PostgreSQL, 32 at a time': await measure(pg, calls, 32, (i) =>
        shared.post(address(i)),
      ),
      'new table reserved, PostgreSQL, 1 at a time': await measure(pg, 2_000, 1, (i) =>
        shared.reserveTable(address(i), `bench-${i}`, false),
      ),
      'POST count, memory': await measure(pg, calls * 10, 1, (i) => memory.post(address(i))),
    };
    await sql.close();
    for (const postsPerSecond of [1e6, 0]) {
      const node = await startServer({
        port: 0,
        dataDir: tempDataDir(),
        databaseUrl: await pg.createDatabase(),
        nodeName: 'bench',
        log: silentLogger,
        trustedProxies: ['127.0.0.1'],
        postsPerSecond,
      });
      const join = async (i: number) => {
        const res = await fetch(`${node.url}/api/tables/missing${i % 50}/join`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': address(i) },
          body: '{"name":"X"}',
        });
        await res.arrayBuffer();
      };
      await measure(pg, 500, 8, join); // warm up
      const label = postsPerSecond > 0 ? 'counted in PostgreSQL' : 'not counted';
      rows[`POST request, 8 at a time, ${label}`] = await measure(pg, 5_000, 8, join);
      await node.close();
    }
    console.log(`${calls} calls over ${ADDRESSES} addresses, pool of 4 connections`);
    console.table(rows);
  } finally {
    await pg.stop();
  }
}

await main();
