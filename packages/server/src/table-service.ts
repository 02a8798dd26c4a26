// The tables in memory: create, rebuild from stored moves, claim seats, rematch, expire open and idle ones.
import type { Seat } from '@boss-table/core';
import { findGame } from '@boss-table/games';
import type { CreateTableResponse, JoinResponse, TableSummary } from '@boss-table/protocol';
import type { AddressLimiter } from './limits.js';
import { uniqueName } from './limits.js';
import type { Logger } from './log.js';
import { isReserved, type Storage, type StoredTable } from './storage.js';
import { CLOSE_EXPIRED, LiveTable, type TableDeps } from './table.js';
import { hashToken, randomId, randomToken, sameHash } from './tokens.js';
import { parseCreateTable, parseJoin, RequestError } from './validate.js';

export { CLOSE_EXPIRED };

/** What the service asks of a cluster of nodes (`cluster.ts`); absent in one process. */
export interface ServiceCluster {
  /** Takes the table's lease if no live node holds it; true if this node holds it now. */
  claim(table: string): Promise<boolean>;
  /** The lobby's tables, newest first, by id: from the database, not from one node's memory. */
  listed(limit: number): Promise<string[]>;
  /** The seats connected to a table on the other live nodes. */
  remoteSeats(table: string): Promise<Set<Seat>>;
}

/** Tables in the lobby at most. */
const LOBBY_SIZE = 200;
/** Tries at a seat claim another node keeps changing under it. */
const CLAIM_TRIES = 5;

export interface TableServiceOptions {
  /** A finished table nobody is connected to leaves memory after this long. */
  readonly finishedTableIdleMs: number;
  /** An open table whose seats are not all taken expires this long after its creation. */
  readonly openTableTtlMs: number;
}

/**
 * The tables: creating, loading (rebuilt from their moves), claiming seats, rematches,
 * expiring open tables and forgetting idle finished ones. Every change to one table goes
 * through that table's queue; HTTP and WebSocket code only call in here.
 */
export class TableService {
  readonly tables = new Map<string, LiveTable>();
  /** Tables whose stored moves no longer replay (e.g. after a rules change): left alone. */
  private readonly broken = new Set<string>();

  constructor(
    private readonly storage: Storage,
    private readonly deps: TableDeps,
    private readonly limits: AddressLimiter,
    private readonly log: Logger,
    private readonly opts: TableServiceOptions,
    private readonly cluster?: ServiceCluster,
  ) {
    // The database is back: every table here goes on at once (bots and clocks waited).
    deps.health?.onBack(() => {
      for (const t of this.tables.values()) t.schedule();
    });
  }

  /**
   * Reloads every unfinished table (open ones past their time expire instead). On a cluster
   * nothing is loaded here: the cluster takes the leases of tables no live node holds.
   */
  async loadAll(): Promise<void> {
    if (this.cluster) return;
    for (const stored of await this.storage.tables('unfinished'))
      if (stored.status === 'open' && Date.now() - stored.createdAt >= this.opts.openTableTtlMs)
        await this.storage.updateTable({ ...stored, status: 'expired' });
      else await this.rebuild(stored);
    this.log.info('tables reloaded', { tables: this.tables.size, broken: this.broken.size });
  }

