// REST routes for returning players: sign-in, sessions, rated tables, profiles, leaderboards, CSRF guard.
import type { IncomingMessage } from 'node:http';
import { findGame } from '@boss-table/games';
import { displayRating } from '@boss-table/ratings';
import type { AccountStore, RatingRow, ResultRow } from './account-store.js';
import {
  Accounts,
  cookieOf,
  DEVICE_COOKIE,
  DEVICE_MS,
  isObject,
  sameOrigin,
  nameProblem,
  sameSecret,
  SESSION_COOKIE,
  SESSION_MS,
  type Session,
} from './accounts.js';
import type { TableChat } from './chat.js';
import { accountLookAlike, cleanName, passesForBot } from './names.js';
import type { QuickPlay } from './quick-play.js';
import { CLOSE_SEAT_TAKEN } from './session-conns.js';
import type { Storage } from './storage.js';
import type { TableService } from './table-service.js';
import type { LiveTable } from './table.js';
import { hashToken, randomToken } from './tokens.js';
import { namedTable, publishedOnceOver, type Route, type RouteRequest } from './routes.js';
import { RequestError } from './validate.js';

export interface AccountRouteDeps {
  readonly accounts: Accounts;
  readonly store: AccountStore;
  readonly service: TableService;
  readonly storage: Storage;
  readonly chat: TableChat;
  readonly quickPlay: QuickPlay;
  /** Cookies only over HTTPS (`PUBLIC_URL` is https). */
  readonly secureCookies: boolean;
  /** `PUBLIC_URL`'s host: pages from there are this site's. */
  readonly publicHost?: string;
  accepting(): boolean;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Games in a list, at most. */
const PAGE = 50;

const publicRating = (r: RatingRow) => ({
  game: r.game,
  rating: displayRating(r),
  games: r.games,
  wins: r.wins,
});

/** A seat's result as lists show it: never an account's id. */
const publicSeat = (r: ResultRow) => ({
  seat: r.seat,
  name: r.name,
  place: r.place,
  kind: r.subject.startsWith('account:')
    ? 'player'
    : r.subject.startsWith('bot:')
      ? 'bot'
      : 'guest',
  ...(r.ratingAfter !== null ? { ratingBefore: r.ratingBefore, ratingAfter: r.ratingAfter } : {}),
});

/**
 * A rating over time, oldest first: where the first rated game started, then the rating
 * after each one.
 */
function historyOf(newestFirst: readonly ResultRow[]): { at: number; rating: number }[] {
  const rated = newestFirst
    .filter((x) => x.ratingAfter !== null && x.ratingBefore !== null)
    .reverse();
  if (rated.length === 0) return [];
  return [
    { at: rated[0].finishedAt, rating: rated[0].ratingBefore! },
    ...rated.map((x) => ({ at: x.finishedAt, rating: x.ratingAfter! })),
  ];
}

/** Finished games, newest first, each with all its seats. */
function gamesOf(rows: readonly ResultRow[]) {
  const byTable = new Map<string, ResultRow[]>();
  for (const r of rows) {
    const list = byTable.get(r.tableId) ?? [];
    list.push(r);
    byTable.set(r.tableId, list);
  }
  return [...byTable.values()].map((seats) => ({
    table: seats[0].tableId,
    game: seats[0].game,
    players: seats[0].players,
    rated: seats[0].rated,
    finishedAt: seats[0].finishedAt,
    seats: seats.sort((a, b) => a.seat - b.seat).map(publicSeat),
  }));
}

/**
 * The routes of players who come back: accounts and sessions, tables that are rated or tied
 * to an account, profiles, leaderboards, finished games, a table's chat for its replay and
 * quick play. Also the CSRF guard every state-changing request passes first.
 */
export class AccountRoutes {
  constructor(private readonly d: AccountRouteDeps) {}

  private cookie(token: string, maxAgeMs: number, name = SESSION_COOKIE, path = '/'): string {
    return [
      `${name}=${token}`,
      `Path=${path}`,
      'HttpOnly',
      'SameSite=Strict',
      `Max-Age=${Math.floor(maxAgeMs / 1000)}`,
      ...(this.d.secureCookies ? ['Secure'] : []),
    ].join('; ');
  }

