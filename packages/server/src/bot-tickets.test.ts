// Tests that tables ask the bot pool as 'bots' or 'people' by who sits there, and metrics count both kinds.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { BotPool, type BotTicket } from './bot-pool.js';
import { autoPlay, nodeClient, until } from './testing/test-kit.js';
import { useServer } from './testing/test-server.js';

// What the tables tell the pool about each job: whose table, and whether people sit there.
const tickets: (BotTicket | undefined)[] = [];
const think = BotPool.prototype.think;
vi.spyOn(BotPool.prototype, 'think').mockImplementation(function (this: BotPool, job, ticket) {
  tickets.push(ticket);
  return think.call(this, job, ticket);
});

const server = useServer();
afterAll(() => {
  vi.restoreAllMocks();
});

describe('tables ask the bot pool with their ticket', () => {
  it('a bots-only table as `bots`, a table with a person (its bot and stand-ins) as `people`', async () => {
    const client = nodeClient(server().url);
    const botsOnly = await client.createTable({
      game: 'the-boss',
      seats: [
        { kind: 'bot', bot: 'random' },
        { kind: 'bot', bot: 'random' },
      ],
    });
    const withPerson = await client.createTable({
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }],
    });
    const j = await client.join(withPerson.id, { name: 'P', invite: withPerson.seats[0].invite! });
    const conn = client.connect(withPerson.id, { token: j.token });
    autoPlay(conn, 'person');
    const finished = (id: string) => server().tables.get(id)?.stored.status === 'finished';
    await until(() => finished(botsOnly.id) && finished(withPerson.id), 30_000, 'both games');
    conn.close();
    const of = (id: string) => tickets.filter((t) => t?.table === id);
    expect(of(botsOnly.id).length).toBeGreaterThan(5);
    expect(of(botsOnly.id).every((t) => t?.priority === 'bots')).toBe(true);
    expect(of(withPerson.id).length).toBeGreaterThan(5);
    expect(of(withPerson.id).every((t) => t?.priority === 'people')).toBe(true);
    expect(tickets.every((t) => t !== undefined)).toBe(true);
    const metrics = await (await fetch(`${server().url}/metrics`)).text();
    for (const table of ['people', 'bots']) {
      const count = new RegExp(`boss_bot_answer_seconds_count\\{table="${table}"\\} (\\d+)`);
      expect(Number(count.exec(metrics)?.[1])).toBeGreaterThan(5);
    }
  }, 40_000);
});