  private async rebuild(stored: StoredTable): Promise<LiveTable | undefined> {
    const game = findGame(stored.game);
    if (!game) {
      this.log.error('table of an unknown game left alone', {
        table: stored.id,
        game: stored.game,
      });
      this.broken.add(stored.id);
      return undefined;
    }
    let table: LiveTable;
    try {
      table = new LiveTable(stored, game, this.deps);
      table.replayStored(await this.storage.moves(stored.id));
    } catch {
      // The rules' sentence may name cards: not logged.
      this.log.error('table could not be rebuilt from its moves; left alone', {
        table: stored.id,
      });
      this.broken.add(stored.id);
      return undefined;
    }
    // Made consistent with its moves: a server of an older version could be killed between
    // a game's last move and its `finished` status, or between the last seat's claim and the
    // table's start.
    const full = stored.seats.every((s) => s.kind === 'bot' || s.tokenHash !== undefined);
    const status = game.isOver(table.state) ? 'finished' : full ? 'running' : 'open';
    if (status !== stored.status && stored.status !== 'expired') {
      this.log.warn('table status made consistent with its moves', {
        table: stored.id,
        from: stored.status,
        to: status,
      });
      await this.storage.updateTable({ ...stored, status });
      stored.status = status;
    }
    if (this.cluster && (status === 'open' || status === 'running')) {
      table.holder = await this.cluster.claim(stored.id);
      // Before it serves or resumes: who is connected on the other nodes (loaded for a GET,
      // a spectator or a takeover, it would otherwise show them away and stand bots in).
      table.setRemoteSeats(await this.cluster.remoteSeats(stored.id));
    }
    // Another request may have loaded it meanwhile: one live table per id.
    const already = this.tables.get(stored.id);
    if (already) return already;
    this.tables.set(stored.id, table);
    table.resume();
    return table;
  }

  /**
   * This node took the table's lease (`cluster.ts`): it runs the table from now on, after
   * taking in every move committed so far.
   */
  async adopt(id: string): Promise<void> {
    const live = this.tables.get(id);
    if (!live) {
      await this.load(id);
      return;
    }
    await live.follow();
    live.setHolder(true);
  }

  /** The live table, loaded from storage if needed; undefined if there is none. */
  async load(id: string): Promise<LiveTable | undefined> {
    const live = this.tables.get(id);
    if (live) return live;
    if (this.broken.has(id))
      throw new RequestError(
        500,
        'table-broken',
        'This table could not be rebuilt from its stored moves.',
      );
    const stored = await this.storage.table(id);
    if (stored?.status === 'expired')
      throw new RequestError(
        410,
        'table-expired',
        'This table expired: its seats were not all taken in time. Create a new one.',
      );
    return stored && this.rebuild(stored);
  }

  private newTable(
    raw: unknown,
    rematchOf?: StoredTable,
  ): {
    stored: StoredTable;
    invites: (string | undefined)[];
    botsOnly: boolean;
    withBots: boolean;
  } {
    const { game, request } = parseCreateTable(raw);
    const botsOnly = request.seats.every((s) => s.kind === 'bot');
    const withBots = request.seats.some((s) => s.kind === 'bot');
    const invites: (string | undefined)[] = [];
    const stored: StoredTable = {
      id: randomId(),
      game: game.id,
      options: request.options,
      seed: randomToken(),
      status: botsOnly ? 'running' : 'open',
      seats: request.seats.map((s, i) => {
        if (s.kind === 'bot') return { kind: 'bot', bot: s.bot };
        const invite = randomToken();
        invites[i] = invite;
        // At a rematch a seat is kept for the person who held it.
        const previous = rematchOf?.seats[i]?.tokenHash;
        return {
          kind: 'human',
          inviteHash: hashToken(invite),
          ...(previous ? { previousTokenHash: previous } : {}),
          ...(s.reserved ? { reserved: true } : {}),
        };
      }),
      timer: request.timer ?? null,
      graceSeconds: request.graceSeconds ?? 60,
      createdAt: Date.now(),
      visibility: request.visibility ?? 'public',
    };
    return { stored, invites, botsOnly, withBots };
  }

  private goLive(stored: StoredTable, botsOnly: boolean, holder: boolean): LiveTable {
    const table = new LiveTable(stored, findGame(stored.game)!, this.deps);
    table.holder = holder;
    this.tables.set(stored.id, table);
    if (botsOnly) table.start();
    this.log.info('table created', {
      table: stored.id,
      game: stored.game,
      seats: stored.seats.length,
    });
    return table;
  }

