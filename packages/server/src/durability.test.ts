// Tests that the built server, killed with SIGKILL, keeps every acknowledged move and finishes games after.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { TableConnection } from '@boss-table/client';
import { nodeClient, playAndRemember, tempDataDir, until } from './testing/test-kit.js';

const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

function startChild(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      BOT_BUDGET_MS: '5',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += String(d);
      if (out.includes('Boss Table is on')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

describe.skipIf(!existsSync(main))('durability (the built server as a child process)', () => {
  it('keeps every acknowledged move through SIGKILL and finishes every game after a restart', async () => {
    const port = await freePort();
    const dataDir = tempDataDir();
    children.push(await startChild(port, dataDir));
    const client = nodeClient(`http://127.0.0.1:${port}`);
    const tables: { id: string; acked: Map<number, unknown>; conns: TableConnection[] }[] = [];
    for (let i = 0; i < 3; i++) {
      const t = await client.createTable({
        game: 'the-boss',
        seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }, { kind: 'human' }],
      });
      const acked = new Map<number, unknown>();
      const conns: TableConnection[] = [];
      for (const seat of [0, 2]) {
        const j = await client.join(t.id, { name: `p${seat}`, invite: t.seats[seat].invite! });
        const conn = client.connect(t.id, { token: j.token });
        playAndRemember(conn, `${t.id}/${seat}`, acked);
        conns.push(conn);
      }
      tables.push({ id: t.id, acked, conns });
    }
    await until(() => tables.every((t) => t.acked.size >= 5), 30_000, 'some moves');
    children[0].kill('SIGKILL');
    await new Promise((r) => children[0].on('exit', r));
    const ackedAtKill = tables.map((t) => new Map(t.acked));
    // Every acknowledged move is on disk the moment the process dies.
    {
      const { SqliteStorage } = await import('./storage.js');
      const st = new SqliteStorage(dataDir);
      for (const [i, t] of tables.entries()) {
        const stored = await st.moves(t.id);
        for (const [seq, move] of ackedAtKill[i]) {
          const m = stored.find((x) => x.seq === seq);
          expect(m?.move, `table ${t.id} move ${seq} on disk after the kill`).toEqual(move);
        }
      }
      await st.close();
    }
    children.push(await startChild(port, dataDir));
    // The clients reconnect on their own and play on to the end.
    await until(
      () =>
        tables.every((t) =>
          t.conns.every((c) => (c.state?.view as { outcome: unknown } | undefined)?.outcome),
        ),
      60_000,
      'every game to finish',
    );
    for (const [i, t] of tables.entries()) {
      const record = (await client.getRecord(t.id)) as {
        moves: ({ seat: number } & Record<string, unknown>)[];
      };
      for (const [seq, move] of ackedAtKill[i]) {
        const { seat: _seat, ...stored } = record.moves[seq - 1];
        void _seat;
        expect(stored).toEqual(move);
      }
    }
    for (const t of tables) t.conns.forEach((c) => c.close());
    children[1].kill('SIGTERM');
    const code = await new Promise((r) => children[1].on('exit', r));
    expect(code).toBe(0);
  }, 120_000);
});
