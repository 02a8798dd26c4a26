/** For the tests' hidden-information scans: every frame a connection got, walked whole. */
import { expect } from 'vitest';
import type { ServerMessage, TableConnection } from '@boss-table/client';

/** Everything a connection received, as raw frames. */
export function recordFrames(conn: TableConnection): ServerMessage[] {
  const frames: ServerMessage[] = [];
  conn.on('message', (m) => frames.push(m));
  return frames;
}

/**
 * Walks every value in the frames: fails on a string holding any of `secrets` or an object
 * with a key in `forbiddenKeys`; `check` sees every object (the game's own rules).
 */
export function scanFrames(
  frames: readonly ServerMessage[],
  secrets: readonly string[],
  forbiddenKeys: readonly string[],
  check: (o: Record<string, unknown>) => void,
): void {
  const walk = (x: unknown): void => {
    if (typeof x === 'string') {
      for (const s of secrets) expect(x.includes(s), 'a secret in a frame').toBe(false);
      return;
    }
    if (Array.isArray(x)) return x.forEach(walk);
    if (typeof x !== 'object' || x === null) return;
    const o = x as Record<string, unknown>;
    check(o);
    for (const key of Object.keys(o)) expect(forbiddenKeys).not.toContain(key);
    Object.values(o).forEach(walk);
  };
  for (const f of frames) walk(f);
}
