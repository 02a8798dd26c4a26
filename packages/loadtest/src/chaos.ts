/**
 * `npm run chaos -- [--nodes K] [--tables N] [--lease S] [--json]`: K nodes (default 3) of the
 * built server on one throwaway PostgreSQL, N tables (default 24: I'm the Boss! and The Boss,
 * two people and two bots each, and a few of bots only) played by thin clients choosing from
 * the compact legal form, through the faults an operator meets, one after the other:
 * PostgreSQL restarted (0.2 s down), PostgreSQL stopped for 10 s with a node killed while it
 * is down, a node paused (SIGSTOP) for twice the lease, a node killed in a burst of moves. A
 * client whose node is gone moves to another and sends its unanswered move again, same `id`.
 * Then it checks what must hold: no acknowledged move missing from the database, no person's
 * move stored twice (each stored move of a person has an `id` of its own), no unfinished
 * table still once the database is back, and no stand-in move for a person connected
 * throughout the grace period before it. Exits 1 if any does not hold.
 */
import pg from 'pg';
import { Rng } from '@boss-table/core';
import type { ServerMessage, TableConnection } from '@boss-table/client';
import { findEntry } from '@boss-table/games';
import {
  findPgBin,
  startPgCluster,
  type PgCluster,
} from '@boss-table/server/testing/pg-test-cluster';
import {
  nodeClient,
  startBuiltServer,
  type ClusterNode,
} from '@boss-table/server/testing/test-kit';
import { readFlags } from './flags.js';

const usage = 'usage: npm run chaos -- [--nodes K] [--tables N] [--lease S] [--json]';
const flags = readFlags('chaos', usage, ['nodes', 'tables', 'lease'], ['json']);
const nodeCount = Number(flags.get('nodes', '3'));
const tableCount = Number(flags.get('tables', '24'));
const leaseSeconds = Number(flags.get('lease', '2'));
const json = flags.has('json');
if (!Number.isInteger(nodeCount) || nodeCount < 2) fail('--nodes must be a whole number from 2.');
if (!Number.isInteger(tableCount) || tableCount < 3)
  fail('--tables must be a whole number from 3.');
if (!(leaseSeconds >= 1 && leaseSeconds <= 30)) fail('--lease must be 1 to 30 seconds.');

function fail(why: string): never {
  process.stderr.write(`chaos: ${why}\n${usage}\n`);
  process.exit(2);
}

const GRACE_SECONDS = 5;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const say = (line: string) => process.stderr.write(`chaos: ${line}\n`);

const settings = (name: string, databaseUrl: string) => ({
  DATABASE_URL: databaseUrl,
  NODE_NAME: name,
  LEASE_SECONDS: String(leaseSeconds),
  BOT_BUDGET_MS: '20',
  POSTS_PER_SECOND: '0',
  CONNECTIONS_PER_ADDRESS: '0',
  OPEN_TABLES_PER_ADDRESS: '0',
  BOT_TABLES_PER_ADDRESS: '0',
});

/** The nodes, by index; a killed node is started again under its name, on a new port. */
class Nodes {
  readonly list: (ClusterNode & { alive: boolean })[] = [];
  constructor(private readonly databaseUrl: string) {}
  /** The nodes' log lines above `info`, by level and message, counted. */
  readonly logged = new Map<string, number>();
  async start(k: number): Promise<void> {
    const name = `n${k}`;
    const { url, child } = await startBuiltServer(settings(name, this.databaseUrl));
    this.list[k] = { name, url, child, alive: true };
    let rest = '';
    child.stdout?.on('data', (d: Buffer) => {
      const lines = (rest + d.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        try {
          const { level, msg } = JSON.parse(line) as { level?: string; msg?: string };
          if (level && level !== 'info') {
            const key = `${level}: ${msg}`;
            this.logged.set(key, (this.logged.get(key) ?? 0) + 1);
          }
        } catch {
          // Not a log line.
        }
      }
    });
  }
  /** A live node other than `not`, round robin from `from`. */
  pick(from: number, not?: number): number {
    for (let i = 0; i < this.list.length; i++) {
      const k = (from + i) % this.list.length;
      if (k !== not && this.list[k].alive) return k;
    }
    return from % this.list.length;
  }
  kill(k: number): void {
    this.list[k].alive = false;
    this.list[k].child.kill('SIGKILL');
  }
}

/** One person at one table: what it sent, what was acknowledged, when it was connected. */
interface Person {
  readonly table: string;
  readonly seat: number;
  /** Every id sent (a resend keeps its id). */
  readonly sent: Set<string>;
  readonly acked: Set<string>;
  /** Connected intervals [from, to] (to = Infinity while connected). */
  readonly up: [number, number][];
}

