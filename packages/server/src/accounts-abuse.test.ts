/**
 * Accounts and ratings that cannot be gamed (issue 26), over HTTP and WebSocket against a
 * real listening server, on SQLite and on PostgreSQL: guesses sent at once, lock-outs of the
 * owner, hashes without bound, two seats of one account at a rated table, seats moved to
 * another account, rated tables of bots, private games in public lists, connections that
 * outlive their seat or session, names that pass for a player or a bot, deep JSON, tables
 * left to stand-ins, chat without bound. The requests meant to be concurrent are sent at
 * once (`Promise.all`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@boss-table/client';
import { testBrowser, type TestBrowser } from './testing/account-kit.js';
import { silentLogger } from './log.js';
import { resetPassword } from './accounts.js';
import { describePostgres, type PgSuite } from './testing/pg-test-suite.js';
import { openAccountStore } from './players.js';
import { CLOSE_SEAT_TAKEN, CLOSE_SIGNED_OUT } from './session-conns.js';
import { startServer, type RunningServer, type ServerOptions } from './server.js';
import { autoPlay, tempDataDir, until } from './testing/test-kit.js';

let n = 0;
const uniqueName = (base: string) => `${base}${Date.now().toString(36).slice(-4)}${n++}`;
let block = 0;
/** Addresses of a block of their own per call (the per-address limits apply to each alone). */
const addresses = () => {
  const b = ++block;
  return (i: number) => `10.${60 + (b >> 8)}.${b & 255}.${i + 1}`;
};
const PASSWORD = 'correct horse battery';

const codeOf = (p: Promise<unknown>): Promise<string> =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof ApiError ? e.code : String(e)),
  );

const snapshot = (conn: ReturnType<TestBrowser['client']['connect']>) =>
  new Promise<void>((resolve) => {
    if (conn.state) return resolve();
    conn.on('snapshot', () => resolve());
  });

