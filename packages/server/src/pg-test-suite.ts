/** A Vitest suite over a throwaway PostgreSQL (`pg-test-cluster.ts`). */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { findPgBin, postgresMissing, startPgCluster, type PgCluster } from './pg-test-cluster.js';

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
