// Tests the bot pool's scheduling: tables with people first, tables served in turn, budgets cut under load.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BotJob } from './bot-job.js';

// The pool thinks in-thread here (run from TypeScript sources). What each job would think is
// replaced by a record of what it was given: its seed names it, and its budget is what the
// pool let it think with. `clock` is the pool's clock; a job may advance it (a slow job).
const ran: { seed: string; budgetMs: number }[] = [];
let clock = 0;
const slowBy = new Map<string, number>();
vi.mock('./bot-job.js', () => ({
  chooseBotMove: (job: BotJob) => {
    ran.push({ seed: job.seed, budgetMs: job.budgetMs });
    clock += slowBy.get(job.seed) ?? 0;
    return { seed: job.seed };
  },
}));

const { BotPool, budgetFor } = await import('./bot-pool.js');
type Pool = InstanceType<typeof BotPool>;

const job = (seed: string, budgetMs = 1000): BotJob => ({
  gameId: 'the-boss',
  spec: 'ismcts:hard',
  view: null,
  seed,
  budgetMs,
});

/** Asks the pool for each job in this order, without waiting; resolves with the order done. */
async function ask(
  pool: Pool,
  jobs: { seed: string; table: string; priority: 'people' | 'bots'; budgetMs?: number }[],
): Promise<string[]> {
  const done: string[] = [];
  await Promise.all(
    jobs.map((j) =>
      pool
        .think(job(j.seed, j.budgetMs), { table: j.table, priority: j.priority })
        .then(() => done.push(j.seed)),
    ),
  );
  return done;
}

const pools: Pool[] = [];
const pool = (workers: number) => {
  const p = new BotPool(workers, { now: () => clock });
  pools.push(p);
  return p;
};

afterEach(async () => {
  ran.length = 0;
  clock = 0;
  slowBy.clear();
  for (const p of pools.splice(0)) await p.close();
});

const bulk = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    seed: `bots-${i}`,
    table: `bots-table-${i}`,
    priority: 'bots' as const,
  }));

describe('the bot pool schedules fairly between tables', () => {
  it('serves a table with people before a crowd of bots-only tables queued earlier', async () => {
    const done = await ask(pool(1), [
      ...bulk(20),
      { seed: 'person', table: 'people-table', priority: 'people' },
    ]);
    expect(done).toHaveLength(21);
    // One bots-only job was already thinking when the person's table asked; then it.
    expect(done.indexOf('person')).toBe(1);
    expect(ran.map((r) => r.seed).indexOf('person')).toBe(1);
  });

  it('takes tables in turn (least recently served first), not job by job', async () => {
    const done = await ask(pool(1), [
      { seed: 'x1', table: 'x', priority: 'bots' },
      { seed: 'x2', table: 'x', priority: 'bots' },
      { seed: 'x3', table: 'x', priority: 'bots' },
      { seed: 'y1', table: 'y', priority: 'bots' },
      { seed: 'z1', table: 'z', priority: 'bots' },
    ]);
    expect(done).toEqual(['x1', 'y1', 'z1', 'x2', 'x3']);
  });

  it('takes tables with people in turn too, all before bots-only tables', async () => {
    const done = await ask(pool(1), [
      { seed: 'b1', table: 'b', priority: 'bots' },
      { seed: 'b2', table: 'b', priority: 'bots' },
      { seed: 'p1', table: 'p', priority: 'people' },
      { seed: 'p2', table: 'p', priority: 'people' },
      { seed: 'q1', table: 'q', priority: 'people' },
    ]);
    expect(done).toEqual(['b1', 'p1', 'q1', 'p2', 'b2']);
  });

  it('keeps serving a table that asks again in its turn among the others', async () => {
    // Bots-only tables that ask again as soon as they have their move, as tables do.
    const p = pool(1);
    const done: string[] = [];
    const tables = ['a', 'b', 'c'];
    await Promise.all(
      tables.map(async (t) => {
        for (let k = 0; k < 3; k++) {
          await p.think(job(`${t}${k}`), { table: t, priority: 'bots' });
          done.push(`${t}${k}`);
        }
      }),
    );
    expect(done).toEqual(['a0', 'b0', 'c0', 'a1', 'b1', 'c1', 'a2', 'b2', 'c2']);
  });

  it('forgets long-past service times, and still takes tables in turn', async () => {
    const p = pool(1);
    // 600 tables that ask once and are gone (games over)…
    await ask(p, bulk(600));
    const remembered = () => (p as unknown as { served: Map<string, number> }).served.size;
    // …then three that keep asking.
    const done: string[] = [];
    await Promise.all(
      ['a', 'b', 'c'].map(async (t) => {
        for (let k = 0; k < 3; k++) {
          await p.think(job(`${t}${k}`), { table: t, priority: 'bots' });
          done.push(`${t}${k}`);
        }
      }),
    );
    expect(done).toEqual(['a0', 'b0', 'c0', 'a1', 'b1', 'c1', 'a2', 'b2', 'c2']);
    expect(remembered()).toBeLessThan(300);
  });
});