  /**
   * The request's session, checked against CSRF: a state-changing request that carries a
   * session cookie must come from this site and carry the session's `X-CSRF-Token`, else it
   * is refused (403) before anything happens. A sign-in or sign-up must come from this site
   * too (a page of another site could sign a visitor into its own account). Guests' requests
   * carry no credential a page of another site could borrow: unchanged.
   */
  async sessionOf(
    req: IncomingMessage,
    method: string,
    path: string,
  ): Promise<Session | undefined> {
    const changing = STATE_CHANGING.has(method);
    const cookie = cookieOf(req, SESSION_COOKIE) !== undefined;
    const signing = path.startsWith('/api/account/sign-');
    if (changing && (cookie || signing) && !sameOrigin(req, this.d.publicHost))
      throw new RequestError(403, 'cross-site', 'Requests from other sites are refused.');
    if (!cookie) return undefined;
    const session = await this.d.accounts.sessionOf(req);
    if (!session || !changing) return session;
    const sent = req.headers['x-csrf-token'];
    if (typeof sent !== 'string' || !sameSecret(sent, session.csrf))
      throw new RequestError(
        403,
        'csrf',
        'This request lacks its X-CSRF-Token (from GET /api/account): refused.',
      );
    return session;
  }

  /**
   * A guest's seat name (`names.ts`): refused with invisible characters or when it would pass
   * for a bot; normalised; a name that is, or looks like, an account's name (whatever its
   * case, with look-alike letters) gets " (guest)" after it.
   */
  private async guestName(raw: string): Promise<string> {
    const name = cleanName(raw);
    if (passesForBot(name))
      throw new RequestError(400, 'bad-name', 'That name would pass for a bot; choose another.');
    const like = accountLookAlike(name);
    if (!(await this.d.store.accountByName(like ?? name))) return name;
    return `${name.slice(0, 32)} (guest)`;
  }

  private signedIn(session: Session | undefined): Session {
    if (!session) throw new RequestError(401, 'signed-out', 'Sign in first.');
    return session;
  }

  /**
   * Ties the seats this browser held as a guest (`[{table, token}]`) to the account: only
   * seats no account holds yet, and never a seat of a rated table once it started (its
   * result would be credited to another account than the one that sat).
   */
  private async adoptSeats(raw: unknown, accountId: string): Promise<number> {
    if (!isObject(raw) || !Array.isArray(raw.seats)) return 0;
    let adopted = 0;
    for (const s of raw.seats.slice(0, 200)) {
      if (!isObject(s) || typeof s.table !== 'string' || typeof s.token !== 'string') continue;
      if (!/^[A-Za-z0-9_-]{1,40}$/.test(s.table)) continue;
      const table = await this.d.service.load(s.table).catch(() => undefined);
      if (!table) continue;
      const seat = this.d.service.seatOfToken(table, s.token);
      if (seat < 0) continue;
      const rated = await this.d.store.isRated(table.id);
      if (rated) {
        if (table.stored.status !== 'open') continue;
        if (!(await this.d.store.claimRatedSeat(table.id, accountId))) continue;
      }
      if (await this.d.store.bindFreeSeat(table.id, seat, accountId, table.stored.game)) adopted++;
      else if (rated) await this.d.store.releaseRatedSeat(table.id, accountId);
    }
    return adopted;
  }

  private me(session: Session) {
    return { account: { name: session.name }, csrf: session.csrf };
  }

  /** Takes the account's seat at a table again: a new token for it (the old one stops). */
  private async takeSeat(table: LiveTable, session: Session) {
    const seats = await this.d.store.seatAccounts(table.id);
    const seat = [...seats].find(([, a]) => a === session.accountId)?.[0];
    if (seat === undefined)
      throw new RequestError(404, 'no-seat', 'Your account holds no seat at this table.');
    if (table.stored.status === 'finished')
      throw new RequestError(409, 'game-over', 'This game is over: open its replay.');
    const token = randomToken();
    await table.run(async () => {
      const tokenHash = hashToken(token);
      if (!(await this.d.storage.renewSeatToken(table.id, seat, tokenHash)))
        throw new RequestError(409, 'seat-free', 'Nobody holds this seat any more.');
      table.stored.seats = table.stored.seats.map((s, i) => (i === seat ? { ...s, tokenHash } : s));
      // The old device's connections to the seat stop acting for it.
      for (const c of [...table.conns])
        if (c.seat === seat) c.close(CLOSE_SEAT_TAKEN, 'This seat was taken on another device.');
    });
    return { table: table.id, seat, token };
  }

