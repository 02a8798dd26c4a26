/**
 * The schema's versions, shared by SQLite (`storage.ts`) and PostgreSQL (`storage-pg.ts`):
 * applied in order on start, in one transaction, each engine recording the last one applied
 * (SQLite in `PRAGMA user_version`, PostgreSQL in the `schema_version` table).
 *
 * One SQL text serves both engines where it can. A migration whose SQL differs gives both
 * texts. JSON is stored as `TEXT` in both: it comes back exactly as written (key order,
 * numbers), and nothing queries inside it.
 */
import { ACCOUNTS_MIGRATION, ISSUE_26_MIGRATION } from './accounts-schema.js';

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

const SEATS_TABLE = `
  CREATE TABLE table_seats (
    table_id TEXT NOT NULL REFERENCES game_tables(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    bot TEXT,
    name TEXT,
    token_hash TEXT,
    invite_hash TEXT,
    previous_token_hash TEXT,
    reserved INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, seat)
  );
  INSERT INTO table_seats (table_id, seat, kind, bot, name, token_hash, invite_hash, previous_token_hash, reserved)`;

/** Version 6 on SQLite: each element of the seats' JSON array becomes a row. */
const v6Sqlite = `${SEATS_TABLE}
  SELECT g.id, CAST(s.key AS INTEGER), json_extract(s.value, '$.kind'), json_extract(s.value, '$.bot'),
    json_extract(s.value, '$.name'), json_extract(s.value, '$.tokenHash'),
    json_extract(s.value, '$.inviteHash'), json_extract(s.value, '$.previousTokenHash'),
    CASE WHEN json_extract(s.value, '$.reserved') THEN 1 ELSE 0 END
  FROM game_tables g, json_each(g.seats) s;
  ALTER TABLE game_tables DROP COLUMN seats;`;

/** Version 6 on PostgreSQL: the same, with its JSON functions. */
const v6Postgres = `${SEATS_TABLE}
  SELECT g.id, s.n - 1, s.v->>'kind', s.v->>'bot', s.v->>'name', s.v->>'tokenHash',
    s.v->>'inviteHash', s.v->>'previousTokenHash',
    CASE WHEN (s.v->>'reserved')::boolean THEN 1 ELSE 0 END
  FROM game_tables g CROSS JOIN LATERAL json_array_elements(g.seats::json) WITH ORDINALITY AS s(v, n);
  ALTER TABLE game_tables DROP COLUMN seats;`;

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
  // 6: a seat per row (`table-seats.ts`), so that a claim is a conditional update of that
  // seat's row, not a rewrite of the table's seats list; the lists move there and go.
  { sqlite: v6Sqlite, postgres: v6Postgres },
  // 7: the limits per address and per account counted across the nodes (`shared-limits.ts`).
  // UNLOGGED: no WAL per request; a crash of PostgreSQL empties them, and the counting starts
  // again. One process on SQLite counts them in memory.
  {
    sqlite: `-- one process: limits in memory`,
    postgres: `
      CREATE UNLOGGED TABLE rate_counts (
        key TEXT NOT NULL,
        window_start BIGINT NOT NULL,
        hits INTEGER NOT NULL,
        PRIMARY KEY (key, window_start)
      );
      CREATE INDEX rate_counts_window ON rate_counts(window_start);
      CREATE UNLOGGED TABLE address_tables (
        table_id TEXT PRIMARY KEY,
        address TEXT NOT NULL,
        bots_only INTEGER NOT NULL,
        at BIGINT NOT NULL
      );
      CREATE INDEX address_tables_address ON address_tables(address);`,
  },
  // 8: results keep their game's visibility, browsers an account signed in from, one seat an
  // account at a rated table (`accounts-schema.ts`).
  ISSUE_26_MIGRATION,
  // 9: why a bot made a person's move (its stand-in's reason), so that every node tells it.
  `ALTER TABLE moves ADD COLUMN stand_in TEXT;`,
];

/** A migration's SQL for one engine. */
export const migrationSql = (m: Migration, engine: Engine): string =>
  typeof m === 'string' ? m : m[engine];
