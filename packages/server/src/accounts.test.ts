/** Accounts over HTTP: sign up, sign in, sessions, CSRF, limits, seats tied to accounts. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '@boss-table/client';
import { testBrowser } from './testing/account-kit.js';
import { nameProblem, sameSecret } from './accounts.js';
import { silentLogger } from './log.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { startServer } from './server.js';
import { useServer } from './testing/test-server.js';
import { tempDataDir } from './testing/test-kit.js';

const server = useServer({ trustedProxies: ['127.0.0.1'] });
let n = 0;
const uniqueName = (base = 'player') => `${base}${Date.now().toString(36).slice(-4)}${n++}`;

const refusal = async (
  p: Promise<unknown>,
): Promise<{ status: number; code: string; message: string }> => {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return { status: e.status, code: e.code, message: e.message };
    throw e;
  }
  throw new Error('expected a refusal');
};

/** A JSON answer as these tests read it. */
const json = async (r: Response) =>
  (await r.json()) as { error: { code: string }; account: { name: string } | null };

const signedUp = async (name = uniqueName()) => {
  const b = testBrowser(server().url);
  await b.client.signUp(name, 'correct horse battery');
  return { b, name };
};

describe('passwords', () => {
  it('are scrypt hashes with a salt of their own, verified only by the right password', async () => {
    const [h1, h2] = await Promise.all([hashPassword('secret pass'), hashPassword('secret pass')]);
    expect(h1).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(h1).not.toBe(h2);
    expect(await verifyPassword('secret pass', h1)).toBe(true);
    expect(await verifyPassword('secret pasS', h1)).toBe(false);
    expect(await verifyPassword('secret pass', 'md5$abc')).toBe(false);
  });

  it('compares secrets without stopping at the first difference', () => {
    expect(sameSecret('abc', 'abc')).toBe(true);
    expect(sameSecret('abc', 'abd')).toBe(false);
    expect(sameSecret('abc', 'abcd')).toBe(false);
  });
});

describe('user names', () => {
  it('have 3 to 20 plain characters and never pass for a bot or the site', () => {
    expect(nameProblem('Alice_2')).toBeUndefined();
    for (const bad of ['al', 'a'.repeat(21), '1alice', 'al ice', 'ålice', 'alice<script>'])
      expect(nameProblem(bad)).toMatch(/3 to 20/);
    for (const bot of ['Bot3', 'bot_heuristic', 'heuristic', 'ISMCTS-hard', 'Random_Joe', 'b-o-t'])
      expect(nameProblem(bot), bot).toMatch(/bot/);
    expect(nameProblem('Admin')).toMatch(/kept for the site/);
  });
});