async function main() {
  const bin = findPgBin();
  if (!bin) fail("PostgreSQL's server programs (initdb, pg_ctl) were not found.");
  const cluster: PgCluster = await startPgCluster(bin);
  const databaseUrl = await cluster.createDatabase();
  const nodes = new Nodes(databaseUrl);
  // One after the other: the first makes the schema.
  for (let k = 0; k < nodeCount; k++) await nodes.start(k);
  say(`${nodeCount} nodes up (lease ${leaseSeconds} s): ${nodes.list.map((n) => n.url).join(' ')}`);

  const people: Person[] = [];
  const tables: string[] = [];
  const stops: (() => void)[] = [];
  let movesSent = 0;
  let resent = 0;
  const answerCodes = new Map<string, number>();
  const count = (code: string) => answerCodes.set(code, (answerCodes.get(code) ?? 0) + 1);

  for (let t = 0; t < tableCount; t++) {
    const kind = t % 6 === 5 ? 'bots' : t % 2 === 0 ? 'im-the-boss' : 'the-boss';
    const game = kind === 'bots' ? 'im-the-boss' : kind;
    const humans = kind === 'bots' ? 0 : 2;
    const client = nodeClient(nodes.list[nodes.pick(t)].url);
    const created = await client.createTable({
      game,
      options: {
        players: 4,
        ...(game === 'im-the-boss'
          ? {
              maxRounds: 10,
              clocks: {
                deal: 8000,
                idle: 3000,
                stopWindow: 600,
                stopWindowMin: 200,
                lastCall: 500,
                lastCallMin: 200,
              },
            }
          : {}),
      },
      seats: Array.from({ length: 4 }, (_, s) =>
        s < humans ? { kind: 'human' as const } : { kind: 'bot' as const, bot: 'heuristic' },
      ),
      graceSeconds: GRACE_SECONDS,
    });
    tables.push(created.id);
    const fromLegal = findEntry(game)!.fromLegal!;
    for (let seat = 0; seat < humans; seat++) {
      const joined = await client.join(created.id, {
        name: `p${seat}`,
        invite: created.seats[seat].invite!,
      });
      const person: Person = {
        table: created.id,
        seat,
        sent: new Set(),
        acked: new Set(),
        up: [],
      };
      people.push(person);
      const rng = Rng.fromSeed(`${created.id}/${seat}`);
      let home = nodes.pick(t + seat);
      let conn: TableConnection;
      let n = 0;
      /** The move sent and not answered yet (sent again after a move to another node). */
      let pending: { id: string; seq: number; move: unknown } | null = null;
      let timer: NodeJS.Timeout | null = null;
      let downSince: number | null = null;
      let stopped = false;
      /** Sends a move; if the connection is down, it goes again once it is up. */
      const send = (m: { id: string; seq: number; move: unknown }) => {
        try {
          conn.send({ type: 'move', ...m });
        } catch {
          // Not connected: sent again on the next `status` up.
        }
      };
      const act = () => {
        if (stopped || pending || timer) return;
        timer = setTimeout(
          () => {
            timer = null;
            const st = conn.state;
            if (stopped || pending || !st?.legal) return;
            const move = fromLegal(st.legal, rng, st.view);
            if (move === undefined || move === null) return;
            pending = { id: `${seat}-${++n}`, seq: st.seq, move };
            person.sent.add(pending.id);
            movesSent++;
            send(pending);
          },
          700 + rng.int(700),
        );
      };
      const onMessage = (m: ServerMessage) => {
        if (
          (m.type === 'ack' || m.type === 'error') &&
          m.id !== undefined &&
          m.id === pending?.id
        ) {
          if (m.type === 'ack') person.acked.add(m.id);
          count(m.type === 'ack' ? 'ack' : m.code);
          pending = null;
          act();
        }
        if (m.type === 'snapshot' || m.type === 'events') act();
      };
      const open = () => {
        conn = nodeClient(nodes.list[home].url).connect(created.id, { token: joined.token });
        conn.on('message', onMessage);
        conn.on('status', (isUp) => {
          const now = Date.now();
          if (isUp) {
            downSince = null;
            person.up.push([now, Infinity]);
            // The unanswered move, sent again with its id (stored once, whichever node has it).
            if (pending) {
              resent++;
              send(pending);
            }
          } else {
            downSince = now;
            const last = person.up.at(-1);
            if (last && last[1] === Infinity) last[1] = now;
          }
        });
      };
      open();
      // A connection down for a second moves to another live node.
      const watch = setInterval(() => {
        if (downSince !== null && Date.now() - downSince > 1000) {
          downSince = null;
          conn.close();
          home = nodes.pick(home + 1, home);
          open();
        }
      }, 250);
      stops.push(() => {
        stopped = true;
        clearInterval(watch);
        if (timer) clearTimeout(timer);
        conn.close();
      });
    }
  }
  say(`${tables.length} tables, ${people.length} people playing`);

  let db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const seqs = async () => {
    const r = await db.query<{ table_id: string; seq: number }>(
      'SELECT table_id, max(seq) AS seq FROM moves GROUP BY table_id',
    );
    return new Map(r.rows.map((x) => [x.table_id, Number(x.seq)]));
  };
  const unfinished = async () => {
    const r = await db.query<{ id: string }>("SELECT id FROM game_tables WHERE status = 'running'");
    return new Set(r.rows.map((x) => x.id));
  };

  await sleep(8000);
  const faults: string[] = [];
  // 1. PostgreSQL restarted: 0.2 s down.
  say('fault 1: PostgreSQL restarted (0.2 s)');
  faults.push('PostgreSQL restarted, 0.2 s down');
  await cluster.halt();
  await sleep(200);
  await cluster.resume();
  await sleep(10_000);
  // 2. PostgreSQL stopped for 10 s; a node killed while it is down, started again after.
  say('fault 2: PostgreSQL stopped for 10 s, node n2 killed meanwhile');
  faults.push('PostgreSQL stopped 10 s, a node killed while it was down');
  await db.end();
  await cluster.halt();
  await sleep(5000);
  nodes.kill(2 % nodeCount);
  await sleep(5000);
  await cluster.resume();
  db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  await nodes.start(2 % nodeCount);
  await sleep(10_000);
  // 3. A node paused for twice the lease.
  say(`fault 3: node n1 paused for ${2 * leaseSeconds} s`);
  faults.push(`a node paused (SIGSTOP) for ${2 * leaseSeconds} s`);
  nodes.list[1].child.kill('SIGSTOP');
  await sleep(2 * leaseSeconds * 1000);
  nodes.list[1].child.kill('SIGCONT');
  await sleep(10_000);
  // 4. A node killed in a burst of moves: its clients resend through another.
  say('fault 4: node n0 killed in a burst of moves');
  faults.push('a node killed in a burst of moves, clients resending elsewhere');
  nodes.kill(0);
  await sleep(3000);
  await nodes.start(0);
  await sleep(8000);

  // Nothing still once the database is back: every running table moves within 20 s.
  const before = await seqs();
  const running = await unfinished();
  await sleep(20_000);
  const after = await seqs();
  const stillRunning = await unfinished();
  const still = [...running].filter(
    (id) => stillRunning.has(id) && (after.get(id) ?? 0) <= (before.get(id) ?? 0),
  );
  for (const stop of stops) stop();
  await sleep(1000);

  // What the database holds of each person's seat.
  const rows = await db.query<{ table_id: string; seat: number; n: string; stand_ins: string }>(
    `SELECT table_id, seat, count(*) FILTER (WHERE stand_in IS NULL) AS n,
            count(*) FILTER (WHERE stand_in IS NOT NULL) AS stand_ins
       FROM moves GROUP BY table_id, seat`,
  );
  const stored = new Map(rows.rows.map((r) => [`${r.table_id}/${r.seat}`, Number(r.n)]));
  const standInMoves = await db.query<{ table_id: string; seat: number; created_at: string }>(
    'SELECT table_id, seat, created_at FROM moves WHERE stand_in IS NOT NULL',
  );
  let lost = 0;
  let twice = 0;
  for (const p of people) {
    const n = stored.get(`${p.table}/${p.seat}`) ?? 0;
    lost += Math.max(0, p.acked.size - n);
    twice += Math.max(0, n - p.sent.size);
  }
  // A stand-in's move for a person connected throughout the grace period before it.
  let standInsForConnected = 0;
  for (const m of standInMoves.rows) {
    const p = people.find((x) => x.table === m.table_id && x.seat === m.seat);
    if (!p) continue;
    const at = Number(m.created_at);
    const from = at - (GRACE_SECONDS + leaseSeconds + 1) * 1000;
    if (p.up.some(([a, b]) => a <= from && b >= at)) standInsForConnected++;
  }
  const result = {
    nodes: nodeCount,
    tables: tables.length,
    people: people.length,
    faults,
    movesSent,
    resent,
    answers: Object.fromEntries(answerCodes),
    acknowledged: people.reduce((s, p) => s + p.acked.size, 0),
    lost,
    storedTwice: twice,
    stillTables: still.length,
    standInMoves: standInMoves.rowCount,
    standInsForConnected,
    finished: tables.length - stillRunning.size,
    logged: Object.fromEntries(nodes.logged),
  };
  const ok = lost === 0 && twice === 0 && still.length === 0 && standInsForConnected === 0;
  if (json) process.stdout.write(JSON.stringify({ ...result, ok }) + '\n');
  else
    process.stdout.write(
      `chaos: ${result.tables} tables on ${nodeCount} nodes through ${faults.length} faults: ` +
        `${result.movesSent} moves sent (${resent} sent again), ${result.acknowledged} acknowledged, ` +
        `${lost} lost, ${twice} stored twice, ${still.length} tables still after the faults, ` +
        `${result.standInMoves} stand-in moves (${standInsForConnected} for a connected person), ` +
        `${result.finished} games finished; answers ${JSON.stringify(result.answers)}; ` +
        `nodes logged ${JSON.stringify(result.logged)} — ` +
        `${ok ? 'all held' : 'FAILED'}\n`,
    );
  await db.end();
  for (const n of nodes.list) n.child.kill('SIGKILL');
  await cluster.stop();
  setTimeout(() => process.exit(ok ? 0 : 1), 300).unref();
}

main().catch((e: Error) => {
  process.stderr.write(`chaos: ${e.stack ?? e.message}\n`);
  process.exit(1);
});
