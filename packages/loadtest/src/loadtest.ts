/**
 * `npm run loadtest -- --tables N --seconds S [--url URL] [--database] [--nodes K]
 * [--game ID] [--options JSON] [--players P] [--bots B] [--bot KIND] [--people KIND]`:
 * N tables of P seats (default 4), the first P − B of them people — each its own WebSocket
 * client through the SDK — and the last B the server's bots of kind `--bot` (default
 * `heuristic`). Each person is a lean socket of this process (`lean-seat.ts`: each frame
 * parsed once, only its number, view and legal form kept) and draws its moves from the
 * compact legal form with the game's `fromLegal`, as a thin client would (`--people KIND`
 * instead runs the game's bot of that kind on the seat's view); each person acts about a
 * second (`--pace MS`, ± 10 % of it or `--spread F`) after the table's last move, so that a
 * strict-turn table moves about once a second and, in an open window (I'm the Boss), every
 * person who may act does so at once. When a table's game ends (its `seats` frame says `finished`), its people leave and a
 * new table takes its place, so the tables playing stay N. Reports
 * moves per second offered (sent) and taken (acknowledged), latency from sending a move to
 * receiving its events (p50, p95, p99), errors, lost moves (acknowledged moves the database
 * lacks, counted per table and seat), the server's memory, the CPU each process used, and
 * how bunched the moves sent were (per 10 ms), how late each event loop ran, and
 * per move taken: each process's CPU milliseconds and the bytes each person's socket
 * received. Without --url it
 * starts the built server as a child process on a free port with a fresh data folder
 * (SQLite); with --database on a throwaway PostgreSQL (`pg-test-cluster.ts`), and with
 * --nodes K (implies --database) as K nodes sharing it: each table's sockets are spread
 * over the nodes (seat s of table t on node (t + s) mod K). `--spectators K` adds K
 * spectators' sockets to each table (what they receive is not counted as a person's).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import pg from 'pg';
import { Rng, WAIT, type Bot } from '@boss-table/core';
import { defaultGameId, findEntry, findGame } from '@boss-table/games';
import { makeBot } from '@boss-table/games/bots';
import {
  findPgBin,
  startPgCluster,
  type PgCluster,
} from '@boss-table/server/testing/pg-test-cluster';
import {
  nodeClient,
  tempDataDir,
  startBuiltServer,
  startClusterNodes,
  type ClusterNode,
} from '@boss-table/server/testing/test-kit';
import { readFlags } from './flags.js';
import { LeanSeat, type SeatMoveError } from './lean-seat.js';

const usage =
  'usage: npm run loadtest -- --tables N --seconds S [--url URL] [--database] [--nodes K] ' +
  '[--game ID] [--options JSON] [--players P] [--bots B] [--bot KIND] [--people KIND] [--pace MS] [--spread F] [--spectators K] [--json]';
const flags = readFlags(
  'loadtest',
  usage,
  [
    'tables',
    'seconds',
    'url',
    'nodes',
    'game',
    'options',
    'players',
    'bots',
    'bot',
    'people',
    'pace',
    'spread',
    'spectators',
  ],
  ['database', 'json'],
);
const tables = Number(flags.get('tables', '100'));
const seconds = Number(flags.get('seconds', '30'));
const json = flags.has('json');
const nodeCount = Number(flags.get('nodes', '1'));
const onPostgres = flags.has('database') || flags.has('nodes');
const gameId = flags.get('game', defaultGameId());
const players = Number(flags.get('players', '4'));
const botSeats = Number(flags.get('bots', '0'));
const botKind = flags.get('bot', 'heuristic');
const peopleKind = flags.get('people', 'legal');
/** How long a person waits after the table's last move before acting, ± `--spread` of it. */
const pace = Number(flags.get('pace', '1000'));
const spread = Number(flags.get('spread', '0.1'));
/** Spectators watching each table: sockets of their own, reading each frame's number only. */
const spectators = Number(flags.get('spectators', '0'));
function refuse(why: string): never {
  process.stderr.write(`loadtest: ${why}\n${usage}\n`);
  process.exit(2);
}
if (!Number.isInteger(tables) || tables < 1) refuse('--tables must be a whole number from 1.');
if (!(seconds > 0)) refuse('--seconds must be a positive number.');
if (!Number.isInteger(pace) || pace < 1) refuse('--pace must be a whole number of milliseconds.');
if (!(spread >= 0 && spread < 1)) refuse('--spread must be a fraction from 0 to below 1.');
if (!Number.isInteger(spectators) || spectators < 0)
  refuse('--spectators must be a whole number from 0.');