describe('accounts over HTTP', () => {
  it('signs up into a session cookie that is HttpOnly, SameSite=Strict and path-wide', async () => {
    const name = uniqueName();
    const b = testBrowser(server().url);
    const made = await b.client.signUp(name, 'correct horse battery');
    expect(made.account.name).toBe(name);
    expect(made.csrf).toMatch(/^[\w-]{20,}$/);
    const cookie = b.setCookies[0];
    expect(cookie).toMatch(/^boss_session=[\w-]{40,}; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure'); // plain http here; https PUBLIC_URL adds it
    expect((await b.client.account()).account?.name).toBe(name);
    // Another browser is a guest.
    expect((await testBrowser(server().url).client.account()).account).toBeNull();
  });

  it('refuses a taken name (whatever its case), a bot-like name and a short password', async () => {
    const { name } = await signedUp();
    const other = testBrowser(server().url).client;
    expect(await refusal(other.signUp(name.toUpperCase(), 'another password'))).toMatchObject({
      status: 409,
      code: 'name-taken',
    });
    expect(await refusal(other.signUp('heuristic_fan', 'another password'))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/bot/),
    });
    expect(await refusal(other.signUp(uniqueName(), 'short'))).toMatchObject({
      status: 400,
      message: 'A password has 8 to 200 characters.',
    });
  });

  it('signs in on another browser; a wrong password and an unknown name get the same answer', async () => {
    const { name } = await signedUp();
    const phone = testBrowser(server().url);
    expect(
      (await phone.client.signIn(name.toLowerCase(), 'correct horse battery')).account.name,
    ).toBe(name);
    const wrong = await refusal(testBrowser(server().url).client.signIn(name, 'wrong password'));
    const unknown = await refusal(
      testBrowser(server().url).client.signIn(uniqueName('nobody'), 'wrong password'),
    );
    expect(wrong).toEqual({
      status: 401,
      code: 'bad-credentials',
      message: 'Wrong name or password.',
    });
    expect(unknown).toEqual(wrong);
  });

  it('takes as long to refuse an unknown name as a wrong password (a decoy hash is checked)', async () => {
    const { name } = await signedUp();
    const time = async (who: string) => {
      const b = testBrowser(server().url);
      const t0 = performance.now();
      await refusal(b.client.signIn(who, 'wrong password'));
      return performance.now() - t0;
    };
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++) {
      wrong.push(await time(name));
      unknown.push(await time(uniqueName('ghost')));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1];
    // Without the decoy an unknown name answers in about a millisecond, 50 times faster.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.4);
  });

  it('refuses a state-changing request whose cookie comes without its CSRF token', async () => {
    const { b } = await signedUp();
    const res = await b.fetch('/api/account/sign-out', { method: 'POST' });
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe('csrf');
    const forged = await b.fetch('/api/account/sign-out', {
      method: 'POST',
      headers: { 'x-csrf-token': 'x'.repeat(32) },
    });
    expect(forged.status).toBe(403);
    // Still signed in: nothing happened.
    expect((await b.client.account()).account).not.toBeNull();
    // A page of another site is refused even with the token.
    const cross = await b.fetch('/api/tables', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'x-csrf-token': b.client.csrf! },
      body: '{}',
    });
    expect(cross.status).toBe(403);
    expect((await json(cross)).error.code).toBe('cross-site');
    // So is a sign-in from a page of another site; a guest's request (no cookie) is not.
    const login = await fetch(`${server().url}/api/account/sign-in`, {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      body: JSON.stringify({ name: 'someone', password: 'whatever1' }),
    });
    expect((await json(login)).error.code).toBe('cross-site');
    const guest = await fetch(`${server().url}/api/tables`, {
      method: 'POST',
      headers: { origin: 'https://elsewhere.example' },
      body: JSON.stringify({ game: 'the-boss', seats: [{ kind: 'human' }, { kind: 'human' }] }),
    });
    expect(guest.status).toBe(201);
    // Behind a reverse proxy that names the public host: this site's own page.
    const proxied = await b.fetch('/api/account/sign-out', {
      method: 'POST',
      headers: {
        origin: 'https://boss.example.org',
        'x-forwarded-host': 'boss.example.org',
        'x-csrf-token': b.client.csrf!,
      },
    });
    expect(proxied.status).toBe(200);
  });

  it('treats a forged or unknown session cookie as a guest', async () => {
    const b = testBrowser(server().url);
    const res = await fetch(`${server().url}/api/account`, {
      headers: { cookie: 'boss_session=' + 'A'.repeat(43) },
    });
    expect(await res.json()).toEqual({ account: null });
    expect((await b.client.account()).account).toBeNull();
  });

  it('ends the session on sign-out: the old cookie no longer signs anyone in', async () => {
    const { b } = await signedUp();
    const cookie = b.cookie()!;
    await b.client.signOut();
    expect(b.setCookies.at(-1)).toMatch(/^boss_session=; .*Max-Age=0/);
    const replay = await fetch(`${server().url}/api/account`, { headers: { cookie } });
    expect(await replay.json()).toEqual({ account: null });
  });

  it('changes a password: every other session ends, this browser keeps a new one', async () => {
    const { b, name } = await signedUp();
    const phone = testBrowser(server().url);
    await phone.client.signIn(name, 'correct horse battery');
    expect(await refusal(b.client.changePassword('wrong current', 'new password 1'))).toMatchObject(
      {
        status: 403,
      },
    );
    const before = b.cookie();
    await b.client.changePassword('correct horse battery', 'new password 1');
    expect(b.cookie()).not.toBe(before);
    expect((await b.client.account()).account?.name).toBe(name);
    expect((await phone.client.account()).account).toBeNull();
    const old = await fetch(`${server().url}/api/account`, { headers: { cookie: before! } });
    expect(await old.json()).toEqual({ account: null });
    await refusal(testBrowser(server().url).client.signIn(name, 'correct horse battery'));
    await testBrowser(server().url).client.signIn(name, 'new password 1');
  });

  it('limits wrong passwords per account and address, with a clear message', async () => {
    const { name } = await signedUp();
    const at = '10.9.200.1';
    for (let i = 0; i < 5; i++)
      expect(
        (await refusal(testBrowser(server().url, at).client.signIn(name, 'nope nope'))).code,
      ).toBe('bad-credentials');
    const locked = await refusal(
      testBrowser(server().url, at).client.signIn(name, 'correct horse battery'),
    );
    expect(locked).toMatchObject({ status: 429, code: 'account-locked' });
    expect(locked.message).toMatch(
      /Too many wrong passwords for this name from here; try again in \d+ minutes/,
    );
    // From another address the owner signs in.
    await testBrowser(server().url).client.signIn(name, 'correct horse battery');
  });

  it('limits sign-in attempts per address', async () => {
    const b = testBrowser(server().url);
    const codes: string[] = [];
    for (let i = 0; i < 21; i++)
      codes.push((await refusal(b.client.signIn(uniqueName('who'), 'whatever1'))).code);
    expect(codes.slice(0, 20).every((c) => c === 'bad-credentials')).toBe(true);
    expect(codes[20]).toBe('too-many-sign-ins');
  });

  it('tells nobody else anything private: a profile has no id, hash, session or seat', async () => {
    const { name } = await signedUp();
    const res = await fetch(`${server().url}/api/players/${name}`);
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(JSON.parse(text)).toMatchObject({ name, kind: 'player', played: 0, ratings: [] });
    expect(text).not.toMatch(/scrypt|csrf|token|password|"id"/);
    // Another's seats are not readable: the route answers for the session's own account only.
    const guest = await refusal(testBrowser(server().url).client.mySeats());
    expect(guest).toMatchObject({ status: 401, code: 'signed-out' });
  });
});

