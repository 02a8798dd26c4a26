// Tests whole games of every game piped into `boss play`, against local bots and at a server table.
import { PassThrough } from 'node:stream';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botContext, type AnyGame, type GameEntry, type Seat } from '@boss-table/core';
import { bidVeto } from '@boss-table/core/testing/bid-veto';
import { gameEntries, registerGame } from '@boss-table/games';
import { botKinds, makeBot } from '@boss-table/games/bots';
import { silentLogger, startServer, type RunningServer } from '@boss-table/server';
import { main } from './main.js';
import { startLocal } from './play.js';
import { playRemote } from './play-remote.js';
import { runSession } from './session.js';

/**
 * Whole games piped into `boss play` for every game the terminal plays: on this machine
 * against bots, and at a table of a server started here. The person's lines are typed as the
 * game's pieces type moves (`formatMove`), chosen by the game's rule-of-thumb bot from the
 * seat's view (read beside the session); one well-formed move the rules refuse comes first.
 */

const playable = gameEntries().filter((e) => e.terminal);

/** Per game, a line that reads as a move but breaks a rule (tests may know games). */
const REFUSED: Readonly<Record<string, (view: never, seat: Seat) => string>> = {
  'the-boss': (view: { hands: { cards: string[] }[] }, seat) =>
    `chicago 9 ${view.hands[seat].cards[0]}`,
  'big-boss': () => 'sell regent 5',
  'boss-cards': (view: { pile: string[] }) => `play ${view.pile[view.pile.length - 1]}`,
};

interface TableOptions {
  readonly players: number;
  readonly rules?: string;
  readonly options?: Readonly<Record<string, unknown>>;
}
const SHORTER: Readonly<Record<string, TableOptions>> = {
  'the-boss': { players: 3 },
  'big-boss': { players: 2, rules: 'original' },
  'boss-cards': { players: 2 },
  // Short clocks: its windows run in real time.
  'im-the-boss': {
    players: 3,
    options: {
      maxRounds: 1,
      clocks: {
        turn: 3000,
        discard: 2000,
        deal: 6000,
        idle: 2000,
        stopWindow: 600,
        stopWindowMin: 200,
        lastCall: 500,
        lastCallMin: 200,
        step: 3000,
        prompt: 2000,
      },
    },
  },
};
/** A table of each game: a short one where the test knows the game, else three players. */
const optionsOf = (entry: GameEntry): TableOptions =>
  SHORTER[entry.game.id] ?? {
    players: Math.min(entry.game.maxPlayers, Math.max(3, entry.game.minPlayers)),
  };
/** The options a server table is created with. */
const tableOptions = ({ players, rules, options }: TableOptions) => ({
  ...options,
  players,
  ...(rules ? { rules } : {}),
});

/**
 * An Io that answers each prompt: `help` first, then the refused line, then legal moves
 * typed out; `state()` is the full state beside the session (the test's own eyes only).
 */
function typist(entry: GameEntry, seed: string, state: () => unknown, seat: () => Seat) {
  const game: AnyGame = entry.game;
  const input = new PassThrough();
  const printed: string[] = [];
  // The person plays as the game's rule-of-thumb bot would, from the seat's view.
  const made = makeBot(game.id, 'heuristic' in botKinds(game.id) ? 'heuristic' : 'random');
  if (!made.ok) throw new Error(made.error.message);
  const player = made.value;
  let prompts = 0;
  const io = {
    out(text: string) {
      printed.push(text);
      if (text !== 'your turn> ') return;
      prompts++;
      const s = state();
      const view = game.view(s, seat());
      if (prompts === 1) return input.write('help\n');
      if (prompts === 2 && REFUSED[game.id])
        return input.write(`${REFUSED[game.id](view as never, seat())}\n`);
      const move = player.chooseMove(view, botContext(`${seed}/${prompts}`, 20));
      // In an open window the bot may wait: so does the person, until the table changes.
      if (move === null) return;
      input.write(`${entry.terminal!.formatMove(move, view)}\n`);
    },
    err: (text: string) => printed.push(text),
  };
  return { input, io, all: () => printed.join('\n'), prompts: () => prompts };
}

