/**
 * The accounts store's contract (accounts, sessions, seats, ratings, results, chat), one set
 * of cases run against each engine: SQLite in a temp folder, PostgreSQL in a throwaway cluster.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AccountStore, type ChatRow, type RatingRow } from './account-store.js';
import { describePostgres } from './testing/pg-test-suite.js';
import { PgSql, SqliteSql } from './sql.js';
import { PostgresStorage } from './storage-pg.js';
import { SqliteStorage } from './storage.js';
import { tempDataDir } from './testing/test-kit.js';

interface Opened {
  store: AccountStore;
  close(): Promise<void>;
}

const account = (id: string, name: string) => ({
  id,
  name,
  passwordHash: `hash-${id}`,
  createdAt: 1_700_000_000_000,
});

const result = (tableId: string, seat: number, subject: string, place: number) => ({
  tableId,
  seat,
  game: 'the-boss',
  subject,
  name: subject,
  place,
  players: 2,
  rated: true,
  finishedAt: 1_700_000_000_000 + seat,
  visibility: tableId.startsWith('p') ? 'private' : 'public',
});

/** Moves each rating up by one per game; shows `games` as the number. */
const plusOne = {
  fresh: { mu: 25, sigma: 8 },
  rate: (before: readonly RatingRow[]) => ({
    rows: before.map((b) => ({ ...b, mu: b.mu + 1, games: b.games + 1 })),
    shown: before.map((b) => ({ before: b.games, after: b.games + 1 })),
  }),
};

