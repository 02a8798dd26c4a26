/** For the tests' hidden-information scans: every frame a connection got, walked whole. */
import { expect } from 'vitest';
import { eventsFor, type Emitted } from '@boss-table/core';
import type { BossTableClient, ServerMessage, TableConnection } from '@boss-table/client';
import { until } from './test-kit.js';

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

/** What `checkHistory` reads of a live table. */
interface TableRecordLike {
  readonly seq: number;
  readonly moves: readonly { readonly seat: number }[];
  readonly history: readonly (readonly Emitted<unknown>[])[];
}

/**
 * Connects anew asking for the history (`token`: a seat's; none: a spectator), as a reloaded
 * page does, and checks the snapshot's `past`: every move so far, each with exactly the game's
 * filter of its events for `seat`, and the same events that `live` (the frames of a
 * connection there from the start) got. Returns the new connection's frames for the caller's
 * own hidden-information scan.
 */
export async function checkHistory(
  client: BossTableClient,
  tableId: string,
  token: string | undefined,
  seat: number | null,
  table: TableRecordLike,
  live: readonly ServerMessage[],
): Promise<ServerMessage[]> {
  const conn = client.connect(tableId, {
    ...(token ? { token } : {}),
    history: true,
    reconnect: false,
  });
  const frames = recordFrames(conn);
  await until(() => conn.state?.seq === table.seq, 10_000, 'the history snapshot');
  conn.close();
  const snapshot = frames.find((f) => f.type === 'snapshot');
  if (snapshot?.type !== 'snapshot' || !snapshot.past) throw new Error('No snapshot with a past.');
  expect(snapshot.past.map((p) => p.seq)).toEqual(table.moves.map((_, k) => k + 1));
  for (const p of snapshot.past) {
    expect(p.seat).toBe(table.moves[p.seq - 1].seat);
    expect(p.events, `past events of move ${p.seq} sent to ${seat}`).toEqual(
      eventsFor(table.history[p.seq], seat),
    );
  }
  let compared = 0;
  for (const f of live)
    if (f.type === 'events') {
      expect(snapshot.past[f.seq - 1].events).toEqual(f.events);
      compared++;
    }
  expect(compared, 'live events to compare with').toBeGreaterThan(0);
  return frames;
}
