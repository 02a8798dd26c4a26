// A table's fan-out bookkeeping: every move's events, and each viewer's numbering of the frames it was told.
import { CLOCK, eventsFor, type AnyGame, type Emitted, type Seat } from '@boss-table/core';
import type { PastMove } from '@boss-table/protocol';

/** A person's move as it arrived: its `id`, the `seq` it was built on, the move's JSON. */
export interface SentMove {
  readonly id: string;
  readonly seq: number;
  readonly move: string;
}

/**
 * The moves of a table as its viewers were told of them. The table numbers every move
 * (`seq`); each viewer (seats 0…n-1, then the spectators) numbers only the moves it was
 * told of. A sealed move is told to its seat only, so the others' numbers do not move and
 * nothing in their frames says that someone answered.
 */
export class Frames {
  /** Moves committed (all of them: the table's own numbering). */
  seq = 0;
  /** Events of each move, by sequence number (index 0: setup). */
  readonly history: Emitted<unknown>[][];
  readonly moves: { seat: Seat; move: unknown }[] = [];
  /** Per viewer: the table seqs of the moves it was told of. */
  private readonly streams: number[][];
  /** Per seat: its number in its own frames just after its own last move (0: none yet). */
  private readonly own: number[];
  /** Per seat: its last move made here with an `id`, and its number in the seat's frames. */
  private readonly ids = new Map<Seat, SentMove & { position: number }>();

  constructor(seats: number, setup: readonly Emitted<unknown>[]) {
    this.history = [[...setup]];
    this.streams = Array.from({ length: seats + 1 }, () => []);
    this.own = Array.from({ length: seats }, () => 0);
  }

  /** The seat's number just after its own last move: a move built before it is stale. */
  ownPosition(seat: Seat): number {
    return this.own[seat] ?? 0;
  }

  private slot(viewer: Seat | null): number {
    return viewer === null ? this.streams.length - 1 : viewer;
  }

  /** The last number this viewer's frames carry. */
  position(viewer: Seat | null): number {
    return this.streams[this.slot(viewer)].length;
  }

  /** Numbers a move: for every viewer, or for its seat only when sealed. */
  record(seat: Seat, move: unknown, events: Emitted<unknown>[], sealed: boolean): void {
    this.seq++;
    this.history.push(events);
    this.moves.push({ seat, move });
    for (let v = 0; v < this.streams.length; v++)
      if (!sealed || v === seat) this.streams[v].push(this.seq);
    if (seat !== CLOCK && seat < this.own.length) this.own[seat] = this.position(seat);
  }

  /**
   * The number of the seat's last stored move if `sent` is that move sent again (the same
   * `id`, `seq` and move: a resend is answered with its ack); else undefined. Matching all
   * three, an older client that numbers its ids per connection (`m1` again after a reload)
   * never has a new move taken for an old one.
   */
  resent(seat: Seat, sent: SentMove): number | undefined {
    const last = this.ids.get(seat);
    const same = last && last.id === sent.id && last.seq === sent.seq && last.move === sent.move;
    return same ? last.position : undefined;
  }

  /** The seat's move just recorded was `sent` (its `id`, the `seq` it was built on, its JSON). */
  noteSent(seat: Seat, sent: SentMove): void {
    this.ids.set(seat, { ...sent, position: this.ownPosition(seat) });
  }

  /**
   * Rebuilds a table's state from its stored moves (on start-up), numbering each; returns the
   * state after the last.
   */
  replay(
    game: AnyGame,
    table: string,
    from: unknown,
    moves: readonly { seq: number; seat: Seat; move: unknown }[],
  ): unknown {
    let state = from;
    for (const m of moves) {
      if (m.seq !== this.seq + 1) throw new Error(`Table ${table}: move ${m.seq} is out of order.`);
      const parsed = game.parseMove(m.move);
      if (!parsed.ok)
        throw new Error(`Table ${table}: stored move ${m.seq}: ${parsed.error.message}`);
      const sealed = m.seat !== CLOCK && (game.sealed?.(state, m.seat, parsed.value) ?? false);
      const applied = game.apply(state, m.seat, parsed.value);
      if (!applied.ok)
        throw new Error(`Table ${table}: stored move ${m.seq}: ${applied.error.message}`);
      state = applied.value.state;
      this.record(m.seat, m.move, [...applied.value.events], sealed);
    }
    return state;
  }

  /** Every move this viewer was told of after its number `since`, for its eyes only. */
  pastFor(viewer: Seat | null, since = 0): PastMove[] {
    const stream = this.streams[this.slot(viewer)];
    const out: PastMove[] = [];
    for (let k = since; k < stream.length; k++) {
      const g = stream[k];
      out.push({
        seq: k + 1,
        seat: this.moves[g - 1].seat,
        events: eventsFor(this.history[g], viewer),
      });
    }
    return out;
  }
}