describe('seats and accounts', () => {
  it("keeps a guest's seats when they sign up, and lets them take a seat again on another device", async () => {
    const laptop = testBrowser(server().url);
    const t = await laptop.client.createTable({
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    const held = await laptop.client.join(t.id, { name: 'Guest Ann' });
    const name = uniqueName('ann');
    const made = await laptop.client.signUp(name, 'correct horse battery', [
      { table: t.id, token: held.token },
      { table: t.id, token: 'not-a-token' },
    ]);
    expect(made.adopted).toBe(1);
    expect((await laptop.client.mySeats()).seats).toEqual([
      expect.objectContaining({ table: t.id, seat: held.seat, game: 'the-boss' }),
    ]);
    const phone = testBrowser(server().url);
    await phone.client.signIn(name, 'correct horse battery');
    const again = await phone.client.takeSeat(t.id);
    expect(again.seat).toBe(held.seat);
    expect(again.token).not.toBe(held.token);
    // The new token acts for the seat; another account cannot take it.
    const conn = phone.client.connect(t.id, { token: again.token, reconnect: false });
    await new Promise<void>((resolve) => conn.on('snapshot', () => resolve()));
    expect(conn.state?.seat).toBe(held.seat);
    conn.close();
    const { b: other } = await signedUp();
    expect(await refusal(other.client.takeSeat(t.id))).toMatchObject({
      status: 404,
      code: 'no-seat',
    });
  });

  it('seats a signed-in player tied to their account, and keeps guests off rated tables', async () => {
    const { b, name } = await signedUp();
    const t = await b.client.createTable({
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'human' }],
      rated: true,
    });
    const guest = await refusal(testBrowser(server().url).client.join(t.id, { name: 'G' }));
    expect(guest).toMatchObject({ status: 403, code: 'sign-in-required' });
    const joined = await b.client.join(t.id, { name });
    expect((await b.client.mySeats()).seats[0]).toMatchObject({ table: t.id, seat: joined.seat });
  });
});

describe('names at a table', () => {
  it("seats a guest who types an account's name as a guest, so nobody passes for a player", async () => {
    const { name } = await signedUp();
    const host = testBrowser(server().url);
    const t = await host.client.createTable({
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }],
    });
    const guest = testBrowser(server().url);
    await guest.client.join(t.id, { name: name.toUpperCase() });
    await testBrowser(server().url).client.join(t.id, { name: 'Nobody Registered' });
    const names = (await host.client.getTable(t.id)).seats.map((s) => s.name);
    expect(names).toContain(`${name.toUpperCase()} (guest)`);
    expect(names).toContain('Nobody Registered');
    expect(names).not.toContain(name.toUpperCase());
  });
});

describe('sessions across a restart', () => {
  it('stay signed in when the server restarts on the same data folder', async () => {
    const dataDir = tempDataDir();
    const opts = { port: 0, dataDir, log: silentLogger, botBudgetMs: 5 };
    const first = await startServer(opts);
    const b = testBrowser(first.url);
    const name = uniqueName();
    await b.client.signUp(name, 'correct horse battery');
    const cookie = b.cookie()!;
    await first.close();
    const second = await startServer(opts);
    try {
      const res = await fetch(`${second.url}/api/account`, { headers: { cookie } });
      expect((await json(res)).account).toEqual({ name });
    } finally {
      await second.close();
    }
  });
});