function contract(open: () => Promise<Opened>) {
  const opened: Opened[] = [];
  const fresh = async () => {
    const o = await open();
    opened.push(o);
    return o.store;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((o) => o.close()));
  });

  it('creates accounts with names unique whatever their case, found by name or id', async () => {
    const s = await fresh();
    expect(await s.createAccount(account('a1', 'Alice'))).toBe(true);
    expect(await s.createAccount(account('a2', 'alice'))).toBe(false);
    expect((await s.accountByName('ALICE'))?.id).toBe('a1');
    expect((await s.accountById('a1'))?.name).toBe('Alice');
    expect(await s.accountByName('bob')).toBeUndefined();
  });

  it('keeps sessions until they expire or are revoked; a new password revokes them all', async () => {
    const s = await fresh();
    await s.createAccount(account('a1', 'Alice'));
    await s.createSession('h1', { accountId: 'a1', csrf: 'c1', expiresAt: 2000 }, 1000);
    await s.createSession('h2', { accountId: 'a1', csrf: 'c2', expiresAt: 5000 }, 1000);
    expect((await s.session('h1', 1500))?.csrf).toBe('c1');
    expect(await s.session('h1', 2000)).toBeUndefined();
    expect(await s.deleteExpiredSessions(3000)).toBe(1);
    await s.deleteSession('h2');
    expect(await s.session('h2', 1500)).toBeUndefined();
    await s.createSession('h3', { accountId: 'a1', csrf: 'c3', expiresAt: 5000 }, 1000);
    await s.setPassword('a1', 'new-hash');
    expect(await s.session('h3', 1500)).toBeUndefined();
    expect((await s.accountById('a1'))?.passwordHash).toBe('new-hash');
  });

  it('ties seats to accounts, the latest holder winning', async () => {
    const s = await fresh();
    await s.createAccount(account('a1', 'Alice'));
    await s.createAccount(account('a2', 'Bob'));
    await s.bindSeat('t1', 0, 'a1', 'the-boss');
    await s.bindSeat('t1', 1, 'a2', 'the-boss');
    await s.bindSeat('t2', 0, 'a1', 'big-boss');
    await s.bindSeat('t1', 1, 'a1', 'the-boss');
    expect([...(await s.seatAccounts('t1'))]).toEqual([
      [0, 'a1'],
      [1, 'a1'],
    ]);
    expect((await s.seatsOf('a1', 10)).map((x) => x.tableId).sort()).toEqual(['t1', 't1', 't2']);
    expect(await s.seatsOf('a2', 10)).toEqual([]);
  });

  it("records a game's places and ratings once, however often it is asked", async () => {
    const s = await fresh();
    const rows = [result('t1', 0, 'account:a1', 1), result('t1', 1, 'bot:heuristic', 2)];
    expect(await s.recordGame(rows, plusOne)).toBe(true);
    expect(await s.recordGame(rows, plusOne)).toBe(false);
    expect(await s.ratingsOf('account:a1')).toEqual([
      { subject: 'account:a1', game: 'the-boss', mu: 26, sigma: 8, games: 1, wins: 0 },
    ]);
    const [r0, r1] = await s.resultsOfTables(['t1']).then((r) => r.sort((a, b) => a.seat - b.seat));
    expect([r0.place, r0.ratingBefore, r0.ratingAfter, r0.rated]).toEqual([1, 0, 1, true]);
    expect(r1.subject).toBe('bot:heuristic');
    // A casual game: places only.
    expect(
      await s.recordGame([result('t2', 0, 'guest', 1), result('t2', 1, 'bot:random', 2)]),
    ).toBe(true);
    expect((await s.results({ subject: 'guest' }, 10))[0].ratingAfter).toBeNull();
    expect((await s.results({ game: 'the-boss' }, 10)).map((r) => r.tableId)).toContain('t2');
    expect(await s.ratingsOf('bot:random')).toEqual([]);
  });

  it('lists private games only to those who played them, with the visibility kept', async () => {
    const s = await fresh();
    await s.recordGame([result('p1', 0, 'account:a1', 1), result('p1', 1, 'guest', 2)]);
    await s.recordGame([result('t3', 0, 'account:a2', 1), result('t3', 1, 'guest', 2)]);
    const tables = (rows: { tableId: string }[]) => [...new Set(rows.map((r) => r.tableId))];
    expect(tables(await s.results({ visibleTo: null }, 10))).toEqual(['t3']);
    expect(tables(await s.results({ subject: 'account:a1', visibleTo: null }, 10))).toEqual([]);
    expect(tables(await s.results({ visibleTo: 'account:a1' }, 10)).sort()).toEqual(['p1', 't3']);
    expect(tables(await s.results({ visibleTo: 'account:a2' }, 10))).toEqual(['t3']);
    expect((await s.resultsOfTables(['p1']))[0].visibility).toBe('private');
  });

  it("caps a table's chat lines and deletes lines past their retention", async () => {
    const s = await fresh();
    const row = (id: string, at: number) => ({
      id,
      tableId: 'c1',
      channel: 'players' as const,
      seat: 0,
      accountId: null,
      name: 'Ann',
      text: id,
      at,
    });
    expect(await s.addChat(row('a', 1000), 2)).toBe(true);
    expect(await s.addChat(row('b', 2000), 2)).toBe(true);
    expect(await s.addChat(row('c', 3000), 2)).toBe(false);
    expect(await s.deleteChatBefore(1500)).toBe(1);
    expect((await s.chat('c1', ['players'], 10)).map((m) => m.id)).toEqual(['b']);
  });

  it('knows the browsers an account signed in from, until a year after the last time', async () => {
    const s = await fresh();
    await s.createAccount(account('a1', 'Alice'));
    await s.createAccount(account('a2', 'Bob'));
    await s.addDevice('d1', 'a1', 1000);
    expect(await s.knownDevice('d1', 'a1')).toBe(true);
    expect(await s.knownDevice('d1', 'a2')).toBe(false);
    await s.addDevice('d1', 'a1', 5000);
    expect(await s.deleteDevicesBefore(2000)).toBe(0);
    expect(await s.deleteDevicesBefore(6000)).toBe(1);
    expect(await s.knownDevice('d1', 'a1')).toBe(false);
  });

  it('gives an account one seat a rated table, and a free seat only to the first account', async () => {
    const s = await fresh();
    await s.createAccount(account('a1', 'Alice'));
    await s.createAccount(account('a2', 'Bob'));
    const claims = await Promise.all([1, 2, 3].map(() => s.claimRatedSeat('r1', 'a1')));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await s.claimRatedSeat('r1', 'a2')).toBe(true);
    await s.releaseRatedSeat('r1', 'a1');
    expect(await s.claimRatedSeat('r1', 'a1')).toBe(true);
    expect(await s.bindFreeSeat('t9', 0, 'a1', 'the-boss')).toBe(true);
    expect(await s.bindFreeSeat('t9', 0, 'a2', 'the-boss')).toBe(false);
    expect((await s.seatAccounts('t9')).get(0)).toBe('a1');
  });

  it('lists a game’s leaderboard by the conservative rating, best first', async () => {
    const s = await fresh();
    const set = (subject: string, mu: number, sigma: number) => ({
      fresh: { mu, sigma },
      rate: (b: readonly RatingRow[]) => ({
        rows: b.map((x) => ({ ...x, games: x.games + 1 })),
        shown: b.map(() => ({ before: 0, after: 0 })),
      }),
      subject,
    });
    for (const [i, [subject, mu, sigma]] of (
      [
        ['account:a', 30, 5],
        ['account:b', 35, 2],
        ['bot:x', 20, 1],
      ] as const
    ).entries())
      await s.recordGame([result(`t${i}`, 0, subject, 1)], set(subject, mu, sigma));
    expect((await s.leaderboard('the-boss', 10)).map((r) => r.subject)).toEqual([
      'account:b',
      'bot:x',
      'account:a',
    ]);
  });

  it('keeps chat by table and channel, oldest first, the last ones only', async () => {
    const s = await fresh();
    const line = (id: string, channel: ChatRow['channel'], at: number): ChatRow => ({
      id,
      tableId: 't1',
      channel,
      seat: channel === 'players' ? 0 : null,
      accountId: null,
      name: 'Ann',
      text: `line ${id}`,
      at,
    });
    await s.addChat(line('a', 'players', 1), 1000);
    await s.addChat(line('b', 'spectators', 2), 1000);
    await s.addChat(line('c', 'players', 3), 1000);
    expect((await s.chat('t1', ['players'], 10)).map((m) => m.id)).toEqual(['a', 'c']);
    expect((await s.chat('t1', ['players', 'spectators'], 2)).map((m) => m.id)).toEqual(['b', 'c']);
    expect((await s.chat('t1', ['spectators'], 10))[0]).toEqual(line('b', 'spectators', 2));
    expect(await s.chat('t2', ['players'], 10)).toEqual([]);
  });
}

describe('Accounts store: SQLite', () => {
  contract(async () => {
    const dir = tempDataDir();
    const storage = new SqliteStorage(dir);
    const store = new AccountStore(new SqliteSql(dir));
    return {
      store,
      close: async () => {
        await store.sql.close();
        await storage.close();
      },
    };
  });
});

describePostgres('Accounts store: PostgreSQL', (suite) => {
  contract(async () => {
    const url = await suite.cluster.createDatabase();
    const storage = await PostgresStorage.open(url);
    const store = new AccountStore(new PgSql(url));
    return {
      store,
      close: async () => {
        await store.sql.close();
        await storage.close();
      },
    };
  });
});