  private async profile(name: string, viewer: Session | undefined) {
    let subject: string;
    let shown: string;
    let since: number | undefined;
    if (name.startsWith('bot:')) {
      subject = name;
      shown = name.slice(4);
    } else {
      const account = nameProblem(name) ? undefined : await this.d.store.accountByName(name);
      if (!account) throw new RequestError(404, 'no-player', `No player is named "${name}".`);
      subject = `account:${account.id}`;
      shown = account.name;
      since = account.createdAt;
    }
    const ratings = await this.d.store.ratingsOf(subject);
    const mine = await this.d.store.results({ subject }, 500);
    // Others see the public games; the player sees their own too.
    const own = viewer !== undefined && subject === `account:${viewer.accountId}`;
    const listed = own ? mine : mine.filter((r) => r.visibility === 'public');
    const recent = await this.d.store.resultsOfTables(listed.slice(0, 20).map((r) => r.tableId));
    return {
      name: shown,
      kind: subject.startsWith('bot:') ? 'bot' : 'player',
      ...(since !== undefined ? { since } : {}),
      played: mine.length,
      won: mine.filter((r) => r.place === 1).length,
      ratings: ratings.map((r) => ({
        ...publicRating(r),
        history: historyOf(mine.filter((x) => x.game === r.game)),
      })),
      games: gamesOf(recent).map((g) => ({
        ...g,
        you: mine.find((r) => r.tableId === g.table)?.seat,
      })),
    };
  }

  private async leaderboard(game: string) {
    if (!findGame(game)) throw new RequestError(404, 'unknown-game', `No game "${game}".`);
    const rows = await this.d.store.leaderboard(game, 100);
    const names = new Map<string, string>();
    for (const r of rows)
      if (r.subject.startsWith('account:')) {
        const a = await this.d.store.accountById(r.subject.slice(8));
        if (a) names.set(r.subject, a.name);
      }
    return {
      game,
      players: rows.map((r) => ({
        name: r.subject.startsWith('bot:') ? r.subject : (names.get(r.subject) ?? '?'),
        kind: r.subject.startsWith('bot:') ? 'bot' : 'player',
        ...publicRating(r),
      })),
    };
  }

  private async finishedGames(url: URL, viewer: Session | undefined) {
    const game = url.searchParams.get('game') ?? undefined;
    const player = url.searchParams.get('player') ?? undefined;
    if (game !== undefined && !findGame(game))
      throw new RequestError(400, 'unknown-game', `No game "${game}".`);
    let subject: string | undefined;
    if (player !== undefined) {
      const account = nameProblem(player) ? undefined : await this.d.store.accountByName(player);
      subject = player.startsWith('bot:') ? player : account && `account:${account.id}`;
      if (!subject) return { games: [] };
    }
    // Public games, and the viewer's own private and unlisted ones.
    const visibleTo = viewer ? `account:${viewer.accountId}` : null;
    const rows = await this.d.store.results({ subject, game, visibleTo }, PAGE * 6);
    const tables = [...new Set(rows.map((r) => r.tableId))].slice(0, PAGE);
    return { games: gamesOf(await this.d.store.resultsOfTables(tables)) };
  }

