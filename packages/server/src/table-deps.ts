// What a table is given: its storage, bot pool, logs and metrics, and on a cluster the way to tell the other nodes.
import type { Seat } from '@boss-table/core';
import type { BotPool } from './bot-pool.js';
import type { StorageHealth } from './health.js';
import type { Logger } from './log.js';
import type { Metrics } from './metrics.js';
import type { Storage } from './storage.js';

/** The close code of a connection to an open table that expired. */
export const CLOSE_EXPIRED = 4010;

/**
 * What a table tells the other nodes of a cluster (`cluster.ts`); absent in one process.
 * Several nodes may have a table in memory (a node per connection); the one holding its
 * lease (`LiveTable.holder`) runs its bots, clocks and stand-ins.
 */
export interface TableCluster {
  /** A seat's first connection on this node opened, or its last one here closed. */
  presence(table: string, seat: Seat, present: boolean): void;
  /** The lease holder's stand-ins changed: the seats a bot plays while their person is away. */
  standIns(table: string, seats: readonly Seat[]): void;
  /** The game is over: its lease is let go. */
  finished(table: string): void;
  /** A move of the table itself was refused for the lease: find out who holds it now. */
  leaseLost(table: string): void;
}

export interface TableDeps {
  readonly storage: Storage;
  readonly bots: BotPool;
  readonly log: Logger;
  readonly metrics: Metrics;
  /** Think time of a bot standing in for a human seat, and of bot seats without a level. */
  readonly botBudgetMs: number;
  readonly cluster?: TableCluster;
  /** Whether the node reaches its database (one per node; a table alone makes its own). */
  readonly health?: StorageHealth;
}
