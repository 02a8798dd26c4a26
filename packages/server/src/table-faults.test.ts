// Tests that a table neither stops, spins nor forgets a clock when its database fails under it.
import { afterEach, describe, expect, it } from 'vitest';
import { CLOCK, type AnyGame } from '@boss-table/core';
import { bidVeto } from '@boss-table/core/testing/bid-veto';
import { theBoss } from '@boss-table/the-boss';
import type { BotJob } from './bot-job.js';
import type { BotPool } from './bot-pool.js';
import type { Logger } from './log.js';
import type { Metrics } from './metrics.js';
import type { StoredMove, Storage, StoredTable } from './storage.js';
import { LiveTable } from './table.js';
import { until } from './testing/test-kit.js';

const tables: LiveTable[] = [];
afterEach(async () => {
  for (const t of tables.splice(0)) await t.close();
});

/** What PostgreSQL's driver throws when the server is away. */
const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** A storage that is out of reach while `down` is true: every write and the probe fail. */
function flakyStorage() {
  const s = {
    down: false,
    stored: [] as StoredMove[],
    tries: 0,
    rows: [] as StoredTable[],
    storage: undefined as unknown as Storage,
  };
  s.storage = {
    appendMove: async (_id: string, m: StoredMove, after?: StoredTable) => {
      s.tries++;
      if (s.down) throw refused();
      s.stored.push(m);
      if (after) s.rows.push(structuredClone(after));
    },
    updateTable: async (t: StoredTable) => {
      if (s.down) throw refused();
      s.rows.push(structuredClone(t));
    },
    ping: async () => {
      if (s.down) throw refused();
    },
  } as unknown as Storage;
  return s;
}

function recordingLog() {
  const lines: { level: string; msg: string }[] = [];
  const log: Logger = {
    info: (msg) => lines.push({ level: 'info', msg }),
    warn: (msg) => lines.push({ level: 'warn', msg }),
    error: (msg) => lines.push({ level: 'error', msg }),
  };
  return { lines, log };
}

const metrics = { observeMove() {}, observeBot() {} } as unknown as Metrics;

function liveTable(
  game: AnyGame,
  stored: Partial<StoredTable> & Pick<StoredTable, 'seats' | 'options'>,
  storage: Storage,
  log: Logger,
  bots: BotPool,
) {
  const row: StoredTable = {
    id: 't1',
    game: game.id,
    seed: 'fault-seed',
    status: 'running',
    timer: null,
    graceSeconds: 600,
    createdAt: 0,
    visibility: 'private',
    ...stored,
  };
  const live = new LiveTable(row, game, { storage, bots, log, metrics, botBudgetMs: 5 });
  tables.push(live);
  return live;
}

/** Bots that never answer (only people and clocks move). */
const silentBots = { think: () => new Promise<never>(() => {}) } as unknown as BotPool;
/** Bots that answer within 20 ms: a pass while bidding, else letting the bid pass. */
const quickBots = {
  think: async (job: BotJob) => {
    await new Promise((r) => setTimeout(r, 20));
    return (job.view as { phase?: string }).phase === 'veto'
      ? { type: 'let-pass' }
      : { type: 'pass' };
  },
} as unknown as BotPool;

const person = { kind: 'human', tokenHash: 'h', name: 'P' } as const;
const bot = { kind: 'bot', bot: 'random' } as const;
const options = (players: number) => ({
  players,
  rounds: 2,
  bidMs: 150,
  vetoMs: 150,
  vetoMinMs: 50,
});

