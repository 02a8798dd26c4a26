// Who is at a table: its connections here, the seats connected on other nodes, and the stand-in bots playing for absent people.
import type { Seat } from '@boss-table/core';
import type { PublicSeat, ServerMessage } from '@boss-table/protocol';
import { isReserved, type StoredTable } from './storage.js';

/** One live connection to a table. */
export interface Conn {
  readonly seat: Seat | null;
  send(msg: ServerMessage): void;
  /** Closes the connection with a WebSocket close code. */
  close(code: number, reason: string): void;
}

/** Why a bot plays a person's seat: their turn timed out, or they are away. */
export type StandIn = 'timeout' | 'disconnected';

/**
 * The seats a table counts as present and the bots standing in for the others. It only keeps
 * count; the table decides what follows (telling the viewers, handing seats to bots).
 */
export class Presence {
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
}
