/**
 * The schema version of players who come back (`migrations.ts` lists it): accounts and their
 * sessions, the seats an account holds, ratings per game (of accounts and of bot levels),
 * every finished game's places, and table chat. The one type that differs: a double.
 */
const accounts = (double: string) => `
  CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL
  );
  CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    csrf TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
  );
  CREATE INDEX sessions_account ON sessions(account_id);
  CREATE TABLE account_seats (
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    game TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (table_id, seat)
  );
  CREATE INDEX account_seats_account ON account_seats(account_id, at);
  CREATE TABLE rated_tables (
    table_id TEXT PRIMARY KEY,
    game TEXT NOT NULL
  );
  CREATE TABLE ratings (
    subject TEXT NOT NULL,
    game TEXT NOT NULL,
    mu ${double} NOT NULL,
    sigma ${double} NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    PRIMARY KEY (subject, game)
  );
  CREATE TABLE game_results (
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    game TEXT NOT NULL,
    subject TEXT NOT NULL,
    name TEXT NOT NULL,
    place INTEGER NOT NULL,
    players INTEGER NOT NULL,
    rated INTEGER NOT NULL,
    rating_before INTEGER,
    rating_after INTEGER,
    finished_at BIGINT NOT NULL,
    PRIMARY KEY (table_id, seat)
  );
  CREATE INDEX game_results_subject ON game_results(subject, finished_at);
  CREATE INDEX game_results_game ON game_results(game, finished_at);
  CREATE TABLE chat_messages (
    id TEXT PRIMARY KEY,
    table_id TEXT NOT NULL,
    channel TEXT NOT NULL,
    seat INTEGER,
    account_id TEXT,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    at BIGINT NOT NULL
  );
  CREATE INDEX chat_messages_table ON chat_messages(table_id, at);`;

export const ACCOUNTS_MIGRATION = {
  sqlite: accounts('REAL'),
  postgres: accounts('DOUBLE PRECISION'),
} as const;

/**
 * Version 8 (issue 26): a finished game's visibility kept with its result (lists show others
 * only public games; existing results take their table's), the browsers an account signed in
 * from (`account_devices`: a device cookie's hash, so that its owner keeps signing in while
 * others' wrong passwords lock their own addresses out), the accounts seated at each rated
 * table (`rated_holders`: one seat an account, claimed before the seat, across nodes), and
 * chat lines by time (their retention).
 */
export const ISSUE_26_MIGRATION = `
  ALTER TABLE game_results ADD COLUMN visibility TEXT NOT NULL DEFAULT 'public';
  UPDATE game_results SET visibility = (SELECT g.visibility FROM game_tables g WHERE g.id = game_results.table_id)
    WHERE EXISTS (SELECT 1 FROM game_tables g WHERE g.id = game_results.table_id);
  CREATE TABLE account_devices (
    token_hash TEXT NOT NULL,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    created_at BIGINT NOT NULL,
    PRIMARY KEY (token_hash, account_id)
  );
  CREATE INDEX account_devices_account ON account_devices(account_id);
  CREATE INDEX account_devices_created ON account_devices(created_at);
  CREATE INDEX chat_messages_at ON chat_messages(at);
  CREATE TABLE rated_holders (
    table_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    PRIMARY KEY (table_id, account_id)
  );
  INSERT INTO rated_holders (table_id, account_id)
    SELECT DISTINCT s.table_id, s.account_id FROM account_seats s
    JOIN rated_tables r ON r.table_id = s.table_id;`;
