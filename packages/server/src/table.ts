import {
  eventsFor,
  RECORD_VERSION,
  Rng,
  type AnyGame,
  type Emitted,
  type Seat,
} from '@boss-table/core';
import { botKinds } from '@boss-table/games/bots';
import type {
  ErrorCode,
  PastMove,
  PublicSeat,
  ServerMessage,
  TableDetails,
  TableSummary,
  TimerRequest,
  TimerState,
} from '@boss-table/client';
import type { BotPool } from './bot-pool.js';
import type { Logger } from './log.js';
import type { Metrics } from './metrics.js';
import { isReserved, type Storage, type StoredTable } from './storage.js';

/** One live connection to a table. */
export interface Conn {
  readonly seat: Seat | null;
  send(msg: ServerMessage): void;
  /** Closes the connection with a WebSocket close code. */
  close(code: number, reason: string): void;
}

export interface TableDeps {
  readonly storage: Storage;
  readonly bots: BotPool;
  readonly log: Logger;
  readonly metrics: Metrics;
  /** Think time of a bot standing in for a human seat, and of bot seats without a level. */
  readonly botBudgetMs: number;
}

export class MoveRefused extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** A table in memory: its stored record, the game state rebuilt from its moves, its sockets. */
export class LiveTable {
  state: unknown;
  seq = 0;
  /** Events of each move, by sequence number (index 0: setup). */
  readonly history: Emitted<unknown>[][] = [];
  readonly moves: { seat: Seat; move: unknown }[] = [];
  readonly conns = new Set<Conn>();
  private thinking = false;
  private timerHandle: NodeJS.Timeout | null = null;
  private graceHandle: NodeJS.Timeout | null = null;
  private turnStarted = Date.now();
  private bank: number[];
  private deadline: number | null = null;
  /** Seats a bot plays for now, and why. */
  private readonly standIn = new Map<Seat, 'timeout' | 'disconnected'>();
  private closed = false;
  /** When something last happened here (a move, a connection coming or going), in ms. */
  lastActivity = Date.now();

  constructor(
    readonly stored: StoredTable,
    readonly game: AnyGame,
    private readonly deps: TableDeps,
  ) {
    const options = game.parseOptions(stored.options);
    if (!options.ok) throw new Error(`Table ${stored.id}: ${options.error.message}`);
    const setup = game.setup(options.value, stored.seed);
    if (!setup.ok) throw new Error(`Table ${stored.id}: ${setup.error.message}`);
    this.state = setup.value.state;
    this.history.push([...setup.value.events]);
    const timer = stored.timer as TimerRequest | null;
    this.bank = stored.seats.map(() =>
      timer?.mode === 'realtime' ? (timer.bankSeconds ?? 0) * 1000 : 0,
    );
  }

  get id(): string {
    return this.stored.id;
  }

  /** Rebuilds the state from stored moves (on start-up). */
  replayStored(moves: readonly { seq: number; seat: Seat; move: unknown }[]): void {
    for (const m of moves) {
      if (m.seq !== this.seq + 1)
        throw new Error(`Table ${this.id}: move ${m.seq} is out of order.`);
      const parsed = this.game.parseMove(m.move);
      if (!parsed.ok)
        throw new Error(`Table ${this.id}: stored move ${m.seq}: ${parsed.error.message}`);
      const applied = this.game.apply(this.state, m.seat, parsed.value);
      if (!applied.ok)
        throw new Error(`Table ${this.id}: stored move ${m.seq}: ${applied.error.message}`);
      this.state = applied.value.state;
      this.history.push([...applied.value.events]);
      this.moves.push({ seat: m.seat, move: m.move });
      this.seq = m.seq;
    }
  }

  connectedSeats(): Set<Seat> {
    const s = new Set<Seat>();
    for (const c of this.conns) if (c.seat !== null) s.add(c.seat);
    return s;
  }

