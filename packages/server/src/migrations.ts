/**
 * The schema's versions, shared by SQLite (`storage.ts`) and PostgreSQL (`storage-pg.ts`):
 * applied in order on start, in one transaction, each engine recording the last one applied
 * (SQLite in `PRAGMA user_version`, PostgreSQL in the `schema_version` table).
 *
 * One SQL text serves both engines where it can. A migration whose SQL differs gives both
 * texts. JSON is stored as `TEXT` in both: it comes back exactly as written (key order,
 * numbers), and nothing queries inside it.
 */
import { ACCOUNTS_MIGRATION } from './accounts-schema.js';

export type Engine = 'sqlite' | 'postgres';

export type Migration = string | { readonly sqlite: string; readonly postgres: string };

/** Version 1's tables, with the one type that differs between the engines. */
const v1 = (real: string) => `
  CREATE TABLE IF NOT EXISTS game_tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed TEXT NOT NULL,
    status TEXT NOT NULL,
    seats TEXT NOT NULL,
    timer TEXT NOT NULL,
    grace_seconds ${real} NOT NULL,
    created_at BIGINT NOT NULL,
    rematch TEXT
  );
  CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES game_tables(id),
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (table_id, seq)
  );
  CREATE INDEX IF NOT EXISTS game_tables_status ON game_tables(status);`;

export const MIGRATIONS: readonly Migration[] = [
  // 1: tables and their moves, `(table_id, seq)` unique. SQLite's REAL is 8 bytes;
  // PostgreSQL's REAL is 4, so there it is DOUBLE PRECISION.
  { sqlite: v1('REAL'), postgres: v1('DOUBLE PRECISION') },
  // 2: who can find and join a table.
  `ALTER TABLE game_tables ADD COLUMN visibility TEXT NOT NULL DEFAULT 'public';`,
  // 3: the clocks' state, so that a restart resumes them with the time they had left.
  `ALTER TABLE game_tables ADD COLUMN clocks TEXT;`,
  // 4: several nodes on one database (`cluster.ts`): the nodes alive, which node holds each
  // unfinished table (runs its bots and clocks), and which seats are connected on which node.
  // One process on SQLite needs none of it.
  {
    sqlite: `-- one process: no cluster tables`,
    postgres: `
      CREATE TABLE cluster_nodes (
        id TEXT PRIMARY KEY,
        seen_at TIMESTAMPTZ NOT NULL
      );
      CREATE TABLE table_leases (
        table_id TEXT PRIMARY KEY REFERENCES game_tables(id),
        node TEXT NOT NULL
      );
      CREATE INDEX table_leases_node ON table_leases(node);
      CREATE TABLE seat_presence (
        table_id TEXT NOT NULL,
        seat INTEGER NOT NULL,
        node TEXT NOT NULL,
        PRIMARY KEY (table_id, seat, node)
      );
      CREATE INDEX seat_presence_node ON seat_presence(node);`,
  },
  // 5: players who come back: accounts, sessions, seats tied to accounts, ratings, finished
  // games' places, table chat (`accounts-schema.ts`).
  ACCOUNTS_MIGRATION,
];

/** A migration's SQL for one engine. */
export const migrationSql = (m: Migration, engine: Engine): string =>
  typeof m === 'string' ? m : m[engine];
