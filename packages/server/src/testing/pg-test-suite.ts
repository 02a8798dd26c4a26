/** A Vitest suite over a throwaway PostgreSQL (`pg-test-cluster.ts`). */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { BossTableClient } from '@boss-table/client';
import { findPgBin, postgresMissing, startPgCluster, type PgCluster } from './pg-test-cluster.js';
import { silentLogger } from '../log.js';
import { startServer, type RunningServer, type ServerOptions } from '../server.js';
import { nodeClient, startClusterNodes, tempDataDir, type ClusterNode } from './test-kit.js';

export interface PgSuite {
  /** The suite's cluster, started before its first test. */
  readonly cluster: PgCluster;
}

/**
 * A `describe` whose tests get a throwaway cluster, started before them and stopped after
 * them (even when one fails). Without PostgreSQL the suite is skipped with the reason, or,
 * in CI (`CI=true`), fails.
 */
export function describePostgres(name: string, body: (suite: PgSuite) => void): void {
  const missing = postgresMissing();
  if (missing) {
    if (process.env.CI === 'true') {
      describe(name, () => {
        it('has PostgreSQL to test against (required in CI)', () => {
          throw new Error(missing);
        });
      });
    } else {
      process.stderr.write(`Skipping "${name}": ${missing}\n`);
      describe.skip(`${name} (skipped: ${missing})`, () => {
        it('needs PostgreSQL', () => undefined);
      });
    }
    return;
  }
  let cluster: PgCluster | undefined;
  const suite: PgSuite = {
    get cluster() {
      if (!cluster) throw new Error('The test PostgreSQL did not start (see beforeAll).');
      return cluster;
    },
  };
  describe(name, () => {
    beforeAll(async () => {
      cluster = await startPgCluster(findPgBin()!);
    }, 120_000);
    afterAll(async () => {
      await cluster?.stop();
    }, 60_000);
    body(suite);
  });
}

/** Nodes of the built server on one database of a suite's PostgreSQL (`useClusterNodes`). */
export interface ClusterSuite {
  /** The nodes `n0`, `n1`, …, filled in before the suite's tests. */
  readonly nodes: ClusterNode[];
  /** A client of each node, in the same order. */
  readonly clients: BossTableClient[];
  /** Queries on the nodes' database (through a small pool of the test's own). */
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
  /** The node holding a table's lease, if any. */
  holderOf(table: string): Promise<string | undefined>;
}

/**
 * Starts `count` nodes of the built server (`dist/main.js`, child processes) on a fresh
 * database of the suite's cluster before its tests, with the settings `env`, and SIGKILLs
 * them after. Call it in the body of `describePostgres`.
 */
export function useClusterNodes(
  suite: PgSuite,
  count: number,
  env: Readonly<Record<string, string>>,
): ClusterSuite {
  const main = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
  const nodes: ClusterNode[] = [];
  const clients: BossTableClient[] = [];
  let pool: pg.Pool | undefined;
  beforeAll(async () => {
    if (!existsSync(main)) throw new Error(`Build the server first (npm run build): no ${main}.`);
    const url = await suite.cluster.createDatabase();
    nodes.push(...(await startClusterNodes(url, count, env)));
    pool = new pg.Pool({ connectionString: url, max: 2 });
    clients.push(...nodes.map((n) => nodeClient(n.url)));
  }, 90_000);
  afterAll(async () => {
    for (const n of nodes) n.child.kill('SIGKILL');
    await pool?.end();
  });
  const query = <R extends pg.QueryResultRow>(text: string, values?: unknown[]) => {
    if (!pool) throw new Error('The test nodes did not start (see beforeAll).');
    return pool.query<R>(text, values);
  };
  return {
    nodes,
    clients,
    query,
    async holderOf(table) {
      const res = await query<{ node: string }>(
        'SELECT node FROM table_leases WHERE table_id = $1',
        [table],
      );
      return res.rows[0]?.node;
    },
  };
}

/**
 * Two in-process servers, nodes `a` and `b`, on a fresh database of the suite's cluster
 * (quick bots, loopback as a trusted proxy), started before the suite's tests with `extra`
 * on top and closed after. Call it in the body of `describePostgres`.
 */
export function useTwoNodes(suite: PgSuite, extra: Partial<ServerOptions> = {}): RunningServer[] {
  const nodes: RunningServer[] = [];
  beforeAll(async () => {
    const databaseUrl = await suite.cluster.createDatabase();
    for (const nodeName of ['a', 'b'])
      nodes.push(
        await startServer({
          port: 0,
          dataDir: tempDataDir(),
          databaseUrl,
          nodeName,
          log: silentLogger,
          botBudgetMs: 5,
          trustedProxies: ['127.0.0.1'],
          ...extra,
        }),
      );
  }, 120_000);
  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.close()));
  });
  return nodes;
}
