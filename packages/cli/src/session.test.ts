// Tests the terminal session's helpers: seat names, line wrapping and how clocks are told.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { TerminalPieces } from '@boss-table/core';
import {
  changedLines,
  describeClocks,
  fit,
  runSession,
  seatNamer,
  widthOf,
  type TableFeed,
} from './session.js';

describe('the terminal session helpers', () => {
  it('names seats as the web does: You, a name, Bot N (spec) counted from 1, Seat N', () => {
    const name = seatNamer(1, [{ bot: 'ismcts:hard' }, { name: 'Me' }, { name: 'Ann' }, {}]);
    expect([0, 1, 2, 3].map(name)).toEqual(['Bot 1 (Hard search)', 'You', 'Ann', 'Seat 4']);
  });

  it('wraps a long line at spaces under its own indentation, colour codes taking no room', () => {
    const line = `  · ${'word '.repeat(30).trim()}`;
    const out = fit(`short\n${line}`, 40).split('\n');
    expect(out[0]).toBe('short');
    expect(out.slice(1).every((l) => l.length <= 40 && l.startsWith('  '))).toBe(true);
    expect(out.slice(2).every((l) => l.startsWith('    word'))).toBe(true);
    const bold = `\x1b[1m${'x'.repeat(38)}\x1b[22m`;
    expect(fit(bold, 40)).toBe(bold);
    expect(widthOf({ out: () => {}, err: () => {}, columns: 0 })).toBe(80);
  });

  it("tells the seat's own clock and the others' apart", () => {
    const name = seatNamer(0, [{}, { bot: 'random' }]);
    expect(
      describeClocks(
        [
          { id: 'window', seats: [], leftMs: 4200 },
          { id: 'turn', seats: [1], leftMs: 61_000 },
          { id: 'mine', seats: [0], leftMs: null },
        ],
        0,
        name,
      ),
    ).toBe('time left 0:05 · Bot 2 (Random) 1:01 · time left paused');
    // A game that names its clocks: the prompt says which is which.
    const words = (id: string) => ({ deal: 'the deal', idle: 'without progress' })[id];
    expect(
      describeClocks(
        [
          { id: 'deal', seats: [], leftMs: 150_000 },
          { id: 'idle', seats: [], leftMs: 40_000 },
          { id: 'turn', seats: [1], leftMs: 20_000 },
        ],
        0,
        name,
        words,
      ),
    ).toBe('the deal 2:30 · without progress 0:40 · Bot 2 (Random) 0:20');
  });

  it('quits at once while another seat is to play and the input stays open', async () => {
    let closed = false;
    const feed: TableFeed = {
      seat: 0,
      view: () => ({}),
      legal: () => null, // never this seat's turn
      clocks: () => [],
      name: String,
      submit: () => Promise.resolve({ ok: true }),
      start: () => {},
      outcome: () => Promise.resolve(undefined),
      close: () => {
        closed = true;
      },
    };
    const input = new PassThrough();
    const out: string[] = [];
    const done = runSession({} as TerminalPieces, feed, input, {
      out: (t) => out.push(t),
      err: () => {},
    });
    input.write('quit\n'); // and the input is not ended
    const code = await Promise.race([
      done,
      new Promise((r) => setTimeout(() => r('still running'), 1000)),
    ]);
    expect(code).toBe(0);
    expect(closed).toBe(true);
    expect(out).toContain('You left the game.');
  });

  it('tells what changed in the table, not the whole table again (clock lines left out)', () => {
    const before =
      'Deal: You are the Boss\n  proposal 1: Ann → You\n  clock, the deal: 0:40\nYour hand: 1 Stop';
    const after =
      'Deal: You are the Boss\n  proposal 1: Ann → You\n  proposal 2: Bob → You\n  clock, the deal: 0:38\nYour hand: 1 Stop';
    expect(changedLines(before, after)).toEqual(['  proposal 2: Bob → You']);
    expect(changedLines(after, after)).toEqual([]);
  });

  it("marks a clock's move as the clock's, in the game's words, before its events", async () => {
    const feed: TableFeed = {
      seat: 0,
      view: () => ({}),
      legal: () => null,
      clocks: () => [],
      name: String,
      submit: () => Promise.resolve({ ok: true }),
      start: (change) => change({ actor: -1, events: [{ t: 'rolled' }] }),
      outcome: () => Promise.resolve(undefined),
      close: () => {},
    };
    const pieces = {
      describeEvent: () => 'You roll 4.',
      clockNote: () => 'Time ran out: the die was rolled for you.',
      isOver: () => false,
    } as unknown as TerminalPieces;
    const input = new PassThrough();
    const out: string[] = [];
    const done = runSession(pieces, feed, input, { out: (t) => out.push(t), err: () => {} });
    input.write('quit\n');
    await done;
    expect(out.slice(0, 2)).toEqual([
      '  · Time ran out: the die was rolled for you.',
      '  · You roll 4.',
    ]);
  });
});