  async create(raw: unknown, address: string): Promise<CreateTableResponse> {
    const { stored, invites, botsOnly, withBots } = this.newTable(raw);
    await this.limits.reserveTable(address, stored.id, botsOnly, withBots);
    await this.storage.createTable(stored);
    // On a cluster the row was stored with this node's lease (`storage-pg.ts`); the claim
    // confirms it. In memory first, so that anything that finds the table finds it here.
    const table = this.goLive(stored, botsOnly, !this.cluster);
    if (this.cluster) table.setHolder(await this.cluster.claim(stored.id));
    return {
      id: stored.id,
      seats: stored.seats.map((s, seat) => ({
        seat,
        kind: s.kind,
        ...(invites[seat] ? { invite: invites[seat] } : {}),
      })),
    };
  }

  seatOfToken(table: LiveTable, token: string): number {
    const h = hashToken(token);
    return table.stored.seats.findIndex((s) => sameHash(s.tokenHash, h));
  }

  /** Claims a seat: with its invite, at a rematch with the previous token, else a free one. */
  join(table: LiveTable, raw: unknown, bearer: string | undefined): Promise<JoinResponse> {
    const req = parseJoin(raw);
    return table.run(async () => {
      for (let tries = 1; ; tries++) {
        const done = await this.claimOnce(table, req, bearer);
        if (done) return done;
        // Another node claimed a seat meanwhile: read the seats again and decide again.
        if (tries >= CLAIM_TRIES)
          throw new RequestError(503, 'busy', 'Seats are being taken right now; try again.');
        const row = await this.storage.table(table.id);
        if (row) {
          table.stored.seats = row.seats;
          table.stored.status = row.status;
        }
      }
    });
  }

  /** One try at a seat claim; null if the stored seats changed since they were read. */
  private async claimOnce(
    table: LiveTable,
    req: ReturnType<typeof parseJoin>,
    bearer: string | undefined,
  ): Promise<JoinResponse | null> {
    {
      const seats = table.stored.seats;
      if (table.stored.status === 'finished')
        throw new RequestError(409, 'game-over', 'This game is over: there is no seat to take.');
      let seat = -1;
      if (req.invite !== undefined) {
        const h = hashToken(req.invite);
        seat = seats.findIndex((s) => sameHash(s.inviteHash, h));
        if (seat < 0)
          throw new RequestError(
            403,
            'bad-invite',
            'This invite does not open a seat at this table.',
          );
      } else if (bearer !== undefined) {
        const h = hashToken(bearer);
        seat = seats.findIndex((s) => sameHash(s.previousTokenHash, h));
        if (seat < 0)
          throw new RequestError(
            403,
            'bad-token',
            'This token held no seat at the game this rematch follows.',
          );
      } else {
        if (table.stored.visibility === 'private')
          throw new RequestError(
            403,
            'invite-only',
            'This table is private: a seat is taken only with its invite link.',
          );
        seat = seats.findIndex(
          (s) => s.kind === 'human' && s.tokenHash === undefined && !isReserved(s),
        );
        if (seat < 0)
          throw new RequestError(
            409,
            'table-full',
            'No seat is free: every seat is taken or kept for an invited player. You can watch.',
          );
      }
      if (seats[seat].tokenHash !== undefined)
        throw new RequestError(
          409,
          'seat-taken',
          `Seat ${seat + 1} is already taken: its invite has been used. You can watch.`,
        );
      const token = randomToken();
      const name = uniqueName(
        req.name,
        seats.map((x) => x.name),
      );
      // The invite's hash stays: used again, it is told its seat is taken (409), not that
      // it is unknown.
      const claim = { tokenHash: hashToken(token), name };
      // The claim and, on the last free seat, the table's start: one transaction.
      const result = await this.storage.claimSeat(table.id, seat, claim);
      if (result === 'taken') return null;
      table.stored.seats = seats.map((x, i) => (i === seat ? { ...x, ...claim } : x));
      const started = result === 'started' && table.stored.status === 'open';
      if (started) {
        // Claims of the other seats made on other nodes may not have reached this one yet.
        const row = await this.storage.table(table.id);
        if (row) table.stored.seats = row.seats;
        table.stored.status = 'running';
      }
      this.log.info('seat claimed', { table: table.id, seat });
      table.broadcastSeats();
      if (started) table.start();
      return { table: table.id, seat, token };
    }
  }