  publicSeats(): PublicSeat[] {
    const connected = this.connectedSeats();
    return this.stored.seats.map((s, seat) => ({
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

  summary(): TableSummary {
    return {
      id: this.id,
      game: this.game.id,
      options: this.stored.options,
      status: this.stored.status,
      seats: this.publicSeats(),
      seq: this.seq,
      createdAt: new Date(this.stored.createdAt).toISOString(),
      ...(this.stored.rematch ? { rematch: this.stored.rematch } : {}),
      visibility: this.stored.visibility,
      timer: (this.stored.timer as TimerRequest | null) ?? null,
    };
  }

  details(): TableDetails {
    const outcome = this.game.outcome(this.state);
    return {
      ...this.summary(),
      view: this.game.view(this.state, null),
      ...(outcome ? { outcome } : {}),
    };
  }

  /** The game's record (docs/records.md): format version, players' names and bots, moves. */
  record(): Record<string, unknown> {
    return {
      version: RECORD_VERSION,
      game: this.game.id,
      players: this.stored.seats.map((s) =>
        s.kind === 'bot' ? { bot: s.bot ?? 'bot' } : s.name ? { name: s.name } : {},
      ),
      options: this.stored.options,
      seed: this.stored.seed,
      moves: this.moves.map((m) => ({ seat: m.seat, ...(m.move as object) })),
    };
  }

  private legalFor(seat: Seat | null): unknown {
    if (seat === null || this.stored.status !== 'running') return null;
    return this.game.activeSeats(this.state).includes(seat)
      ? this.game.legalSummary(this.state, seat)
      : null;
  }

  timerState(): TimerState | null {
    if (this.deadline === null) return null;
    const [seat] = this.game.activeSeats(this.state);
    return seat === undefined ? null : { seat, deadline: this.deadline, bankMs: this.bank.slice() };
  }

  snapshot(seat: Seat | null, withPast = false): ServerMessage {
    return {
      type: 'snapshot',
      seq: this.seq,
      seat,
      status: this.stored.status,
      seats: this.publicSeats(),
      view: this.game.view(this.state, seat),
      legal: this.legalFor(seat),
      timer: this.timerState(),
      ...(withPast ? { past: this.pastFor(seat) } : {}),
    };
  }

  /** Every move after `since` (default: all) and its events, for this seat's eyes only. */
  pastFor(seat: Seat | null, since = 0): PastMove[] {
    const out: PastMove[] = [];
    for (let k = since + 1; k <= this.seq; k++)
      out.push({ seq: k, seat: this.moves[k - 1].seat, events: eventsFor(this.history[k], seat) });
    return out;
  }

  /** What a connection that last saw `since` missed: each move's events, for its eyes only. */
  missedSince(seat: Seat | null, since: number): ServerMessage[] {
    return this.pastFor(seat, since).map((p) => ({
      type: 'events',
      ...p,
      ...(p.seq === this.seq
        ? {
            view: this.game.view(this.state, seat),
            legal: this.legalFor(seat),
            timer: this.timerState(),
          }
        : {}),
    }));
  }

  /** `history`: a fresh connection's snapshot brings every past move's events (for a log). */
  attach(conn: Conn, since: number | undefined, history = false): void {
    this.lastActivity = Date.now();
    const wasConnected = conn.seat !== null && this.connectedSeats().has(conn.seat);
    this.conns.add(conn);
    if (since !== undefined && Number.isInteger(since) && since >= 0 && since <= this.seq) {
      for (const m of this.missedSince(conn.seat, since)) conn.send(m);
      conn.send({ type: 'seats', status: this.stored.status, seats: this.publicSeats() });
    } else conn.send(this.snapshot(conn.seat, history));
    // The others hear of a seat coming back only when that changes what they see: its
    // first connection, or a stand-in bot leaving.
    if (conn.seat !== null && (!wasConnected || this.standIn.has(conn.seat))) {
      this.standIn.delete(conn.seat);
      this.broadcastSeats();
    }
    this.schedule();
  }

  detach(conn: Conn): void {
    this.lastActivity = Date.now();
    this.conns.delete(conn);
    // Likewise only its last connection closing makes a seat away.
    if (conn.seat !== null && !this.connectedSeats().has(conn.seat)) this.broadcastSeats();
    this.schedule();
  }

  broadcastSeats(): void {
    const msg: ServerMessage = {
      type: 'seats',
      status: this.stored.status,
      seats: this.publicSeats(),
    };
    for (const c of this.conns) c.send(msg);
  }

  /** Checks and commits a move of `seat`; the error says which rule it broke. */
  play(
    seat: Seat,
    seq: unknown,
    raw: unknown,
    standIn?: 'timeout' | 'disconnected',
    onCommitted?: (seq: number) => void,
  ): number {
    const started = performance.now();
    if (this.stored.status === 'open')
      throw new MoveRefused('not-started', 'The table is waiting for players.');
    if (this.stored.status === 'finished' || this.game.isOver(this.state))
      throw new MoveRefused('game-over', 'The game is over.');
    if (typeof seq !== 'number' || !Number.isInteger(seq))
      throw new MoveRefused(
        'bad-message',
        '"seq" must be the sequence number of the last state you saw.',
      );
    if (seq < this.seq)
      throw new MoveRefused(
        'stale-seq',
        `Your seq ${seq} is behind the table's ${this.seq}: resume first.`,
      );
    if (seq > this.seq)
      throw new MoveRefused('future-seq', `Your seq ${seq} is ahead of the table's ${this.seq}.`);
    if (!this.game.activeSeats(this.state).includes(seat))
      throw new MoveRefused('not-your-turn', `It is not seat ${seat}'s turn.`);
    const move = this.game.parseMove(raw);
    if (!move.ok) throw new MoveRefused('invalid-move', move.error.message);
    const applied = this.game.apply(this.state, seat, move.value);
    if (!applied.ok)
      throw new MoveRefused('illegal-move', `${applied.error.kind}: ${applied.error.message}`);
    // Commit first: a move exists only once it is stored. The last move and the table's
    // `finished` status are one transaction, so a crash cannot leave a finished game running.
    const over = this.game.isOver(applied.value.state);
    this.deps.storage.appendMove(
      this.id,
      { seq: this.seq + 1, seat, move: raw },
      over ? { ...this.stored, status: 'finished' } : undefined,
    );
    if (over) this.stored.status = 'finished';
    this.state = applied.value.state;
    this.seq++;
    this.history.push([...applied.value.events]);
    this.moves.push({ seat, move: raw });
    this.lastActivity = Date.now();
    this.accountTime(seat);
    onCommitted?.(this.seq);
    if (over) {
      this.clearTimers();
      this.deps.log.info('game over', { table: this.id, seq: this.seq });
    } else this.startTurnClock();
    for (const c of this.conns)
      c.send({
        type: 'events',
        seq: this.seq,
        seat,
        events: eventsFor(applied.value.events, c.seat),
        view: this.game.view(this.state, c.seat),
        legal: this.legalFor(c.seat),
        timer: this.timerState(),
        ...(standIn ? { standIn } : {}),
      });
    this.deps.metrics.observeMove((performance.now() - started) / 1000);
    this.schedule();
    return this.seq;
  }

  /**
   * After a restart: the reloaded table's turn clock starts again (the seat to act gets a
   * full turn) and its bots and grace periods are armed, with or without connections.
   */
  resume(): void {
    if (this.stored.status !== 'running') return;
    this.startTurnClock();
    this.schedule();
  }

  /**
   * Called when every seat is taken, once the caller has stored the table as `running` (in
   * the same transaction as the last seat's claim).
   */
  start(): void {
    this.startTurnClock();
    this.deps.log.info('table started', { table: this.id });
    for (const c of this.conns) c.send(this.snapshot(c.seat));
    this.schedule();
  }

  private accountTime(seat: Seat): void {
    const timer = this.stored.timer as TimerRequest | null;
    if (timer?.mode !== 'realtime') return;
    const used = Date.now() - this.turnStarted - timer.turnSeconds * 1000;
    if (used > 0) this.bank[seat] = Math.max(0, this.bank[seat] - used);
  }

  private startTurnClock(): void {
    this.turnStarted = Date.now();
    const timer = this.stored.timer as TimerRequest | null;
    const [seat] = this.game.activeSeats(this.state);
    if (!timer || seat === undefined || this.stored.seats[seat].kind === 'bot') {
      this.deadline = null;
      return;
    }
    this.deadline =
      timer.mode === 'realtime'
        ? this.turnStarted + timer.turnSeconds * 1000 + this.bank[seat]
        : this.turnStarted + timer.turnHours * 3_600_000;
  }

  private clearTimers(): void {
    if (this.timerHandle) clearTimeout(this.timerHandle);
    if (this.graceHandle) clearTimeout(this.graceHandle);
    this.timerHandle = this.graceHandle = null;
  }

  /** Lets bots move, and arms the turn clock and the disconnection grace period. */
  schedule(): void {
    if (this.closed || this.stored.status !== 'running') return;
    this.clearTimers();
    const [seat] = this.game.activeSeats(this.state);
    if (seat === undefined) return;
    const stored = this.stored.seats[seat];
    if (stored.kind === 'bot' || this.standIn.has(seat)) {
      this.botTurn(seat, stored.bot ?? this.standInSpec(), this.standIn.get(seat));
      return;
    }
    if (this.deadline !== null) {
      this.timerHandle = setTimeout(
        () => {
          this.deps.log.info('turn timed out; a bot plays it', { table: this.id, seat });
          this.botTurn(seat, this.standInSpec(), 'timeout');
        },
        Math.max(0, this.deadline - Date.now()),
      );
      this.timerHandle.unref();
    }
    // At a turn-based table players come and go between turns: only the turn clock
    // hands a seat to a bot there, never being away.
    const turnBased = (this.stored.timer as TimerRequest | null)?.mode === 'turn-based';
    if (!turnBased && !this.connectedSeats().has(seat)) {
      this.graceHandle = setTimeout(() => {
        if (this.connectedSeats().has(seat)) return;
        this.deps.log.info('player away; a bot plays the seat until they return', {
          table: this.id,
          seat,
        });
        this.standIn.set(seat, 'disconnected');
        this.broadcastSeats();
        this.schedule();
      }, this.stored.graceSeconds * 1000);
      this.graceHandle.unref();
    }
  }

  private standInSpec(): string {
    return 'heuristic' in botKinds(this.game.id) ? 'heuristic' : 'random';
  }

  private botTurn(seat: Seat, spec: string, standIn?: 'timeout' | 'disconnected'): void {
    if (this.thinking) return;
    this.thinking = true;
    const seq = this.seq;
    const view = this.game.view(this.state, seat);
    const seed = `${this.stored.seed}/bot/${seq}`;
    const fallback = () => this.game.randomMove(this.state, seat, Rng.fromSeed(seed));
    // A bot's move goes through the same checks as a person's; whatever happens here must
    // not escape as an unhandled rejection (that would stop the process).
    const playSafely = (move: () => unknown) => {
      try {
        this.play(seat, seq, move(), standIn);
        return true;
      } catch (e) {
        this.deps.log.error('bot move not played', {
          table: this.id,
          seat,
          code: e instanceof MoveRefused ? e.code : 'internal',
        });
        return false;
      }
    };
    // Tables take turns in the pool, and one with a person at it goes before bots-only ones.
    const priority = this.stored.seats.some((s) => s.kind !== 'bot') ? 'people' : 'bots';
    const asked = performance.now();
    this.deps.bots
      .think(
        { gameId: this.game.id, spec, view, seed, budgetMs: this.deps.botBudgetMs },
        { table: this.id, priority },
      )
      .then(
        (move) => {
          this.thinking = false;
          this.deps.metrics.observeBot(priority, (performance.now() - asked) / 1000);
          if (this.closed || this.seq !== seq) return this.schedule();
          // A refused bot move (its error may name its own cards: not logged) falls back to
          // a random legal move.
          if (!playSafely(() => move) && !this.closed && this.seq === seq) playSafely(fallback);
        },
        (e: Error) => {
          this.thinking = false;
          if (this.closed) return;
          this.deps.log.error('bot failed; playing a random move', {
            table: this.id,
            seat,
            error: e.message,
          });
          if (this.seq === seq) playSafely(fallback);
          else this.schedule();
        },
      )
      .catch((e: Error) => {
        this.thinking = false;
        this.deps.log.error('bot turn failed', { table: this.id, seat, error: e.message });
      });
  }

  close(): void {
    this.closed = true;
    this.clearTimers();
  }
}