/** Waits until an asynchronous check holds. */
async function eventually(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const twoHumans = { game: 'the-boss', seats: [{ kind: 'human' }, { kind: 'human' }] } as const;

function abuse(start: () => Promise<Partial<ServerOptions>>) {
  let server: RunningServer;
  let where: { dataDir: string; databaseUrl?: string };
  beforeAll(async () => {
    where = { dataDir: tempDataDir(), ...(await start()) };
    server = await startServer({
      port: 0,
      log: silentLogger,
      botBudgetMs: 5,
      trustedProxies: ['127.0.0.1'],
      botTablesPerAddress: 2,
      ...where,
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  const signedUp = async (base = 'pat', address?: string) => {
    const b = testBrowser(server.url, address);
    const name = uniqueName(base);
    await b.client.signUp(name, PASSWORD);
    return { b, name };
  };

  describe('passwords', () => {
    it('counts guesses sent at once before hashing them: at most 5 an address are checked', async () => {
      const { name } = await signedUp('guess');
      const at = addresses();
      // 30 guesses at once from two addresses, the right one last; those refused as busy
      // (an address's share of the hashes at once) are sent again, at once, until none is.
      const guess = (i: number) =>
        codeOf(
          testBrowser(server.url, at(i % 2)).client.signIn(
            name,
            i === 29 ? PASSWORD : `wrong guess ${i}`,
          ),
        );
      const codes: string[] = [];
      let pending = Array.from({ length: 30 }, (_, i) => i);
      for (let wave = 0; wave < 20 && pending.length > 0; wave++) {
        const got = await Promise.all(pending.map(guess));
        codes.push(...got.filter((c) => c !== 'busy'));
        pending = pending.filter((_, k) => got[k] === 'busy');
      }
      expect(pending).toEqual([]);
      const checked = codes.filter((c) => c === 'bad-credentials' || c === 'ok').length;
      // Before: every guess was checked (29 wrong, and the right one signed in).
      expect(checked).toBeLessThanOrEqual(10);
      // The others were refused before any hash: by the lock, or (resent) by the address's
      // sign-ins a minute.
      expect(
        codes.filter((c) => c === 'account-locked' || c === 'too-many-sign-ins').length,
      ).toBeGreaterThanOrEqual(20);
    });

    it("does not lock the owner out for others' wrong passwords; a browser that signed in before keeps signing in", async () => {
      const at = addresses();
      const { name } = await signedUp('owner', at(0));
      const laptop = testBrowser(server.url, at(0));
      await laptop.client.signIn(name, PASSWORD);
      expect(laptop.device()).toMatch(/^boss_device=[\w-]{40,}$/);
      await laptop.client.signOut();
      // Five wrong passwords from another address lock that address out of the account.
      for (let i = 0; i < 5; i++)
        expect(await codeOf(testBrowser(server.url, at(1)).client.signIn(name, 'nope nope'))).toBe(
          'bad-credentials',
        );
      expect(await codeOf(testBrowser(server.url, at(1)).client.signIn(name, PASSWORD))).toBe(
        'account-locked',
      );
      // The owner, from their own address, is not concerned (before: locked for 15 minutes).
      expect(await codeOf(testBrowser(server.url, at(0)).client.signIn(name, PASSWORD))).toBe('ok');
      // Wrong passwords from many addresses pass the account's ceiling: strangers are slowed…
      await Promise.all(
        [2, 3, 4, 5].map(async (a) => {
          for (let i = 0; i < 5; i++)
            await codeOf(testBrowser(server.url, at(a)).client.signIn(name, 'still wrong'));
        }),
      );
      const strangers = [];
      for (let a = 6; a < 9; a++)
        strangers.push(await codeOf(testBrowser(server.url, at(a)).client.signIn(name, 'wrong')));
      expect(strangers).toContain('account-slowed');
      // …but the owner's browser, from a new address, still signs in at once.
      const travelling = testBrowser(server.url, at(9));
      const device = laptop.device()!;
      const res = await travelling.fetch('/api/account/sign-in', {
        method: 'POST',
        headers: { cookie: device, 'content-type': 'application/json' },
        body: JSON.stringify({ name, password: PASSWORD }),
      });
      expect(res.status).toBe(200);
    });

    it('counts guesses of the current password when changing it, and ends the session past the lock', async () => {
      const { b } = await signedUp('change');
      const codes = [];
      for (let i = 0; i < 6; i++)
        codes.push(await codeOf(b.client.changePassword(`wrong current ${i}`, 'a new password')));
      // Before: 403 for ever, the session alive.
      expect(codes).toEqual([...Array(5).fill('bad-credentials'), 'account-locked']);
      expect((await b.client.account()).account).toBeNull();
    });

    it('bounds the hashes at once: a crowd of sign-ins gets 503 with Retry-After', async () => {
      const at = addresses();
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          testBrowser(server.url, at(i)).fetch('/api/account/sign-in', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: uniqueName('crowd'), password: 'whatever you say' }),
          }),
        ),
      );
      const busy = answers.filter((r) => r.status === 503);
      // Before: all 40 were hashed (401), the last after seconds.
      expect(busy.length).toBeGreaterThan(0);
      for (const r of busy) expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(answers.every((r) => r.status === 503 || r.status === 401)).toBe(true);
      // A crowd from three addresses holds four places each: a normal sign-in sent with it
      // is queued, not refused.
      const { name } = await signedUp('normal');
      const few = addresses();
      const crowd = Array.from({ length: 30 }, (_, i) =>
        codeOf(testBrowser(server.url, few(i % 3)).client.signIn(uniqueName('few'), 'whatever1')),
      );
      const normal = codeOf(testBrowser(server.url, few(3)).client.signIn(name, PASSWORD));
      const crowdCodes = await Promise.all(crowd);
      expect(await normal).toBe('ok');
      expect(crowdCodes.filter((c) => c === 'busy').length).toBeGreaterThan(0);
    });
  });

  describe('ratings that mean something', () => {
    it('gives an account one seat at a rated table, by join (even at once) and by quick play', async () => {
      const { b, name } = await signedUp('twice');
      const t = await b.client.createTable({
        game: 'the-boss',
        seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', bot: 'random' }],
        rated: true,
      });
      const both = await Promise.all([
        codeOf(b.client.join(t.id, { name })),
        codeOf(b.client.join(t.id, { name })),
      ]);
      expect(both.sort()).toEqual(['already-seated', 'ok']);
      expect(await codeOf(b.client.join(t.id, { name }))).toBe('already-seated');
      // Play now twice: the second seat is at another table, never the same one.
      const q = await signedUp('quick');
      const first = await q.b.client.quickPlay({ game: 'the-boss', players: 3, waitSeconds: 300 });
      const second = await q.b.client.quickPlay({ game: 'the-boss', players: 3, waitSeconds: 300 });
      expect(second.table).not.toBe(first.table);
    });

    it('never moves a seat bound to one account to another by signing in with its token', async () => {
      const ann = await signedUp('ann');
      const t = await ann.b.client.createTable({ ...twoHumans, rated: true });
      const held = await ann.b.client.join(t.id, { name: ann.name });
      // Another account signs in on a browser that holds Ann's seat token.
      const mallory = await signedUp('mal');
      await mallory.b.client.signOut();
      const made = await mallory.b.client.signIn(mallory.name, PASSWORD, [
        { table: t.id, token: held.token },
      ]);
      expect(made.adopted).toBe(0);
      expect((await mallory.b.client.mySeats()).seats).toEqual([]);
      expect((await ann.b.client.mySeats()).seats[0]).toMatchObject({ table: t.id });
      expect((await ann.b.client.takeSeat(t.id)).seat).toBe(held.seat);
      // A guest's seat no account holds is still adopted.
      const g = testBrowser(server.url);
      const casual = await g.client.createTable(twoHumans);
      const guestSeat = await g.client.join(casual.id, { name: 'Guest' });
      const adopted = await g.client.signUp(uniqueName('adopt'), PASSWORD, [
        { table: casual.id, token: guestSeat.token },
      ]);
      expect(adopted.adopted).toBe(1);
    });

    it('never rates a table of bots only', async () => {
      const b = testBrowser(server.url);
      const refused = await codeOf(
        b.client.createTable({
          game: 'the-boss',
          seats: [
            { kind: 'bot', bot: 'random' },
            { kind: 'bot', bot: 'heuristic' },
          ],
          rated: true,
        }),
      );
      expect(refused).toBe('bad-rated');
    });
  });

  describe('private stays private', () => {
    it('lists a private game only to its players, in game lists and on profiles', async () => {
      const { b, name } = await signedUp('hide');
      const t = await b.client.createTable({
        game: 'the-boss',
        seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }],
        visibility: 'private',
      });
      const joined = await b.client.join(t.id, { name, invite: t.seats[0].invite! });
      const conn = b.client.connect(t.id, { token: joined.token });
      autoPlay(conn, 'private');
      await eventually(
        async () => (await b.client.getTable(t.id)).status === 'finished',
        60_000,
        'the end',
      );
      conn.close();
      await eventually(
        async () => (await b.client.finishedGames({ player: name })).games.length === 1,
        10_000,
        "the game in its player's list",
      );
      // The player sees it; nobody else does, by player, by game or on the profile.
      expect((await b.client.profile(name)).games.map((g) => g.table)).toEqual([t.id]);
      const other = testBrowser(server.url).client;
      expect((await other.finishedGames({ player: name })).games).toEqual([]);
      expect(
        (await other.finishedGames({ game: 'the-boss' })).games.map((g) => g.table),
      ).not.toContain(t.id);
      const profile = await other.profile(name);
      expect(profile.games).toEqual([]);
      expect(profile.played).toBe(1);
    }, 90_000);
  });

  describe('connections end with their seat and session', () => {
    it("closes the old device's connection when the seat is taken on another device", async () => {
      const { b, name } = await signedUp('device');
      const t = await b.client.createTable(twoHumans);
      const held = await b.client.join(t.id, { name });
      const old = b.client.connect(t.id, { token: held.token });
      await snapshot(old);
      const closed: number[] = [];
      old.on('closed', (e) => closed.push(e.code));
      const phone = testBrowser(server.url);
      await phone.client.signIn(name, PASSWORD);
      await phone.client.takeSeat(t.id);
      await until(() => closed.length > 0, 5_000, 'the old connection closed');
      expect(closed).toEqual([CLOSE_SEAT_TAKEN]);
      old.close();
    });

    it('closes connections opened signed in at sign-out and at a password change', async () => {
      const { b, name } = await signedUp('leave');
      const t = await testBrowser(server.url).client.createTable(twoHumans);
      const watch = b.client.connect(t.id);
      await snapshot(watch);
      const closed: number[] = [];
      watch.on('closed', (e) => closed.push(e.code));
      await b.client.signOut();
      await until(() => closed.length > 0, 5_000, 'closed at sign-out');
      expect(closed).toEqual([CLOSE_SIGNED_OUT]);
      // A password changed on another browser ends this one's connection too.
      await b.client.signIn(name, PASSWORD);
      const again = b.client.connect(t.id);
      await snapshot(again);
      const closedAgain: number[] = [];
      again.on('closed', (e) => closedAgain.push(e.code));
      const phone = testBrowser(server.url);
      await phone.client.signIn(name, PASSWORD);
      await phone.client.changePassword(PASSWORD, 'another password 2');
      await until(() => closedAgain.length > 0, 5_000, 'closed at the password change');
      expect(closedAgain).toEqual([CLOSE_SIGNED_OUT]);
    });
  });

  describe('a session ended elsewhere', () => {
    it("closes a connection at its next chat line once an operator's reset ended its session", async () => {
      const { b, name } = await signedUp('reset');
      const t = await testBrowser(server.url).client.createTable(twoHumans);
      const watch = b.client.connect(t.id);
      await snapshot(watch);
      const closed: number[] = [];
      watch.on('closed', (e) => closed.push(e.code));
      // The operator's script, on the same database (this node is not told).
      const { store, close } = await openAccountStore({
        DATA_DIR: where.dataDir,
        ...(where.databaseUrl ? { DATABASE_URL: where.databaseUrl } : {}),
      });
      try {
        await resetPassword(store, name, 'an operator password');
      } finally {
        await close();
      }
      watch.say('still me?');
      await until(() => closed.length > 0, 5_000, 'closed at the next line');
      expect(closed).toEqual([CLOSE_SIGNED_OUT]);
      // The line was not stored under the account's name.
      const lines = testBrowser(server.url).client.connect(t.id);
      await snapshot(lines);
      await new Promise((r) => setTimeout(r, 200));
      expect(lines.chat).toEqual([]);
      lines.close();
    });
  });

  describe('names', () => {
    it('refuses invisible characters and bot names, and marks look-alikes of an account as guests', async () => {
      const { name } = await signedUp('alike');
      const host = testBrowser(server.url);
      const t = await host.client.createTable({
        game: 'the-boss',
        seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }],
      });
      const guest = () => testBrowser(server.url).client;
      for (const bad of [
        `\u202e${name}`,
        `${name.slice(0, 2)}\u200b${name.slice(2)}`,
        `${name.slice(0, 2)}\u00ad${name.slice(2)}`,
        'Bot 3 (ismcts:hard)',
        'bot:random',
      ])
        expect(await codeOf(guest().join(t.id, { name: bad })), JSON.stringify(bad)).toBe(
          'bad-name',
        );
      // Cyrillic а, е and о for Latin a, e and o; full-width letters (NFKC folds them).
      const cyrillic = name.replace(/a/g, 'а').replace(/e/g, 'е').replace(/o/g, 'о');
      expect(cyrillic).not.toBe(name);
      await guest().join(t.id, { name: cyrillic });
      const wide = [...name].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join('');
      await guest().join(t.id, { name: wide });
      const names = (await host.client.getTable(t.id)).seats.map((s) => s.name);
      expect(names).toContain(`${cyrillic} (guest)`);
      expect(names).toContain(`${name} (guest)`);
    });
  });

  describe('cheap abuse', () => {
    it('answers options nested 30,000 deep with 400 (their parser overflowed the stack: 500)', async () => {
      const deep = '['.repeat(30_000) + ']'.repeat(30_000);
      const res = await fetch(`${server.url}/api/tables`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `{"game":"the-boss","seats":[{"kind":"human"},{"kind":"human"}],"options":{"cities":${deep}}}`,
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('too-deep');
    });

    it('counts tables whose human seats were left like tables of bots (cap 2 here)', async () => {
      const b = testBrowser(server.url);
      const oneHuman = {
        game: 'the-boss',
        seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }],
      } as const;
      // Made, joined and left (nobody connects): each runs with nobody at it.
      for (let i = 0; i < 2; i++) {
        const t = await b.client.createTable(oneHuman);
        await b.client.join(t.id, { name: 'Left', invite: t.seats[0].invite! });
      }
      expect(await codeOf(b.client.createTable(oneHuman))).toBe('too-many-bot-tables');
    });

    it('bounds chat lines per address across tables', async () => {
      const b = testBrowser(server.url);
      const conns = [];
      for (let i = 0; i < 5; i++) {
        const t = await b.client.createTable(twoHumans);
        const j = await b.client.join(t.id, { name: `Chatty ${i}` });
        const c = b.client.connect(t.id, { token: j.token });
        await snapshot(c);
        conns.push(c);
      }
      const refused: string[] = [];
      for (const c of conns) c.on('error', (e) => refused.push(e.code));
      // 5 lines on each of 5 tables: each writer within its own rate, 25 from one address.
      for (let k = 0; k < 5; k++) for (const c of conns) c.say(`line ${k}`);
      await until(() => refused.length >= 5, 10_000, 'lines past the budget refused');
      expect(refused.every((r) => r === 'rate-limited')).toBe(true);
      for (const c of conns) c.close();
    });
  });
}

describe('accounts and ratings that cannot be gamed: SQLite', () => {
  abuse(async () => ({}));
});

describePostgres('accounts and ratings that cannot be gamed: PostgreSQL', (suite: PgSuite) => {
  abuse(async () => ({ databaseUrl: await suite.cluster.createDatabase() }));
});