if (!Number.isInteger(nodeCount) || nodeCount < 1) refuse('--nodes must be a whole number from 1.');
const game = findGame(gameId);
if (!game) refuse(`No game "${gameId}".`);
if (!Number.isInteger(players) || players < game.minPlayers || players > game.maxPlayers)
  refuse(`--players for ${gameId} must be from ${game.minPlayers} to ${game.maxPlayers}.`);
if (!Number.isInteger(botSeats) || botSeats < 0 || botSeats >= players)
  refuse('--bots must leave at least one person at each table.');
let gameOptions: Record<string, unknown> = {};
try {
  const parsed: unknown = JSON.parse(flags.get('options', '{}'));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error();
  gameOptions = parsed as Record<string, unknown>;
} catch {
  refuse('--options must be a JSON object.');
}
const people = players - botSeats;
/** How a person chooses: from the legal form (and its view), or by a bot on its view. */
let choose: (legal: unknown, view: unknown, rng: Rng) => unknown;
/**
 * Whether a person reads its view: a bot does, and a chooser that declares the view (I'm the
 * Boss!'s, for a discard); the others' sockets read only each frame's number and legal form.
 */
let keepView = true;
if (peopleKind === 'legal') {
  const fromLegal = findEntry(gameId)?.fromLegal;
  if (!fromLegal) refuse(`${gameId} brings no fromLegal: choose --people KIND.`);
  choose = (legal, view, rng) => fromLegal(legal, rng, view);
  keepView = fromLegal.length >= 3;
} else {
  const madeBot = makeBot(gameId, peopleKind);
  const bot: Bot<unknown, unknown> = madeBot.ok ? madeBot.value : refuse(madeBot.error.message);
  choose = (_legal, view, rng) => bot.chooseMove(view, { rng, deadline: performance.now() + 50 });
}

/**
 * Refusals by the rules or the table's order (a move the table moved past), as against the
 * server failing; see "Errors" in docs/protocol.md.
 */
const RULES_REFUSALS = new Set(['illegal-move', 'stale-seq', 'not-your-turn', 'game-over']);

const limitsOff = {
  POSTS_PER_SECOND: '0',
  // Every socket of the load test comes from this one machine.
  CONNECTIONS_PER_ADDRESS: '0',
  OPEN_TABLES_PER_ADDRESS: '0',
};

/** The server's processes: one node on SQLite, or K nodes on a throwaway PostgreSQL. */
async function startServers(): Promise<{
  databaseUrl?: string;
  dataDir?: string;
  nodes: Pick<ClusterNode, 'url' | 'child'>[];
  pg?: PgCluster;
}> {
  if (!onPostgres) {
    const dataDir = tempDataDir();
    return { nodes: [await startBuiltServer({ ...limitsOff, DATA_DIR: dataDir })], dataDir };
  }
  const bin = findPgBin();
  if (!bin) throw new Error("--database needs PostgreSQL's server programs (initdb, pg_ctl).");
  const pg = await startPgCluster(bin);
  const url = await pg.createDatabase();
  return { nodes: await startClusterNodes(url, nodeCount, limitsOff), pg, databaseUrl: url };
}

