// Sign-up, sign-in and server-side sessions, with password attempts limited per address and per account.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { gameEntries } from '@boss-table/games';
import type { AccountRow, AccountStore } from './account-store.js';
import { HashGate } from './hash-gate.js';
import { DECOY_HASH, hashPassword, verifyPassword } from './passwords.js';
import { SessionConns } from './session-conns.js';
import { hashToken, randomId } from './tokens.js';
import { RequestError } from './validate.js';

export const SESSION_COOKIE = 'boss_session';
/**
 * A browser an account signed in from: a random token (its hash stored per account), so that
 * its owner keeps signing in while wrong passwords from elsewhere lock other addresses out.
 */
export const DEVICE_COOKIE = 'boss_device';
/** A device cookie lasts a year. */
export const DEVICE_MS = 365 * 24 * 3_600_000;
/** A session lasts this long from its sign-in (then the player signs in again). */
export const SESSION_MS = 30 * 24 * 3_600_000;

/** A signed-in request's account and session. */
export interface Session {
  readonly accountId: string;
  readonly name: string;
  readonly csrf: string;
  readonly tokenHash: string;
}

/** A user name: 3 to 20 letters, digits, `_` or `-`, starting with a letter. */
const NAME = /^[A-Za-z][A-Za-z0-9_-]{2,19}$/;
/** Names that would pass for the site or a seat's robot. */
const RESERVED = ['admin', 'system', 'server', 'guest', 'spectator', 'moderator', 'boss-table'];

/** Why a user name is refused, or undefined if it is fine. */
export function nameProblem(name: string): string | undefined {
  if (!NAME.test(name))
    return 'A user name has 3 to 20 letters, digits, "_" or "-", and starts with a letter.';
  const key = name.toLowerCase().replace(/[_-]/g, '');
  const bots = new Set(gameEntries().flatMap((e) => Object.keys(e.bots)));
  if (key.startsWith('bot') || [...bots].some((b) => key.includes(b.toLowerCase())))
    return 'That name would pass for a bot; choose another.';
  if (RESERVED.some((r) => key === r.replace(/[_-]/g, '')))
    return 'That name is kept for the site; choose another.';
  return undefined;
}

function passwordProblem(password: unknown): string | undefined {
  if (typeof password !== 'string' || password.length < 8 || password.length > 200)
    return 'A password has 8 to 200 characters.';
  return undefined;
}

/**
 * Attempts a key may make within a window: in this process's memory (`Attempts`) on one
 * node, in the database shared by the nodes on a cluster (`shared-limits.ts`).
 */
export interface AttemptLog {
  /**
   * Checks and counts an attempt at once (atomically, also across nodes): 0 if it is let
   * through (and counted), else the milliseconds until the key may try again (not counted).
   */
  take(key: string): Promise<number>;
  /** Uncounts one attempt `take` let through (it succeeded, or was never made). */
  release(key: string): Promise<void>;
  sweep(): void;
}

/** Makes the log of one kind of attempt (`kind` names it apart from the others). */
export type AttemptLogs = (kind: string, max: number, windowMs: number) => AttemptLog;