  /** The rematch of a finished table: the same new table for every player who asks. */
  rematch(table: LiveTable, token: string | undefined): Promise<{ table: string }> {
    return table.run(async () => {
      if (!token || this.seatOfToken(table, token) < 0)
        throw new RequestError(
          401,
          'bad-token',
          'Only a player of this table can ask for a rematch.',
        );
      if (table.stored.status !== 'finished')
        throw new RequestError(409, 'not-finished', 'A rematch follows a finished game.');
      if (!table.stored.rematch) {
        const old = table.stored;
        const { stored, botsOnly } = this.newTable(
          {
            game: old.game,
            options: old.options,
            seats: old.seats.map((s) =>
              s.kind === 'bot'
                ? { kind: 'bot', bot: s.bot }
                : { kind: 'human', ...(s.reserved ? { reserved: true } : {}) },
            ),
            ...(old.timer ? { timer: old.timer } : {}),
            graceSeconds: old.graceSeconds,
            visibility: old.visibility,
          },
          old,
        );
        // The new table and the link to it: one transaction, unless another node made the
        // rematch first (then that one is everyone's).
        const made = await this.storage.createRematch(stored, old);
        old.rematch = made;
        if (made === stored.id) {
          const next = this.goLive(stored, botsOnly, !this.cluster);
          if (this.cluster) next.setHolder(await this.cluster.claim(made));
        }
        for (const c of table.conns) c.send({ type: 'rematch', table: made });
      }
      return { table: table.stored.rematch! };
    });
  }

  /**
   * The lobby: public tables not yet over, newest first. On a cluster the list comes from
   * the database and each table listed is followed here, so its summary is the same on
   * every node.
   */
  async listPublic(): Promise<TableSummary[]> {
    const listed = (t: LiveTable) =>
      t.stored.visibility === 'public' &&
      (t.stored.status === 'open' || t.stored.status === 'running');
    if (this.cluster) {
      const ids = await this.cluster.listed(LOBBY_SIZE);
      const tables = await Promise.all(ids.map((id) => this.load(id).catch(() => undefined)));
      return tables
        .filter((t): t is LiveTable => t !== undefined && listed(t))
        .map((t) => t.views.summary());
    }
    return [...this.tables.values()]
      .filter(listed)
      .sort((a, b) => b.stored.createdAt - a.stored.createdAt)
      .slice(0, LOBBY_SIZE)
      .map((t) => t.views.summary());
  }

  counts(): Record<string, number> {
    const counts: Record<string, number> = { open: 0, running: 0, finished: 0, expired: 0 };
    for (const t of this.tables.values()) counts[t.stored.status]++;
    return counts;
  }

  private expire(t: LiveTable): Promise<void> {
    return t.run(async () => {
      if (t.stored.status !== 'open') return;
      await this.storage.updateTable({ ...t.stored, status: 'expired' });
      t.stored.status = 'expired';
      await t.close();
      this.tables.delete(t.id);
      this.log.info('open table expired', { table: t.id });
      t.broadcastSeats();
      for (const c of t.conns)
        c.close(CLOSE_EXPIRED, 'This table expired before every seat was taken.');
    });
  }

  /** Forgets idle finished tables (they stay on disk) and expires open ones past their time. */
  sweep(): void {
    const now = Date.now();
    for (const [id, t] of this.tables)
      if (
        (t.stored.status === 'finished' &&
          t.conns.size === 0 &&
          now - t.lastActivity >= this.opts.finishedTableIdleMs) ||
        // Expired by the node holding it (on a cluster).
        t.stored.status === 'expired'
      )
        this.tables.delete(id);
      else if (
        t.stored.status === 'open' &&
        t.holder &&
        now - t.stored.createdAt >= this.opts.openTableTtlMs
      )
        void this.expire(t).catch((e: Error) =>
          this.log.error('could not expire a table', { table: id, error: e.message }),
        );
  }

  /**
   * Stops every table; in one process running clocks are stored paused with the time they
   * have left. On a cluster the game goes on elsewhere: nothing is paused.
   */
  async close(): Promise<void> {
    await Promise.all([...this.tables.values()].map((t) => t.close(!this.cluster)));
  }
}
