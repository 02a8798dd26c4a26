// Tests `boss play --server`: one seat of a server table played to its end from typed lines.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { silentLogger, startServer } from '@boss-table/server';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { playRemote } from './play-remote.js';

describe('boss play --server', () => {
  it('plays a seat of a server table to the end from typed lines', async () => {
    const server = await startServer({
      port: 0,
      dataDir: mkdtempSync(join(tmpdir(), 'boss-remote-')),
      log: silentLogger,
      botBudgetMs: 5,
    });
    try {
      const post = async (path: string, body: unknown) =>
        (await (
          await fetch(server.url + path, { method: 'POST', body: JSON.stringify(body) })
        ).json()) as { id: string; seats: { invite?: string }[]; token: string };
      const table = await post('/api/tables', {
        game: 'the-boss',
        seats: [{ kind: 'bot', bot: 'random' }, { kind: 'human' }],
      });
      const joined = await post(`/api/tables/${table.id}/join`, {
        name: 'Me',
        invite: table.seats[1].invite,
      });
      const input = new PassThrough();
      const printed: string[] = [];
      // One line per prompt: `legal` first, then a card it listed.
      let answer: string | null = null;
      const io = {
        out(text: string) {
          printed.push(text);
          if (text === 'your turn> ') {
            input.write(`${answer ?? 'legal'}\n`);
            answer = null;
          } else if (text.startsWith('You may place:'))
            answer = /Reveal one of: (\S+)/.exec(text)![1];
        },
        err: (text: string) => printed.push(text),
      };
      const code = await playRemote(
        { server: server.url, table: table.id, token: joined.token },
        input,
        io,
      );
      expect(code).toBe(0);
      const all = printed.join('\n');
      expect(all).toContain('Connected to table');
      expect(all).toContain('Game over');
      expect(server.tables.get(table.id)!.stored.status).toBe('finished');
    } finally {
      await server.close();
    }
  }, 20_000);

  it('refuses a server URL that is not http(s)', async () => {
    const printed: string[] = [];
    const code = await playRemote(
      { server: 'ftp://x', table: 't', token: 'k' },
      new PassThrough(),
      {
        out: (t) => printed.push(t),
        err: (t) => printed.push(t),
      },
    );
    expect(code).toBe(2);
    expect(printed.join()).toContain('--server must be an http(s) URL');
  });
});