/** Attempts a key may make within a window, kept in memory (one node). */
class Attempts implements AttemptLog {
  private readonly seen = new Map<string, number[]>();
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  private waitAt(key: string, now: number): number {
    const times = (this.seen.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (times.length === 0) this.seen.delete(key);
    else this.seen.set(key, times);
    return times.length < this.max ? 0 : times[0] + this.windowMs - now;
  }

  // Synchronous from the check to the count: nothing else runs in between.
  async take(key: string): Promise<number> {
    const wait = this.waitAt(key, Date.now());
    if (wait > 0) return wait;
    const times = this.seen.get(key) ?? [];
    times.push(Date.now());
    this.seen.set(key, times);
    return 0;
  }

  async release(key: string): Promise<void> {
    const times = this.seen.get(key);
    times?.pop();
    if (times?.length === 0) this.seen.delete(key);
  }

  sweep(): void {
    const now = Date.now();
    for (const key of [...this.seen.keys()]) this.waitAt(key, now);
  }
}

export const memoryAttempts: AttemptLogs = (_kind, max, windowMs) => new Attempts(max, windowMs);

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

export interface AccountLimits {
  /** Sign-in attempts one address may make a minute. */
  readonly signInsPerAddress: number;
  /**
   * Password attempts (sign-ins and password changes) one account takes in 15 minutes from
   * one address, or from one browser it signed in from before: then that address (browser)
   * is locked out of it. Counted before the hash, so attempts sent at once count too.
   */
  readonly failuresPerAddress: number;
  /**
   * Password attempts one account takes in 15 minutes from everywhere: past them, browsers it
   * never signed in from get one attempt a minute between them (slowed, not shut out; its
   * own browsers are not concerned).
   */
  readonly failuresPerAccount: number;
  /** New accounts one address may make an hour. */
  readonly signUpsPerAddress: number;
}

export const DEFAULT_ACCOUNT_LIMITS: AccountLimits = {
  signInsPerAddress: 20,
  failuresPerAddress: 5,
  failuresPerAccount: 20,
  signUpsPerAddress: 10,
};

/** What a sign-in or sign-up makes: a session, and the browser's device cookie if new. */
export interface Made {
  readonly token: string;
  readonly session: Session;
  /** The browser's device cookie, to set (again) with a year to live. */
  readonly device?: string;
}

/** Where a password attempt comes from: its address and its device cookie, if any. */
export interface Origin {
  readonly address: string;
  readonly device?: string;
}

const FIFTEEN_MINUTES = 15 * 60_000;

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Whether a request comes from a page of this site (or from no page at all: a script): its
 * `Origin` names the host it was sent to, the host a reverse proxy says it was sent to
 * (`X-Forwarded-Host`, which no page of another site can set), or `publicHost`.
 */
export function sameOrigin(req: IncomingMessage, publicHost?: string): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  const forwarded = req.headers['x-forwarded-host'];
  const proxied = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0].trim();
  return host === req.headers.host || host === proxied || host === publicHost;
}

/** `{ name, password }` checked. */
export function parseCredentials(raw: unknown): { name: string; password: string } {
  if (!isObject(raw) || typeof raw.name !== 'string' || typeof raw.password !== 'string')
    throw new RequestError(400, 'bad-body', 'Send {"name": "…", "password": "…"}.');
  return { name: raw.name.trim(), password: raw.password };
}

