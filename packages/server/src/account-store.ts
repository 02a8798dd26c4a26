// The SQL behind accounts: sessions, devices, seat bindings, ratings, finished games' results and table chat.
import { one, type Sql, type Step } from './sql.js';

export interface AccountRow {
  readonly id: string;
  readonly name: string;
  readonly passwordHash: string;
  readonly createdAt: number;
}

export interface SessionRow {
  readonly accountId: string;
  readonly csrf: string;
  readonly expiresAt: number;
}

export interface RatingRow {
  readonly subject: string;
  readonly game: string;
  readonly mu: number;
  readonly sigma: number;
  readonly games: number;
  readonly wins: number;
}

/** One seat of a finished game, as its history shows it. */
export interface ResultRow {
  readonly tableId: string;
  readonly seat: number;
  readonly game: string;
  /** `account:<id>`, `bot:<level>` or `guest`. */
  readonly subject: string;
  readonly name: string;
  readonly place: number;
  readonly players: number;
  readonly rated: boolean;
  readonly ratingBefore: number | null;
  readonly ratingAfter: number | null;
  readonly finishedAt: number;
  /** The table's: `public`, `unlisted` or `private` (lists show others only public games). */
  readonly visibility: string;
}

export interface ChatRow {
  readonly id: string;
  readonly tableId: string;
  readonly channel: 'players' | 'spectators';
  readonly seat: number | null;
  readonly accountId: string | null;
  readonly name: string;
  readonly text: string;
  readonly at: number;
}

interface RawResult {
  table_id: string;
  seat: number;
  game: string;
  subject: string;
  name: string;
  place: number;
  players: number;
  rated: number;
  rating_before: number | null;
  rating_after: number | null;
  finished_at: number | string;
  visibility: string;
}

const toResult = (r: RawResult): ResultRow => ({
  tableId: r.table_id,
  seat: Number(r.seat),
  game: r.game,
  subject: r.subject,
  name: r.name,
  place: Number(r.place),
  players: Number(r.players),
  rated: Number(r.rated) === 1,
  ratingBefore: r.rating_before === null ? null : Number(r.rating_before),
  ratingAfter: r.rating_after === null ? null : Number(r.rating_after),
  finishedAt: Number(r.finished_at),
  visibility: r.visibility,
});

const toRating = (r: RatingRow): RatingRow => ({
  subject: r.subject,
  game: r.game,
  mu: Number(r.mu),
  sigma: Number(r.sigma),
  games: Number(r.games),
  wins: Number(r.wins),
});

/**
 * Accounts, sessions, ratings, results and chat on either engine (`sql.ts`). Every method is
 * one statement or one transaction; callers hold no rows across awaits.
 */
export class AccountStore {
  constructor(readonly sql: Sql) {}

  async createAccount(a: AccountRow): Promise<boolean> {
    const done = await this.sql.run(
      `INSERT INTO accounts (id, name, name_key, password_hash, created_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT DO NOTHING`,
      [a.id, a.name, a.name.toLowerCase(), a.passwordHash, a.createdAt],
    );
    return done > 0;
  }

  async accountByName(name: string): Promise<AccountRow | undefined> {
    return this.account('name_key', name.toLowerCase());
  }

  async accountById(id: string): Promise<AccountRow | undefined> {
    return this.account('id', id);
  }

  private async account(by: 'id' | 'name_key', value: string): Promise<AccountRow | undefined> {
    const r = await one<{ id: string; name: string; password_hash: string; created_at: string }>(
      this.sql,
      `SELECT id, name, password_hash, created_at FROM accounts WHERE ${by} = ?`,
      [value],
    );
    return (
      r && {
        id: r.id,
        name: r.name,
        passwordHash: r.password_hash,
        createdAt: Number(r.created_at),
      }
    );
  }

  /** A new password, and every session of the account revoked, in one transaction. */
  async setPassword(accountId: string, passwordHash: string): Promise<void> {
    await this.sql.batch([
      {
        sql: `UPDATE accounts SET password_hash = ? WHERE id = ?`,
        params: [passwordHash, accountId],
      },
      { sql: `DELETE FROM sessions WHERE account_id = ?`, params: [accountId] },
    ]);
  }

  async createSession(tokenHash: string, s: SessionRow, now: number): Promise<void> {
    await this.sql.run(
      `INSERT INTO sessions (token_hash, account_id, csrf, created_at, expires_at) VALUES (?, ?, ?, ?, ?)`,
      [tokenHash, s.accountId, s.csrf, now, s.expiresAt],
    );
  }