describe.each(playable.map((e) => [e.game.id, e] as const))('boss play --game %s', (id, entry) => {
  it('plays a whole game against bots from piped lines', async () => {
    const holder: { table?: ReturnType<typeof startLocal> } = {};
    const t = typist(
      entry,
      id,
      () => holder.table!.driver.state,
      () => 1,
    );
    const table = startLocal(
      entry,
      { ...optionsOf(entry), seat: 1, seed: `piped ${id}`, bots: 'random', budget: 5 },
      t.io,
    );
    holder.table = table;
    const code = await runSession(entry.terminal!, table, t.input, t.io);
    const all = t.all();
    expect(code).toBe(0);
    expect(table.driver.over).toBe(true);
    expect(all).toContain(`${entry.game.name}, ${optionsOf(entry).players} players`);
    expect(all).toContain('Opponents: Bot 1 (Random)');
    expect(all).toContain('Commands: legal (what you may do now)');
    if (REFUSED[id]) expect(all).toMatch(/Refused \([\w-]+\): /);
    expect(all).toMatch(/Ranking: (You|Bot \d \(Random\)) \(-?\d+\), /);
    expect(t.prompts()).toBeGreaterThan(3);
    // Every line fits in 80 columns.
    expect(all.split('\n').filter((l) => l.length > 80)).toEqual([]);
  }, 60_000);
});

describe('boss play --server, a table of each game', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // A game the server plays and this terminal does not (no terminal pieces).
    registerGame({ game: bidVeto, bots: {} });
    server = await startServer({
      port: 0,
      dataDir: mkdtempSync(join(tmpdir(), 'boss-every-game-')),
      log: silentLogger,
      botBudgetMs: 5,
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = async (path: string, body: unknown) =>
    (await (
      await fetch(server.url + path, { method: 'POST', body: JSON.stringify(body) })
    ).json()) as { id: string; seats: { invite?: string }[]; token: string; seat: number };

  /** A table of the game with the person at seat 1 and random bots at the others. */
  async function table(game: string, options: { players: number }) {
    const created = await post('/api/tables', {
      game,
      options,
      seats: Array.from({ length: options.players }, (_, s) =>
        s === 1 ? { kind: 'human' } : { kind: 'bot', bot: 'random' },
      ),
    });
    const joined = await post(`/api/tables/${created.id}/join`, {
      name: 'Me',
      invite: created.seats[1].invite,
    });
    return { id: created.id, token: joined.token };
  }

  it.each(playable.map((e) => [e.game.id, e] as const))(
    'plays a seat of a %s table to the end from piped lines',
    async (id, entry) => {
      const { id: tableId, token } = await table(id, tableOptions(optionsOf(entry)));
      const t = typist(
        entry,
        id,
        () => server.tables.get(tableId)!.state,
        () => 1,
      );
      const code = await playRemote({ server: server.url, table: tableId, token }, t.input, t.io);
      const all = t.all();
      expect(code).toBe(0);
      expect(all).toContain(`${entry.game.name} at ${server.url}, table ${tableId}.`);
      expect(all).toContain('Connected to table');
      if (REFUSED[id]) expect(all).toMatch(/Refused \([\w-]+\): /);
      // Bots carry the web's names; the ranking comes from the server.
      expect(all).toContain('Bot 1 (Random)');
      expect(all).toMatch(/Ranking: (You|Bot \d \(Random\)) \(-?\d+\), /);
      expect(server.tables.get(tableId)!.stored.status).toBe('finished');
    },
    60_000,
  );

  it('refuses a table of a game it cannot play, and a table of another game than --game', async () => {
    const other = await table('bid-veto', { players: 2 });
    const printed: string[] = [];
    const io = { out: (t: string) => printed.push(t), err: (t: string) => printed.push(t) };
    const args = ['play', '--server', server.url, '--table', other.id, '--token', other.token];
    expect(await main(args, io)).toBe(1);
    expect(printed.join('\n')).toMatch(
      /table \S+ plays "bid-veto", which this terminal cannot play; it plays the-boss, big-boss, boss-cards/,
    );
    const boss = await table('the-boss', { players: 2 });
    printed.length = 0;
    const wrong = ['play', '--game', 'big-boss', '--server', server.url, '--table', boss.id];
    expect(await main([...wrong, '--token', boss.token], io)).toBe(2);
    expect(printed.join('\n')).toContain('plays The Boss ("the-boss"), not "big-boss"');
    printed.length = 0;
    expect(await main(['play', '--game', 'chess'], io)).toBe(2);
    expect(printed.join('\n')).toContain('no game "chess" in the terminal; games: the-boss');
  });
});
