/**
 * The live table decides who acts next through core's driver: the bots it asks are the
 * driver's requests (seeds, views, budgets), and a move counts only once stored (prepared,
 * stored, then taken by the driver).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Driver, type BotRequest, type Due } from '@boss-table/core';
import { bidVeto } from '@boss-table/core/testing/bid-veto';
import type { BotJob } from './bot-job.js';
import type { BotPool } from './bot-pool.js';
import { silentLogger } from './log.js';
import type { Metrics } from './metrics.js';
import type { Storage, StoredTable } from './storage.js';
import { LiveTable } from './table.js';

const tables: LiveTable[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const t of tables.splice(0)) await t.close();
});

function table(
  seats: StoredTable['seats'],
  appendMove: Storage['appendMove'],
  more: Partial<StoredTable> = {},
) {
  const jobs: { job: BotJob; ticket: unknown }[] = [];
  const bots = {
    // Bots never answer here: only what they were asked matters.
    think: (job: BotJob, ticket: unknown) => {
      jobs.push({ job, ticket });
      return new Promise<never>(() => {});
    },
  } as unknown as BotPool;
  const storage = { appendMove, updateTable: async () => {} } as unknown as Storage;
  const metrics = { observeMove() {}, observeBot() {} } as unknown as Metrics;
  const stored: StoredTable = {
    id: 't1',
    game: bidVeto.id,
    options: { players: seats.length, rounds: 1, bidMs: 60_000, vetoMs: 60_000, vetoMinMs: 1000 },
    seed: 'table-seed',
    status: 'running',
    seats,
    timer: null,
    graceSeconds: 600,
    createdAt: 0,
    visibility: 'private',
    ...more,
  };
  const live = new LiveTable(stored, bidVeto, {
    storage,
    bots,
    log: silentLogger,
    metrics,
    botBudgetMs: 7,
  });
  tables.push(live);
  return { live, jobs };
}

const botSeat = { kind: 'bot', bot: 'random' } as const;

describe('the live table and the driver', () => {
  it("asks exactly the bots the driver names, with the driver's seeds, views and budgets", () => {
    const next = vi.spyOn(Driver.prototype, 'next');
    const { live, jobs } = table([botSeat, botSeat, botSeat], async () => {});
    live.start();
    expect(next).toHaveBeenCalled();
    const asked = next.mock.results.flatMap((r) => (r.value as Due).ask);
    expect(asked.map((r) => r.seat).sort()).toEqual([0, 1, 2]);
    // In the order the driver drew, each job is its request, for the table's turn in the pool.
    expect(jobs.map((j) => j.job)).toEqual(
      asked.map((r: BotRequest) => ({
        gameId: bidVeto.id,
        spec: 'random',
        view: r.view,
        seed: r.seed,
        budgetMs: 7,
      })),
    );
    for (const r of asked) expect(r.seed).toBe(live.driver!.seedFor(r.seat));
    for (const j of jobs) expect(j.ticket).toEqual({ table: 't1', priority: 'bots' });
  });

  it('asks no bot the driver does not name', () => {
    vi.spyOn(Driver.prototype, 'next').mockReturnValue({ ask: [], clockAt: null, wakeAt: null });
    const { live, jobs } = table([botSeat, botSeat], async () => {});
    live.start();
    expect(jobs).toEqual([]);
  });

  it('has the driver take a move only once it is stored, and never if storing fails', async () => {
    let store: { resolve: () => void; reject: (e: Error) => void } | null = null;
    const { live } = table([{ kind: 'human' }, { kind: 'human' }], () => {
      return new Promise<void>((resolve, reject) => (store = { resolve, reject }));
    });
    live.start();
    const driver = live.driver!;
    const first = live.play(0, 0, { type: 'bid', amount: 1, round: 1 });
    await vi.waitFor(() => expect(store).not.toBeNull());
    // Being stored: the driver has not taken it.
    expect(driver.moves).toEqual([]);
    expect(live.seq).toBe(0);
    store!.resolve();
    expect(await first).toBe(1);
    expect(driver.moves).toEqual([{ seat: 0, type: 'bid', amount: 1, round: 1 }]);
    store = null;
    const second = live.play(1, 0, { type: 'pass', round: 1 });
    await vi.waitFor(() => expect(store).not.toBeNull());
    store!.reject(new Error('disk full'));
    await expect(second).rejects.toThrow('disk full');
    expect(driver.moves).toHaveLength(1);
    expect(live.seq).toBe(1);
    expect(live.state).toBe(driver.state);
  });

  it("shows clients a window's first, longest deadline after it shrank", async () => {
    const people = [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }] as const;
    const { live } = table([...people], async () => {}, {
      options: { players: 3, rounds: 1, bidMs: 60_000, vetoMs: 120_000, vetoMinMs: 30_000 },
    });
    live.start();
    await live.play(0, live.position(0), { type: 'bid', amount: 1, round: 1 });
    await live.play(1, live.position(1), { type: 'pass', round: 1 });
    await live.play(2, live.position(2), { type: 'pass', round: 1 });
    // Both asked let it pass: the rules shrink the window to 30 s, clients still see 120 s.
    await live.play(1, live.position(1), { type: 'let-pass', round: 1 });
    await live.play(2, live.position(2), { type: 'let-pass', round: 1 });
    const clocks = (live.views.snapshot(null) as { clocks?: { id: string; leftMs: number }[] })
      .clocks;
    expect(clocks?.map((c) => c.id)).toEqual(['veto:1']);
    expect(clocks![0].leftMs).toBeGreaterThan(100_000);
    expect(live.driver!.clockDeadlines()[0].at! - Date.now()).toBeLessThanOrEqual(30_000);
  });

  describe("resumes the rules' clocks after a restart", () => {
    const resumed = (clocks: unknown) => {
      const { live } = table([{ kind: 'human' }, { kind: 'human' }], async () => {}, { clocks });
      live.resume();
      const shown = (live.views.snapshot(null) as { clocks?: { id: string; leftMs: number }[] })
        .clocks;
      expect(shown?.map((c) => c.id)).toEqual(['bid:1']);
      return {
        shown: shown![0].leftMs,
        runsOutIn: live.driver!.clockDeadlines()[0].at! - Date.now(),
      };
    };

    it('after a clean stop, with the time it had left', () => {
      const saved = Date.now() - 3_600_000;
      const { shown, runsOutIn } = resumed({
        clocks: [{ id: 'bid:1', usedMs: 10_000, since: null, shownMs: 60_000 }],
        savedAt: saved,
        paused: true,
      });
      expect(shown).toBeGreaterThan(49_000);
      expect(shown).toBeLessThanOrEqual(50_000);
      expect(runsOutIn).toBeGreaterThan(49_000);
      expect(runsOutIn).toBeLessThanOrEqual(50_000);
    });

    it('after a kill, by its deadline, counting the time down', () => {
      const now = Date.now();
      const { runsOutIn } = resumed({
        clocks: [{ id: 'bid:1', usedMs: 5_000, since: now - 20_000, shownMs: 60_000 }],
        savedAt: now - 10_000,
      });
      expect(runsOutIn).toBeGreaterThan(34_000);
      expect(runsOutIn).toBeLessThanOrEqual(35_000);
    });

    it('after a kill past its deadline, with at least 5 s', () => {
      const now = Date.now();
      const { runsOutIn } = resumed({
        clocks: [{ id: 'bid:1', usedMs: 0, since: now - 3_600_000, shownMs: 60_000 }],
        savedAt: now - 3_000_000,
      });
      expect(runsOutIn).toBeGreaterThan(4_000);
      expect(runsOutIn).toBeLessThanOrEqual(5_000);
    });
  });
});
