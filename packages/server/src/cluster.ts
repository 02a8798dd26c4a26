/**
 * Several identical nodes on one PostgreSQL (`docs/deploy.md`, `docs/decisions.md`). The
 * database is the only thing they share:
 * - **Moves** are committed by whichever node a player is connected to, the `(table, seq)`
 *   key deciding between two nodes; each commit notifies `m:<table>:<seq>` on one channel
 *   (`LISTEN/NOTIFY`, sent in the transaction, so only once committed), and every node with
 *   the table in memory reads the rows it lacks and tells its own connections. A node that
 *   missed notifications (its listening connection dropped) catches up by polling.
 * - **Leases**: one node holds each unfinished table (`table_leases`) and runs its bots,
 *   clocks and stand-ins; a node is alive while it keeps its `cluster_nodes` row fresh
 *   (every second). When a node stops being seen for `leaseMs`, the others take its tables
 *   over with a conditional update, and resume them from the database. A bot's or a clock's
 *   move is stored only while its node holds the lease (checked in the insert itself).
 * - **Presence**: which seats are connected on which node (`seat_presence`), so a stand-in
 *   plays for a person only when they are connected nowhere.
 */
import { hostname } from 'node:os';
import pg from 'pg';
import type { Seat } from '@boss-table/core';
import { isOutage, type StorageHealth } from './health.js';
import type { Logger } from './log.js';
import { CHANNEL, type PostgresStorage } from './storage-pg.js';
import type { ServiceCluster, TableService } from './table-service.js';
import type { TableCluster } from './table.js';
import { randomId } from './tokens.js';

export interface ClusterOptions {
  /** This node's name in the database, logs and metrics (default: host, process, random). */
  readonly node?: string;
  /** How often the node says it is alive and looks for tables to take over (default 1000). */
  readonly beatMs?: number;
  /** How often each followed table is checked for moves a lost notification did not bring. */
  readonly pollMs?: number;
  /** Tables taken over at one time, at most (the rest at the next beat). */
  readonly takeoverBatch?: number;
  /** The node's view of its database, which the beat keeps (an outage logged once). */
  readonly health?: StorageHealth;
}

/** A node name: a default made unique per process. */
export const defaultNodeName = (): string =>
  `${hostname().slice(0, 30)}-${process.pid}-${randomId().slice(0, 6)}`;

export class Cluster implements TableCluster, ServiceCluster {
  readonly node: string;
  private service: TableService | undefined;
  private listener: pg.Client | undefined;
  /** The connection the beat uses, apart from the pool. */
  private heart: pg.Client | undefined;
  /** A check of the leases after a gap in the beats is under way. */
  private rechecking = false;
  /** A check after a gap failed (or has not run yet): the next beat tries it again. */
  private recheckNeeded = false;
  private readonly timers: NodeJS.Timeout[] = [];
  private closed = false;
  /** When the node last said it was alive (ms, this process's clock), 0 before. */
  private lastBeat = 0;
  /** Whether the last beat reached the database. */
  private reachable = false;
  private readonly beatMs: number;
  private readonly health: StorageHealth | undefined;
  private readonly pollMs: number;
  private readonly batch: number;

  constructor(
    private readonly storage: PostgresStorage,
    private readonly log: Logger,
    opts: ClusterOptions & { readonly node: string },
  ) {
    this.node = opts.node;
    this.health = opts.health;
    // A beat at least four times per lease, so that one late beat never looks like death.
    this.beatMs = opts.beatMs ?? Math.min(1000, storage.leaseMs / 4);
    this.pollMs = opts.pollMs ?? 2000;
    this.batch = opts.takeoverBatch ?? 200;
  }

  private get pool(): pg.Pool {
    return this.storage.pool;
  }

  private get leaseMs(): number {
    return this.storage.leaseMs;
  }

  /** Healthy: the database answered within the lease time (else the node holds no table). */
  get healthy(): boolean {
    return this.reachable && Date.now() - this.lastBeat < this.leaseMs;
  }

  /**
   * Joins the cluster: says it is alive, listens, and takes the tables no live node holds
   * (at the first start of a cluster, every unfinished table).
   */
  async start(service: TableService): Promise<void> {
    this.service = service;
    // A node started again under the same name holds nothing yet: what it held is taken
    // over like any dead node's tables (by itself or another).
    await this.pool.query('DELETE FROM table_leases WHERE node = $1', [this.node]);
    await this.pool.query('DELETE FROM seat_presence WHERE node = $1', [this.node]);
    await this.beat();
    await this.listen();
    await this.takeOver();
    const every = (ms: number, fn: () => Promise<unknown>) => {
      let busy = false;
      const t = setInterval(() => {
        if (busy || this.closed) return;
        busy = true;
        fn()
          .catch((e: Error) => {
            if (isOutage(e) && this.health) this.health.failed(e);
            else this.log.warn('cluster step failed', { error: e.message });
          })
          .finally(() => (busy = false));
      }, ms);
      t.unref();
      this.timers.push(t);
    };
    // The beat on its own timer and its own connection: a node whose pool is busy with moves
    // is alive all the same (queued behind them, its beat would go stale, its bots' and
    // clocks' moves be refused as if it were dead, and it would take its own tables over).
    every(this.beatMs, () => this.beat());
    every(this.beatMs, () => this.takeOver());
    every(this.pollMs, () => this.poll());
    this.log.info('joined the cluster', { node: this.node, leaseMs: this.leaseMs });
  }