  async session(tokenHash: string, now: number): Promise<SessionRow | undefined> {
    const r = await one<{ account_id: string; csrf: string; expires_at: string }>(
      this.sql,
      `SELECT account_id, csrf, expires_at FROM sessions WHERE token_hash = ? AND expires_at > ?`,
      [tokenHash, now],
    );
    return r && { accountId: r.account_id, csrf: r.csrf, expiresAt: Number(r.expires_at) };
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.sql.run(`DELETE FROM sessions WHERE token_hash = ?`, [tokenHash]);
  }

  async deleteExpiredSessions(now: number): Promise<number> {
    return this.sql.run(`DELETE FROM sessions WHERE expires_at <= ?`, [now]);
  }

  /** Ties a seat to an account (again: the latest holder wins). */
  async bindSeat(tableId: string, seat: number, accountId: string, game: string): Promise<void> {
    await this.sql.run(
      `INSERT INTO account_seats (table_id, seat, account_id, game, at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (table_id, seat) DO UPDATE SET account_id = excluded.account_id, at = excluded.at`,
      [tableId, seat, accountId, game, Date.now()],
    );
  }

  /**
   * Ties a seat to an account only if no account holds it yet (a guest's seat adopted at
   * sign-in); true if it is the account's now.
   */
  async bindFreeSeat(
    tableId: string,
    seat: number,
    accountId: string,
    game: string,
  ): Promise<boolean> {
    const done = await this.sql.run(
      `INSERT INTO account_seats (table_id, seat, account_id, game, at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (table_id, seat) DO NOTHING`,
      [tableId, seat, accountId, game, Date.now()],
    );
    return done > 0;
  }

  /**
   * Claims the account's one seat at a rated table, before the seat is taken: false if the
   * account holds one there already (a unique key, so two requests at once, on any nodes,
   * cannot both have it).
   */
  async claimRatedSeat(tableId: string, accountId: string): Promise<boolean> {
    const done = await this.sql.run(
      `INSERT INTO rated_holders (table_id, account_id) VALUES (?, ?) ON CONFLICT DO NOTHING`,
      [tableId, accountId],
    );
    return done > 0;
  }

  /** Gives the claim back when the seat could not be taken after all. */
  async releaseRatedSeat(tableId: string, accountId: string): Promise<void> {
    await this.sql.run(`DELETE FROM rated_holders WHERE table_id = ? AND account_id = ?`, [
      tableId,
      accountId,
    ]);
  }

  /** A browser the account signed in from (its device cookie's hash), as of `now`. */
  async addDevice(tokenHash: string, accountId: string, now: number): Promise<void> {
    await this.sql.run(
      `INSERT INTO account_devices (token_hash, account_id, created_at) VALUES (?, ?, ?)
       ON CONFLICT (token_hash, account_id) DO UPDATE SET created_at = excluded.created_at`,
      [tokenHash, accountId, now],
    );
  }

  /** Forgets browsers that signed in before `at` (their cookies have expired). */
  async deleteDevicesBefore(at: number): Promise<number> {
    return this.sql.run(`DELETE FROM account_devices WHERE created_at < ?`, [at]);
  }

  /** Whether the device cookie's hash is one the account signed in from. */
  async knownDevice(tokenHash: string, accountId: string): Promise<boolean> {
    return (
      (await one(
        this.sql,
        `SELECT 1 AS x FROM account_devices WHERE token_hash = ? AND account_id = ?`,
        [tokenHash, accountId],
      )) !== undefined
    );
  }

  /** The account tied to each seat of a table that has one. */
  async seatAccounts(tableId: string): Promise<Map<number, string>> {
    const rows = await this.sql.all<{ seat: number; account_id: string }>(
      `SELECT seat, account_id FROM account_seats WHERE table_id = ?`,
      [tableId],
    );
    return new Map(rows.map((r) => [Number(r.seat), r.account_id]));
  }

  /** The account's seats, newest first. */
  async seatsOf(
    accountId: string,
    limit: number,
  ): Promise<{ tableId: string; seat: number; game: string; at: number }[]> {
    const rows = await this.sql.all<{ table_id: string; seat: number; game: string; at: string }>(
      `SELECT table_id, seat, game, at FROM account_seats WHERE account_id = ? ORDER BY at DESC LIMIT ?`,
      [accountId, limit],
    );
    return rows.map((r) => ({
      tableId: r.table_id,
      seat: Number(r.seat),
      game: r.game,
      at: Number(r.at),
    }));
  }

