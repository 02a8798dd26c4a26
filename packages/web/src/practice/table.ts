// A practice table as its worker runs it: the rules and bots under core's driver, in real time, clocks paused while hidden.
import {
  botContext,
  Driver,
  eventsFor,
  parseRecord,
  randomPlayerMove,
  replay,
  Rng,
  RECORD_VERSION,
  type AnyGame,
  type Bot,
  type BotRequest,
  type DriverMove,
  type Emitted,
  type Seat,
} from '@boss-table/core';
import type { ClockState, PastMove, PublicSeat } from '@boss-table/client';
import type { FromWorker } from './protocol.js';
import type { PracticeGame } from './store.js';

/** What a practice table needs from where it runs (a worker, or a test). */
export interface TableHost {
  post(message: FromWorker): void;
  /** A steady clock in ms (`performance.now()`). */
  now(): number;
  /** Milliseconds since the epoch, for the deadlines the page shows. */
  wall(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

/** A bot answers no sooner than this after it was asked, so the person can follow the play. */
export const BOT_PACE_MS = 700;

/**
 * The most a bot may think per answer, as on the server (`BOT_BUDGET_MS`, 1 s): each search
 * level keeps to its own time within it (hard about 900 ms), the others answer at once.
 */
const BUDGET_MS = 1000;

/**
 * One practice game in real time, driven by core's driver as a server's table is (the
 * person's moves through `play`, the bots asked through `next` and answered here, the rules'
 * clocks through `wake`). Its time runs only while the page is shown: hidden, every clock
 * stands still. The page hears only what the person's seat may see (`post`): its view, its
 * legal form and its events; the bots see only their own views, as the driver gives them.
 */
export class PracticeTable {
  private readonly driver: Driver;
  private readonly bots: (Bot | null)[];
  private seq: number;
  /** The table's time: what ran while shown before `since`, and when it last began to run. */
  private base = 0;
  private since: number | null;
  private timer: unknown = null;
  /** Bots asked and not yet answered (answered once their pace is up). */
  private asks: BotRequest[] = [];
  /** Moves taken and not yet told to the page. */
  private pending: { move: DriverMove; events: readonly Emitted<unknown>[] }[] = [];
  private readonly pace: number;
  private failed = false;

  constructor(
    private readonly game: AnyGame,
    makeBot: (spec: string) => Bot,
    private saved: PracticeGame,
    private readonly host: TableHost,
    visible = true,
    paceMs = BOT_PACE_MS,
  ) {
    this.pace = paceMs;
    this.since = visible ? host.now() : null;
    const parsed = parseRecord(saved.record);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const record = parsed.value;
    const steps: (readonly Emitted<unknown>[])[] = [];
    const replayed = replay(game, record, { onStep: (_s, events) => steps.push(events) });
    if (!replayed.ok) throw new Error(replayed.error.message);
    this.bots = saved.bots.map((spec) => (spec === null ? null : makeBot(spec)));
    this.driver = new Driver(
      game,
      {
        state: replayed.value.state,
        options: record.options,
        seed: record.seed,
        moves: record.moves,
      },
      {
        bots: saved.bots.map((spec) => (spec === null ? null : { name: spec })),
        budgetMs: BUDGET_MS,
        now: this.time(),
        clockTimes: saved.clockTimes,
        onMove: (move, events) => this.pending.push({ move, events }),
      },
    );
    this.seq = record.moves.length;
    const past: PastMove[] = [];
    if (steps[0]?.length) past.push({ seq: 0, seat: -2, events: eventsFor(steps[0], saved.seat) });
    record.moves.forEach((m, i) =>
      past.push({ seq: i + 1, seat: m.seat, events: eventsFor(steps[i + 1] ?? [], saved.seat) }),
    );
    host.post({ kind: 'snapshot', ...this.seen(), seats: this.seats(), past });
    this.pump();
  }

  /** The person's move: checked by the rules, then taken; `ack` or `refused` with `id`. */
  play(id: number, move: unknown): void {
    if (this.failed) return;
    const done = this.driver.play(this.saved.seat, move, this.time());
    if (!done.ok) {
      this.host.post({ kind: 'refused', id, message: done.error.message });
      return;
    }
    this.host.post({ kind: 'ack', id, seq: this.seq + this.pending.length });
    this.flush();
    this.pump();
  }

  /** The page was shown or hidden: the table's time runs only while it is shown. */
  setVisible(visible: boolean): void {
    if (visible === (this.since !== null)) return;
    if (!visible) {
      this.base = this.time();
      this.since = null;
      this.host.clearTimer(this.timer);
      this.timer = null;
      this.save();
      return;
    }
    this.since = this.host.now();
    // Deadlines on the page are wall times: tell it the clocks as they stand now.
    this.host.post({ kind: 'snapshot', ...this.seen(), seats: this.seats(), past: [] });
    this.pump();
  }

  /** The table's time: shown time only. */
  private time(): number {
    return this.base + (this.since === null ? 0 : this.host.now() - this.since);
  }

  /**
   * Everything due now: bots whose pace is up answer, held answers and clocks fall due, new
   * bots are asked; then one timer for what comes next.
   */
  private pump(): void {
    this.host.clearTimer(this.timer);
    this.timer = null;
    if (this.since === null || this.failed) return;
    try {
      for (let guard = 0; guard < 10_000; guard++) {
        const now = this.time();
        const ready = this.asks.filter((r) => r.askedAt + this.pace <= now);
        this.asks = this.asks.filter((r) => !ready.includes(r));
        for (const r of ready) {
          const bot = this.bots[r.seat]!;
          const answered = this.driver.answer(
            r,
            bot.chooseMove(r.view, botContext(r.seed, r.budgetMs)),
            this.time(),
          );
          if (!answered.ok) this.fallBack(r);
        }
        const woke = this.driver.wake(this.time());
        if (!woke.ok) throw new Error(woke.error.message);
        const due = this.driver.next(this.time());
        this.asks.push(...due.ask);
        this.flush();
        if (this.driver.over) return;
        const askAt = this.asks.length
          ? Math.min(...this.asks.map((r) => r.askedAt + this.pace))
          : null;
        const at = [askAt, due.wakeAt].filter((t): t is number => t !== null);
        if (at.length === 0) return;
        const wait = Math.min(...at) - this.time();
        if (wait > 0) {
          this.timer = this.host.setTimer(() => this.pump(), wait);
          return;
        }
      }
      throw new Error('The table did not settle.');
    } catch (e) {
      this.failed = true;
      this.host.post({ kind: 'error', message: (e as Error).message });
    }
  }

  /**
   * A bot's move the rules refused (a bug of the bot) is played as a random legal move in its
   * place, as a server's table does; if that is refused too, the table stops with an error.
   */
  private fallBack(request: BotRequest): void {
    const state = this.driver.state;
    const rng = Rng.fromSeed(this.driver.seedFor(request.seat));
    const move = randomPlayerMove(this.game, state, request.seat, rng);
    const played =
      move === null || move === undefined
        ? null
        : this.driver.play(request.seat, move, this.time());
    if (!played?.ok) throw new Error(`The bot in seat ${request.seat + 1} could not move.`);
  }

  /** Tells the page of each move taken (its seat's events only), then keeps the game. */
  private flush(): void {
    if (this.pending.length === 0) return;
    const moves = this.pending;
    this.pending = [];
    const seen = this.seen();
    for (const { move, events } of moves) {
      this.seq++;
      this.host.post({
        kind: 'events',
        ...seen,
        seq: this.seq,
        moved: move.actor,
        events: eventsFor(events, this.saved.seat),
      });
    }
    this.save();
  }

  /** The game as it stands, for the page to keep. */
  private save(): void {
    const players = this.saved.record.players;
    this.saved = {
      ...this.saved,
      record: {
        version: RECORD_VERSION,
        ...this.driver.recordJson(),
        ...(players ? { players } : {}),
      },
      clockTimes: this.driver.clockTimes(this.time()),
      finished: this.driver.over,
      updatedAt: this.host.wall(),
    };
    this.host.post({ kind: 'save', game: this.saved });
  }

  /** What the person's seat sees now: its view, legal form and the clocks. */
  private seen(): { seq: number; seat: Seat; view: unknown; legal: unknown; clocks: ClockState[] } {
    const state = this.driver.state;
    const seat = this.saved.seat;
    const legal =
      !this.driver.over && this.game.activeSeats(state).includes(seat)
        ? this.game.legalSummary(state, seat)
        : null;
    return { seq: this.seq, seat, view: this.game.view(state, seat), legal, clocks: this.clocks() };
  }

  /** The rules' clocks for the page: deadlines in wall time, as the server tells them. */
  private clocks(): ClockState[] {
    const now = this.time();
    const wall = this.host.wall();
    const ran = new Map(this.driver.clockTimes(now).map((t) => [t.id, t.ranMs]));
    return this.driver.clockDeadlines().map(({ clock, at }) => {
      const left = Math.max(0, at !== null ? at - now : clock.ms - (ran.get(clock.id) ?? 0));
      return {
        id: clock.id,
        seats: clock.seats,
        deadline: wall + left,
        running: at !== null && this.since !== null,
        leftMs: left,
      };
    });
  }

  private seats(): PublicSeat[] {
    const players = (this.saved.record.players ?? []) as { name?: string }[];
    return this.saved.bots.map((bot, seat) => ({
      seat,
      kind: bot === null ? 'human' : 'bot',
      ...(bot !== null ? { bot } : players[seat]?.name ? { name: players[seat].name } : {}),
      taken: true,
      connected: true,
      botStandIn: false,
    }));
  }
}
