import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { gameEntries } from '@boss-table/games';
import type { AccountRow, AccountStore } from './account-store.js';
import { DECOY_HASH, hashPassword, verifyPassword } from './passwords.js';
import { hashToken, randomId } from './tokens.js';
import { RequestError } from './validate.js';

export const SESSION_COOKIE = 'boss_session';
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
  /** Milliseconds until the key may try again, or 0. */
  wait(key: string): Promise<number>;
  note(key: string): Promise<void>;
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

  async wait(key: string): Promise<number> {
    return this.waitAt(key, Date.now());
  }

  private waitAt(key: string, now: number): number {
    const times = (this.seen.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (times.length === 0) this.seen.delete(key);
    else this.seen.set(key, times);
    return times.length < this.max ? 0 : times[0] + this.windowMs - now;
  }

  async note(key: string): Promise<void> {
    const times = this.seen.get(key) ?? [];
    times.push(Date.now());
    this.seen.set(key, times);
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
  /** Failed sign-ins one account may take in 15 minutes. */
  readonly failuresPerAccount: number;
  /** New accounts one address may make an hour. */
  readonly signUpsPerAddress: number;
}

export const DEFAULT_ACCOUNT_LIMITS: AccountLimits = {
  signInsPerAddress: 20,
  failuresPerAccount: 5,
  signUpsPerAddress: 10,
};

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
  private readonly perAccount: AttemptLog;
  private readonly signUps: AttemptLog;

  constructor(
    readonly store: AccountStore,
    limits: AccountLimits = DEFAULT_ACCOUNT_LIMITS,
    logs: AttemptLogs = memoryAttempts,
  ) {
    this.perAddress = logs('sign-in', limits.signInsPerAddress, 60_000);
    this.perAccount = logs('wrong-password', limits.failuresPerAccount, 15 * 60_000);
    this.signUps = logs('sign-up', limits.signUpsPerAddress, 3_600_000);
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

  async signUp(raw: unknown, address: string): Promise<{ token: string; session: Session }> {
    const { name, password } = parseCredentials(raw);
    const problem = nameProblem(name) ?? passwordProblem(password);
    if (problem) throw new RequestError(400, 'bad-account', problem);
    const wait = await this.signUps.wait(address);
    if (wait > 0)
      throw new RequestError(
        429,
        'too-many-sign-ups',
        `Too many new accounts from your address; try again in ${minutes(wait)} minutes.`,
      );
    await this.signUps.note(address);
    const account: AccountRow = {
      id: randomId(),
      name,
      passwordHash: await hashPassword(password),
      createdAt: Date.now(),
    };
    if (!(await this.store.createAccount(account)))
      throw new RequestError(409, 'name-taken', `The name "${name}" is taken; choose another.`);
    return this.newSession(account);
  }

  async signIn(raw: unknown, address: string): Promise<{ token: string; session: Session }> {
    const { name, password } = parseCredentials(raw);
    const key = name.toLowerCase();
    const byAddress = await this.perAddress.wait(address);
    if (byAddress > 0)
      throw new RequestError(
        429,
        'too-many-sign-ins',
        `Too many sign-in attempts from your address; try again in a minute.`,
      );
    await this.perAddress.note(address);
    const byAccount = await this.perAccount.wait(key);
    if (byAccount > 0)
      throw new RequestError(
        429,
        'account-locked',
        `Too many wrong passwords for this name; try again in ${minutes(byAccount)} minutes.`,
      );
    const account = name.length <= 40 ? await this.store.accountByName(name) : undefined;
    // An unknown name costs as much as a wrong password, and is answered the same way.
    const ok = await verifyPassword(password, account?.passwordHash ?? DECOY_HASH);
    if (!account || !ok) {
      await this.perAccount.note(key);
      throw new RequestError(401, 'bad-credentials', 'Wrong name or password.');
    }
    return this.newSession(account);
  }

  async signOut(session: Session): Promise<void> {
    await this.store.deleteSession(session.tokenHash);
  }

  /** A new password; every session of the account is revoked, and this browser gets a new one. */
  async changePassword(
    session: Session,
    raw: unknown,
  ): Promise<{ token: string; session: Session }> {
    if (!isObject(raw) || typeof raw.current !== 'string' || typeof raw.next !== 'string')
      throw new RequestError(400, 'bad-body', 'Send {"current": "…", "next": "…"}.');
    const problem = passwordProblem(raw.next);
    if (problem) throw new RequestError(400, 'bad-password', problem);
    const account = await this.store.accountById(session.accountId);
    if (!account || !(await verifyPassword(raw.current, account.passwordHash)))
      throw new RequestError(403, 'bad-credentials', 'The current password is wrong.');
    await this.store.setPassword(account.id, await hashPassword(raw.next));
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
    this.perAddress.sweep();
    this.perAccount.sweep();
    this.signUps.sweep();
    await this.store.deleteExpiredSessions(Date.now());
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