  async markRated(tableId: string, game: string): Promise<void> {
    await this.sql.run(
      `INSERT INTO rated_tables (table_id, game) VALUES (?, ?) ON CONFLICT DO NOTHING`,
      [tableId, game],
    );
  }

  async isRated(tableId: string): Promise<boolean> {
    return (
      (await one(this.sql, `SELECT 1 AS x FROM rated_tables WHERE table_id = ?`, [tableId])) !==
      undefined
    );
  }

  async hasResults(tableId: string): Promise<boolean> {
    return (
      (await one(this.sql, `SELECT 1 AS x FROM game_results WHERE table_id = ?`, [tableId])) !==
      undefined
    );
  }

  /**
   * A finished game's places and, when rated, its new ratings, in one transaction, once: a
   * second call for the same table changes nothing (false). `rate` gets the ratings as they
   * are (`fresh` for a subject's first game) and returns the new ones and the numbers shown,
   * one a seat; if another game changed one of them meanwhile, it is asked again.
   */
  async recordGame(
    results: readonly Omit<ResultRow, 'ratingBefore' | 'ratingAfter'>[],
    rating?: {
      readonly fresh: { readonly mu: number; readonly sigma: number };
      rate(before: readonly RatingRow[]): {
        rows: RatingRow[];
        shown: { before: number; after: number }[];
      };
    },
  ): Promise<boolean> {
    if (results.length === 0) return false;
    for (let attempt = 1; ; attempt++) {
      const before: RatingRow[] = [];
      const known = new Set<string>();
      if (rating)
        for (const r of results) {
          const row = await one<RatingRow>(
            this.sql,
            `SELECT subject, game, mu, sigma, games, wins FROM ratings WHERE subject = ? AND game = ?`,
            [r.subject, r.game],
          );
          if (row) known.add(r.subject);
          before.push(
            row
              ? toRating(row)
              : { subject: r.subject, game: r.game, ...rating.fresh, games: 0, wins: 0 },
          );
        }
      const next = rating?.rate(before);
      const steps: Step[] = results.map((r, i) => ({
        sql: `INSERT INTO game_results (table_id, seat, game, subject, name, place, players, rated, rating_before, rating_after, finished_at, visibility)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
        params: [
          r.tableId,
          r.seat,
          r.game,
          r.subject,
          r.name,
          r.place,
          r.players,
          r.rated ? 1 : 0,
          next?.shown[i].before ?? null,
          next?.shown[i].after ?? null,
          r.finishedAt,
          r.visibility,
        ],
        // Recorded already (by another node, or before a restart): nothing more to do.
        mustChange: i === 0,
      }));
      // A subject at two seats (two bots of one level): its last seat's row stands.
      const last = new Map((next?.rows ?? []).map((row) => [row.subject, row]));
      for (const row of last.values()) {
        const was = before.find((b) => b.subject === row.subject)!;
        steps.push(
          known.has(row.subject)
            ? {
                sql: `UPDATE ratings SET mu = ?, sigma = ?, games = ?, wins = ? WHERE subject = ? AND game = ? AND games = ?`,
                params: [row.mu, row.sigma, row.games, row.wins, row.subject, row.game, was.games],
                mustChange: true,
              }
            : {
                sql: `INSERT INTO ratings (subject, game, mu, sigma, games, wins) VALUES (?, ?, ?, ?, ?, ?)`,
                params: [row.subject, row.game, row.mu, row.sigma, row.games, row.wins],
              },
        );
      }
      let failed: number;
      try {
        failed = await this.sql.batch(steps);
      } catch (e) {
        // A first rating another game wrote meanwhile: read again.
        if (attempt < 5) continue;
        throw e;
      }
      if (failed === -1) return true;
      if (failed === 0) return false;
      if (attempt >= 5) throw new Error('Ratings kept changing under this game; not recorded.');
    }
  }

  /**
   * A rating from elsewhere (a bot level's from `boss arena --rate`): written if the subject
   * has none for that game yet, or over it with `replace`. True if written.
   */
  async seedRating(row: RatingRow, replace: boolean): Promise<boolean> {
    const changed = await this.sql.run(
      `INSERT INTO ratings (subject, game, mu, sigma, games, wins) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (subject, game) DO ${replace ? 'UPDATE SET mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, wins = excluded.wins' : 'NOTHING'}`,
      [row.subject, row.game, row.mu, row.sigma, row.games, row.wins],
    );
    return changed > 0;
  }

  async ratingsOf(subject: string): Promise<RatingRow[]> {
    const rows = await this.sql.all<RatingRow>(
      `SELECT subject, game, mu, sigma, games, wins FROM ratings WHERE subject = ? AND games > 0 ORDER BY game`,
      [subject],
    );
    return rows.map(toRating);
  }

  /** A game's ratings, best (by mu - 3 sigma) first. */
  async leaderboard(game: string, limit: number): Promise<RatingRow[]> {
    const rows = await this.sql.all<RatingRow>(
      `SELECT subject, game, mu, sigma, games, wins FROM ratings WHERE game = ? AND games > 0
       ORDER BY mu - 3 * sigma DESC LIMIT ?`,
      [game, limit],
    );
    return rows.map(toRating);
  }

  /**
   * Finished games' seats, newest first, filtered by subject and game. With `visibleTo`, only
   * games that are public or that subject played (`null`: public games only); without it, all.
   */
  async results(
    filter: { subject?: string; game?: string; visibleTo?: string | null },
    limit: number,
  ): Promise<ResultRow[]> {
    const where: string[] = [];
    const params: (string | number)[] = [];
    if (filter.visibleTo === null) where.push(`visibility = 'public'`);
    else if (filter.visibleTo !== undefined) {
      where.push(
        `(visibility = 'public' OR table_id IN (SELECT table_id FROM game_results WHERE subject = ?))`,
      );
      params.push(filter.visibleTo);
    }
    for (const [column, value] of [
      ['subject', filter.subject],
      ['game', filter.game],
    ] as const)
      if (value !== undefined) {
        where.push(`${column} = ?`);
        params.push(value);
      }
    const rows = await this.sql.all<RawResult>(
      `SELECT * FROM game_results ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY finished_at DESC, table_id, seat LIMIT ?`,
      [...params, limit],
    );
    return rows.map(toResult);
  }

  /** Every seat of these tables' results. */
  async resultsOfTables(tableIds: readonly string[]): Promise<ResultRow[]> {
    if (tableIds.length === 0) return [];
    const rows = await this.sql.all<RawResult>(
      `SELECT * FROM game_results WHERE table_id IN (${tableIds.map(() => '?').join(', ')}) ORDER BY finished_at DESC, table_id, seat`,
      tableIds,
    );
    return rows.map(toResult);
  }

  /** Stores a line unless its table holds `cap` lines already; false if it was full. */
  async addChat(m: ChatRow, cap: number): Promise<boolean> {
    const done = await this.sql.run(
      `INSERT INTO chat_messages (id, table_id, channel, seat, account_id, name, text, at)
       SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE (SELECT count(*) FROM chat_messages WHERE table_id = ?) < ?`,
      [m.id, m.tableId, m.channel, m.seat, m.accountId, m.name, m.text, m.at, m.tableId, cap],
    );
    return done > 0;
  }

  /** Deletes chat lines written before `at` (the retention rule, `docs/accounts.md`). */
  async deleteChatBefore(at: number): Promise<number> {
    return this.sql.run(`DELETE FROM chat_messages WHERE at < ?`, [at]);
  }

  async chat(
    tableId: string,
    channels: readonly ChatRow['channel'][],
    limit: number,
  ): Promise<ChatRow[]> {
    if (channels.length === 0) return [];
    const rows = await this.sql.all<{
      id: string;
      table_id: string;
      channel: ChatRow['channel'];
      seat: number | null;
      account_id: string | null;
      name: string;
      text: string;
      at: string;
    }>(
      `SELECT * FROM (SELECT * FROM chat_messages WHERE table_id = ? AND channel IN (${channels.map(() => '?').join(', ')})
       ORDER BY at DESC, id DESC LIMIT ?) AS last ORDER BY at, id`,
      [tableId, ...channels, limit],
    );
    return rows.map((r) => ({
      id: r.id,
      tableId: r.table_id,
      channel: r.channel,
      seat: r.seat === null ? null : Number(r.seat),
      accountId: r.account_id,
      name: r.name,
      text: r.text,
      at: Number(r.at),
    }));
  }
}
