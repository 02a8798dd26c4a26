// Tests the SQLite-to-PostgreSQL migration: arguments, verified copying, refusals, a game moved mid-play.
import Database from 'better-sqlite3';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../log.js';
import {
  main,
  migrateSqliteToPostgres,
  parseMigrateArgs,
  UsageError,
  VerifyError,
} from './migrate-sqlite-to-postgres.js';
import { describePostgres } from '../testing/pg-test-suite.js';
import { startServer } from '../server.js';
import { PostgresStorage } from '../storage-pg.js';
import { SqliteStorage, type Storage, type StoredTable } from '../storage.js';
import { autoPlay, nodeClient, tempDataDir, until } from '../testing/test-kit.js';

const sqliteFolder = async (fill: (s: SqliteStorage) => Promise<void>) => {
  const dir = tempDataDir();
  const s = new SqliteStorage(dir);
  await fill(s);
  await s.close();
  return dir;
};

describe('migrate-sqlite-to-postgres arguments', () => {
  it('needs --from, a data folder, and --to, a PostgreSQL URL', async () => {
    const dir = await sqliteFolder(async () => undefined);
    const url = 'postgres://u:pw@db/boss';
    expect(parseMigrateArgs(['--from', dir, '--to', url])).toEqual({ from: dir, to: url });
    expect(parseMigrateArgs([`--from=${dir}`], { DATABASE_URL: url })).toEqual({
      from: dir,
      to: url,
    });
    const refused: [string[], RegExp][] = [
      [['--to', url], /--from <data dir> is missing/],
      [['--from', dir], /--to <postgres url> is missing/],
      [['--from', dir, '--to', url, '--force'], /Unknown option '--force'/],
      [['--from', dir, '--to', url, 'extra'], /positional argument/],
      [['--from', join(dir, 'nope'), '--to', url], /is not a folder/],
      [['--from', tempDataDir(), '--to', url], /has no boss-table\.sqlite/],
      [['--from', dir, '--to', 'mysql://u:pw@db/boss'], /--to: it must start with postgres:\/\//],
    ];
    for (const [argv, message] of refused) {
      expect(() => parseMigrateArgs(argv), argv.join(' ')).toThrow(UsageError);
      expect(() => parseMigrateArgs(argv), argv.join(' ')).toThrow(message);
    }
  });

  it('prints the reason and the usage, and exits with 2, on bad arguments', async () => {
    const errors: string[] = [];
    const code = await main(
      ['--from'],
      {},
      () => undefined,
      (l) => errors.push(l),
    );
    expect(code).toBe(2);
    expect(errors.join('\n')).toMatch(/--from.*argument missing[\s\S]*Usage: npm run migrate/);
    const out: string[] = [];
    expect(
      await main(
        ['--help'],
        {},
        (l) => out.push(l),
        () => undefined,
      ),
    ).toBe(0);
    expect(out.join('\n')).toMatch(/^Usage: npm run migrate-sqlite-to-postgres -- --from/);
  });
});

const table = (id: string, over: Partial<StoredTable> = {}): StoredTable => ({
  id,
  game: 'the-boss',
  options: { players: 3 },
  seed: `seed-${id}`,
  status: 'running',
  seats: [
    { kind: 'human', name: 'Ann', tokenHash: 'h0' },
    { kind: 'bot', bot: 'random' },
  ],
  timer: { kind: 'per-move', seconds: 20 },
  graceSeconds: 1.5,
  createdAt: 1_700_000_000_000,
  visibility: 'unlisted',
  ...over,
});

/** Everything a store holds, through the interface. */
async function contents(s: Storage) {
  const tables = await s.tables('all');
  return Promise.all(tables.map(async (t) => ({ table: t, moves: await s.moves(t.id) })));
}

const rawMoves = async (url: string) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query('SELECT table_id, seq, created_at::text AS at FROM moves ORDER BY 1, 2'))
      .rows;
  } finally {
    await c.end();
  }
};

