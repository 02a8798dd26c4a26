/**
 * Players who come back, end to end over HTTP and WebSocket, on SQLite and on PostgreSQL: a
 * rated game moves ratings and lands in the history, chat keeps its channels apart, quick
 * play seats people together and bots after the wait.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@boss-table/client';
import { testBrowser, type TestBrowser } from './testing/account-kit.js';
import { silentLogger } from './log.js';
import { describePostgres, type PgSuite } from './testing/pg-test-suite.js';
import { startServer, type RunningServer, type ServerOptions } from './server.js';
import { autoPlay, tempDataDir, until } from './testing/test-kit.js';

let n = 0;
const uniqueName = (base: string) => `${base}${Date.now().toString(36).slice(-4)}${n++}`;

async function signedUp(url: string, base = 'pat'): Promise<{ b: TestBrowser; name: string }> {
  const b = testBrowser(url);
  const name = uniqueName(base);
  await b.client.signUp(name, 'correct horse battery');
  return { b, name };
}

/** Waits until the table says its game is over. */
async function finished(b: TestBrowser, table: string): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if ((await b.client.getTable(table)).status === 'finished') return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('The game did not end.');
}

const snapshot = (conn: ReturnType<TestBrowser['client']['connect']>) =>
  new Promise<void>((resolve) => {
    if (conn.state) return resolve();
    conn.on('snapshot', () => resolve());
  });