  private tables() {
    return this.service?.tables ?? new Map();
  }

  /**
   * Says the node is alive. After a gap (the database was out of reach, the process stalled)
   * the node asks which leases it still holds; one that cannot reach the database for the
   * lease time gives up running every table, as the others will take them over.
   */
  private async beat(): Promise<void> {
    const before = this.lastBeat;
    try {
      const heart = await this.heartConnection();
      await heart.query({
        name: 'boss-beat',
        text: `INSERT INTO cluster_nodes (id, seen_at) VALUES ($1, clock_timestamp())
               ON CONFLICT (id) DO UPDATE SET seen_at = EXCLUDED.seen_at`,
        values: [this.node],
      });
    } catch (e) {
      // A fresh connection next time (this one may be half-open).
      void this.heart?.end().catch(() => undefined);
      this.heart = undefined;
      if (this.health) this.health.failed(e);
      else if (this.reachable)
        this.log.warn('database out of reach', { node: this.node, error: (e as Error).message });
      this.reachable = false;
      if (Date.now() - this.lastBeat >= this.leaseMs)
        for (const t of this.tables().values()) t.setHolder(false);
      return;
    }
    const now = Date.now();
    const wasReachable = this.reachable;
    this.lastBeat = now;
    this.reachable = true;
    this.health?.ok();
    if (before !== 0 && (!wasReachable || now - before > this.leaseMs / 2))
      this.recheckNeeded = true;
    if (this.recheckNeeded && !this.rechecking) {
      // Through the pool, which may be busy: apart from the beat, which goes on meanwhile.
      this.rechecking = true;
      this.quietly('leases not checked', () =>
        this.recheck().finally(() => (this.rechecking = false)),
      );
    }
  }

  /**
   * After a gap in the beats: its own seats said again (another node may have deleted them
   * as a dead node's, or read them while its beat was stale), which leases the node still
   * holds, and what it missed, the other nodes' seats included.
   */
  private async recheck(): Promise<void> {
    this.log.info('database reached again; checking leases', { node: this.node });
    await this.reassert();
    const held = await this.pool.query<{ table_id: string }>(
      'SELECT table_id FROM table_leases WHERE node = $1',
      [this.node],
    );
    const mine = new Set(held.rows.map((r) => r.table_id));
    for (const [id, t] of this.tables()) t.setHolder(mine.has(id));
    // Notifications may have been missed meanwhile.
    await this.poll(true);
    this.recheckNeeded = false;
  }

  /** The beat's connection, opened again when it failed (it never waits behind the pool). */
  private async heartConnection(): Promise<pg.Client> {
    if (this.heart) return this.heart;
    const client = new pg.Client({
      connectionString: this.storage.url,
      application_name: `boss-table ${this.node} beat`.slice(0, 63),
      connectionTimeoutMillis: this.leaseMs,
      query_timeout: this.leaseMs,
    });
    const drop = () => {
      if (this.heart === client) this.heart = undefined;
      client.end().catch(() => undefined);
    };
    client.on('error', drop);
    client.on('end', drop);
    try {
      await client.connect();
    } catch (e) {
      drop();
      throw e;
    }
    this.heart = client;
    return client;
  }

  /** Takes over the tables whose node is dead (or that no node holds), a batch at a time. */
  private async takeOver(): Promise<void> {
    if (!this.reachable) return;
    const orphans = await this.pool.query<{ id: string }>({
      name: 'boss-orphans',
      text: `SELECT t.id FROM game_tables t
             LEFT JOIN table_leases l ON l.table_id = t.id
             LEFT JOIN cluster_nodes n ON n.id = l.node
             WHERE t.status IN ('open', 'running')
               AND (l.node IS NULL OR n.id IS NULL OR n.seen_at < clock_timestamp() - $1 * interval '1 millisecond')
             ORDER BY random() LIMIT $2`,
      values: [this.leaseMs, this.batch],
    });
    for (const { id } of orphans.rows) {
      if (this.closed) return;
      if (!(await this.claim(id))) continue;
      this.log.info('took over a table', { node: this.node, table: id });
      await this.service!.adopt(id).catch((e: Error) =>
        this.log.error('could not take over a table', { table: id, error: e.message }),
      );
    }
    // Seats connected on a dead node are not connected.
    const gone = await this.pool.query<{ table_id: string }>({
      name: 'boss-dead-presence',
      text: `DELETE FROM seat_presence p WHERE NOT EXISTS (
               SELECT 1 FROM cluster_nodes n WHERE n.id = p.node
                 AND n.seen_at > clock_timestamp() - $1 * interval '1 millisecond')
             RETURNING table_id`,
      values: [this.leaseMs],
    });
    for (const id of new Set(gone.rows.map((r) => r.table_id))) await this.notify(`p:${id}`);
  }

