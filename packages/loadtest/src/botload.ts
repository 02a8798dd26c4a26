/**
 * `npm run botload -- [--tables 150] [--bot ismcts:hard] [--answers 300] [--seconds 120]
 * [--schedule fair|fifo] [--game ID] [--json]`: bots under load (issue 12). Starts the built
 * server as a child process on loopback (fresh data folder, no POST limit), creates N
 * bots-only tables of the game (default: the registry's, The Boss; four seats of `--bot`, or
 * the game's most if fewer), then an ordinary table of one person (a client through the SDK,
 * moving at once, as the game's random bot) and `heuristic` bots in the game's other seats
 * (its fewest), played game after game. Measures how long the heuristic bot takes to answer:
 * from the frame of the move that made it its turn to the frame of its own move. Stops after `--answers` answers or `--seconds`, whichever is first.
 * `--schedule fifo` runs the pool as it was before issue 12 (BOT_SCHEDULE=fifo), to compare.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Rng, WAIT } from '@boss-table/core';
import { ApiError, type TableConnection } from '@boss-table/client';
import { defaultGameId, findGame } from '@boss-table/games';
import { makeBot } from '@boss-table/games/bots';
import { nodeClient, tempDataDir } from '@boss-table/server/testing/test-kit';
import { readFlags } from './flags.js';

const USAGE =
  'usage: npm run botload -- [--tables N] [--bot SPEC] [--answers N] [--seconds S] ' +
  '[--schedule fair|fifo] [--game ID] [--json]';
const flags = readFlags(
  'botload',
  USAGE,
  ['tables', 'bot', 'answers', 'seconds', 'schedule', 'game'],
  ['json', 'serve-child'],
);

const tables = Number(flags.get('tables', '150'));
const bot = flags.get('bot', 'ismcts:hard');
const answers = Number(flags.get('answers', '300'));
const seconds = Number(flags.get('seconds', '120'));
const schedule = flags.get('schedule', 'fair');
const json = flags.has('json');
const gameId = flags.get('game', defaultGameId());
const game = findGame(gameId);
if (
  game === undefined ||
  !Number.isInteger(tables) ||
  tables < 0 ||
  !(answers > 0) ||
  !(seconds > 0) ||
  !['fair', 'fifo'].includes(schedule)
) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}
const { maxPlayers, minPlayers } = game;
const botSeats = Math.min(4, maxPlayers);
/** The person's moves: the game's random bot, from the seat's view. */
const madePerson = makeBot(gameId, 'random');
if (!madePerson.ok) throw new Error(madePerson.error.message);
const person = madePerson.value;
/** Whether the game a view shows is over (its rules tell from any state the view allows). */
const over = (view: unknown, rng: Rng): boolean => game.isOver(game.sample(view as never, rng));
const say = (s: string) => process.stderr.write(`botload: ${s}\n`);

/**
 * The server under test, in its own process: as `npm start` runs it, but with no POST limit
 * and no cap on bots-only tables per address (the benchmark's tables all come from loopback;
 * they stand for many addresses).
 */
async function serveChild(): Promise<void> {
  const { startServer } = await import('@boss-table/server/server');
  const { jsonLogger } = await import('@boss-table/server/log');
  const base = jsonLogger();
  const options = {
    port: 0,
    host: '127.0.0.1',
    dataDir: tempDataDir(),
    // Errors and warnings only: the server logs every game's end.
    log: { ...base, info: () => {} },
    postsPerSecond: 0,
    botTablesPerAddress: 0,
  };
  const server = await startServer(options);
  process.stdout.write(JSON.stringify({ port: server.port }) + '\n');
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
}

