// Following the other nodes of a cluster: the moves and rows they committed, fed into the table's own take path.
import { CLOSE_SEAT_TAKEN } from './session-conns.js';
import type { CommittedMove, Storage, StoredTable } from './storage.js';
import { CLOSE_EXPIRED } from './table-deps.js';
import type { Conn } from './table-presence.js';

/** What the follower needs of its table (`LiveTable` is one). */
export interface FollowHost {
  readonly id: string;
  readonly stored: StoredTable;
  /** Moves committed so far. */
  readonly seq: number;
  /** The table is closing: nothing more is taken in. */
  readonly closing: boolean;
  /** The table runs (it has a driver). */
  readonly started: boolean;
  /** The connections to the table on this node. */
  readonly conns: ReadonlySet<Conn>;
  run<T>(change: () => Promise<T> | T): Promise<T>;
  /** Every seat taken: the table runs (its driver starts). */
  start(): void;
  /** Tells every connection who sits where. */
  broadcastSeats(): void;
  /** A move another node committed, in order: taken as if made here. */
  takeCommitted(m: CommittedMove): void;
  schedule(): void;
}

/**
 * Takes in what other nodes committed, through the table's queue: every move in order, then
 * the row. In one process nothing is ever behind.
 */
export class Follower {
  /** A `follow` waiting in the queue, which later calls share. */
  private waiting: Promise<void> | null = null;

  constructor(
    private readonly host: FollowHost,
    private readonly storage: Storage,
    private readonly clustered: boolean,
  ) {}

  /**
   * Takes in the moves other nodes committed since the last one here (in the queue). Calls
   * while one is waiting in the queue share it: it reads every move there is when it runs.
   */
  follow(): Promise<void> {
    if (this.waiting) return this.waiting;
    const next = this.host.run(() => {
      this.waiting = null;
      return this.now();
    });
    this.waiting = next;
    return next;
  }

  /** Takes in the table's row (seats, status, rematch) as another node wrote it, after its moves. */
  refresh(): Promise<void> {
    return this.host.run(async () => {
      await this.now();
      const row = await this.storage.table(this.host.id);
      if (row) this.takeRow(row);
    });
  }

  /**
   * On a cluster, before answering a request from memory: takes in what other nodes committed
   * that this one has not heard of yet (a notification on its way, or missed while its
   * listening connection was down), so that no node answers behind another. A game over here
   * has nothing more to take in; in one process nothing is ever behind.
   */
  catchUp(): Promise<void> {
    if (!this.clustered) return Promise.resolve();
    const status = this.host.stored.status;
    if (status === 'open') return this.refresh();
    return status === 'running' ? this.follow() : Promise.resolve();
  }

  /** Takes in the moves committed elsewhere now (already in the queue). */
  async now(): Promise<void> {
    const host = this.host;
    if (host.closing) return;
    const moves = await this.storage.movesSince(host.id, host.seq);
    if (moves.length === 0) return;
    if (!host.started) {
      // Started on another node a moment ago: its row first.
      const row = await this.storage.table(host.id);
      if (row) this.takeRow(row);
    }
    for (const m of moves) host.takeCommitted(m);
    host.schedule();
  }

  /** A row another node wrote (seats, status, rematch, clocks), taken in. */
  takeRow(row: StoredTable): void {
    const host = this.host;
    const stored = host.stored;
    const was = stored.status;
    const hadRematch = stored.rematch;
    const before = stored.seats;
    stored.seats = row.seats;
    // A seat taken on another device, through another node (a new token): its connections
    // here stop acting for it, as on the node that took it.
    row.seats.forEach((s, seat) => {
      const old = before[seat]?.tokenHash;
      if (old === undefined || s.tokenHash === undefined || old === s.tokenHash) return;
      for (const c of [...host.conns])
        if (c.seat === seat) c.close(CLOSE_SEAT_TAKEN, 'This seat was taken on another device.');
    });
    // A game over here stays over (its row may have been read before its last move).
    if (was !== 'finished') stored.status = row.status;
    if (row.rematch) stored.rematch = row.rematch;
    if (row.clocks !== undefined) stored.clocks = row.clocks;
    if (was === 'open' && stored.status === 'running' && !host.started) host.start();
    else host.broadcastSeats();
    if (!hadRematch && row.rematch)
      for (const c of host.conns) c.send({ type: 'rematch', table: row.rematch });
    if (was === 'open' && row.status === 'expired')
      for (const c of host.conns)
        c.close(CLOSE_EXPIRED, 'This table expired before every seat was taken.');
  }
}