describePostgres('migrate-sqlite-to-postgres', (suite) => {
  it('copies every table and move, verifies them, and copies nothing twice', async () => {
    const dir = await sqliteFolder(async (s) => {
      await s.createTable(table('long', { clocks: { left: [900, 1200] } }));
      for (let seq = 1; seq <= 2345; seq++)
        await s.appendMove('long', { seq, seat: seq % 7 === 0 ? -1 : seq % 2, move: { n: seq } });
      await s.createTable(table('done', { status: 'finished', createdAt: 1_700_000_000_100 }));
      await s.appendMove('done', { seq: 1, seat: 0, move: { place: 'é "q" \\ ♠' } });
      await s.createRematch(table('next', { status: 'open', createdAt: 1_700_000_000_200 }), {
        ...table('done', { status: 'finished', createdAt: 1_700_000_000_100 }),
        rematch: 'next',
      });
      await s.createTable(table('gone', { status: 'expired', createdAt: 1_700_000_000_300 }));
    });
    const url = await suite.cluster.createDatabase();
    const said: string[] = [];
    expect(await migrateSqliteToPostgres(dir, url, (l) => said.push(l))).toEqual({
      tables: 4,
      tablesCopied: 4,
      moves: 2346,
      movesCopied: 2346,
    });
    expect(said.join('\n')).toMatch(/Copied 4 of 4 tables and 2346 of 2346 moves/);

    const source = new SqliteStorage(dir);
    const target = await PostgresStorage.open(url);
    try {
      const copied = await contents(target);
      expect(copied).toEqual(await contents(source));
      expect(copied.map((c) => c.table.id)).toEqual(['long', 'done', 'next', 'gone']);
      expect((await target.table('done'))!.rematch).toBe('next');
      // The moves' times come along too.
      const db = new Database(join(dir, 'boss-table.sqlite'), { readonly: true });
      const times = db
        .prepare('SELECT table_id, seq, CAST(created_at AS TEXT) AS at FROM moves ORDER BY 1, 2')
        .all();
      db.close();
      expect(await rawMoves(url)).toEqual(times);

      // Again: nothing copied twice.
      expect(await migrateSqliteToPostgres(dir, url)).toMatchObject({
        tablesCopied: 0,
        movesCopied: 0,
      });
      // Moves and a table added to the folder since: only they are copied.
      await source.appendMove('long', { seq: 2346, seat: 1, move: { n: 2346 } });
      await source.createTable(table('late', { createdAt: 1_700_000_000_400 }));
      await source.appendMove('late', { seq: 1, seat: 0, move: 'first' });
      expect(await migrateSqliteToPostgres(dir, url)).toEqual({
        tables: 5,
        tablesCopied: 1,
        moves: 2348,
        movesCopied: 2,
      });
      expect(await contents(target)).toEqual(await contents(source));
    } finally {
      await source.close();
      await target.close();
    }
  }, 60_000);

  it('fails when PostgreSQL holds other moves than the folder', async () => {
    const dir = await sqliteFolder(async (s) => {
      await s.createTable(table('a'));
      await s.createTable(table('b', { createdAt: 1_700_000_000_001 }));
      for (let seq = 1; seq <= 3; seq++) {
        await s.appendMove('a', { seq, seat: 0, move: seq });
        await s.appendMove('b', { seq, seat: 0, move: seq });
      }
    });
    const url = await suite.cluster.createDatabase();
    await migrateSqliteToPostgres(dir, url);
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`UPDATE moves SET move = '"changed"' WHERE table_id = 'a' AND seq = 2`);
    await c.query(`INSERT INTO moves VALUES ('b', 4, 0, '4', 0)`);
    await c.end();
    const err = await migrateSqliteToPostgres(dir, url).catch((e: Error) => e);
    expect(err).toBeInstanceOf(VerifyError);
    expect((err as Error).message).toMatch(/a: move 2 differs/);
    expect((err as Error).message).toMatch(/b: 3 moves in SQLite, 4 in PostgreSQL/);
    const errors: string[] = [];
    expect(
      await main(
        ['--from', dir, '--to', url],
        {},
        () => undefined,
        (l) => errors.push(l),
      ),
    ).toBe(1);
    expect(errors.join('\n')).toMatch(/Migration failed: PostgreSQL does not hold/);
  });

  it('refuses a folder whose file is not SQLite, with the reason', async () => {
    const dir = tempDataDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'boss-table.sqlite'), 'not a database');
    await expect(
      migrateSqliteToPostgres(dir, await suite.cluster.createDatabase()),
    ).rejects.toThrow(/not a database/);
  });

  it('moves a game in progress from a SQLite server to a PostgreSQL one, which finishes it', async () => {
    const dataDir = tempDataDir();
    const first = await startServer({ port: 0, dataDir, log: silentLogger, botBudgetMs: 5 });
    const client = nodeClient(first.url);
    const t = await client.createTable({
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', bot: 'random' }],
    });
    const tokens = [
      (await client.join(t.id, { name: 'A', invite: t.seats[0].invite! })).token,
      (await client.join(t.id, { name: 'B', invite: t.seats[1].invite! })).token,
    ];
    const conns = tokens.map((token) => client.connect(t.id, { token }));
    conns.forEach((c, i) => autoPlay(c, `move-over/${i}`, 5));
    const live = first.tables.get(t.id)!;
    await until(() => live.seq >= 4, 30_000, 'a few moves');
    conns.forEach((c) => c.close());
    await first.close();
    const stoppedAt = live.seq;

    const databaseUrl = await suite.cluster.createDatabase();
    expect(
      await main(
        ['--from', dataDir, '--to', databaseUrl],
        {},
        () => undefined,
        () => undefined,
      ),
    ).toBe(0);
    const second = await startServer({
      port: 0,
      dataDir: tempDataDir(),
      databaseUrl,
      log: silentLogger,
      botBudgetMs: 5,
    });
    try {
      const table = second.tables.get(t.id)!;
      expect(table.seq).toBe(stoppedAt);
      const again = nodeClient(second.url);
      const conns2 = tokens.map((token) => again.connect(t.id, { token }));
      conns2.forEach((c, i) => autoPlay(c, `move-over-2/${i}`));
      await until(() => table.stored.status === 'finished', 60_000, 'the game to end');
      conns2.forEach((c) => c.close());
      expect((await second.storage.moves(t.id)).length).toBe(table.seq);
    } finally {
      await second.close();
    }
  }, 120_000);
});
