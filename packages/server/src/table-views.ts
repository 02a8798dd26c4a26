// What a table tells: its summary and record, each viewer's snapshot and frames, built from the state for that viewer's eyes only.
import {
  eventsFor,
  RECORD_VERSION,
  recordedMoveJson,
  type AnyGame,
  type Emitted,
  type Seat,
} from '@boss-table/core';
import type {
  ClockState,
  PublicSeat,
  ServerMessage,
  TableDetails,
  TableSummary,
  TimerRequest,
  TimerState,
} from '@boss-table/protocol';
import type { StoredTable } from './storage.js';
import type { Frames } from './table-frames.js';
import type { Conn, StandIn } from './table-presence.js';

/** What the views need of their table (`LiveTable` is one). */
export interface ViewHost {
  readonly id: string;
  readonly game: AnyGame;
  readonly stored: StoredTable;
  readonly state: unknown;
  readonly frames: Frames;
  publicSeats(): PublicSeat[];
  /** The clocks as a frame carries them: the table's timer, the rules' clocks if any. */
  clockFields(): { timer: TimerState | null; clocks?: ClockState[] };
}

/** Builds every message a table sends, each for one viewer's eyes. */
export class TableViews {
  constructor(private readonly host: ViewHost) {}

  summary(): TableSummary {
    const { id, game, stored } = this.host;
    return {
      id,
      game: game.id,
      options: stored.options,
      status: stored.status,
      seats: this.host.publicSeats(),
      seq: this.host.frames.position(null),
      createdAt: new Date(stored.createdAt).toISOString(),
      ...(stored.rematch ? { rematch: stored.rematch } : {}),
      visibility: stored.visibility,
      timer: (stored.timer as TimerRequest | null) ?? null,
    };
  }

  details(): TableDetails {
    const { game, state } = this.host;
    const outcome = game.outcome(state);
    return { ...this.summary(), view: game.view(state, null), ...(outcome ? { outcome } : {}) };
  }

  /** The game's record (docs/records.md): format version, players' names and bots, moves. */
  record(): Record<string, unknown> {
    const { game, stored, frames } = this.host;
    return {
      version: RECORD_VERSION,
      game: game.id,
      players: stored.seats.map((s) =>
        s.kind === 'bot' ? { bot: s.bot ?? 'bot' } : s.name ? { name: s.name } : {},
      ),
      options: stored.options,
      seed: stored.seed,
      moves: frames.moves.map((m) => recordedMoveJson(m.seat, m.move)),
    };
  }

  /** What `seat` may do now (the game's legal form), or null. */
  legalFor(seat: Seat | null): unknown {
    const { game, state, stored } = this.host;
    if (seat === null || stored.status !== 'running') return null;
    return game.activeSeats(state).includes(seat) ? game.legalSummary(state, seat) : null;
  }

  /** The table now as `seat` sees it; with `withPast`, every past move's events too. */
  snapshot(seat: Seat | null, withPast = false): ServerMessage {
    const { game, state, stored, frames } = this.host;
    return {
      type: 'snapshot',
      seq: frames.position(seat),
      seat,
      status: stored.status,
      seats: this.host.publicSeats(),
      view: game.view(state, seat),
      legal: this.legalFor(seat),
      ...this.host.clockFields(),
      ...(withPast ? { past: frames.pastFor(seat) } : {}),
    };
  }

  /** What a connection that last saw `since` missed: each move's events, for its eyes only. */
  missedSince(seat: Seat | null, since: number): ServerMessage[] {
    const { frames } = this.host;
    const last = frames.position(seat);
    return frames.pastFor(seat, since).map((p) => ({
      type: 'events',
      ...p,
      ...(p.seq === last ? this.now(seat) : {}),
    }));
  }

  /** A move just numbered, told to each connection that may hear of it. */
  tell(
    conns: Iterable<Conn>,
    mover: Seat,
    events: readonly Emitted<unknown>[],
    sealed: boolean,
    standIn?: StandIn,
  ): void {
    // One frame per seat (and one for all spectators), built and encoded once however many
    // connections that seat has.
    const frames = new Map<Seat | null, ServerMessage>();
    for (const c of conns) {
      if (sealed && c.seat !== mover) continue;
      let frame = frames.get(c.seat);
      if (!frame) {
        frame = {
          type: 'events',
          seq: this.host.frames.position(c.seat),
          seat: mover,
          events: eventsFor(events, c.seat),
          ...this.now(c.seat),
          ...(standIn ? { standIn } : {}),
        };
        frames.set(c.seat, frame);
      }
      c.send(frame);
    }
  }

  /** The seats as everyone sees them. */
  seats(): ServerMessage {
    return { type: 'seats', status: this.host.stored.status, seats: this.host.publicSeats() };
  }

  /** The newest frame's view, legal form and clocks for `seat`. */
  private now(seat: Seat | null) {
    const { game, state } = this.host;
    return {
      view: game.view(state, seat),
      legal: this.legalFor(seat),
      ...this.host.clockFields(),
    };
  }
}