  async claim(table: string): Promise<boolean> {
    const res = await this.pool.query({
      name: 'boss-claim-lease',
      text: `INSERT INTO table_leases (table_id, node) VALUES ($1, $2)
             ON CONFLICT (table_id) DO UPDATE SET node = EXCLUDED.node
             WHERE table_leases.node = EXCLUDED.node OR NOT EXISTS (
               SELECT 1 FROM cluster_nodes n WHERE n.id = table_leases.node
                 AND n.seen_at > clock_timestamp() - $3 * interval '1 millisecond')
             RETURNING node`,
      values: [table, this.node, this.leaseMs],
    });
    return res.rowCount === 1;
  }

  listed(limit: number): Promise<string[]> {
    return this.storage.listed(limit);
  }

  private notify(payload: string): Promise<unknown> {
    return this.pool.query({
      name: 'boss-notify',
      text: `SELECT pg_notify('${CHANNEL}', $1)`,
      values: [payload],
    });
  }

  /** Runs a write whose failure only costs freshness elsewhere (logged, never thrown). */
  private quietly(what: string, work: () => Promise<unknown>): void {
    work().catch((e: Error) => {
      // An outage is the node's to log, once; its end re-asserts the seats (`recheck`).
      if (isOutage(e) && this.health) return this.health.failed(e);
      this.log.warn(what, { node: this.node, error: e.message });
    });
  }

  presence(table: string, seat: Seat, present: boolean): void {
    this.quietly('presence not stored', async () => {
      await this.pool.query(
        present
          ? `INSERT INTO seat_presence (table_id, seat, node) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`
          : `DELETE FROM seat_presence WHERE table_id = $1 AND seat = $2 AND node = $3`,
        [table, seat, this.node],
      );
      await this.notify(`p:${table}`);
    });
  }

  standIns(table: string, seats: readonly Seat[]): void {
    this.quietly('stand-ins not told', () => this.notify(`s:${table}:${seats.join(',')}`));
  }

  finished(table: string): void {
    this.quietly('lease not let go', () =>
      this.pool.query('DELETE FROM table_leases WHERE table_id = $1 AND node = $2', [
        table,
        this.node,
      ]),
    );
  }

  leaseLost(table: string): void {
    this.quietly('lease not checked', async () => {
      const mine = await this.claim(table);
      this.tables().get(table)?.setHolder(mine);
    });
  }

  /**
   * Writes again every seat connected here (rows another node deleted while this one looked
   * dead) and tells the other nodes to read them.
   */
  async reassert(): Promise<void> {
    const ids: string[] = [];
    const seats: number[] = [];
    for (const [id, t] of this.tables())
      for (const seat of t.localSeats()) {
        ids.push(id);
        seats.push(seat);
      }
    // One statement: the seats here written, and this node's rows for seats no longer here
    // (a connection that closed while the database was out of reach) deleted.
    const res = await this.pool.query<{ table_id: string }>({
      name: 'boss-reassert-presence',
      text: `WITH mine AS (SELECT t, s FROM unnest($1::text[], $2::int[]) AS x(t, s)),
             gone AS (DELETE FROM seat_presence p WHERE p.node = $3 AND NOT EXISTS (
               SELECT 1 FROM mine WHERE mine.t = p.table_id AND mine.s = p.seat)
               RETURNING p.table_id),
             added AS (INSERT INTO seat_presence (table_id, seat, node)
               SELECT t, s, $3 FROM mine ON CONFLICT DO NOTHING RETURNING table_id)
             SELECT table_id FROM gone UNION SELECT table_id FROM added`,
      values: [ids, seats, this.node],
    });
    for (const id of new Set([...ids, ...res.rows.map((r) => r.table_id)]))
      await this.notify(`p:${id}`);
  }

  /** Writes again this node's seats of `table` that are missing, and tells the others if any were. */
  private async keep(table: string): Promise<void> {
    const seats = [...(this.tables().get(table)?.localSeats() ?? [])];
    if (seats.length === 0) return;
    const res = await this.pool.query({
      name: 'boss-keep-presence',
      text: `INSERT INTO seat_presence (table_id, seat, node)
             SELECT $1, s, $3 FROM unnest($2::int[]) AS x(s) ON CONFLICT DO NOTHING`,
      values: [table, seats, this.node],
    });
    if ((res.rowCount ?? 0) > 0) await this.notify(`p:${table}`);
  }

