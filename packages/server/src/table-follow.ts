// Following the other nodes of a cluster: the moves and rows they committed, fed into the table's own take path.
import type { CommittedMove, Storage, StoredTable } from './storage.js';

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
  run<T>(change: () => Promise<T> | T): Promise<T>;
  /** A row another node wrote: seats, status, rematch, clocks. */
  takeRow(row: StoredTable): void;
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
      if (row) this.host.takeRow(row);
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
      if (row) host.takeRow(row);
    }
    for (const m of moves) host.takeCommitted(m);
    host.schedule();
  }
}