function players(start: () => Promise<Partial<ServerOptions>>) {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      port: 0,
      dataDir: tempDataDir(),
      log: silentLogger,
      botBudgetMs: 5,
      trustedProxies: ['127.0.0.1'],
      ...(await start()),
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('rates a game against a bot: the rating, the history and the leaderboard show it', async () => {
    const { b, name } = await signedUp(server.url);
    const t = await b.client.createTable({
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }],
      rated: true,
    });
    const joined = await b.client.join(t.id, { name, invite: t.seats[0].invite! });
    const conn = b.client.connect(t.id, { token: joined.token });
    autoPlay(conn, 'rated');
    await finished(b, t.id);
    conn.close();
    // The game's end is recorded apart from its last move: ask again until it is there.
    let profile = await b.client.profile(name);
    for (let i = 0; i < 200 && profile.played !== 1; i++) {
      await new Promise((r) => setTimeout(r, 50));
      profile = await b.client.profile(name);
    }
    expect(profile.played, 'the game in the history').toBe(1);
    for (let i = 0; i < 100 && profile.ratings.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      profile = await b.client.profile(name);
    }
    expect(profile.ratings).toHaveLength(1);
    const [rating] = profile.ratings;
    expect(rating).toMatchObject({ game: 'the-boss', games: 1 });
    expect(rating.rating).not.toBe(1500);
    expect(rating.history).toEqual([
      { at: expect.any(Number), rating: 1500 },
      { at: expect.any(Number), rating: rating.rating },
    ]);
    expect(profile.games[0]).toMatchObject({ table: t.id, rated: true, you: 0 });
    expect(profile.games[0].seats[1]).toMatchObject({ name: 'random', kind: 'bot' });
    const won = profile.games[0].seats[0].place === 1;
    expect(profile.won).toBe(won ? 1 : 0);
    // The bot level is rated too, in the other direction.
    const bot = await b.client.profile('bot:random');
    expect(bot.ratings[0].rating > 1500 - 200).toBe(true);
    const board = await b.client.leaderboard('the-boss');
    expect(board.players.map((p) => p.name)).toEqual(expect.arrayContaining([name, 'bot:random']));
    // The finished-games list, by player and by game, and the record opens in a replay.
    expect((await b.client.finishedGames({ player: name })).games.map((g) => g.table)).toEqual([
      t.id,
    ]);
    expect((await b.client.finishedGames({ game: 'the-boss' })).games[0].table).toBe(t.id);
    expect((await b.client.finishedGames({ player: uniqueName('nobody') })).games).toEqual([]);
    expect((await b.client.getRecord(t.id)).moves).toBeDefined();
  });

  it('records a casual game in the history without moving ratings', async () => {
    const { b, name } = await signedUp(server.url);
    const t = await b.client.createTable({
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }],
    });
    const joined = await b.client.join(t.id, { name, invite: t.seats[0].invite! });
    const conn = b.client.connect(t.id, { token: joined.token });
    autoPlay(conn, 'casual');
    await finished(b, t.id);
    conn.close();
    let profile = await b.client.profile(name);
    for (let i = 0; i < 100 && profile.played === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      profile = await b.client.profile(name);
    }
    expect(profile.played).toBe(1);
    expect(profile.ratings).toEqual([]);
    expect(profile.games[0]).toMatchObject({ rated: false });
  });

  it('counts a game abandoned by a person as a loss for them', async () => {
    const { b, name } = await signedUp(server.url, 'gone');
    const t = await b.client.createTable({
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }],
      graceSeconds: 0,
      rated: true,
    });
    // Sits and never comes to the table: a stand-in bot plays the seat to the end.
    await b.client.join(t.id, { name, invite: t.seats[0].invite! });
    await finished(b, t.id);
    let profile = await b.client.profile(name);
    for (let i = 0; i < 100 && profile.played === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      profile = await b.client.profile(name);
    }
    expect(profile.games[0].seats.map((s) => [s.kind, s.place])).toEqual([
      ['player', 2],
      ['bot', 1],
    ]);
    expect(profile.won).toBe(0);
  });

  it("keeps spectators' chat from the seated players during the game", async () => {
    const ann = await signedUp(server.url, 'ann');
    const bob = await signedUp(server.url, 'bob');
    const eve = await signedUp(server.url, 'eve');
    const t = await ann.b.client.createTable({
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    const a = await ann.b.client.join(t.id, { name: ann.name });
    const bb = await bob.b.client.join(t.id, { name: bob.name });
    const annConn = ann.b.client.connect(t.id, { token: a.token });
    const bobConn = bob.b.client.connect(t.id, { token: bb.token });
    const eveConn = eve.b.client.connect(t.id);
    const guest = testBrowser(server.url).client.connect(t.id);
    await Promise.all([annConn, bobConn, eveConn, guest].map(snapshot));
    const errors: string[] = [];
    guest.on('error', (e) => errors.push(e.code));
    guest.say('anyone there?');
    eveConn.say('spectators only: ann holds the key');
    annConn.say('hello Bob');
    await until(() => bobConn.chat.length === 1 && eveConn.chat.length === 2, 10_000, 'chat lines');
    await until(() => errors.length === 1, 10_000, 'the guest refused');
    expect(errors).toEqual(['chat-refused']);
    const lines = (c: { chat: readonly ChatMessage[] }) =>
      c.chat.map((m) => `${m.channel}:${m.name}:${m.text}`);
    expect(lines(bobConn)).toEqual([`players:${ann.name}:hello Bob`]);
    // Both lines were sent at once: in either order.
    expect(lines(eveConn).sort()).toEqual([
      `players:${ann.name}:hello Bob`,
      `spectators:${eve.name}:spectators only: ann holds the key`,
    ]);
    await new Promise((r) => setTimeout(r, 200));
    expect(lines(annConn)).toEqual([`players:${ann.name}:hello Bob`]);
    // A reconnecting player gets the players' lines again, never the spectators'.
    const again = bob.b.client.connect(t.id, { token: bb.token });
    await until(() => again.chat.length === 1, 10_000, 'chat history');
    expect(lines(again)).toEqual([`players:${ann.name}:hello Bob`]);
    // Too many lines are refused; the chat is published with the record only after the game.
    const refused: string[] = [];
    annConn.on('error', (e) => refused.push(e.code));
    for (let i = 0; i < 6; i++) annConn.say(`line ${i}`);
    await until(() => refused.length > 0, 10_000, 'a line refused');
    expect(refused[0]).toBe('rate-limited');
    await expect(ann.b.client.tableChat(t.id)).rejects.toMatchObject({ code: 'not-finished' });
    for (const c of [annConn, bobConn, eveConn, guest, again]) c.close();
  });

  it('seats two players of quick play at one table, and fills it with bots after the wait', async () => {
    const ann = await signedUp(server.url, 'qa');
    const bob = await signedUp(server.url, 'qb');
    const a = await ann.b.client.quickPlay({ game: 'the-boss', players: 3, waitSeconds: 5 });
    const b = await bob.b.client.quickPlay({ game: 'the-boss', players: 3, waitSeconds: 5 });
    expect(b.table).toBe(a.table);
    expect(b.seat).not.toBe(a.seat);
    // A guest is not seated at a rated quick-play table.
    const guest = await testBrowser(server.url).client.quickPlay({
      game: 'the-boss',
      players: 3,
      waitSeconds: 5,
      name: 'Gus',
    });
    expect(guest.table).not.toBe(a.table);
    const conn = ann.b.client.connect(a.table, { token: a.token });
    await until(() => conn.state?.status === 'running', 15_000, 'bots to take the free seat');
    expect(conn.state!.seats.filter((s) => s.kind === 'bot')).toHaveLength(1);
    expect((await ann.b.client.mySeats()).seats[0]).toMatchObject({ table: a.table });
    conn.close();
  }, 30_000);
}

describe('players who come back: SQLite', () => {
  players(async () => ({}));
});

describePostgres('players who come back: PostgreSQL', (suite: PgSuite) => {
  players(async () => ({ databaseUrl: await suite.cluster.createDatabase() }));
});
