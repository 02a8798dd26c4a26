// Password hashing with salted scrypt in a self-describing format, constant-time checks and a decoy hash.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Passwords as scrypt hashes (memory-hard, from `node:crypto`) with a salt of their own:
 * `scrypt$N$r$p$salt$hash`, so that the cost can grow later and old hashes still verify.
 * N = 2^15, r = 8: 32 MiB and about 0.1 s a hash on one core (OWASP's minimum is 2^17 with
 * r = 8 over 1 thread; we keep half of it for a 2-core box that must sign people in while
 * games run).
 */
const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_BYTES = 32;

const derive = (password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, opts, (e, key) =>
      e ? reject(e) : resolve(key),
    ),
  );

const options = (n: number, r: number, p: number): ScryptOptions => ({
  N: n,
  r,
  p,
  maxmem: 256 * n * r + 1024 * 1024,
});

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, options(N, R, P));
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` is the one `stored` was made from; compared in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const got = await derive(
    password,
    Buffer.from(salt, 'base64url'),
    options(Number(n), Number(r), Number(p)),
  );
  return got.length === expected.length && timingSafeEqual(got, expected);
}

/**
 * A hash no password matches, verified when a name is unknown, so that a sign-in takes as
 * long whether the account exists or not.
 */
export const DECOY_HASH = `scrypt$${N}$${R}$${P}$${randomBytes(16).toString('base64url')}$${randomBytes(KEY_BYTES).toString('base64url')}`;
