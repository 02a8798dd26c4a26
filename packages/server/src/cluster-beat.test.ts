/**
 * A node whose connection pool is busy is alive all the same: its heartbeat has a connection
 * of its own. (Queued behind the moves, the beat went stale under load — 1,000 tables of
 * I'm the Boss on one node — the node's own bot and clock moves were refused as if it were
 * dead, and it took its own tables over again and again: 60 moves/s instead of 1,000.)
 */
import pg from 'pg';
import { expect, it } from 'vitest';
import { silentLogger } from './log.js';
import { describePostgres } from './testing/pg-test-suite.js';
import { startServer } from './server.js';
import type { PostgresStorage } from './storage-pg.js';
import { tempDataDir } from './testing/test-kit.js';

describePostgres('a busy node', (suite) => {
  it('keeps its heartbeat fresh and stays healthy while every pooled connection is busy', async () => {
    const databaseUrl = await suite.cluster.createDatabase();
    const leaseMs = 1500;
    const server = await startServer({
      port: 0,
      dataDir: tempDataDir(),
      databaseUrl,
      log: silentLogger,
      leaseMs,
    });
    const outside = new pg.Client({ connectionString: databaseUrl });
    await outside.connect();
    try {
      const node = server.cluster!.node;
      const pool = (server.storage as PostgresStorage).pool;
      const size = (pool as unknown as { options: { max: number } }).options.max;
      // Every pooled connection sleeps for twice the lease; whatever else uses the pool waits.
      const busy = Array.from({ length: size }, () => pool.query('SELECT pg_sleep(3)'));
      const ages: number[] = [];
      let healthy = true;
      const until = Date.now() + 2800;
      while (Date.now() < until) {
        await new Promise((r) => setTimeout(r, 200));
        const res = await outside.query<{ age: number }>(
          `SELECT extract(epoch FROM clock_timestamp() - seen_at) * 1000 AS age
           FROM cluster_nodes WHERE id = $1`,
          [node],
        );
        ages.push(Number(res.rows[0].age));
        healthy &&= server.cluster!.healthy;
      }
      await Promise.all(busy);
      expect(ages.length).toBeGreaterThan(5);
      // Beats every second: never older than the lease, so no other node would take over.
      expect(Math.max(...ages)).toBeLessThan(leaseMs);
      expect(healthy).toBe(true);
    } finally {
      await outside.end();
      await server.close();
    }
  }, 60_000);
});
