// `boss play` on this machine: one person against bots through core's driver, the game's clocks included.
import type { Readable } from 'node:stream';
import {
  botContext,
  Driver,
  eventsFor,
  type Bot,
  type ClockShown,
  type GameEntry,
  type Seat,
} from '@boss-table/core';
import { botKinds } from '@boss-table/games/bots';
import { UsageError, type Io } from './args.js';
import { botSpecsFor, makeBots } from './local-game.js';
import { runSession, seatNamer, type Change, type Submitted, type TableFeed } from './session.js';

/** `boss play` on this machine: one person against bots, through core's driver. */

export interface PlayOptions {
  readonly players: number;
  /** The game's rule set, when it has several (the game checks it). */
  readonly rules?: string;
  /** More options of the game (`--options`), checked by the game. */
  readonly options?: Readonly<Record<string, unknown>>;
  readonly seat: number;
  readonly seed: string;
  readonly bots?: string;
  readonly budget: number;
  /** Threads a searching bot searches each decision on (`--threads`, default 1). */
  readonly threads?: number;
}

/**
 * A game on this machine in real time: the driver asks the bots as their seats come to act
 * (in an open window each answers at a time of its own) and runs the rules' clocks; the
 * person's moves come in through `submit`.
 */
export class LocalTable implements TableFeed {
  /** Its driver (tests read the full state from it; the session sees only the seat's). */
  readonly driver: Driver;
  private readonly setupEvents: readonly unknown[];
  private change: (c: Change) => void = () => {};
  private fail: (message: string) => void = () => {};
  private timer: NodeJS.Timeout | undefined;
  private stepping = false;
  private closed = false;
  readonly name: (seat: Seat) => string;

  constructor(
    private readonly entry: GameEntry,
    options: unknown,
    seed: string,
    readonly seat: Seat,
    private readonly bots: readonly (Bot | null)[],
    specs: readonly (string | null)[],
    budgetMs: number,
  ) {
    this.name = seatNamer(
      seat,
      specs.map((bot) => (bot ? { bot } : {})),
    );
    const started = Driver.start(entry.game, options, seed, {
      bots,
      budgetMs,
      now: Date.now(),
      onMove: (move, events) =>
        queueMicrotask(() => this.change({ actor: move.actor, events: eventsFor(events, seat) })),
    });
    if (!started.ok) throw new UsageError(`boss play: ${started.error.message}`);
    this.driver = started.value.driver;
    this.setupEvents = eventsFor(started.value.events, seat);
  }

  view(): unknown {
    return this.entry.game.view(this.driver.state, this.seat);
  }

  legal(): unknown {
    if (this.driver.over || !this.driver.outsideSeats().includes(this.seat)) return null;
    return this.entry.game.legalSummary(this.driver.state, this.seat) ?? null;
  }

  clocks(): ClockShown[] {
    const now = Date.now();
    return this.driver.clockDeadlines().map(({ clock, at }) => ({
      id: clock.id,
      seats: clock.seats,
      leftMs: at === null ? null : at - now,
    }));
  }

  submit(move: unknown): Promise<Submitted> {
    const done = this.driver.play(this.seat, move, Date.now());
    if (!done.ok)
      return Promise.resolve({ ok: false, rule: done.error.kind, message: done.error.message });
    this.schedule();
    return Promise.resolve({ ok: true });
  }

  start(change: (c: Change) => void, fail: (message: string) => void): void {
    this.change = change;
    this.fail = fail;
    change({ actor: null, events: this.setupEvents });
    this.schedule();
  }

  outcome() {
    return Promise.resolve(this.entry.game.outcome(this.driver.state));
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
  }

  /** Runs the bots and clocks on the next turn of the event loop, so output keeps flowing. */
  private schedule(): void {
    if (this.stepping || this.closed) return;
    this.stepping = true;
    setImmediate(() => {
      this.stepping = false;
      this.step();
    });
  }

  /**
   * Applies what fell due (held answers, clocks), then asks every bot the driver names and
   * hands each answer back; again on the next turn of the loop after any move, else a timer
   * for the next held answer or clock. Stops when only the person can move.
   */
  private step(): void {
    if (this.closed || this.driver.over) return;
    clearTimeout(this.timer);
    const woke = this.driver.wake(Date.now());
    if (!woke.ok) return this.fail(`boss play: ${woke.error.message}`);
    let moved = woke.value.length > 0;
    for (;;) {
      const due = this.driver.next(Date.now());
      if (due.ask.length === 0) {
        if (moved) return this.schedule();
        if (due.wakeAt !== null)
          this.timer = setTimeout(() => this.step(), Math.max(0, due.wakeAt - Date.now()));
        else if (this.driver.outsideSeats().length === 0)
          this.fail('boss play: nobody can move and no clock runs; the game is stuck.');
        return;
      }
      for (const request of due.ask) {
        const answer: unknown = this.bots[request.seat]!.chooseMove(
          request.view,
          botContext(request.seed, request.budgetMs),
        );
        const done = this.driver.answer(request, answer, Date.now());
        if (!done.ok) return this.fail(`boss play: ${done.error.message}`);
        if (done.value) moved = true;
      }
      if (moved) return this.schedule();
    }
  }
}

/** Sets up a local game, says who plays whom, and returns the table for a session. */
export function startLocal(entry: GameEntry, opts: PlayOptions, io: Io): LocalTable {
  const { game } = entry;
  if (!entry.terminal)
    throw new UsageError(`boss play: ${game.name} cannot be played in the terminal.`);
  if (opts.seat >= opts.players)
    throw new UsageError(
      `boss play: --seat must be from 1 to ${opts.players} (seats count from 1).`,
    );
  const kinds = botKinds(game.id);
  const list = opts.bots ?? ('heuristic' in kinds ? 'heuristic' : 'random');
  const others = botSpecsFor(game.id, list, opts.players - 1);
  const me = opts.seat;
  // One per seat, the person's seat empty: the driver plays the others and waits for it.
  const specs = Array.from({ length: opts.players }, (_, s) =>
    s === me ? null : others[s < me ? s : s - 1],
  );
  const bots = makeBots(game.id, specs, opts.threads ?? 1);
  const options = {
    ...opts.options,
    players: opts.players,
    ...(opts.rules ? { rules: opts.rules } : {}),
  };
  const table = new LocalTable(entry, options, opts.seed, me, bots, specs, opts.budget);
  io.out(
    `${game.name}, ${opts.players} players, seed "${opts.seed}". You are seat ${me + 1} of ${opts.players}.`,
  );
  const names = specs.flatMap((spec, s) => (spec ? [table.name(s)] : []));
  io.out(`Opponents: ${names.join(', ')}. Type help for how to play.`);
  return table;
}

/** Plays one game between a person (lines from `input`) and bots; resolves to the exit code. */
export function playGame(
  entry: GameEntry,
  opts: PlayOptions,
  input: Readable,
  io: Io,
): Promise<number> {
  const table = startLocal(entry, opts, io);
  return runSession(entry.terminal!, table, input, io);
}