describe('a table whose database goes away for a moment', () => {
  it("stores a clock's expiry once the database is back (it was never tried again)", async () => {
    const s = flakyStorage();
    const { log } = recordingLog();
    const live = liveTable(
      bidVeto,
      { seats: [person, person], options: options(2) },
      s.storage,
      log,
      silentBots,
    );
    s.down = true;
    live.start();
    // The bidding clock (150 ms) falls due while the database is away (whether it was tried
    // then, or waited for the database, depends on what failed first: the start's save).
    await new Promise((r) => setTimeout(r, 600));
    expect(s.stored).toEqual([]);
    s.down = false;
    await until(
      () => s.stored.some((m) => m.seat === CLOCK),
      8000,
      "the clock's expiry stored after the outage",
    );
    expect(s.stored[0]).toMatchObject({ seq: 1, seat: CLOCK, move: { type: 'close-bids' } });
  });

  it('a bots-only table waits out an outage without spinning, logs it once, and plays on', async () => {
    const s = flakyStorage();
    const { lines, log } = recordingLog();
    const live = liveTable(
      bidVeto,
      { seats: [bot, bot, bot], options: { ...options(3), rounds: 20 } },
      s.storage,
      log,
      quickBots,
    );
    // Out of reach from the first bots' moves on (the table's start saved before).
    live.start();
    await until(() => s.rows.length > 0, 5000, 'the start saved');
    s.down = true;
    await new Promise((r) => setTimeout(r, 1500));
    const triesInOutage = s.tries;
    const errors = lines.filter((l) => l.level === 'error' || l.level === 'warn');
    s.down = false;
    // Old code: an attempt every few milliseconds (hundreds), an error line each.
    expect(triesInOutage).toBeGreaterThan(0);
    expect(triesInOutage).toBeLessThanOrEqual(12);
    expect(errors.map((l) => l.msg)).toEqual([
      'database out of reach; bots and clocks wait for it',
    ]);
    await until(() => bidVeto.isOver(live.state as never), 10_000, 'the game played to its end');
    expect(lines.filter((l) => l.msg === 'database reachable again')).toHaveLength(1);
    expect(s.stored.map((m) => m.seq)).toEqual(s.stored.map((_, i) => i + 1));
  });
});

describe("the table's turn timer after a crash", () => {
  it('is saved when the table starts, so a kill before the first move keeps its deadline', async () => {
    const s = flakyStorage();
    const { log } = recordingLog();
    const seats = [person, person, person];
    const timer = { mode: 'realtime', turnSeconds: 60 } as const;
    const first = liveTable(
      theBoss as AnyGame,
      { seats, options: { players: 3 }, timer },
      s.storage,
      log,
      silentBots,
    );
    first.start();
    await until(() => s.rows.length > 0, 5000, 'the table row saved at its start');
    const deadline = first.clockFields().timer?.deadline;
    expect(deadline).toBeDefined();
    // Killed here, 300 ms into the turn; the process comes back from the saved row.
    await new Promise((r) => setTimeout(r, 300));
    const saved = s.rows.at(-1)!;
    expect(saved.clocks).toBeDefined();
    const again = liveTable(theBoss as AnyGame, saved, s.storage, log, silentBots);
    again.replayStored([]);
    again.resume();
    const resumed = again.clockFields().timer?.deadline;
    // A fresh full turn would end 300 ms later than the first.
    expect(Math.abs(resumed! - deadline!)).toBeLessThan(150);
  });
});

describe('a clean stop while a move is being stored', () => {
  it('stores the move first, then saves the clocks of the window that move opened', async () => {
    // A storage that answers later, in the order it was asked, as the storage thread does.
    const rows: StoredTable[] = [];
    const asked: (() => void)[] = [];
    let open = false;
    const later = (apply: () => void) =>
      new Promise<void>((resolve) => {
        const run = () => {
          apply();
          resolve();
        };
        if (open) run();
        else asked.push(run);
      });
    const storage = {
      appendMove: (_id: string, _m: StoredMove, after?: StoredTable) =>
        later(() => after && rows.push(structuredClone(after))),
      updateTable: (t: StoredTable) => later(() => rows.push(structuredClone(t))),
      ping: async () => {},
    } as unknown as Storage;
    const { log } = recordingLog();
    const live = liveTable(
      bidVeto,
      {
        seats: [person, person],
        options: { ...options(2), rounds: 2, bidMs: 60_000, vetoMs: 60_000, vetoMinMs: 50 },
      },
      storage,
      log,
      silentBots,
    );
    live.start();
    open = true;
    await live.play(0, live.position(0), { type: 'bid', amount: 1, round: 1 });
    open = false;
    // Seat 1's answer closes the bidding: the veto window opens. The stop comes while that
    // move is being stored.
    const last = live.play(1, live.position(1), { type: 'pass', round: 1 });
    await until(() => asked.length === 1);
    const stopped = live.close(true);
    await new Promise((r) => setTimeout(r, 20));
    open = true;
    for (const run of asked.splice(0)) run();
    await last;
    await stopped;
    for (const run of asked.splice(0)) run();
    // The last row written is the stop's: the veto window's clock, paused (a clean stop does
    // not count the time the server is down). Saved before the move was stored, the stop
    // wrote no clocks at all, and after a restart the veto clock would have run on.
    expect(rows.at(-1)!.status).toBe('running');
    expect(rows.at(-1)!.clocks).toMatchObject({ paused: true, clocks: [{ id: 'veto:1' }] });
  });
});
