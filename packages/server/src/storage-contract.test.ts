/**
 * The `Storage` contract, one set of cases run against each engine: SQLite in a temp folder,
 * PostgreSQL in a throwaway cluster (`pg-test-cluster.ts`).
 */
import Database from 'better-sqlite3';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, migrationSql, type Engine } from './migrations.js';
import { describePostgres } from './testing/pg-test-suite.js';
import { PostgresStorage } from './storage-pg.js';
import { SqliteStorage, type Storage, type StoredTable } from './storage.js';
import { tempDataDir, until } from './testing/test-kit.js';
import { isOutage } from './health.js';

/** One store (a folder, a database) that can be opened several times, as by several starts. */
interface Store {
  open(): Promise<Storage>;
  /** The schema version the store records. */
  schemaVersion(): Promise<number>;
  /** A table's row as the engine holds it, for checks below the interface. */
  rawMoves(table: string): Promise<number>;
  /** Runs SQL on the store directly (statements separated by `;`), as an older server would. */
  rawExec(sql: string): Promise<void>;
  /** The SQL that records `version` as the schema's version, the engine's way. */
  versionSql(version: number): string;
  readonly engine: Engine;
}

/** A value as an SQL literal (for the old schema's rows written below the interface). */
const literal = (v: string | number | null): string =>
  v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`;

const table = (id: string, over: Partial<StoredTable> = {}): StoredTable => ({
  id,
  game: 'the-boss',
  options: { players: 3, rules: 'classic' },
  seed: `seed-${id}`,
  status: 'open',
  seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }, { kind: 'human', reserved: true }],
  timer: null,
  graceSeconds: 60,
  createdAt: 1_700_000_000_000,
  visibility: 'public',
  ...over,
});

/** A value JSON.stringify refuses: makes a write fail inside the engine's transaction. */
const unserializable = { big: 1n };

function contract(makeStore: () => Promise<Store>) {
  const opened: Storage[] = [];
  const open = async (store: Store) => {
    const s = await store.open();
    opened.push(s);
    return s;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
  });

  it('creates tables and reads them back, one by id and all in creation order', async () => {
    const s = await open(await makeStore());
    await s.createTable(table('b', { createdAt: 2_000 }));
    await s.createTable(table('a', { createdAt: 1_000 }));
    expect(await s.table('a')).toEqual(table('a', { createdAt: 1_000 }));
    expect(await s.table('missing')).toBeUndefined();
    expect((await s.tables('all')).map((t) => t.id)).toEqual(['a', 'b']);
    await expect(s.createTable(table('a'))).rejects.toThrow();
  });

  it('round-trips every field, JSON exactly, including a clock move at seat -1', async () => {
    const s = await open(await makeStore());
    const t = table('json', {
      options: { players: 5, rules: 'arena', nested: { list: [1, 2.5, null, 'é ♠ "quoted"'] } },
      seats: [
        { kind: 'human', name: 'Zoë 🎲', tokenHash: 'a'.repeat(64), previousTokenHash: 'b' },
        { kind: 'bot', bot: 'heuristic', name: 'Bot' },
      ],
      status: 'running',
      timer: { kind: 'per-move', seconds: 30, bank: 0.25 },
      graceSeconds: 0.1,
      createdAt: Date.now(),
      visibility: 'unlisted',
      clocks: { clocks: [{ id: 'bid:1', seat: 2, deadline: 1_700_000_123_456 }], bank: [1.5, 0] },
    });
    await s.createTable(t);
    const back = await s.table('json');
    expect(back).toEqual(t);
    expect(typeof back!.createdAt).toBe('number');
    expect(typeof back!.graceSeconds).toBe('number');

    const moves = [
      { seq: 1, seat: 0, move: { place: { city: 'Berlin', big: 1, small: 2 }, reveal: 'x' } },
      { seq: 2, seat: -1, move: { clock: 'bid:1', pass: [2] } },
      { seq: 3, seat: 1, move: 'a plain string' },
      { seq: 4, seat: 2, move: [1, { deep: [true, false, null] }] },
    ];
    for (const m of moves) await s.appendMove('json', m);
    expect(await s.moves('json')).toEqual(moves);
    expect(await s.moves('nothing-here')).toEqual([]);
  });

  it('keeps moves in seq order and refuses a second move at the same (table, seq)', async () => {
    const store = await makeStore();
    const s = await open(store);
    await s.createTable(table('t1'));
    await s.createTable(table('t2', { createdAt: 1_700_000_000_001 }));
    for (let seq = 1; seq <= 12; seq++) await s.appendMove('t1', { seq, seat: seq % 3, move: seq });
    await s.appendMove('t2', { seq: 1, seat: 0, move: 't2' });
    await expect(s.appendMove('t1', { seq: 5, seat: 0, move: 'again' })).rejects.toThrow();
    // The refused move's `after` is not written either.
    await expect(
      s.appendMove('t1', { seq: 12, seat: 0, move: 'x' }, { ...table('t1'), status: 'finished' }),
    ).rejects.toThrow();
    expect((await s.table('t1'))!.status).toBe('open');
    const got = await s.moves('t1');
    expect(got.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(got[4]).toEqual({ seq: 5, seat: 2, move: 5 });
    expect(await s.moves('t2')).toEqual([{ seq: 1, seat: 0, move: 't2' }]);
    expect(await store.rawMoves('t1')).toBe(12);
  });

  it('lets exactly one of two stores opened on the same data commit a move at a seq', async () => {
    const store = await makeStore();
    const a = await open(store);
    const b = await open(store);
    await a.createTable(table('race'));
    for (let seq = 1; seq <= 20; seq++) {
      const results = await Promise.allSettled([
        a.appendMove('race', { seq, seat: 0, move: `a${seq}` }),
        b.appendMove('race', { seq, seat: 1, move: `b${seq}` }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled').length, `seq ${seq}`).toBe(1);
    }
    const moves = await b.moves('race');
    expect(moves.map((m) => m.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('writes a move and its `after` in one transaction: a failing `after` leaves no move', async () => {
    const store = await makeStore();
    const s = await open(store);
    await s.createTable(table('tx', { status: 'running' }));
    await s.appendMove('tx', { seq: 1, seat: 0, move: 'one' });
    await s.appendMove(
      'tx',
      { seq: 2, seat: 1, move: 'two' },
      { ...table('tx'), status: 'running', clocks: { left: [1000, 2000] } },
    );
    expect((await s.table('tx'))!.clocks).toEqual({ left: [1000, 2000] });
    // The move is written first; then writing the table's row throws: all of it is undone.
    await expect(
      s.appendMove(
        'tx',
        { seq: 3, seat: 2, move: 'three' },
        { ...table('tx'), status: 'finished', clocks: unserializable },
      ),
    ).rejects.toThrow();
    expect((await s.moves('tx')).map((m) => m.seq)).toEqual([1, 2]);
    expect(await store.rawMoves('tx')).toBe(2);
    expect((await s.table('tx'))!.status).toBe('running');
    // And the seq is still free.
    await s.appendMove(
      'tx',
      { seq: 3, seat: 2, move: 'three' },
      { ...table('tx'), status: 'finished' },
    );
    expect((await s.table('tx'))!.status).toBe('finished');
    expect((await s.table('tx'))!.clocks).toBeUndefined();
  });

  it('updates a table: status, rematch and clocks, never its seats', async () => {
    const s = await open(await makeStore());
    await s.createTable(table('u'));
    const claimed = await s.claimSeat('u', 0, { tokenHash: 'h', name: 'A' });
    expect(claimed).toBe('claimed');
    // A row read before the claim, written back: the claim stays.
    await s.updateTable({ ...table('u'), status: 'running', clocks: { c: 1 } });
    const back = await s.table('u');
    expect(back).toMatchObject({ status: 'running', clocks: { c: 1 } });
    expect(back!.seats[0]).toEqual({ kind: 'human', tokenHash: 'h', name: 'A' });
    // Only those fields change.
    await s.updateTable({ ...table('u', { game: 'other', seed: 'other' }), status: 'finished' });
    expect(await s.table('u')).toMatchObject({ game: 'the-boss', seed: 'seed-u' });
  });

  it('makes a rematch atomically: the new table and the link, or neither; the first one wins', async () => {
    const s = await open(await makeStore());
    const old = table('old', { status: 'finished' });
    await s.createTable(old);
    expect(await s.createRematch(table('new', { createdAt: 1_800_000_000_000 }), old)).toBe('new');
    expect((await s.table('old'))!.rematch).toBe('new');
    expect((await s.table('new'))!.status).toBe('open');
    // A second rematch (another node, a moment later) gets the first and stores nothing.
    expect(await s.createRematch(table('late'), old)).toBe('new');
    expect(await s.table('late')).toBeUndefined();

    // The new table cannot be written: the link is not kept.
    const other = table('other', { status: 'finished' });
    await s.createTable(other);
    await expect(
      s.createRematch(table('next', { clocks: unserializable }), other),
    ).rejects.toThrow();
    expect(await s.table('next')).toBeUndefined();
    expect((await s.table('other'))!.rematch).toBeUndefined();
    // The new table's id is taken: the link is not written.
    await expect(s.createRematch(table('new'), other)).rejects.toThrow();
    expect((await s.table('other'))!.rematch).toBeUndefined();
  });

  it('claims a seat only if nobody holds it, and starts the table with its last free seat', async () => {
    const s = await open(await makeStore());
    const t = table('c');
    await s.createTable(t);
    expect(await s.claimSeat('c', 0, { tokenHash: 'a', name: 'A' })).toBe('claimed');
    // Another node claimed the same seat from the seats it had read: refused.
    expect(await s.claimSeat('c', 0, { tokenHash: 'b', name: 'B' })).toBe('taken');
    // A bot's seat and a seat the table does not have are nobody's to claim.
    expect(await s.claimSeat('c', 1, { tokenHash: 'b', name: 'B' })).toBe('taken');
    expect(await s.claimSeat('c', 3, { tokenHash: 'b', name: 'B' })).toBe('taken');
    expect(await s.claimSeat('missing', 0, { tokenHash: 'b', name: 'B' })).toBe('taken');
    expect(await s.table('c')).toMatchObject({ status: 'open' });
    expect((await s.table('c'))!.seats[0]).toEqual({ kind: 'human', tokenHash: 'a', name: 'A' });
    // The reserved seat, with its invite: the last one free, so the table starts.
    expect(await s.claimSeat('c', 2, { tokenHash: 'c', name: 'C' })).toBe('started');
    const back = await s.table('c');
    expect(back!.status).toBe('running');
    expect(back!.seats[2]).toEqual({ kind: 'human', reserved: true, tokenHash: 'c', name: 'C' });
  });

  it('lets exactly one of two claims of the same seat, from two stores at once, win', async () => {
    const store = await makeStore();
    const [a, b] = [await open(store), await open(store)];
    for (let i = 0; i < 10; i++) {
      await a.createTable(table(`same${i}`));
      const results = await Promise.all([
        a.claimSeat(`same${i}`, 0, { tokenHash: 'a', name: 'A' }),
        b.claimSeat(`same${i}`, 0, { tokenHash: 'b', name: 'B' }),
      ]);
      expect(
        results.filter((r) => r === 'taken'),
        `table ${i}`,
      ).toHaveLength(1);
      const holder = results[0] === 'taken' ? 'b' : 'a';
      expect((await b.table(`same${i}`))!.seats[0].tokenHash).toBe(holder);
    }
  });

  it('lets two claims of different seats of one table, from two stores at once, both win; the table starts once', async () => {
    const store = await makeStore();
    const [a, b] = [await open(store), await open(store)];
    for (let i = 0; i < 10; i++) {
      await a.createTable(table(`two${i}`));
      const results = await Promise.all([
        a.claimSeat(`two${i}`, 0, { tokenHash: 'a', name: 'A' }),
        b.claimSeat(`two${i}`, 2, { tokenHash: 'b', name: 'B' }),
      ]);
      // Whichever committed second took the last free seat and started the table.
      expect([...results].sort(), `table ${i}`).toEqual(['claimed', 'started']);
      const back = await a.table(`two${i}`);
      expect(back!.status).toBe('running');
      expect(back!.seats.map((x) => x.tokenHash)).toEqual(['a', undefined, 'b']);
    }
  });

  it('seats bots at the free seats of a table still open, once; renews a held seat token', async () => {
    const s = await open(await makeStore());
    await s.createTable(table('q', { seats: [{ kind: 'human' }, ...table('q').seats] }));
    expect(await s.claimSeat('q', 1, { tokenHash: 'a', name: 'A' })).toBe('claimed');
    expect(await s.seatBots('q', 'heuristic')).toBe(true);
    const back = await s.table('q');
    expect(back!.status).toBe('running');
    expect(back!.seats).toEqual([
      { kind: 'bot', bot: 'heuristic' },
      { kind: 'human', name: 'A', tokenHash: 'a' },
      { kind: 'bot', bot: 'random' },
      { kind: 'bot', bot: 'heuristic' },
    ]);
    // Not open any more: nothing written.
    expect(await s.seatBots('q', 'random')).toBe(false);
    expect((await s.table('q'))!.seats).toEqual(back!.seats);

    expect(await s.renewSeatToken('q', 1, 'a2')).toBe(true);
    expect((await s.table('q'))!.seats[1].tokenHash).toBe('a2');
    expect(await s.renewSeatToken('q', 0, 'nobody')).toBe(false);
    expect((await s.table('q'))!.seats[0]).toEqual({ kind: 'bot', bot: 'heuristic' });
  });

  it('migrates a version 5 store with tables: each seat of the seats list becomes its row', async () => {
    const store = await makeStore();
    const seats = [
      { kind: 'human', name: "O'Neil ♠", tokenHash: 'h0', inviteHash: 'i0' },
      { kind: 'bot', bot: 'ismcts:medium', name: 'Bot' },
      { kind: 'human', inviteHash: 'i2', reserved: true },
      { kind: 'human', inviteHash: 'i3', previousTokenHash: 'p3' },
      { kind: 'human', inviteHash: 'i4' },
    ];
    const row = (id: string, status: string, createdAt: number, list: unknown[]) =>
      `INSERT INTO game_tables (id, game, options, seed, status, seats, timer, grace_seconds, created_at, rematch, visibility, clocks)
       VALUES (${[id, 'the-boss', '{"players":5}', `seed-${id}`, status, JSON.stringify(list), 'null', 60, createdAt, null, 'public', null].map(literal).join(', ')})`;
    await store.rawExec(
      [
        ...MIGRATIONS.slice(0, 5).map((m) => migrationSql(m, store.engine)),
        row('old', 'open', 1_000, seats),
        row('done', 'finished', 2_000, [seats[1], { kind: 'human', name: 'Z', tokenHash: 'z' }]),
        `INSERT INTO moves (table_id, seq, seat, move, created_at) VALUES ('done', 1, 0, '"m"', 2001)`,
        store.versionSql(5),
      ].join(';\n'),
    );
    const s = await open(store);
    expect(await store.schemaVersion()).toBe(MIGRATIONS.length);
    expect((await s.table('old'))!.seats).toEqual(seats);
    expect((await s.tables('all')).map((t) => [t.id, t.status, t.seats.length])).toEqual([
      ['old', 'open', 5],
      ['done', 'finished', 2],
    ]);
    expect(await s.moves('done')).toEqual([{ seq: 1, seat: 0, move: 'm' }]);
    // The moved seats are claimed as any others.
    expect(await s.claimSeat('old', 0, { tokenHash: 'x', name: 'X' })).toBe('taken');
    expect(await s.claimSeat('old', 4, { tokenHash: 'x', name: 'X' })).toBe('claimed');
    expect(await s.claimSeat('old', 2, { tokenHash: 'y', name: 'Y' })).toBe('claimed');
    expect(await s.claimSeat('old', 3, { tokenHash: 'w', name: 'W' })).toBe('started');
  });

  it('reads the moves after a seq, with when each was committed', async () => {
    const s = await open(await makeStore());
    await s.createTable(table('f'));
    const before = Date.now();
    for (let seq = 1; seq <= 4; seq++)
      await s.appendMove('f', { seq, seat: seq % 2, move: { seq } });
    const since = await s.movesSince('f', 2);
    expect(since.map((m) => [m.seq, m.seat, m.move])).toEqual([
      [3, 1, { seq: 3 }],
      [4, 0, { seq: 4 }],
    ]);
    for (const m of since) expect(m.at).toBeGreaterThanOrEqual(before);
    expect(await s.movesSince('f', 4)).toEqual([]);
  });

  it('lists only open and running tables as unfinished', async () => {
    const s = await open(await makeStore());
    const statuses = ['open', 'running', 'finished', 'expired', 'running'] as const;
    for (const [i, status] of statuses.entries())
      await s.createTable(table(`s${i}`, { status, createdAt: 1_000 + i }));
    expect((await s.tables('unfinished')).map((t) => [t.id, t.status])).toEqual([
      ['s0', 'open'],
      ['s1', 'running'],
      ['s4', 'running'],
    ]);
    expect((await s.tables('all')).length).toBe(5);
  });

  it('migrates once: a second and a third start keep the data and the version', async () => {
    const store = await makeStore();
    const first = await open(store);
    await first.createTable(table('kept'));
    await first.appendMove('kept', { seq: 1, seat: 0, move: { m: 1 } });
    await first.close();
    expect(await store.schemaVersion()).toBe(MIGRATIONS.length);
    for (let start = 2; start <= 3; start++) {
      const again = await open(store);
      expect(await again.table('kept')).toEqual(table('kept'));
      expect(await again.moves('kept')).toEqual([{ seq: 1, seat: 0, move: { m: 1 } }]);
      await again.close();
      expect(await store.schemaVersion()).toBe(MIGRATIONS.length);
    }
  });
}

/** A SQLite store in a temp folder, opened by `open`. */
function sqliteStore(open: (dir: string) => Promise<Storage>): Store {
  const dir = tempDataDir();
  const raw = <T>(fn: (db: Database.Database) => T): T => {
    const db = new Database(join(dir, 'boss-table.sqlite'), { readonly: true });
    try {
      return fn(db);
    } finally {
      db.close();
    }
  };
  return {
    engine: 'sqlite',
    rawExec: async (sql) => {
      const db = new Database(join(dir, 'boss-table.sqlite'));
      try {
        db.exec(sql);
      } finally {
        db.close();
      }
    },
    versionSql: (v) => `PRAGMA user_version = ${v}`,
    open: () => open(dir),
    schemaVersion: async () => raw((db) => db.pragma('user_version', { simple: true }) as number),
    rawMoves: async (id) =>
      raw(
        (db) =>
          (
            db.prepare('SELECT count(*) AS n FROM moves WHERE table_id = ?').get(id) as {
              n: number;
            }
          ).n,
      ),
  };
}

describe('Storage contract: SQLite', () => {
  contract(async () => sqliteStore(async (dir) => new SqliteStorage(dir)));
});

const builtThread = fileURLToPath(new URL('../dist/storage-thread-worker.js', import.meta.url));

describe.skipIf(!existsSync(builtThread))(
  'Storage contract: SQLite on its own thread (built)',
  async () => {
    const { ThreadedSqliteStorage } = (await import(
      new URL('../dist/storage-thread.js', import.meta.url).href
    )) as typeof import('./storage-thread.js');
    contract(async () =>
      sqliteStore(async (dir) => {
        const s = await ThreadedSqliteStorage.open(dir);
        // Really on a thread: the built worker is there, so no fallback to the main thread.
        expect(s).toBeInstanceOf(ThreadedSqliteStorage);
        return s;
      }),
    );

    it("passes SQLite's error code back, as the main thread's storage throws it", async () => {
      const codeOf = async (s: Storage) => {
        await s.createTable(table('dup', { status: 'running' }));
        await s.appendMove('dup', { seq: 1, seat: 0, move: 1 });
        const e = await s.appendMove('dup', { seq: 1, seat: 0, move: 2 }).catch((x: unknown) => x);
        await s.close();
        return [(e as Error).message, (e as { code?: unknown }).code];
      };
      const here = await codeOf(new SqliteStorage(tempDataDir()));
      const there = await codeOf(await ThreadedSqliteStorage.open(tempDataDir()));
      expect(here[1]).toMatch(/^SQLITE_CONSTRAINT/);
      expect(there).toEqual(here);
    });

    it("answers the accounts' statements on the same thread (`sql`), a batch whole or not at all", async () => {
      const s = await ThreadedSqliteStorage.open(tempDataDir());
      if (!(s instanceof ThreadedSqliteStorage)) throw new Error('not on a thread');
      try {
        await s.createTable(table('q', { status: 'running' }));
        const move =
          'INSERT INTO moves (table_id, seq, seat, move, created_at) VALUES (?, ?, 0, ?, 0)';
        expect(await s.sql.batch([{ sql: move, params: ['q', 1, '"a"'] }])).toBe(-1);
        // The second step changes nothing and must: the first is rolled back with it.
        const none = 'UPDATE moves SET seat = 1 WHERE table_id = ? AND seq = 99';
        expect(
          await s.sql.batch([
            { sql: move, params: ['q', 2, '"b"'] },
            { sql: none, params: ['q'], mustChange: true },
          ]),
        ).toBe(1);
        expect(await s.sql.all('SELECT seq FROM moves WHERE table_id = ?', ['q'])).toEqual([
          { seq: 1 },
        ]);
        expect((await s.moves('q')).map((m) => m.move)).toEqual(['a']);
        await s.sql.close();
      } finally {
        await s.close();
      }
    });

    it('refuses a value that cannot cross to the thread, and goes on', async () => {
      const s = await ThreadedSqliteStorage.open(tempDataDir());
      try {
        await s.createTable(table('fn', { status: 'running' }));
        await expect(s.appendMove('fn', { seq: 1, seat: 0, move: () => 1 })).rejects.toThrow(
          /could not be cloned/,
        );
        await s.appendMove('fn', { seq: 1, seat: 0, move: 1 });
        expect(await s.moves('fn')).toEqual([{ seq: 1, seat: 0, move: 1 }]);
      } finally {
        await s.close();
      }
    });

    it('reports a thread that died as an outage that does not end, and says so once', async () => {
      const s = await ThreadedSqliteStorage.open(tempDataDir());
      if (!(s instanceof ThreadedSqliteStorage)) throw new Error('not on a thread');
      const told: Error[] = [];
      s.onFailed = (e) => told.push(e);
      await s.createTable(table('dies', { status: 'running' }));
      await (s as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
      await until(() => told.length > 0);
      for (const call of [s.appendMove('dies', { seq: 1, seat: 0, move: 1 }), s.ping()]) {
        const e = await call.catch((x: unknown) => x);
        expect(isOutage(e)).toBe(true);
      }
      expect(told).toHaveLength(1);
      await s.close();
    });

    it('fails to open, with the reason, where the folder cannot be a database', async () => {
      const file = join(tempDataDir(), 'a-file');
      writeFileSync(file, 'not a folder');
      await expect(ThreadedSqliteStorage.open(file)).rejects.toThrow(
        /EEXIST|ENOTDIR|not a directory/i,
      );
    });
  },
);

describePostgres('Storage contract: PostgreSQL', (suite) => {
  const query = async <T extends pg.QueryResultRow>(
    url: string,
    sql: string,
    values: unknown[],
  ) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<T>(sql, values)).rows;
    } finally {
      await client.end();
    }
  };
  contract(async () => {
    const url = await suite.cluster.createDatabase();
    return {
      engine: 'postgres',
      rawExec: async (sql) => void (await query(url, sql, [])),
      versionSql: (v) =>
        `CREATE TABLE schema_version (one_row BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (one_row), version INTEGER NOT NULL);
         INSERT INTO schema_version (version) VALUES (${v})`,
      open: () => PostgresStorage.open(url),
      schemaVersion: async () =>
        (await query<{ version: number }>(url, 'SELECT version FROM schema_version', []))[0]
          .version,
      rawMoves: async (id) =>
        Number(
          (
            await query<{ n: string }>(url, 'SELECT count(*) AS n FROM moves WHERE table_id = $1', [
              id,
            ])
          )[0].n,
        ),
    };
  });

  it('migrates when several nodes start at once on an empty database', async () => {
    const url = await suite.cluster.createDatabase();
    const nodes = await Promise.all([1, 2, 3].map(() => PostgresStorage.open(url)));
    try {
      await nodes[0].createTable(table('shared'));
      expect((await nodes[2].table('shared'))!.id).toBe('shared');
      expect(await query(url, 'SELECT version FROM schema_version', [])).toEqual([
        { version: MIGRATIONS.length },
      ]);
    } finally {
      await Promise.all(nodes.map((n) => n.close()));
    }
  });

  it('rolls back a move whose `after` the database itself refuses', async () => {
    const url = await suite.cluster.createDatabase();
    const s = await PostgresStorage.open(url);
    try {
      await s.createTable(table('nul', { status: 'running' }));
      // PostgreSQL's TEXT cannot hold a NUL character: the UPDATE fails after the INSERT.
      await expect(
        s.appendMove(
          'nul',
          { seq: 1, seat: 0, move: 1 },
          { ...table('nul'), status: 'bad\u0000' as 'open' },
        ),
      ).rejects.toThrow();
      expect(await s.moves('nul')).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it('refuses a database whose schema is newer than the server', async () => {
    const url = await suite.cluster.createDatabase();
    await (await PostgresStorage.open(url)).close();
    await query(url, 'UPDATE schema_version SET version = $1', [MIGRATIONS.length + 1]);
    await expect(PostgresStorage.open(url)).rejects.toThrow(/newer than this server/);
  });

  it('says which database it cannot reach, without its password', async () => {
    const url = suite.cluster.url('postgres').replace('postgres@', 'postgres:s3cret@');
    const wrong = url.replace(`:${suite.cluster.port}/`, ':1/');
    const err = await PostgresStorage.open(wrong).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(
      /^PostgreSQL at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\//,
    );
    expect((err as Error).message).not.toContain('s3cret');
  });
});
