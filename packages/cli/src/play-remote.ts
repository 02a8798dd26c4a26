import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import WebSocket from 'ws';
import { BossTableClient, type WebSocketLike } from '@boss-table/client';
import { describeEvent, type BossEvent, type BossLegal, type BossView } from '@boss-table/the-boss';
import type { Io } from './args.js';
import { renderView } from './boss-render.js';
import { formatLegal, parseTurn } from './play.js';

export interface RemoteOptions {
  readonly server: string;
  readonly table: string;
  readonly token: string;
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
  const conn = client.connect(opts.table, { token: opts.token });
  const names = (seat: number) => (seat === conn.state?.seat ? 'You' : `Seat ${seat}`);
  const rl = createInterface({ input, terminal: false });
  const lines = rl[Symbol.asyncIterator]();
  let prompted = -1;
  let finished = false;
  let failure: string | null = null;

  return new Promise<number>((resolve) => {
    const done = (code: number) => {
      conn.close();
      rl.close();
      resolve(code);
    };
    const prompt = async () => {
      const st = conn.state;
      if (!st || st.legal === null || prompted === st.seq) return;
      prompted = st.seq;
      io.out('');
      io.out(renderView(st.view as BossView, names));
      for (;;) {
        io.out('your turn> ');
        const next = await lines.next();
        if (next.done) return done(0);
        const line = next.value.trim();
        if (line === 'quit' || line === 'exit') return done(0);
        if (line === 'legal') io.out(formatLegal(conn.state!.legal as BossLegal));
        else if (line === 'show') io.out(renderView(conn.state!.view as BossView, names));
        else if (line !== '') {
          const turn = parseTurn(line);
          if ('error' in turn) {
            io.out(turn.error);
            continue;
          }
          try {
            await conn.move(turn.move);
            return;
          } catch (e) {
            io.out(`Refused: ${(e as Error).message} Type legal to see your options.`);
          }
        }
      }
    };
    conn.on('snapshot', (st) => {
      io.out(`Connected to table ${opts.table} as seat ${st.seat}.`);
      void prompt();
    });
    conn.on('events', (m) => {
      for (const event of m.events as BossEvent[]) {
        if (event.type === 'turn') continue;
        const text = describeEvent(event, conn.state?.seat ?? null, names);
        if (text) io.out(`  · ${text}`);
        if (event.type === 'game-over') finished = true;
      }
      if (finished) {
        io.out(renderView(conn.state!.view as BossView, names));
        return done(0);
      }
      if ('legal' in m) void prompt();
    });
    conn.on('status', (up) => {
      if (!up) io.out('Disconnected; reconnecting…');
    });
    conn.on('message', (m) => {
      if (m.type === 'error' && m.seq === undefined) failure = m.message;
    });
    // A token the server refuses closes the socket at once: say so rather than retry forever.
    setTimeout(() => {
      if (!conn.state) {
        io.err(
          `boss play: could not join table ${opts.table} at ${url.origin}${failure ? `: ${failure}` : ' (check the table id and token).'}`,
        );
        done(1);
      }
    }, 5000).unref();
  });
}
