/** For the tests' hidden-information scans: every frame a connection got, walked whole. */
import { expect } from 'vitest';
import { CLOCK, eventsFor, type Emitted, type Seat } from '@boss-table/core';
import { findGame } from '@boss-table/games';
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

/** A game's record as `GET /api/tables/:id/record` gives it (docs/records.md). */
export interface RecordJson {
  game: string;
  options: unknown;
  seed: string;
  moves: ({ seat: number | 'clock' } & Record<string, unknown>)[];
}

/**
 * What each viewer (seats, then `null` for a spectator) must have been told of a finished
 * game, from its record alone: each move's events as the game filters them for that viewer,
 * leaving out a sealed move for everyone but its seat (`told`: the table seqs of the moves
 * it was told of, in its own numbering's order); and its final view.
 */
export function expectedStreams(record: RecordJson, seats: number) {
  const game = findGame(record.game)!;
  const options = game.parseOptions(record.options);
  if (!options.ok) throw new Error(options.error.message);
  const setup = game.setup(options.value, record.seed);
  if (!setup.ok) throw new Error(setup.error.message);
  let state = setup.value.state;
  const viewers: (Seat | null)[] = [...Array.from({ length: seats }, (_, i) => i), null];
  const streams = new Map<Seat | null, unknown[][]>(viewers.map((v) => [v, []]));
  const told = new Map<Seat | null, number[]>(viewers.map((v) => [v, []]));
  let seq = 0;
  for (const { seat: raw, ...move } of record.moves) {
    const seat = raw === 'clock' ? CLOCK : raw;
    const parsed = game.parseMove(move);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const sealed = seat !== CLOCK && (game.sealed?.(state, seat, parsed.value) ?? false);
    const applied = game.apply(state, seat, parsed.value);
    if (!applied.ok) throw new Error(applied.error.message);
    state = applied.value.state;
    seq++;
    for (const v of viewers)
      if (!sealed || v === seat) {
        streams.get(v)!.push(eventsFor(applied.value.events, v));
        told.get(v)!.push(seq);
      }
  }
  return { streams, told, view: (v: Seat | null) => game.view(state, v) };
}

/** Checks one connection's frames against what its viewer must have been told. */
export function expectTold(
  frames: readonly ServerMessage[],
  events: unknown[][],
  view: unknown,
  who: string,
) {
  const snapshot = frames.find((f) => f.type === 'snapshot');
  if (snapshot?.type !== 'snapshot') throw new Error(`${who}: no snapshot`);
  const got = (snapshot.past ?? []).map((p) => p.events);
  expect(got.length, `${who}: the past in its first snapshot`).toBe(snapshot.seq);
  let last: unknown = snapshot.view;
  for (const f of frames)
    if (f.type === 'events') {
      expect(f.seq, `${who}: frames numbered without a gap or a repeat`).toBe(got.length + 1);
      got.push(f.events);
      if (f.view !== undefined) last = f.view;
    }
  expect(got, `${who}: every move's events, filtered for it`).toEqual(events);
  expect(last, `${who}: its final view`).toEqual(view);
}