async function startChild(): Promise<{ url: string; child: ChildProcess }> {
  const self = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, [self, '--serve-child'], {
    env: { ...process.env, BOT_SCHEDULE: schedule },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += String(d);
      const m = /\{"port":(\d+)\}/.exec(out);
      if (m) resolve({ url: `http://127.0.0.1:${m[1]}`, child });
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
}

/** The q-quantile of sorted samples, and a distribution-free 95 % interval for it. */
function quantile(sorted: number[], q: number): { value: number; low: number; high: number } {
  const n = sorted.length;
  if (n === 0) return { value: NaN, low: NaN, high: NaN };
  const at = (rank: number) => sorted[Math.min(n - 1, Math.max(0, rank))];
  const spread = 1.96 * Math.sqrt(n * q * (1 - q));
  return {
    value: at(Math.ceil(q * n) - 1),
    low: at(Math.floor(n * q - spread) - 1),
    high: at(Math.ceil(n * q + spread) - 1),
  };
}

/** Moves of the bots-only tables so far, and how many still play. */
async function botsOnlyProgress(
  client: ReturnType<typeof nodeClient>,
  ids: string[],
): Promise<{ moves: number; running: number }> {
  let moves = 0;
  let running = 0;
  for (const id of ids) {
    const t = await client.getTable(id);
    moves += t.seq;
    if (t.status === 'running') running++;
  }
  return { moves, running };
}

async function main() {
  const server = await startChild();
  const client = nodeClient(server.url);
  const ids: string[] = [];
  say(`creating ${tables} bots-only tables of ${bot} (schedule: ${schedule}) on ${server.url}`);
  for (let t = 0; t < tables; t++) {
    try {
      const created = await client.createTable({
        game: gameId,
        seats: Array.from({ length: botSeats }, () => ({ kind: 'bot' as const, bot })),
      });
      ids.push(created.id);
    } catch (e) {
      say(`table ${t + 1} refused: ${e instanceof ApiError ? e.code : (e as Error).message}`);
      break;
    }
  }
  if (ids.length) await new Promise((r) => setTimeout(r, 3000)); // let the queue fill
  const before = await botsOnlyProgress(client, ids);
  say(`${ids.length} bots-only tables playing; measuring the heuristic bot of an ordinary table`);

  const samples: number[] = [];
  let games = 0;
  const started = performance.now();
  let conn: TableConnection | null = null;
  let timedOut = false;
  await new Promise<void>((done) => {
    const stopAt = setTimeout(() => {
      timedOut = true;
      done();
    }, seconds * 1000);
    const start = () =>
      play().catch((e: Error) => {
        say(`the ordinary table failed: ${e.message}`);
        clearTimeout(stopAt);
        done();
      });
    const play = async () => {
      if (samples.length >= answers || timedOut) return;
      const created = await client.createTable({
        game: gameId,
        seats: [
          { kind: 'human' },
          ...Array.from({ length: Math.max(1, minPlayers - 1) }, () => ({
            kind: 'bot' as const,
            bot: 'heuristic',
          })),
        ],
      });
      const j = await client.join(created.id, { name: 'Person', invite: created.seats[0].invite! });
      const c = client.connect(created.id, { token: j.token });
      conn = c;
      const rng = Rng.fromSeed(`botload/${games}`);
      let sentAt = -1;
      let lastFrame = NaN; // until the first snapshot
      const act = () => {
        const st = c.state;
        if (!st?.legal || sentAt === st.seq) return;
        const move = person.chooseMove(st.view, { rng, deadline: performance.now() + 50 });
        if (move === WAIT) return; // asked again at the next frame
        sentAt = st.seq;
        c.move(move).catch(() => {
          sentAt = -1;
          setTimeout(act, 50);
        });
      };
      c.on('snapshot', () => {
        lastFrame = performance.now();
        act();
      });
      c.on('events', (m) => {
        const now = performance.now();
        if (m.seat !== 0 && !Number.isNaN(lastFrame)) {
          samples.push(now - lastFrame);
          if (samples.length >= answers) {
            clearTimeout(stopAt);
            done();
            return;
          }
        }
        lastFrame = now;
        // The game over (its rules tell from any state its view allows): the next game.
        if (c.state && over(c.state.view, rng)) {
          games++;
          c.close();
          void start();
          return;
        }
        act();
      });
    };
    void start();
  });
  const elapsed = (performance.now() - started) / 1000;
  (conn as TableConnection | null)?.close();
  const after = await botsOnlyProgress(client, ids);
  const metrics = await (await fetch(`${server.url}/metrics`)).text();
  const botAnswers = (table: string) => {
    const sum = Number(
      new RegExp(`boss_bot_answer_seconds_sum\\{table="${table}"\\} (\\S+)`).exec(metrics)?.[1],
    );
    const count = Number(
      new RegExp(`boss_bot_answer_seconds_count\\{table="${table}"\\} (\\d+)`).exec(metrics)?.[1],
    );
    return { count, meanMs: Math.round((sum / count) * 1000) };
  };
  samples.sort((a, b) => a - b);
  const r = (x: number) => Math.round(x * 10) / 10;
  const q50 = quantile(samples, 0.5);
  const q95 = quantile(samples, 0.95);
  const result = {
    schedule,
    botsOnlyTables: ids.length,
    bot,
    seconds: Math.round(elapsed),
    answers: samples.length,
    games,
    answerMs: {
      median: r(q50.value),
      medianInterval: [r(q50.low), r(q50.high)],
      p95: r(q95.value),
      p95Interval: [r(q95.low), r(q95.high)],
      max: r(samples.at(-1) ?? NaN),
    },
    botsOnlyMovesPerSecond: r((after.moves - before.moves) / elapsed),
    botsOnlyStillRunning: after.running,
    serverBotAnswers: { people: botAnswers('people'), bots: botAnswers('bots') },
  };
  if (json) process.stdout.write(JSON.stringify(result) + '\n');
  else
    process.stdout.write(
      `${schedule}: ${ids.length} bots-only tables of ${bot}; heuristic bot of an ordinary table, ` +
        `${samples.length} answers in ${result.seconds} s: median ${result.answerMs.median} ms ` +
        `(95 % ${result.answerMs.medianInterval.join('–')}), p95 ${result.answerMs.p95} ms ` +
        `(95 % ${result.answerMs.p95Interval.join('–')}), max ${result.answerMs.max} ms; ` +
        `bots-only tables: ${result.botsOnlyMovesPerSecond} moves/s, ${after.running} still playing\n`,
    );
  server.child.kill('SIGTERM');
  setTimeout(() => process.exit(0), 500).unref();
}

(flags.has('serve-child') ? serveChild() : main()).catch((e: Error) => {
  process.stderr.write(`botload: ${e.message}\n`);
  process.exit(1);
});