  /** The routes of accounts, quick play, table creation and seats (`routes.ts`'s table). */
  routes(): Route[] {
    const { accounts, store, service } = this.d;
    const fromOf = (r: RouteRequest) => ({
      address: r.address,
      device: cookieOf(r.req, DEVICE_COOKIE),
    });
    const signIn = async (
      r: RouteRequest,
      status: number,
      made: Awaited<ReturnType<Accounts['signIn']>>,
      raw: unknown,
    ) => {
      const adopted = await this.adoptSeats(raw, made.session.accountId);
      r.res.setHeader('set-cookie', [
        this.cookie(made.token, SESSION_MS),
        ...(made.device
          ? [this.cookie(made.device, DEVICE_MS, DEVICE_COOKIE, '/api/account')]
          : []),
      ]);
      r.send(status, { ...this.me(made.session), adopted });
    };
    const table = (id: string) => namedTable(service, id);
    return [
      {
        method: 'GET',
        path: /^\/api\/account$/,
        handle: (r) => r.send(200, r.session ? this.me(r.session) : { account: null }),
      },
      {
        method: 'POST',
        path: /^\/api\/account\/sign-up$/,
        handle: async (r) => {
          const raw = await r.readBody();
          await signIn(r, 201, await accounts.signUp(raw, fromOf(r)), raw);
        },
      },
      {
        method: 'POST',
        path: /^\/api\/account\/sign-in$/,
        handle: async (r) => {
          const raw = await r.readBody();
          await signIn(r, 200, await accounts.signIn(raw, fromOf(r)), raw);
        },
      },
      {
        method: 'POST',
        path: /^\/api\/account\/sign-out$/,
        handle: async (r) => {
          if (r.session) await accounts.signOut(r.session);
          r.res.setHeader('set-cookie', this.cookie('', 0));
          r.send(200, { account: null });
        },
      },
      {
        method: 'POST',
        path: /^\/api\/account\/password$/,
        handle: async (r) => {
          const made = await accounts
            .changePassword(this.signedIn(r.session), await r.readBody(), fromOf(r))
            .catch((e: unknown) => {
              // Too many wrong passwords ended the session: the cookie goes too.
              if (e instanceof RequestError && e.status === 429)
                r.res.setHeader('set-cookie', this.cookie('', 0));
              throw e;
            });
          r.res.setHeader('set-cookie', this.cookie(made.token, SESSION_MS));
          r.send(200, this.me(made.session));
        },
      },
      {
        method: 'GET',
        path: /^\/api\/account\/seats$/,
        handle: async (r) => {
          const me = this.signedIn(r.session);
          const seats = await store.seatsOf(me.accountId, 100);
          r.send(200, {
            seats: seats.map((s) => ({ table: s.tableId, seat: s.seat, game: s.game, at: s.at })),
          });
        },
      },
      {
        method: 'POST',
        path: /^\/api\/quick-play$/,
        handle: async (r) => {
          const raw = await r.readBody();
          const session = r.session;
          const name =
            session?.name ??
            (isObject(raw) && typeof raw.name === 'string' ? await this.guestName(raw.name) : '');
          if (name.length < 1 || name.length > 40)
            throw new RequestError(400, 'bad-name', '"name" must be 1 to 40 characters.');
          const { name: _drop, ...rest } = isObject(raw) ? raw : {};
          void _drop;
          const joined = await this.d.quickPlay.play(rest, name, r.address, session?.accountId);
          if (session)
            await store.bindSeat(joined.table, joined.seat, session.accountId, String(rest.game));
          r.send(200, joined);
        },
      },
      {
        method: 'POST',
        path: /^\/api\/tables$/,
        handle: async (r) => {
          if (!this.d.accepting())
            throw new RequestError(503, 'shutting-down', 'The server is shutting down.');
          const raw = await r.readBody();
          const created = await service.create(raw, r.address);
          if (isObject(raw) && raw.rated === true)
            await store.markRated(created.id, String(raw.game));
          r.send(201, created);
        },
      },
      {
        method: 'POST',
        path: /^\/api\/tables\/([A-Za-z0-9_-]{1,40})\/join$/,
        handle: async (r) => {
          const t = await table(r.params[0]);
          const session = r.session;
          if (!session && (await store.isRated(t.id)))
            throw new RequestError(403, 'sign-in-required', 'This table is rated: sign in to sit.');
          const h = r.req.headers.authorization;
          const bearer = h?.startsWith('Bearer ') ? h.slice(7).trim() : undefined;
          const raw = await r.readBody();
          // A signed-in player sits under their account's name, and a guest who types an
          // account's name sits as "<name> (guest)", so no one can pass for a player.
          const body =
            session && isObject(raw)
              ? { ...raw, name: session.name }
              : isObject(raw) && typeof raw.name === 'string'
                ? { ...raw, name: await this.guestName(raw.name) }
                : raw;
          // At a rated table an account holds one seat: claimed before the seat, so that two
          // joins at once (on any nodes) cannot both sit it.
          const rated = session !== undefined && (await store.isRated(t.id));
          if (rated && !(await store.claimRatedSeat(t.id, session.accountId)))
            throw new RequestError(
              409,
              'already-seated',
              'Your account holds a seat at this rated table already: one seat an account.',
            );
          const joined = await service.join(t, body, bearer).catch(async (e: unknown) => {
            if (rated) await store.releaseRatedSeat(t.id, session.accountId);
            throw e;
          });
          if (session) await store.bindSeat(t.id, joined.seat, session.accountId, t.stored.game);
          r.send(200, joined);
        },
      },
      {
        method: 'POST',
        path: /^\/api\/tables\/([A-Za-z0-9_-]{1,40})\/take$/,
        handle: async (r) =>
          r.send(200, await this.takeSeat(await table(r.params[0]), this.signedIn(r.session))),
      },
      {
        method: 'GET',
        path: /^\/api\/tables\/([A-Za-z0-9_-]{1,40})\/chat$/,
        handle: async (r) => {
          const t = await table(r.params[0]);
          publishedOnceOver(t, 'The chat');
          r.send(200, { messages: await this.d.chat.history(t, null) });
        },
      },
      {
        method: 'GET',
        path: /^\/api\/players\/([^/]{1,60})$/,
        handle: async (r) =>
          r.send(200, await this.profile(decodeURIComponent(r.params[0]), r.session)),
      },
      {
        method: 'GET',
        path: /^\/api\/leaderboard\/([A-Za-z0-9_-]{1,40})$/,
        handle: async (r) => r.send(200, await this.leaderboard(r.params[0])),
      },
      {
        method: 'GET',
        path: /^\/api\/games$/,
        handle: async (r) => r.send(200, await this.finishedGames(r.url, r.session)),
      },
    ];
  }
}