/** CPU seconds a process has used (user + system), from /proc. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The PostgreSQL server's processes: the postmaster and its children. */
function postgresPids(pg: PgCluster): number[] {
  const root = pg.pid();
  if (root === undefined) return [];
  const pids = [root];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      if (ppid === root) pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : NaN;

async function main() {
  const given = flags.has('url') ? flags.get('url', '') : '';
  const cluster: Awaited<ReturnType<typeof startServers>> = given
    ? { nodes: [{ url: given, child: undefined as never }] }
    : await startServers();
  const servers = cluster.nodes;
  const clients = servers.map((s) => nodeClient(s.url));
  const on = (k: number) => clients[k % clients.length];
  const latencies: number[] = [];
  let errors = 0;
  /** Moves the rules refused, by code. */
  const refused = new Map<string, number>();
  let sent = 0;
  /** Moves sent in each 10 ms of the measured time: how bunched the offered moves are. */
  const sentPerSlot = new Map<number, number>();
  let acked = 0;
  let measuring = false;
  const conns: LeanSeat[] = [];
  /** Every socket, the spectators' too (theirs are not counted in what a person receives). */
  const sockets: LeanSeat[] = [];
  /** Per table and seat, the moves acknowledged to that seat's person. */
  const ackedPerSeat = new Map<string, number>();
  /** The seats whose move was sent and whose events have not arrived yet. */
  const waiting = new Set<string>();
  /** Per table slot, when a person's move there was last acknowledged (performance.now()). */
  const lastAckAt = new Map<number, number>();

  process.stderr.write(
    `loadtest: opening ${tables} tables of ${gameId} (${people} people and ${botSeats} ` +
      `${botKind} bots each, ${tables * people} sockets) on ${servers.map((s) => s.url).join(' ')}\n`,
  );
  /** Games that ended in the measured time, each table then opened again in its place. */
  let gamesEnded = 0;
  /** The sockets of tables whose game ended: closed on purpose, not failures. */
  const retired = new Set<LeanSeat>();
  /**
   * Opens table slot `t` with its people seated and playing. When its game ends the people
   * leave and a new table takes the slot, as players start another game: the load stays at
   * `tables` tables playing, not fewer as games end.
   */
  const openTable = async (t: number): Promise<void> => {
    const created = await on(t).createTable({
      game: gameId,
      options: { ...gameOptions, players },
      seats: Array.from({ length: players }, (_, s) =>
        s < people ? { kind: 'human' as const } : { kind: 'bot' as const, bot: botKind },
      ),
      graceSeconds: 3600,
    });
    let lastMove = Date.now() + Math.random() * pace;
    const seated: LeanSeat[] = [];
    let replaced = false;
    for (let seat = 0; seat < people; seat++) {
      const j = await on(t).join(created.id, {
        name: `s${seat}`,
        invite: created.seats[seat].invite!,
      });
      const wsBase = on(t + seat).baseUrl.replace(/^http/, 'ws');
      const conn = new LeanSeat(
        `${wsBase}/ws/tables/${encodeURIComponent(created.id)}?token=${encodeURIComponent(j.token)}`,
        keepView,
      );
      const key = `${created.id}/${seat}`;
      ackedPerSeat.set(key, 0);
      const rng = Rng.fromSeed(key);
      let timer: NodeJS.Timeout | null = null;
      /** When this seat's move in flight was sent, until its events arrive. */
      let sentAt: number | null = null;
      /** The seat's own number of the move acknowledged, whose events are awaited. */
      let ackedSeq: number | null = null;
      /** The newest events seen, and when: they may arrive before the ack's promise settles. */
      let seenSeq = 0;
      let seenAt = 0;
      const arrived = (at: number) => {
        if (measuring && sentAt !== null) latencies.push(at - sentAt);
        sentAt = null;
        ackedSeq = null;
        waiting.delete(key);
      };
      const act = () => {
        if (!conn.legal || timer || sentAt !== null) return;
        const at = Math.max(
          Date.now(),
          lastMove + pace * (1 - spread + Math.random() * 2 * spread),
        );
        timer = setTimeout(() => {
          timer = null;
          if (!conn.legal || sentAt !== null) return;
          const move = choose(conn.legal, conn.view, rng);
          if (move === WAIT) return; // asked again after the next change
          sentAt = performance.now();
          waiting.add(key);
          if (measuring) {
            sent++;
            const slot = Math.floor(sentAt / 10);
            sentPerSlot.set(slot, (sentPerSlot.get(slot) ?? 0) + 1);
          }
          conn.move(move).then(
            (seq) => {
              if (measuring) acked++;
              lastAckAt.set(t, performance.now());
              ackedPerSeat.set(key, ackedPerSeat.get(key)! + 1);
              // Its events came in the same read as the ack: already here. Their legal form
              // was seen while this move was in flight, so the seat acts on it now (the same
              // seat may move again).
              if (seenSeq >= seq) {
                arrived(seenAt);
                act();
              } else ackedSeq = seq;
            },
            (e: SeatMoveError) => {
              // The rules refusing a move the table moved past (in an open window another
              // seat's move may land first) is the game, not a failure of the server.
              if (measuring && RULES_REFUSALS.has(e.code)) {
                // `illegal-move` says which rule: "<kind>: <message>".
                const why = e.code === 'illegal-move' ? e.message.split(':')[0] : e.code;
                refused.set(why, (refused.get(why) ?? 0) + 1);
              } else if (measuring) errors++;
              sentAt = null;
              waiting.delete(key);
              act();
            },
          );
        }, at - Date.now());
      };
      conn.onTurn = act;
      conn.onEvents = (seq) => {
        lastMove = Date.now();
        seenSeq = seq;
        seenAt = performance.now();
        if (ackedSeq !== null && seq >= ackedSeq) arrived(seenAt);
      };
      conn.onError = () => {
        if (measuring) errors++;
      };
      conn.onStatus = (status) => {
        if (status !== 'finished' || replaced) return;
        replaced = true;
        if (measuring) gamesEnded++;
        for (const c of seated) {
          retired.add(c);
          c.close();
        }
        openTable(t).catch((e: Error) => {
          if (measuring) errors++;
          process.stderr.write(`loadtest: opening a table again: ${e.message}\n`);
        });
      };
      conns.push(conn);
      sockets.push(conn);
      seated.push(conn);
    }
    for (let k = 0; k < spectators; k++) {
      const wsBase = on(t + k).baseUrl.replace(/^http/, 'ws');
      const watcher = new LeanSeat(`${wsBase}/ws/tables/${encodeURIComponent(created.id)}`, false);
      sockets.push(watcher);
      seated.push(watcher);
    }
  };
  for (let t = 0; t < tables; t++) await openTable(t);
  await new Promise((r) => setTimeout(r, 3000)); // warm up
  process.stderr.write(`loadtest: measuring for ${seconds} s\n`);
  // CPU per process over the measured time: each node, PostgreSQL (all its processes), and
  // this process (the clients).
  const pgPids = cluster.pg ? postgresPids(cluster.pg) : [];
  const cpu = () => ({
    nodes: servers.map((s) => (s.child?.pid ? cpuSeconds(s.child.pid) : NaN)),
    postgres: pgPids.reduce((sum, pid) => sum + cpuSeconds(pid), 0),
    clients: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
  });
  const received = () => conns.reduce((sum, c) => sum + c.bytes, 0);
  const framesIn = () => conns.reduce((sum, c) => sum + c.frames, 0);
  // How late each event loop ran in the measured time: each node's (its metrics start afresh
  // at each scrape) and this process's own, to tell which side a latency tail comes from.
  const scrape = () =>
    Promise.all(servers.map(async (s) => (await fetch(`${s.url}/metrics`)).text()));
  await scrape();
  const generatorLoop = monitorEventLoopDelay({ resolution: 10 });
  generatorLoop.enable();
  const cpuBefore = cpu();
  const bytesBefore = received();
  const framesBefore = framesIn();
  measuring = true;
  const started = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  measuring = false;
  const ended = performance.now();
  const elapsed = (ended - started) / 1000;
  // Table places still moving as the time ended (a move taken in its last 5 s): a table that
  // stalls offers no more moves.
  let moving = 0;
  for (const at of lastAckAt.values()) if (at >= ended - 5000) moving++;
  const cpuAfter = cpu();
  generatorLoop.disable();
  const lateMs = (text: string, q: string) =>
    Math.round(
      Number(
        new RegExp(`boss_event_loop_delay_seconds\\{[^}]*quantile="${q}"\\} (\\S+)`).exec(
          text,
        )?.[1],
      ) * 1e4,
    ) / 10;
  const scraped = await scrape();
  const loopDelayMs = {
    nodes: scraped.map((t) => ({ p99: lateMs(t, '0.99'), max: lateMs(t, '1') })),
    // Past the monitor's 10 ms between samples, as the server counts it.
    generator: {
      p99: Math.round(Math.max(0, generatorLoop.percentile(99) - 10e6) / 1e5) / 10,
      max: Math.round(Math.max(0, generatorLoop.max - 10e6) / 1e5) / 10,
    },
  };
  const bytes = received() - bytesBefore;
  const frames = framesIn() - framesBefore;
  const share = (a: number, b: number) => Math.round(((b - a) / elapsed) * 100);
  const cpuPercent = {
    nodes: cpuAfter.nodes.map((n, k) => share(cpuBefore.nodes[k], n)),
    ...(cluster.pg ? { postgres: share(cpuBefore.postgres, cpuAfter.postgres) } : {}),
    clients: share(cpuBefore.clients, cpuAfter.clients),
  };
  // Per move taken (a person's move acknowledged): each process's CPU, and what each person's
  // socket received (the frames of every move in the time, bots' and clocks' included).
  const perMove = (a: number, b: number) =>
    acked ? Math.round(((b - a) / acked) * 1e6) / 1e3 : NaN;
  const serverCpu = (c: ReturnType<typeof cpu>) =>
    c.nodes.reduce((sum, n) => sum + n, 0) + c.postgres;
  const cpuMsPerMove = {
    // Nodes and PostgreSQL together; then PostgreSQL's part alone.
    server: perMove(serverCpu(cpuBefore), serverCpu(cpuAfter)),
    ...(cluster.pg ? { postgres: perMove(cpuBefore.postgres, cpuAfter.postgres) } : {}),
    generator: perMove(cpuBefore.clients, cpuAfter.clients),
  };
  const perViewer = acked ? acked * people : NaN;
  await new Promise((r) => setTimeout(r, 2000)); // let the last answers arrive
  // Memory as the time ended, from the same scrape as the event loops' delay.
  let rss = 0;
  for (const metrics of scraped)
    rss += Number(
      /boss_process_resident_memory_bytes(?:\{[^}]*\})? (\d+)/.exec(metrics)?.[1] ?? NaN,
    );
  // Lost: acknowledged moves the database does not have, counted per table and seat (bots'
  // and clocks' moves are not acknowledged to anyone here; on PostgreSQL a node following a
  // table may lag behind the database by a moment). The tables keep moving: what was
  // acknowledged before the count is what the database must hold.
  const ackedBefore = new Map(ackedPerSeat);
  const stored = new Map<string, number>();
  const perSeat = 'SELECT table_id, seat, count(*) AS n FROM moves GROUP BY table_id, seat';
  if (cluster.databaseUrl) {
    const db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    const rows = await db.query<{ table_id: string; seat: number; n: string }>(perSeat);
    for (const r of rows.rows) stored.set(`${r.table_id}/${r.seat}`, Number(r.n));
    await db.end();
  } else if (cluster.dataDir) {
    const db = new Database(join(cluster.dataDir, 'boss-table.sqlite'), { readonly: true });
    for (const r of db.prepare(perSeat).all() as { table_id: string; seat: number; n: number }[])
      stored.set(`${r.table_id}/${r.seat}`, r.n);
    db.close();
  }
  let lost = 0;
  if (cluster.databaseUrl || cluster.dataDir)
    for (const [key, n] of ackedBefore) lost += Math.max(0, n - (stored.get(key) ?? 0));
  latencies.sort((a, b) => a - b);
  const result = {
    game: gameId,
    people,
    bots: botSeats,
    nodes: servers.length,
    storage: onPostgres ? 'postgres' : given ? 'given' : 'sqlite',
    tables,
    sockets: tables * people,
    spectatorSockets: tables * spectators,
    seconds: Math.round(elapsed),
    movesPerSecond: Math.round((acked / elapsed) * 10) / 10,
    offeredPerSecond: Math.round((sent / elapsed) * 10) / 10,
    latencyMs: {
      p50: Math.round(quantile(latencies, 0.5) * 10) / 10,
      p95: Math.round(quantile(latencies, 0.95) * 10) / 10,
      p99: Math.round(quantile(latencies, 0.99) * 10) / 10,
    },
    sent,
    // The moves sent in the busiest 10 ms, at the 99th percentile of the 10 ms slots and at
    // most, beside the mean: bunched moves wait for each other at the server.
    sentPer10Ms: (() => {
      // Every 10 ms of the measured time, those in which nothing was sent included.
      const first = Math.floor(started / 10);
      const counts = Array.from(
        { length: Math.round(elapsed * 100) },
        (_, k) => sentPerSlot.get(first + k) ?? 0,
      ).sort((a, b) => a - b);
      return {
        mean: Math.round((sent / counts.length) * 100) / 100,
        p99: quantile(counts, 0.99),
        max: counts.at(-1) ?? 0,
      };
    })(),
    errors,
    refused: Object.fromEntries(refused),
    lostMoves: given ? null : lost,
    unanswered: waiting.size,
    tablesMovingAtEnd: moving,
    gamesEnded,
    // Sockets that never had their snapshot, and that closed: a lean seat does not reconnect.
    socketsWithoutSnapshot: sockets.filter((c) => c.seq < 0 && !retired.has(c)).length,
    socketsClosed: sockets.filter((c) => c.closed && !retired.has(c)).length,
    serverRssMB: Math.round(rss / 1e6),
    serverRssKBPerTable: Math.round(rss / 1e3 / tables),
    cpuPercent,
    cpuMsPerMove,
    loopDelayMs,
    bytesPerMovePerViewer: Math.round(bytes / perViewer),
    framesPerMovePerViewer: Math.round((frames / perViewer) * 100) / 100,
  };
  if (json) process.stdout.write(JSON.stringify(result) + '\n');
  else
    process.stdout.write(
      `${gameId}: ${tables} tables, ${result.sockets} sockets, ${result.seconds} s: ` +
        `${gamesEnded} games ended (a new table in each one's place), ` +
        `${result.movesPerSecond} moves/s taken of ${result.offeredPerSecond} offered, ` +
        `latency p50 ${result.latencyMs.p50} ms, p95 ${result.latencyMs.p95} ms, p99 ${result.latencyMs.p99} ms, ` +
        `${errors} errors, ${[...refused.values()].reduce((a, b) => a + b, 0)} refused by the rules ` +
        `(${[...refused].map(([c, n]) => `${c} ${n}`).join(', ') || 'none'}), ${lost} lost moves, ` +
        `server memory ${result.serverRssMB} MB, ` +
        `CPU % nodes ${cpuPercent.nodes.join('/')}` +
        (cluster.pg ? `, postgres ${cpuPercent.postgres}` : '') +
        `, clients ${cpuPercent.clients}; per move: CPU ms server ${cpuMsPerMove.server}` +
        (cluster.pg ? ` (postgres ${cpuMsPerMove.postgres})` : '') +
        ', ' +
        `generator ${cpuMsPerMove.generator}, ${result.bytesPerMovePerViewer} bytes a viewer ` +
        `(${result.framesPerMovePerViewer} frames)\n`,
    );
  for (const c of sockets) c.close();
  for (const s of servers) s.child?.kill('SIGTERM');
  await Promise.all(
    servers.map((s) => (s.child ? new Promise((r) => s.child.once('exit', r)) : undefined)),
  );
  await cluster.pg?.stop();
  setTimeout(() => process.exit(0), 500).unref();
}

main().catch((e: Error) => {
  process.stderr.write(`loadtest: ${e.message}\n`);
  process.exit(1);
});