describe('budgets under load', () => {
  it('cuts a bots-only job to its share of the workers, never below the floor', async () => {
    await ask(pool(2), bulk(12));
    const budgets = ran.map((r) => r.budgetMs);
    // The first two found the workers free: their whole budget.
    expect(budgets.slice(0, 2)).toEqual([1000, 1000]);
    // The third, once the first was done, shared 2 workers with the second (still
    // thinking) and the 9 queued behind it: 11 in all.
    expect(budgets[2]).toBe(Math.round((1000 * 2) / 11));
    // Budgets grow back as the queue empties; the last found only the one still thinking.
    expect(Math.max(...budgets.slice(2, 11))).toBeLessThan(1000);
    expect(budgets[11]).toBe(1000);
    await ask(pool(1), bulk(200));
    expect(Math.min(...ran.map((r) => r.budgetMs))).toBe(20);
  });

  it('cuts bots-only tables first: a table with people keeps its budget', async () => {
    await ask(pool(1), [...bulk(30), { seed: 'person', table: 'p', priority: 'people' }]);
    expect(ran.find((r) => r.seed === 'person')?.budgetMs).toBe(1000);
    expect(ran.find((r) => r.seed === 'bots-1')?.budgetMs).toBeLessThan(100);
  });

  it("counts a person's table's wait in the queue against its budget", async () => {
    slowBy.set('bots-0', 400); // thinks for 400 ms of the pool's clock
    await ask(pool(1), [...bulk(1), { seed: 'person', table: 'p', priority: 'people' }]);
    expect(ran.find((r) => r.seed === 'person')?.budgetMs).toBe(600);
  });

  it('leaves tables with people still playing their share, queued or not', async () => {
    const p = pool(1);
    await p.think(job('person'), { table: 'p', priority: 'people' });
    clock = 30_000; // the person thinks; the table still counts as playing
    await p.think(job('alone-1'), { table: 'b', priority: 'bots' });
    clock = 30_000 + 60_000; // a minute later nobody has asked: the whole budget again
    await p.think(job('alone-2'), { table: 'b', priority: 'bots' });
    expect(ran.map((r) => [r.seed, r.budgetMs])).toEqual([
      ['person', 1000],
      ['alone-1', 500],
      ['alone-2', 1000],
    ]);
    expect(p.stats().peopleTablesPlaying).toBe(0);
  });

  it('never raises a budget to the floor', async () => {
    await ask(pool(1), [...bulk(50).map((j) => ({ ...j, budgetMs: 5 }))]);
    expect(ran.every((r) => r.budgetMs === 5)).toBe(true);
  });

  it('budgetFor: the share, the wait, the floor', () => {
    expect(budgetFor(1000, 'bots', 0, 1, 1)).toBe(1000);
    expect(budgetFor(1000, 'bots', 0, 4, 2)).toBe(500);
    expect(budgetFor(1000, 'bots', 5000, 4, 2)).toBe(500);
    expect(budgetFor(1000, 'bots', 0, 1000, 1)).toBe(20);
    expect(budgetFor(1000, 'people', 300, 1, 1)).toBe(700);
    expect(budgetFor(1000, 'people', 5000, 1, 1)).toBe(20);
    expect(budgetFor(10, 'people', 5000, 1, 1)).toBe(10);
  });
});

describe('the old order, for comparison (BOT_SCHEDULE=fifo)', () => {
  it('serves jobs as they came, with their whole budgets', async () => {
    const p = new BotPool(1, { schedule: 'fifo', now: () => clock });
    pools.push(p);
    const done = await ask(p, [...bulk(5), { seed: 'person', table: 'p', priority: 'people' }]);
    expect(done.at(-1)).toBe('person');
    expect(ran.every((r) => r.budgetMs === 1000)).toBe(true);
  });
});