/** Parses a `Cookie` header's value for one name. */
export function cookieOf(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** Equal strings, compared in time that does not depend on where they differ. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Accounts: sign up, sign in, sign out, change a password; sessions kept server-side (a
 * random token in an HttpOnly cookie, stored as its SHA-256 hash) so they can be revoked;
 * sign-ins limited per address and per account.
 */
export class Accounts {
  private readonly perAddress: AttemptLog;
  /** Password attempts per account and address (or known browser): the lock. */
  private readonly locks: AttemptLog;
  /** Password attempts per account from everywhere: the ceiling, then the slow lane. */
  private readonly ceiling: AttemptLog;
  private readonly slowLane: AttemptLog;
  private readonly signUps: AttemptLog;
  /** Password hashes at once on this node (`hash-gate.ts`). */
  readonly gate = new HashGate();
  /** This node's WebSocket connections opened signed in, closed when their session ends. */
  readonly conns = new SessionConns();

  constructor(
    readonly store: AccountStore,
    limits: AccountLimits = DEFAULT_ACCOUNT_LIMITS,
    logs: AttemptLogs = memoryAttempts,
  ) {
    this.perAddress = logs('sign-in', limits.signInsPerAddress, 60_000);
    this.locks = logs('password-lock', limits.failuresPerAddress, FIFTEEN_MINUTES);
    this.ceiling = logs('password-ceiling', limits.failuresPerAccount, FIFTEEN_MINUTES);
    this.slowLane = logs('password-slow', 1, 60_000);
    this.signUps = logs('sign-up', limits.signUpsPerAddress, 3_600_000);
  }

  /**
   * Takes one password attempt for the account named `key` before its hash is checked, so
   * that attempts sent at once are counted as they come, not as their hashes finish. The
   * lock is per account and address, or per account and browser when the browser signed in
   * to it before; from elsewhere, past the account's ceiling, attempts go one a minute.
   * Returns what to give back if the attempt succeeds (or is never made).
   */
  private async attempt(
    key: string,
    accountId: string | undefined,
    from: Origin,
  ): Promise<() => Promise<void>> {
    const deviceHash = from.device && from.device.length <= 100 ? hashToken(from.device) : '';
    // One query whether the name exists or not: the answer's timing says nothing.
    const known = deviceHash !== '' && (await this.store.knownDevice(deviceHash, accountId ?? ''));
    const lockKey = known ? `${key}|device:${deviceHash}` : `${key}|${from.address}`;
    const locked = await this.locks.take(lockKey);
    if (locked > 0)
      throw new RequestError(
        429,
        'account-locked',
        `Too many wrong passwords for this name from here; try again in ${minutes(locked)} minutes.`,
        Math.ceil(locked / 1000),
      );
    const taken: [AttemptLog, string][] = [[this.locks, lockKey]];
    if (!known) {
      if ((await this.ceiling.take(key)) === 0) taken.push([this.ceiling, key]);
      else {
        const slowed = await this.slowLane.take(key);
        if (slowed > 0) {
          await this.locks.release(lockKey);
          throw new RequestError(
            429,
            'account-slowed',
            'Too many wrong passwords for this name lately; try again in a minute, or from a browser you signed in with before.',
            Math.ceil(slowed / 1000),
          );
        }
      }
    }
    return async () => {
      for (const [log, k] of taken) await log.release(k);
    };
  }

  /** Checks a password through the node's bound on hashes at once. */
  private verify(password: string, hash: string, address: string): Promise<boolean> {
    return this.gate.run(address, () => verifyPassword(password, hash));
  }

  /**
   * Remembers this browser as one the account signed in from, as of now; its cookie (a new
   * one if it had none) is set again, so both last a year from the last sign-in.
   */
  private async device(accountId: string, from: Origin): Promise<string> {
    const had = from.device && /^[\w-]{20,100}$/.test(from.device) ? from.device : undefined;
    const device = had ?? randomBytes(32).toString('base64url');
    await this.store.addDevice(hashToken(device), accountId, Date.now());
    return device;
  }

  private async newSession(account: AccountRow): Promise<{ token: string; session: Session }> {
    const token = randomBytes(32).toString('base64url');
    const csrf = randomBytes(24).toString('base64url');
    const now = Date.now();
    const tokenHash = hashToken(token);
    await this.store.createSession(
      tokenHash,
      { accountId: account.id, csrf, expiresAt: now + SESSION_MS },
      now,
    );
    return { token, session: { accountId: account.id, name: account.name, csrf, tokenHash } };
  }

  async signUp(raw: unknown, from: Origin): Promise<Made> {
    const { address } = from;
    const { name, password } = parseCredentials(raw);
    const problem = nameProblem(name) ?? passwordProblem(password);
    if (problem) throw new RequestError(400, 'bad-account', problem);
    const wait = await this.signUps.take(address);
    if (wait > 0)
      throw new RequestError(
        429,
        'too-many-sign-ups',
        `Too many new accounts from your address; try again in ${minutes(wait)} minutes.`,
        Math.ceil(wait / 1000),
      );
    const account: AccountRow = {
      id: randomId(),
      name,
      passwordHash: await this.gate.run(address, () => hashPassword(password)),
      createdAt: Date.now(),
    };
    if (!(await this.store.createAccount(account)))
      throw new RequestError(409, 'name-taken', `The name "${name}" is taken; choose another.`);
    const device = await this.device(account.id, from);
    return { ...(await this.newSession(account)), device };
  }

  async signIn(raw: unknown, from: Origin): Promise<Made> {
    const { name, password } = parseCredentials(raw);
    const key = name.toLowerCase().slice(0, 60);
    if ((await this.perAddress.take(from.address)) > 0)
      throw new RequestError(
        429,
        'too-many-sign-ins',
        `Too many sign-in attempts from your address; try again in a minute.`,
        60,
      );
    const account = name.length <= 40 ? await this.store.accountByName(name) : undefined;
    const giveBack = await this.attempt(key, account?.id, from);
    let ok: boolean;
    try {
      // An unknown name costs as much as a wrong password, and is answered the same way.
      ok = await this.verify(password, account?.passwordHash ?? DECOY_HASH, from.address);
    } catch (e) {
      // Refused before its hash (the node is busy): the attempt was not made.
      await giveBack();
      throw e;
    }
    if (!account || !ok) throw new RequestError(401, 'bad-credentials', 'Wrong name or password.');
    // The right password: this attempt does not count against anyone.
    await giveBack();
    const device = await this.device(account.id, from);
    return { ...(await this.newSession(account)), device };
  }

  async signOut(session: Session): Promise<void> {
    await this.store.deleteSession(session.tokenHash);
    this.conns.closeSession(session.tokenHash);
  }

  /**
   * A new password; every session of the account is revoked (and its connections on this
   * node closed), and this browser gets a new one. Guesses of the current password count
   * under the sign-in lock; past it the session ends.
   */
  async changePassword(session: Session, raw: unknown, from: Origin): Promise<Made> {
    if (!isObject(raw) || typeof raw.current !== 'string' || typeof raw.next !== 'string')
      throw new RequestError(400, 'bad-body', 'Send {"current": "…", "next": "…"}.');
    const problem = passwordProblem(raw.next);
    if (problem) throw new RequestError(400, 'bad-password', problem);
    const account = await this.store.accountById(session.accountId);
    if (!account) throw new RequestError(401, 'signed-out', 'Sign in first.');
    let giveBack: () => Promise<void>;
    try {
      giveBack = await this.attempt(account.name.toLowerCase(), account.id, from);
    } catch (e) {
      if (e instanceof RequestError && e.status === 429) {
        await this.signOut(session);
        throw new RequestError(
          429,
          e.code,
          'Too many wrong passwords: you have been signed out. Sign in again later.',
          e.retryAfter,
        );
      }
      throw e;
    }
    let ok: boolean;
    try {
      ok = await this.verify(raw.current, account.passwordHash, from.address);
    } catch (e) {
      await giveBack();
      throw e;
    }
    if (!ok) throw new RequestError(403, 'bad-credentials', 'The current password is wrong.');
    await giveBack();
    const next = raw.next;
    await this.store.setPassword(
      account.id,
      await this.gate.run(from.address, () => hashPassword(next)),
    );
    this.conns.closeAccount(account.id);
    return this.newSession(account);
  }

  /** The request's session, if its cookie names a live one. */
  async sessionOf(req: IncomingMessage): Promise<Session | undefined> {
    const token = cookieOf(req, SESSION_COOKIE);
    if (!token || token.length > 100) return undefined;
    const tokenHash = hashToken(token);
    const row = await this.store.session(tokenHash, Date.now());
    if (!row) return undefined;
    const account = await this.store.accountById(row.accountId);
    return account && { accountId: account.id, name: account.name, csrf: row.csrf, tokenHash };
  }

  /** Forgets old attempts and expired sessions (called now and then). */
  async sweep(): Promise<void> {
    for (const log of [this.perAddress, this.locks, this.ceiling, this.slowLane, this.signUps])
      log.sweep();
    await this.store.deleteExpiredSessions(Date.now());
    await this.store.deleteDevicesBefore(Date.now() - DEVICE_MS);
  }
}

/** An operator's reset of a password (`reset-password.ts`): every session revoked. */
export async function resetPassword(
  store: AccountStore,
  name: string,
  password: string,
): Promise<void> {
  const problem = passwordProblem(password);
  if (problem) throw new Error(problem);
  const account = await store.accountByName(name);
  if (!account) throw new Error(`No account is named "${name}".`);
  await store.setPassword(account.id, await hashPassword(password));
}
