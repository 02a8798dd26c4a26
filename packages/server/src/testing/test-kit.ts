/** Helpers for the server's tests and the load test: a server, clients, a thin player. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { Rng } from '@boss-table/core';
import { BossTableClient, type TableConnection, type WebSocketLike } from '@boss-table/client';
import { bossMoveFromLegal } from '@boss-table/the-boss';

export const tempDataDir = (): string => mkdtempSync(join(tmpdir(), 'boss-server-'));

export const nodeClient = (baseUrl: string): BossTableClient =>
  new BossTableClient({
    baseUrl,
    webSocket: (url) => new WebSocket(url) as unknown as WebSocketLike,
  });

/** The Boss's compact legal form (docs/protocol.md). */
/** The Boss's thin-client chooser (`@boss-table/the-boss`), the default of `autoPlay`. */
export const moveFromLegal = bossMoveFromLegal;

/** Picks a move from a game's compact legal form (`legal` of a frame) with a generator. */
export type LegalChooser = (legal: unknown, rng: Rng) => unknown;

/**
 * Plays a seat through its connection until the game is over: moves whenever it may, each
 * chosen from the compact legal form by `choose` (default: The Boss's `moveFromLegal`).
 */
export function autoPlay(
  conn: TableConnection,
  seed: string,
  thinkMs = 0,
  choose: LegalChooser = moveFromLegal,
): void {
  const rng = Rng.fromSeed(seed);
  let sentAt = -1;
  const send = () => {
    const st = conn.state;
    if (!st || st.legal === null || st.legal === undefined || sentAt === st.seq || !conn.connected)
      return;
    sentAt = st.seq;
    conn.move(choose(st.legal, rng)).catch(() => {
      sentAt = -1;
      setTimeout(act, 10);
    });
  };
  // A player who thinks for a while before each move (thinkMs), so that tests can drop
  // connections during a game rather than after it.
  const act = () => (thinkMs > 0 ? setTimeout(send, thinkMs) : send());
  conn.on('snapshot', act);
  conn.on('events', (m) => {
    if ('view' in m) act();
  });
  conn.on('status', (up) => {
    if (up) setTimeout(act, 20);
  });
}

/**
 * Plays a seat, remembering every move the server acknowledged, by its seq (the seat's own
 * numbering); `choose` picks each move from the legal form (default: The Boss's).
 */
export function playAndRemember(
  conn: TableConnection,
  seed: string,
  acked: Map<number, unknown>,
  choose: LegalChooser = moveFromLegal,
): void {
  const rng = Rng.fromSeed(seed);
  let busy = false;
  const act = () => {
    const st = conn.state;
    if (busy || !st || !st.legal || !conn.connected) return;
    busy = true;
    const move = choose(st.legal, rng);
    conn.move(move).then(
      (seq) => {
        acked.set(seq, move);
        busy = false;
        setTimeout(act, 1);
      },
      () => {
        busy = false;
        setTimeout(act, 20);
      },
    );
  };
  conn.on('snapshot', act);
  conn.on('events', () => setTimeout(act, 1));
  conn.on('status', (up) => up && setTimeout(act, 50));
}

export const until = async (
  check: () => boolean,
  ms = 30_000,
  what = 'condition',
): Promise<void> => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

/**
 * Starts the built server (`dist/main.js`) as a child process on a free loopback port with a
 * fresh data folder and the given settings; resolves once it listens.
 */
export function startBuiltServer(
  env: Readonly<Record<string, string>> = {},
): Promise<{ url: string; child: ChildProcess }> {
  // From the tests (src/testing/*.ts) the built server is in dist/; from dist/testing/ (the
  // load test), one folder up.
  const built = import.meta.url.endsWith('.ts') ? '../../dist/main.js' : '../main.js';
  const main = fileURLToPath(new URL(built, import.meta.url));
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: tempDataDir(), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    // Only the lines up to the one that says it listens are kept: the log that follows (a
    // line a connection) is drained and dropped, not gathered for the life of the server.
    let out: string | null = '';
    child.stdout!.on('data', (d: Buffer) => {
      if (out === null) return;
      out += String(d);
      const m = /"msg":"listening","port":(\d+)/.exec(out);
      if (m) {
        out = null;
        resolve({ url: `http://127.0.0.1:${m[1]}`, child });
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
}

/** A node of a test cluster: the built server as a child process on PostgreSQL. */
export interface ClusterNode {
  readonly name: string;
  readonly url: string;
  readonly child: ChildProcess;
}

/**
 * Starts `count` nodes (`n0`, `n1`, …) of the built server on one PostgreSQL database, each
 * a child process on a free port; `env` adds settings (e.g. `LEASE_SECONDS`).
 */
export async function startClusterNodes(
  databaseUrl: string,
  count: number,
  env: Readonly<Record<string, string>> = {},
): Promise<ClusterNode[]> {
  const nodes: ClusterNode[] = [];
  // One after the other: the first creates the schema, and each takes its leases at start.
  for (let i = 0; i < count; i++) {
    const name = `n${i}`;
    const { url, child } = await startBuiltServer({
      DATABASE_URL: databaseUrl,
      NODE_NAME: name,
      ...env,
    });
    nodes.push({ name, url, child });
  }
  return nodes;
}
