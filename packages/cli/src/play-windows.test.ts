// Tests the terminal in open windows with clocks: answers in any order, countdowns, and windows left unanswered.
import { PassThrough } from 'node:stream';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { silentLogger, startServer } from '@boss-table/server';
import { bidVeto, type BidVetoLegal } from '@boss-table/core/testing/bid-veto';
import { bidVetoTerminal } from '@boss-table/core/testing/bid-veto-terminal';
import { findEntry, registerGame } from '@boss-table/games';
import { startLocal, type LocalTable } from './play.js';
import { playRemote } from './play-remote.js';
import { runSession } from './session.js';

/**
 * The terminal in open windows with clocks (what I'm the Boss! needs), on Bid and Veto, a
 * test game of core: every seat answers a window in any order while its clock runs; the
 * session shows the window with its countdown, takes commands while it is open, asks again
 * when another seat's answer or the clock changes the table, and a window left unanswered
 * is closed by its clock.
 */
registerGame({ game: bidVeto, bots: {}, terminal: bidVetoTerminal as never });

/** Answers bid windows (`legal` first, then the least bid) and leaves veto windows to the clock. */
function windowTypist(state: () => unknown) {
  const input = new PassThrough();
  const printed: string[] = [];
  const counts = { prompts: 0, typed: 0 };
  const io = {
    out(text: string) {
      printed.push(text);
      if (text !== 'your turn> ') return;
      counts.prompts++;
      const legal = bidVeto.legalSummary(state() as never, 1) as BidVetoLegal | null;
      if (!legal || legal.window === 'veto') return;
      counts.typed++;
      const bid = legal.bid ? `bid ${legal.bid.min}` : 'pass';
      input.write(counts.prompts === 1 ? 'legal\n' : `${bid}\n`);
    },
    err: (text: string) => printed.push(text),
  };
  return { input, io, counts, all: () => printed.join('\n') };
}

describe('boss play in open windows (Bid and Veto)', () => {
  it('plays a game of windows and clocks in real time from piped lines', async () => {
    const entry = findEntry('bid-veto')!;
    const holder: { table?: LocalTable } = {};
    const t = windowTypist(() => holder.table!.driver.state);
    const table = startLocal(
      entry,
      {
        players: 3,
        options: { rounds: 3, bidMs: 1200, vetoMs: 700, vetoMinMs: 300 },
        seat: 1,
        seed: 'windows',
        bots: 'random',
        budget: 5,
      },
      t.io,
    );
    holder.table = table;
    const code = await runSession(entry.terminal!, table, t.input, t.io);
    const all = t.all();
    expect(code).toBe(0);
    expect(table.driver.over).toBe(true);
    // The window and its countdown, in the table and on the line of the prompt.
    expect(all).toMatch(/bidding is open: bid:1 closes in 0:0[12]/);
    expect(all).toMatch(/Your turn: bid or pass\. \[time left 0:0[12]\]/);
    expect(all).toContain('Bid 1 to 10, or pass.');
    expect(all).toMatch(/You bid 1\./);
    // The clock made moves: windows closed on time, bids nobody gave counted as passes.
    expect(table.driver.moves.some((m) => m.seat === -1)).toBe(true);
    expect(all).toMatch(/Game over: .+ won\./);
    // Asked again when the table changed while a window was open, more often than it typed.
    expect(t.counts.prompts).toBeGreaterThan(t.counts.typed);
  }, 30_000);

  it('plays a seat of a server table with windows and clocks from piped lines', async () => {
    const server = await startServer({
      port: 0,
      dataDir: mkdtempSync(join(tmpdir(), 'boss-windows-')),
      log: silentLogger,
      botBudgetMs: 5,
    });
    try {
      const post = async (path: string, body: unknown) =>
        (await (
          await fetch(server.url + path, { method: 'POST', body: JSON.stringify(body) })
        ).json()) as { id: string; seats: { invite?: string }[]; token: string };
      const table = await post('/api/tables', {
        game: 'bid-veto',
        options: { players: 3, rounds: 2, bidMs: 1500, vetoMs: 800, vetoMinMs: 300 },
        seats: [{ kind: 'bot', bot: 'random' }, { kind: 'human' }, { kind: 'bot', bot: 'random' }],
      });
      const joined = await post(`/api/tables/${table.id}/join`, {
        name: 'Me',
        invite: table.seats[1].invite,
      });
      const t = windowTypist(() => server.tables.get(table.id)!.state);
      const code = await playRemote(
        { server: server.url, table: table.id, token: joined.token },
        t.input,
        t.io,
      );
      const all = t.all();
      expect(code).toBe(0);
      expect(all).toMatch(/bidding is open: bid:1 closes in 0:0[12]/);
      expect(all).toMatch(/Your turn: bid or pass\. \[time left 0:0[12]\]/);
      expect(all).toContain('You bid 1.');
      expect(all).toMatch(/Game over: .+ won\./);
      expect(server.tables.get(table.id)!.stored.status).toBe('finished');
    } finally {
      await server.close();
    }
  }, 30_000);
});
