// Wires up the returning-player side on the tables' database: accounts, results, chat, quick play and sweeps.
import { resolve } from 'node:path';
import { AccountRoutes } from './account-routes.js';
import { AccountStore } from './account-store.js';
import { Accounts, memoryAttempts, type AccountLimits } from './accounts.js';
import { TableChat } from './chat.js';
import { recordFinished } from './game-results.js';
import type { Logger } from './log.js';
import { QuickPlay } from './quick-play.js';
import { SharedCounts, sharedAttempts } from './shared-limits.js';
import { PgSql, SqliteSql, type Sql } from './sql.js';
import { PostgresStorage } from './storage-pg.js';
import { SqliteStorage, type Storage } from './storage.js';
import { ThreadedSqliteStorage } from './storage-thread.js';
import type { TableService } from './table-service.js';

export interface PlayersOptions {
  readonly dataDir: string;
  readonly databaseUrl?: string;
  readonly publicUrl?: string;
  readonly accountLimits?: AccountLimits;
}

/**
 * Players who come back (`docs/accounts.md`): accounts and sessions, ratings and the history
 * of finished games, table chat and quick play, over a connection of their own to the same
 * database as the tables (whose schema versions create their tables).
 */
export class Players {
  readonly store: AccountStore;
  readonly accounts: Accounts;
  readonly chat: TableChat;
  private service?: TableService;
  private quick?: QuickPlay;
  routes?: AccountRoutes;
  private readonly sweeper: NodeJS.Timeout;
  private readonly pending = new Set<Promise<unknown>>();

  private constructor(
    sql: Sql,
    private readonly opts: PlayersOptions,
    private readonly log: Logger,
  ) {
    this.store = new AccountStore(sql);
    // On PostgreSQL sign-ins are counted across the nodes (`shared-limits.ts`).
    const attempts =
      sql.engine === 'postgres' ? sharedAttempts(new SharedCounts(sql)) : memoryAttempts;
    this.accounts = new Accounts(this.store, opts.accountLimits, attempts);
    this.chat = new TableChat(this.store, attempts);
    this.sweeper = setInterval(() => {
      void this.chat.sweep().catch(() => undefined);
      void this.accounts.sweep().catch(() => undefined);
    }, 60_000);
    this.sweeper.unref();
  }

  /** Opens once `storage` is open (its schema versions include the players' tables). */
  static async open(storage: Storage, opts: PlayersOptions, log: Logger): Promise<Players> {
    // With the tables' storage on a thread, the accounts' statements go to that thread too.
    const sql = opts.databaseUrl
      ? new PgSql(opts.databaseUrl)
      : storage instanceof ThreadedSqliteStorage
        ? storage.sql
        : new SqliteSql(opts.dataDir);
    return new Players(sql, opts, log);
  }

  /**
   * Has `storage` tell when a game ends: once the move that ends it is stored, the game's
   * places and ratings are recorded (`game-results.ts`; exactly once per table).
   */
  watchGameEnds(storage: Storage): void {
    const append = storage.appendMove.bind(storage);
    storage.appendMove = (async (...args: Parameters<Storage['appendMove']>) => {
      await append(...args);
      if (args[2]?.status === 'finished') this.later(args[0]);
    }) as Storage['appendMove'];
  }

  private later(tableId: string): void {
    const job = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.record(tableId))
      .catch((e: Error) =>
        this.log.error('finished game not recorded', { table: tableId, error: e.message }),
      );
    this.pending.add(job);
    void job.finally(() => this.pending.delete(job));
  }

  /** Records a finished table's game, after the table's queue has taken its last move. */
  async record(tableId: string): Promise<boolean> {
    const table = await this.service?.load(tableId);
    if (!table) return false;
    await table.run(() => undefined);
    return recordFinished(this.store, table, this.log);
  }

  /** Plugs in the table service: routes and quick play need it. */
  attach(service: TableService, storage: Storage, accepting: () => boolean): void {
    this.service = service;
    void this.chat
      .listen(service.tables)
      .catch((e: Error) => this.log.error('chat from other nodes not heard', { error: e.message }));
    this.quick = new QuickPlay(service, storage, this.store, this.log);
    this.routes = new AccountRoutes({
      accounts: this.accounts,
      store: this.store,
      service,
      storage,
      chat: this.chat,
      quickPlay: this.quick,
      secureCookies: this.opts.publicUrl?.startsWith('https:') ?? false,
      ...(this.opts.publicUrl ? { publicHost: new URL(this.opts.publicUrl).host } : {}),
      accepting,
    });
  }

  /** Records the finished games a stop (or a crash) left unrecorded. */
  async catchUp(): Promise<number> {
    const rows = await this.store.sql.all<{ id: string }>(
      `SELECT id FROM game_tables WHERE status = 'finished'
       AND id NOT IN (SELECT table_id FROM game_results)`,
    );
    let done = 0;
    for (const { id } of rows) if (await this.record(id).catch(() => false)) done++;
    if (done > 0) this.log.info('finished games recorded after a restart', { games: done });
    return done;
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.quick?.close();
    await this.chat.close();
    await Promise.all([...this.pending]);
    await this.store.sql.close();
  }
}

/**
 * For operators' scripts: the server's database (`DATABASE_URL`, else `DATA_DIR`, default
 * ./data) brought up to date as a start would, and the accounts store on it.
 */
export async function openAccountStore(
  env: NodeJS.ProcessEnv,
): Promise<{ store: AccountStore; close(): Promise<void> }> {
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  const storage: Storage = env.DATABASE_URL
    ? await PostgresStorage.open(env.DATABASE_URL)
    : new SqliteStorage(dataDir);
  const store = new AccountStore(
    env.DATABASE_URL ? new PgSql(env.DATABASE_URL, 1) : new SqliteSql(dataDir),
  );
  return {
    store,
    close: async () => {
      await store.sql.close();
      await storage.close();
    },
  };
}
