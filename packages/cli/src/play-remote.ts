// `boss play --server`: one seat of a table on a Boss Table server, through the client SDK.
import type { Readable } from 'node:stream';
import WebSocket from 'ws';
import {
  BossTableClient,
  MoveError,
  type ClockState,
  type TableConnection,
  type WebSocketLike,
} from '@boss-table/client';
import type { ClockShown, GameEntry, Outcome, Seat, Viewer } from '@boss-table/core';
import { findEntry, gameEntries } from '@boss-table/games';
import type { Io } from './args.js';
import { runSession, seatNamer, type Change, type Submitted, type TableFeed } from './session.js';

/** `boss play --server`: one seat of a table on a Boss Table server, for any game it knows. */

export interface RemoteOptions {
  readonly server: string;
  readonly table: string;
  readonly token: string;
  /** The game the player expects (`--game`): a table of another game is refused. */
  readonly game?: string;
}

/** The least time between two moves sent: the server takes at most 20 messages a second. */
const SEND_GAP_MS = 60;

const until = (at: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

/** A seat of a server table through the client SDK: the server's view, legal form and clocks. */
class RemoteTable implements TableFeed {
  private conn: TableConnection | undefined;
  /** The table's clocks: the rules' and its turn timer alike (`clocks`, docs/protocol.md). */
  private clockStates: readonly ClockState[] = [];
  private nextSendAt = 0;

  constructor(
    private readonly client: BossTableClient,
    private readonly opts: RemoteOptions,
    private readonly say: (text: string) => void,
  ) {}

  get seat(): Viewer {
    return this.conn?.state?.seat ?? null;
  }

  view(): unknown {
    return this.conn?.state?.view;
  }

  legal(): unknown {
    return this.conn?.state?.legal ?? null;
  }

  name(seat: Seat): string {
    return seatNamer(this.seat, this.conn?.state?.seats ?? [])(seat);
  }

  clocks(): ClockShown[] {
    const now = Date.now();
    return this.clockStates.map((c) => ({
      id: c.id,
      seats: c.seats,
      leftMs: c.running ? c.deadline - now : null,
    }));
  }

  /**
   * Sends a move, paced under the server's message limit (piped input types fast); a move
   * the limit refused is sent again a moment later, one the connection lost is left to the
   * resumed events (the session asks again after reconnecting).
   */
  async submit(move: unknown): Promise<Submitted> {
    for (let attempt = 0; ; attempt++) {
      await until(this.nextSendAt);
      this.nextSendAt = Date.now() + SEND_GAP_MS;
      try {
        const seq = await this.conn!.move(move);
        // Its events follow the ack: the session hears of the move before asking again.
        await this.seen(seq);
        return { ok: true };
      } catch (e) {
        if (!(e instanceof MoveError)) throw e;
        if (e.code === 'disconnected' || (e.code === 'internal' && !this.conn!.connected))
          return { ok: true };
        if (e.code === 'rate-limited' && attempt < 5) {
          this.nextSendAt = Date.now() + 1000;
          continue;
        }
        // The server says an illegal move as "rule: sentence" (docs/protocol.md).
        const m = e.code === 'illegal-move' ? /^([\w-]+): (.*)$/s.exec(e.message) : null;
        return m
          ? { ok: false, rule: m[1], message: m[2] }
          : { ok: false, rule: e.code, message: e.message };
      }
    }
  }

  /** Resolves once the connection's state has reached `seq` (or after a few seconds). */
  private seen(seq: number): Promise<void> {
    if ((this.conn?.state?.seq ?? 0) >= seq) return Promise.resolve();
    return new Promise((resolve) => {
      const timeout = setTimeout(done, 5000);
      const off = this.conn!.on('events', () => {
        if (this.conn!.state!.seq >= seq) done();
      });
      function done() {
        clearTimeout(timeout);
        off();
        resolve();
      }
    });
  }

  start(change: (c: Change) => void, fail: (message: string) => void): void {
    const { table } = this.opts;
    const conn = this.client.connect(table, { token: this.opts.token });
    this.conn = conn;
    let refusal: string | null = null;
    conn.on('message', (m) => {
      if (m.type === 'snapshot' || (m.type === 'events' && 'view' in m)) {
        this.clockStates = m.clocks ?? [];
      }
      if (m.type === 'error' && m.seq === undefined) refusal = m.message;
    });
    conn.on('snapshot', (st) => {
      this.say(
        `Connected to table ${table} as ${st.seat === null ? 'a spectator' : `seat ${st.seat + 1}`}.`,
      );
      change({ actor: null, events: [] });
    });
    conn.on('events', (m) => change({ actor: m.seat, events: m.events }));
    let down = false;
    conn.on('status', (up) => {
      if (!up && conn.state && !down) this.say('Disconnected; reconnecting…');
      // Back: whatever a lost move did, the session looks again at what it may do.
      if (up && down) change({ actor: null, events: [] });
      down = !up;
    });
    conn.on('closed', ({ reason }) => {
      if (!conn.state) fail(`boss play: the server closed the connection: ${reason}`);
    });
    // A token the server refuses closes the socket at once: say so rather than retry forever.
    setTimeout(() => {
      if (!conn.state)
        fail(
          `boss play: could not join table ${table} at ${this.client.baseUrl}${
            refusal ? `: ${refusal}` : ' (check the table id and token).'
          }`,
        );
    }, 5000).unref();
  }

  async outcome(): Promise<Outcome | undefined> {
    const details = await this.client.getTable(this.opts.table);
    return details.outcome as Outcome | undefined;
  }

  close(): void {
    this.conn?.close();
  }
}

/** Plays one seat of a table on a Boss Table server, through the client SDK. */
export async function playRemote(opts: RemoteOptions, input: Readable, io: Io): Promise<number> {
  let url: URL;
  try {
    url = new URL(opts.server);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
  } catch {
    io.err(
      `boss play: --server must be an http(s) URL, e.g. http://localhost:8080; got "${opts.server}".`,
    );
    return 2;
  }
  const client = new BossTableClient({
    baseUrl: url.origin,
    webSocket: (u) => new WebSocket(u) as unknown as WebSocketLike,
  });
  let gameId: string;
  try {
    gameId = (await client.getTable(opts.table)).game;
  } catch (e) {
    io.err(
      `boss play: could not find table ${opts.table} at ${url.origin}: ${(e as Error).message}`,
    );
    return 1;
  }
  const entry: GameEntry | undefined = findEntry(gameId);
  if (!entry?.terminal) {
    const known = gameEntries()
      .filter((e) => e.terminal)
      .map((e) => e.game.id);
    io.err(
      `boss play: table ${opts.table} plays "${gameId}", which this terminal cannot play; it plays ${known.join(', ')}. Update boss, or play it in the browser.`,
    );
    return 1;
  }
  if (opts.game !== undefined && opts.game !== gameId) {
    io.err(
      `boss play: table ${opts.table} plays ${entry.game.name} ("${gameId}"), not "${opts.game}".`,
    );
    return 2;
  }
  io.out(`${entry.game.name} at ${url.origin}, table ${opts.table}.`);
  const table = new RemoteTable(client, opts, (text) => io.out(text));
  return runSession(entry.terminal, table, input, io);
}