  /** The seats connected to a table on the other (live) nodes. */
  async remoteSeats(table: string): Promise<Set<Seat>> {
    const res = await this.pool.query<{ seat: number }>({
      name: 'boss-remote-seats',
      text: `SELECT DISTINCT p.seat FROM seat_presence p JOIN cluster_nodes n ON n.id = p.node
             WHERE p.table_id = $1 AND p.node <> $2
               AND n.seen_at > clock_timestamp() - $3 * interval '1 millisecond'`,
      values: [table, this.node, this.leaseMs],
    });
    return new Set(res.rows.map((r) => r.seat));
  }

  /** Listens on the channel with a connection of its own, again whenever it drops. */
  private async listen(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.storage.url,
      application_name: `boss-table ${this.node} listen`.slice(0, 63),
    });
    this.listener = client;
    const again = () => {
      if (this.closed || this.listener !== client) return;
      this.listener = undefined;
      client.end().catch(() => undefined);
      const retry = setTimeout(() => {
        if (this.closed) return;
        this.listen().then(
          // Whatever was committed while nobody listened.
          () => this.poll(true),
          () => again(),
        );
      }, 500);
      retry.unref();
    };
    client.on('error', (e) => {
      if (isOutage(e) && this.health) this.health.failed(e);
      else this.log.warn('notifications lost; listening again', { error: e.message });
      again();
    });
    client.on('end', again);
    client.on('notification', (n) => {
      if (n.channel === CHANNEL && n.payload) this.onNotification(n.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (e) {
      again();
      throw e;
    }
  }

  private onNotification(payload: string): void {
    const [kind, id, rest] = payload.split(':');
    const table = this.tables().get(id);
    if (!table) return;
    const failed = (e: Error) =>
      this.log.warn('could not follow a table', { table: id, error: e.message });
    switch (kind) {
      case 'm': {
        // A move this node is storing (its commit may be told before it returns) or has.
        const seq = Number(rest);
        if (seq > table.seq && seq !== table.storingSeq) table.follow().catch(failed);
        return;
      }
      case 't':
        table.refresh().catch(failed);
        return;
      case 'p':
        this.remoteSeats(id).then((seats) => table.setRemoteSeats(seats), failed);
        // Presence changed: if it was this node's rows that went (a clean-up that took this
        // node for dead), its seats are written again.
        if (table.localSeats().size > 0) this.quietly('presence not stored', () => this.keep(id));
        return;
      case 's':
        table.setStandIns(rest ? rest.split(',').map(Number) : []);
        return;
    }
  }

  /**
   * Catches up tables whose last move here is behind the database: every table in memory
   * that is not over (`all`), or only those with connections.
   */
  private async poll(all = false): Promise<void> {
    const followed = [...this.tables().values()].filter(
      (t) =>
        (t.stored.status === 'running' || t.stored.status === 'open') &&
        (all || t.conns.size > 0 || t.holder),
    );
    if (followed.length === 0) return;
    const res = await this.pool.query<{ table_id: string; seq: number }>({
      name: 'boss-poll',
      text: `SELECT table_id, max(seq) AS seq FROM moves WHERE table_id = ANY($1) GROUP BY table_id`,
      values: [followed.map((t) => t.id)],
    });
    const last = new Map(res.rows.map((r) => [r.table_id, r.seq]));
    for (const t of followed) {
      if ((last.get(t.id) ?? 0) > t.seq)
        t.follow().catch((e: Error) =>
          this.log.warn('could not follow a table', { table: t.id, error: e.message }),
        );
      if (all) {
        t.refresh().catch(() => undefined);
        this.remoteSeats(t.id).then(
          (seats) => t.setRemoteSeats(seats),
          () => undefined,
        );
      }
    }
  }

  /** Leaves the cluster: lets its leases go at once, so the others take its tables now. */
  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearInterval(t);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
    const heart = this.heart;
    this.heart = undefined;
    await heart?.end().catch(() => undefined);
    const seen = await this.pool
      .query<{ table_id: string }>('DELETE FROM seat_presence WHERE node = $1 RETURNING table_id', [
        this.node,
      ])
      .catch(() => undefined);
    for (const id of new Set(seen?.rows.map((r) => r.table_id)))
      await this.notify(`p:${id}`).catch(() => undefined);
    await this.pool
      .query('DELETE FROM table_leases WHERE node = $1', [this.node])
      .catch(() => undefined);
    await this.pool
      .query('DELETE FROM cluster_nodes WHERE id = $1', [this.node])
      .catch(() => undefined);
  }
}
