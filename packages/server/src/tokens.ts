// Random secret tokens and table ids, and the SHA-256 hashes they are stored as, compared in constant time.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 128 random bits (and 32 more), URL-safe. */
export const randomToken = (): string => randomBytes(20).toString('base64url');

/** Table ids: 72 random bits, short enough for links. */
export const randomId = (): string => randomBytes(9).toString('base64url');

export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

export function sameHash(a: string | undefined, b: string): boolean {
  if (a === undefined || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
