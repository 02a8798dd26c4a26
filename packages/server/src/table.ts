import {
  CLOCK,
  eventsFor,
  RECORD_VERSION,
  recordedMoveJson,
  Rng,
  type AnyGame,
  type ClockSpec,
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
} from '@boss-table/protocol';
import type { BotPool } from './bot-pool.js';
import { ClockKeeper, type SavedClocks } from './clocks.js';
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

/** The expiry of the default turn clock: a stand-in bot plays the turn. */
const STAND_IN = { standIn: 'timeout' } as const;
/** After a crash, a clock that was running keeps its deadline, but at least this long. */
const RESTART_FLOOR_MS = 5000;
/** In an open window a bot's answer lands this long after it was asked, drawn at random. */
const OPEN_BOT_DELAY_MS: readonly [number, number] = [400, 2500];

type StandIn = 'timeout' | 'disconnected';

/**
 * A table in memory: its stored record, the game state rebuilt from its moves, its sockets.
 * Every change (a move, a clock's expiry, a bot's answer, a claim) goes through one ordered
 * queue (`run`), so the order of changes never depends on how long storage takes.
 */
export class LiveTable {
  state: unknown;
  /** Moves committed (all of them: the table's own numbering). */
  seq = 0;
  /** Events of each move, by sequence number (index 0: setup). */
  readonly history: Emitted<unknown>[][] = [];
  readonly moves: { seat: Seat; move: unknown }[] = [];
  readonly conns = new Set<Conn>();
  /**
   * What each viewer's frames number (seats 0…n-1, then the spectators): the table seqs of
   * the moves it was told of. A sealed move is told to its seat only, so the others' numbers
   * do not move and nothing in their frames says that someone answered.
   */
  private readonly streams: number[][];
  private queue: Promise<unknown> = Promise.resolve();
  private readonly thinking = new Set<Seat>();
  private clockHandle: NodeJS.Timeout | null = null;
  private graceHandle: NodeJS.Timeout | null = null;
  private readonly clocks = new ClockKeeper();
  private bank: number[];
  /** Seats a bot plays for now, and why. */
  private readonly standIn = new Map<Seat, StandIn>();
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
    this.streams = Array.from({ length: stored.seats.length + 1 }, () => []);
  }

  get id(): string {
    return this.stored.id;
  }

  /** Runs one change after every change before it; its errors reach the caller only. */
  run<T>(change: () => Promise<T> | T): Promise<T> {
    const next = this.queue.then(change);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private slot(viewer: Seat | null): number {
    return viewer === null ? this.stored.seats.length : viewer;
  }

  /** The last number this viewer's frames carry. */
  position(viewer: Seat | null): number {
    return this.streams[this.slot(viewer)].length;
  }

  private record1(seat: Seat, move: unknown, events: Emitted<unknown>[], sealed: boolean): void {
    this.seq++;
    this.history.push(events);
    this.moves.push({ seat, move });
    for (let v = 0; v < this.streams.length; v++)
      if (!sealed || v === seat) this.streams[v].push(this.seq);
  }

  /** Rebuilds the state from stored moves (on start-up). */
  replayStored(moves: readonly { seq: number; seat: Seat; move: unknown }[]): void {
    for (const m of moves) {
      if (m.seq !== this.seq + 1)
        throw new Error(`Table ${this.id}: move ${m.seq} is out of order.`);
      const parsed = this.game.parseMove(m.move);
      if (!parsed.ok)
        throw new Error(`Table ${this.id}: stored move ${m.seq}: ${parsed.error.message}`);
      const sealed =
        m.seat !== CLOCK && (this.game.sealed?.(this.state, m.seat, parsed.value) ?? false);
      const applied = this.game.apply(this.state, m.seat, parsed.value);
      if (!applied.ok)
        throw new Error(`Table ${this.id}: stored move ${m.seq}: ${applied.error.message}`);
      this.state = applied.value.state;
      this.record1(m.seat, m.move, [...applied.value.events], sealed);
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
      seq: this.position(null),
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
      moves: this.moves.map((m) => recordedMoveJson(m.seat, m.move)),
    };
  }

  private legalFor(seat: Seat | null): unknown {
    if (seat === null || this.stored.status !== 'running') return null;
    return this.game.activeSeats(this.state).includes(seat)
      ? this.game.legalSummary(this.state, seat)
      : null;
  }

  /** Whether the rules keep clocks of their own (else the table's turn timer is the clock). */
  private get rulesClocks(): boolean {
    return this.game.clocks !== undefined;
  }

  /** The clocks to keep now: the rules', or the table's default turn clock. */
  private clockSpecs(): readonly ClockSpec[] {
    if (this.stored.status !== 'running' || this.game.isOver(this.state)) return [];
    if (this.rulesClocks) return this.game.clocks!(this.state);
    const timer = this.stored.timer as TimerRequest | null;
    const [seat] = this.game.activeSeats(this.state);
    if (!timer || seat === undefined || this.stored.seats[seat].kind === 'bot') return [];
    const ms =
      timer.mode === 'realtime'
        ? timer.turnSeconds * 1000 + this.bank[seat]
        : timer.turnHours * 3_600_000;
    return [
      { id: `turn:${this.seq}`, seats: [seat], ms, minMs: 0, running: true, expiry: STAND_IN },
    ];
  }

  timerState(): TimerState | null {
    if (this.rulesClocks) return null;
    const next = this.clocks.next();
    if (!next) return null;
    return { seat: next.spec.seats[0], deadline: next.deadline, bankMs: this.bank.slice() };
  }

  private clockFields(): { clocks?: ReturnType<ClockKeeper['states']> } {
    return this.rulesClocks ? { clocks: this.clocks.states(Date.now()) } : {};
  }

  snapshot(seat: Seat | null, withPast = false): ServerMessage {
    return {
      type: 'snapshot',
      seq: this.position(seat),
      seat,
      status: this.stored.status,
      seats: this.publicSeats(),
      view: this.game.view(this.state, seat),
      legal: this.legalFor(seat),
      timer: this.timerState(),
      ...this.clockFields(),
      ...(withPast ? { past: this.pastFor(seat) } : {}),
    };
  }

  /** Every move this viewer was told of after its number `since`, for its eyes only. */
  pastFor(seat: Seat | null, since = 0): PastMove[] {
    const stream = this.streams[this.slot(seat)];
    const out: PastMove[] = [];
    for (let k = since; k < stream.length; k++) {
      const g = stream[k];
      out.push({
        seq: k + 1,
        seat: this.moves[g - 1].seat,
        events: eventsFor(this.history[g], seat),
      });
    }
    return out;
  }

  /** What a connection that last saw `since` missed: each move's events, for its eyes only. */
  missedSince(seat: Seat | null, since: number): ServerMessage[] {
    const last = this.position(seat);
    return this.pastFor(seat, since).map((p) => ({
      type: 'events',
      ...p,
      ...(p.seq === last
        ? {
            view: this.game.view(this.state, seat),
            legal: this.legalFor(seat),
            timer: this.timerState(),
            ...this.clockFields(),
          }
        : {}),
    }));
  }

  /** `history`: a fresh connection's snapshot brings every past move's events (for a log). */
  attach(conn: Conn, since: number | undefined, history = false): void {
    this.lastActivity = Date.now();
    const wasConnected = conn.seat !== null && this.connectedSeats().has(conn.seat);
    this.conns.add(conn);
    if (
      since !== undefined &&
      Number.isInteger(since) &&
      since >= 0 &&
      since <= this.position(conn.seat)
    ) {
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

  /**
   * Checks and commits a move of `seat` built on the state its frames numbered `seq`; the
   * error says which rule it broke. Resolves with the move's number in the seat's frames
   * once it is stored. Goes through the table's queue.
   */
  play(
    seat: Seat,
    seq: number,
    raw: unknown,
    opts: { standIn?: StandIn; onCommitted?: (seq: number) => void } = {},
  ): Promise<number> {
    return this.run(() => this.playNow(seat, seq, raw, opts));
  }

  private async playNow(
    seat: Seat,
    seq: number,
    raw: unknown,
    opts: { standIn?: StandIn; onCommitted?: (seq: number) => void },
  ): Promise<number> {
    const started = performance.now();
    if (this.closed) throw new MoveRefused('internal', 'The table is closing; try again.');
    if (this.stored.status === 'open')
      throw new MoveRefused('not-started', 'The table is waiting for players.');
    if (this.stored.status !== 'running' || this.game.isOver(this.state))
      throw new MoveRefused('game-over', 'The game is over.');
    const at = this.position(seat);
    if (seq > at)
      throw new MoveRefused('future-seq', `Your seq ${seq} is ahead of the table's ${at}.`);
    // In an open window a move built on an older state is judged by the rules against the
    // current one; at a strict turn it must be built on the current state.
    const turn = (this.game.concurrency?.(this.state) ?? 'turn') === 'turn';
    if (seq < at && turn)
      throw new MoveRefused(
        'stale-seq',
        `Your seq ${seq} is behind the table's ${at}: resume first.`,
      );
    // In an open window the rules say why a seat may not act (already answered, not asked…).
    if (turn && !this.game.activeSeats(this.state).includes(seat))
      throw new MoveRefused('not-your-turn', `It is not seat ${seat + 1}'s turn.`);
    const move = this.game.parseMove(raw);
    if (!move.ok) throw new MoveRefused('invalid-move', move.error.message);
    const sealed = this.game.sealed?.(this.state, seat, move.value) ?? false;
    const applied = this.game.apply(this.state, seat, move.value);
    if (!applied.ok)
      throw new MoveRefused('illegal-move', `${applied.error.kind}: ${applied.error.message}`);
    if (!this.rulesClocks) this.accountTime(seat);
    await this.commit(
      seat,
      raw,
      applied.value.state,
      [...applied.value.events],
      sealed,
      opts.standIn,
    );
    const mine = this.position(seat);
    opts.onCommitted?.(mine);
    this.deps.metrics.observeMove((performance.now() - started) / 1000);
    return mine;
  }

  /** Stores a move (with the table's status and clocks, in one transaction), then tells. */
  private async commit(
    seat: Seat,
    raw: unknown,
    state: unknown,
    events: Emitted<unknown>[],
    sealed: boolean,
    standIn?: StandIn,
  ): Promise<void> {
    const over = this.game.isOver(state);
    const before = this.state;
    this.state = state;
    const now = Date.now();
    this.clocks.update(this.clockSpecs(), now);
    const saved = this.clocks.save(now, this.bank);
    // The table's row is written with the move only when it changes: the status at the end,
    // or clocks that run (or ran until now).
    const hadClocks = ((this.stored.clocks as SavedClocks | undefined)?.clocks.length ?? 0) > 0;
    const rowChanges = over || this.clocks.size > 0 || hadClocks;
    try {
      await this.deps.storage.appendMove(
        this.id,
        { seq: this.seq + 1, seat, move: raw },
        rowChanges
          ? { ...this.stored, status: over ? 'finished' : this.stored.status, clocks: saved }
          : undefined,
      );
    } catch (e) {
      this.state = before;
      this.clocks.update(this.clockSpecs(), now);
      throw e;
    }
    if (over) this.stored.status = 'finished';
    if (rowChanges) this.stored.clocks = saved;
    this.record1(seat, raw, events, sealed);
    this.lastActivity = Date.now();
    if (over) {
      this.clearTimers();
      this.deps.log.info('game over', { table: this.id, seq: this.seq });
    }
    for (const c of this.conns) {
      if (sealed && c.seat !== seat) continue;
      c.send({
        type: 'events',
        seq: this.position(c.seat),
        seat,
        events: eventsFor(events, c.seat),
        view: this.game.view(this.state, c.seat),
        legal: this.legalFor(c.seat),
        timer: this.timerState(),
        ...this.clockFields(),
        ...(standIn ? { standIn } : {}),
      });
    }
    this.schedule();
  }

  /** The clock ran out: its expiry move, as a move of the clock. */
  private expire(id: string): Promise<void> {
    return this.run(async () => {
      if (this.closed || this.stored.status !== 'running') return;
      const next = this.clocks.next();
      if (!next || next.spec.id !== id || next.deadline > Date.now() + 5) return this.schedule();
      if (!this.rulesClocks) {
        const seat = next.spec.seats[0];
        this.deps.log.info('turn timed out; a bot plays it', { table: this.id, seat });
        return this.botTurn(seat, this.standInSpec(), 'timeout');
      }
      const expiry = next.spec.expiry;
      const applied = this.game.apply(this.state, CLOCK, expiry);
      if (!applied.ok) {
        // The rules' own expiry move refused: a bug of the game; the table stops waiting
        // on that clock rather than looping.
        this.deps.log.error('a clock expiry move was refused', {
          table: this.id,
          clock: id,
          rule: applied.error.kind,
        });
        return;
      }
      await this.commit(CLOCK, expiry, applied.value.state, [...applied.value.events], false);
    });
  }

  /**
   * After a restart: the clocks resume with the time they had left (see `ClockKeeper`),
   * and bots and grace periods are armed, with or without connections.
   */
  resume(): void {
    if (this.stored.status !== 'running') return;
    const saved = this.stored.clocks as SavedClocks | undefined;
    if (saved?.banks && saved.banks.length === this.bank.length) this.bank = [...saved.banks];
    if (saved) this.clocks.restore(saved, this.clockSpecs(), Date.now(), RESTART_FLOOR_MS);
    else this.clocks.update(this.clockSpecs(), Date.now());
    this.schedule();
  }

  /**
   * Called when every seat is taken, once the caller has stored the table as `running` (in
   * the same transaction as the last seat's claim).
   */
  start(): void {
    this.clocks.update(this.clockSpecs(), Date.now());
    this.deps.log.info('table started', { table: this.id });
    for (const c of this.conns) c.send(this.snapshot(c.seat));
    this.schedule();
  }

  private accountTime(seat: Seat): void {
    const timer = this.stored.timer as TimerRequest | null;
    if (timer?.mode !== 'realtime') return;
    const next = this.clocks.next();
    if (!next || next.spec.seats[0] !== seat) return;
    const started = next.deadline - next.spec.ms;
    const used = Date.now() - started - timer.turnSeconds * 1000;
    if (used > 0) this.bank[seat] = Math.max(0, this.bank[seat] - used);
  }

  private clearTimers(): void {
    if (this.clockHandle) clearTimeout(this.clockHandle);
    if (this.graceHandle) clearTimeout(this.graceHandle);
    this.clockHandle = this.graceHandle = null;
  }

  /** Lets bots move, and arms the clocks and the disconnection grace period. */
  schedule(): void {
    if (this.closed || this.stored.status !== 'running') return;
    this.clearTimers();
    const active = this.game.activeSeats(this.state);
    const next = this.clocks.next();
    if (next) {
      this.clockHandle = setTimeout(
        () => void this.expire(next.spec.id).catch(() => undefined),
        Math.max(0, next.deadline - Date.now()),
      );
      this.clockHandle.unref();
    }
    for (const seat of active) {
      const stored = this.stored.seats[seat];
      if (stored.kind === 'bot' || this.standIn.has(seat))
        this.botTurn(seat, stored.bot ?? this.standInSpec(), this.standIn.get(seat));
    }
    // At a turn-based table players come and go between turns: only the turn clock
    // hands a seat to a bot there, never being away.
    const turnBased = (this.stored.timer as TimerRequest | null)?.mode === 'turn-based';
    const away = active.filter(
      (seat) =>
        this.stored.seats[seat].kind !== 'bot' &&
        !this.standIn.has(seat) &&
        !this.connectedSeats().has(seat),
    );
    if (!turnBased && away.length > 0) {
      this.graceHandle = setTimeout(() => {
        for (const seat of away) {
          if (this.connectedSeats().has(seat)) continue;
          this.deps.log.info('player away; a bot plays the seat until they return', {
            table: this.id,
            seat,
          });
          this.standIn.set(seat, 'disconnected');
        }
        this.broadcastSeats();
        this.schedule();
      }, this.stored.graceSeconds * 1000);
      this.graceHandle.unref();
    }
  }

  private standInSpec(): string {
    return 'heuristic' in botKinds(this.game.id) ? 'heuristic' : 'random';
  }

  /**
   * Asks a bot for `seat`'s move, from that seat's view only, with a seed that names the
   * seat. In an open window its answer lands at a delay drawn from the table's seed, not
   * from the bot's hand or its thinking time, so its speed tells nobody what it holds; it may
   * also answer "wait" (null), and is asked again after the next change.
   */
  private botTurn(seat: Seat, spec: string, standIn?: StandIn): void {
    if (this.thinking.has(seat)) return;
    this.thinking.add(seat);
    const at = this.position(seat);
    const seq = this.seq;
    const view = this.game.view(this.state, seat);
    const seed = `${this.stored.seed}/bot/${seat}/${seq}`;
    const open = (this.game.concurrency?.(this.state) ?? 'turn') === 'open';
    const [low, high] = OPEN_BOT_DELAY_MS;
    const landAt = open ? Date.now() + low + Rng.fromSeed(`${seed}/delay`).int(high - low + 1) : 0;
    const fallback = () => this.game.randomMove(this.state, seat, Rng.fromSeed(seed));
    // A bot's move goes through the same checks as a person's; whatever happens here must
    // not escape as an unhandled rejection (that would stop the process).
    const playSafely = async (move: () => unknown): Promise<boolean> => {
      try {
        await this.playNow(seat, at, move(), { ...(standIn ? { standIn } : {}) });
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
    const done = () => {
      this.thinking.delete(seat);
    };
    // Tables take turns in the pool, and one with a person at it goes before bots-only ones.
    const priority = this.stored.seats.some((s) => s.kind !== 'bot') ? 'people' : 'bots';
    const asked = performance.now();
    this.deps.bots
      .think(
        { gameId: this.game.id, spec, view, seed, budgetMs: this.deps.botBudgetMs },
        { table: this.id, priority },
      )
      .then(async (move) => {
        this.deps.metrics.observeBot(priority, (performance.now() - asked) / 1000);
        const wait = landAt - Date.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait).unref());
        await this.run(async () => {
          done();
          if (this.closed || this.stored.status !== 'running') return;
          if (this.seq !== seq && !open) return this.schedule();
          if (move === null) return; // waits: asked again after the next change
          // A refused bot move (its error may name its own cards: not logged) falls back to
          // a random legal move when nothing changed meanwhile.
          if (!(await playSafely(() => move)) && this.seq === seq && !this.closed)
            if (!(await playSafely(fallback))) this.schedule();
        });
      })
      .catch(async (e: Error) => {
        this.deps.log.error('bot failed; playing a random move', {
          table: this.id,
          seat,
          error: e.message,
        });
        await this.run(async () => {
          done();
          if (this.closed || this.stored.status !== 'running') return;
          if (this.seq === seq) await playSafely(fallback);
          else this.schedule();
        }).catch(() => undefined);
      });
  }

  /**
   * Stops the table's timers; with `save`, stores its clocks as paused with the time they
   * have left (a clean stop: the time the server is down does not count).
   */
  async close(save = false): Promise<void> {
    this.closed = true;
    this.clearTimers();
    if (save && this.stored.status === 'running' && this.clocks.size > 0) {
      this.stored.clocks = this.clocks.save(Date.now(), this.bank, true);
      await this.deps.storage.updateTable(this.stored).catch(() => undefined);
    }
  }
}
