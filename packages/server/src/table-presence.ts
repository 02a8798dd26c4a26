// Who is at a table: its connections here, the seats connected on other nodes, and the stand-in bots playing for absent people.
import type { Seat } from '@boss-table/core';
import type { PublicSeat, ServerMessage } from '@boss-table/protocol';
import type { Logger } from './log.js';
import { isReserved, type StoredTable } from './storage.js';
import type { TableCluster } from './table-deps.js';

/** One live connection to a table. */
export interface Conn {
  readonly seat: Seat | null;
  send(msg: ServerMessage): void;
  /** Closes the connection with a WebSocket close code. */
  close(code: number, reason: string): void;
}

/** Why a bot plays a person's seat: their turn timed out, or they are away. */
export type StandIn = 'timeout' | 'disconnected';

/** What presence needs of its table (`LiveTable` is one). */
export interface PresenceHost {
  readonly id: string;
  readonly stored: StoredTable;
  /** This node runs the table's bots, clocks and stand-ins. */
  readonly holder: boolean;
  readonly deps: { readonly log: Logger; readonly cluster?: TableCluster };
  /** Tells every connection the seats. */
  broadcastSeats(): void;
  /** Hands each seat to its bot or person again in the driver. */
  syncBots(): void;
  /** Lets bots move, and arms the clocks and the grace period again. */
  schedule(): void;
}

/**
 * The seats a table counts as present — its connections here, the seats connected on other
 * nodes — and the bots standing in for absent people: who comes and goes, the grace period
 * before a stand-in, and what the other nodes are told.
 */
export class Presence {
  constructor(private readonly host: PresenceHost) {}

  readonly conns = new Set<Conn>();
  /** Seats connected on other nodes of a cluster. */
  private readonly remote = new Set<Seat>();
  /** Seats a bot plays for now, and why. */
  readonly standIn = new Map<Seat, StandIn>();

  /** Seats with a connection on this node. */
  localSeats(): Set<Seat> {
    const s = new Set<Seat>();
    for (const c of this.conns) if (c.seat !== null) s.add(c.seat);
    return s;
  }

  /** Seats with a connection here or, on a cluster, on another node. */
  connectedSeats(): Set<Seat> {
    const s = this.localSeats();
    for (const seat of this.remote) s.add(seat);
    return s;
  }

  /** The seats as everyone may see them. */
  publicSeats(stored: StoredTable): PublicSeat[] {
    const connected = this.connectedSeats();
    return stored.seats.map((s, seat) => ({
      seat,
      kind: s.kind,
      ...(s.bot ? { bot: s.bot } : {}),
      ...(s.name ? { name: s.name } : {}),
      taken: s.kind === 'bot' || s.tokenHash !== undefined,
      connected: s.kind === 'bot' || connected.has(seat),
      botStandIn: this.standIn.has(seat),
      ...(s.kind === 'human' && s.tokenHash === undefined && isReserved(s)
        ? { reserved: true }
        : {}),
    }));
  }

  /**
   * Sets the seats connected on other nodes; whether the connected seats changed. A person
   * back on another node takes their seat back from its stand-in when `reclaim`.
   */
  setRemote(seats: ReadonlySet<Seat>, reclaim: boolean): { changed: boolean; reclaimed: boolean } {
    const before = this.connectedSeats();
    this.remote.clear();
    for (const seat of seats) this.remote.add(seat);
    const after = this.connectedSeats();
    if (before.size === after.size && [...after].every((x) => before.has(x)))
      return { changed: false, reclaimed: false };
    let reclaimed = false;
    if (reclaim) for (const seat of after) if (this.standIn.delete(seat)) reclaimed = true;
    return { changed: true, reclaimed };
  }

  /**
   * A connection opens; `greet` sends it what it must see first. The others hear of a seat
   * coming back only when that changes what they see: its first connection, or a stand-in
   * bot leaving.
   */
  attach(conn: Conn, greet: () => void): void {
    const host = this.host;
    const wasConnected = conn.seat !== null && this.connectedSeats().has(conn.seat);
    if (conn.seat !== null && !this.localSeats().has(conn.seat))
      host.deps.cluster?.presence(host.id, conn.seat, true);
    this.conns.add(conn);
    greet();
    if (conn.seat !== null && (!wasConnected || this.standIn.has(conn.seat))) {
      if (this.standIn.delete(conn.seat)) this.standInsChanged();
      host.syncBots();
      host.broadcastSeats();
    }
    host.schedule();
  }

  /** A connection closes: only a seat's last connection closing makes it away. */
  detach(conn: Conn): void {
    const host = this.host;
    this.conns.delete(conn);
    if (conn.seat !== null && !this.localSeats().has(conn.seat))
      host.deps.cluster?.presence(host.id, conn.seat, false);
    if (conn.seat !== null && !this.connectedSeats().has(conn.seat)) host.broadcastSeats();
    host.schedule();
  }

  /** On a cluster: the seats connected on the other nodes now. */
  remoteSeats(seats: ReadonlySet<Seat>): void {
    const host = this.host;
    // A person back on another node takes their seat back from the stand-in.
    const { changed, reclaimed } = this.setRemote(seats, host.holder);
    if (!changed) return;
    if (reclaimed) {
      host.syncBots();
      this.standInsChanged();
    }
    host.broadcastSeats();
    host.schedule();
  }

  /** On a cluster: the lease holder's stand-ins, shown by the other nodes. */
  holderStandIns(seats: readonly Seat[]): void {
    if (this.host.holder) return;
    this.standIn.clear();
    for (const seat of seats) this.standIn.set(seat, 'disconnected');
    this.host.broadcastSeats();
  }

  /** The lease holder tells the other nodes who its stand-ins play for. */
  private standInsChanged(): void {
    const host = this.host;
    if (host.holder) host.deps.cluster?.standIns(host.id, [...this.standIn.keys()]);
  }

  /**
   * Arms the grace period for the `active` seats whose people are away: when it ends, a bot
   * plays each seat until its person returns. Not at a turn-based table, where players come
   * and go between turns: only the turn clock hands a seat to a bot there. The timer, or null.
   */
  armGrace(active: readonly Seat[]): NodeJS.Timeout | null {
    const host = this.host;
    const { stored } = host;
    const turnBased = (stored.timer as { mode?: string } | null)?.mode === 'turn-based';
    const away = active.filter(
      (seat) =>
        stored.seats[seat].kind !== 'bot' &&
        !this.standIn.has(seat) &&
        !this.connectedSeats().has(seat),
    );
    if (turnBased || away.length === 0) return null;
    const handle = setTimeout(() => {
      for (const seat of away) {
        if (this.connectedSeats().has(seat)) continue;
        host.deps.log.info('player away; a bot plays the seat until they return', {
          table: host.id,
          seat,
        });
        this.standIn.set(seat, 'disconnected');
      }
      this.standInsChanged();
      host.syncBots();
      host.broadcastSeats();
      host.schedule();
    }, stored.graceSeconds * 1000);
    handle.unref();
    return handle;
  }
}
