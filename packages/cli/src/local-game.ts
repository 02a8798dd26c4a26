import {
  Rng,
  deadlineIn,
  type AnyGame,
  type Bot,
  type Emitted,
  type GameRecord,
  type Seat,
} from '@boss-table/core';
import { makeBot } from '@boss-table/games/bots';
import { UsageError } from './args.js';

/** Bots from a comma-separated list of specs, one per seat; a shorter list repeats its last. */
export function botsFor(gameId: string, list: string | undefined, seats: number): Bot[] {
  const specs = (list ?? 'random').split(',').map((s) => s.trim());
  return Array.from({ length: seats }, (_, i) => {
    const spec = specs[Math.min(i, specs.length - 1)];
    const bot = makeBot(gameId, spec);
    if (!bot.ok) throw new UsageError(bot.error.message);
    return bot.value;
  });
}

/** A game on this machine: the full state, its record so far, and the events each move caused. */
export class LocalGame {
  state: unknown;
  readonly record: { game: string; options: unknown; seed: string; moves: { seat: Seat }[] };
  private readonly botRng: Rng;

  constructor(
    readonly game: AnyGame,
    rawOptions: unknown,
    readonly seed: string,
    private readonly onEvents: (events: readonly Emitted<unknown>[]) => void = () => {},
  ) {
    const options = game.parseOptions(rawOptions);
    if (!options.ok) throw new UsageError(options.error.message);
    const setup = game.setup(options.value, seed);
    if (!setup.ok) throw new UsageError(setup.error.message);
    this.state = setup.value.state;
    this.record = { game: game.id, options: rawOptions, seed, moves: [] };
    this.botRng = Rng.fromSeed(`${seed}/bots`);
    onEvents(setup.value.events);
  }

  get over(): boolean {
    return this.game.isOver(this.state);
  }

  /** The seat to act (these games have one at a time), or undefined once over. */
  get turn(): Seat | undefined {
    return this.game.activeSeats(this.state)[0];
  }

  /** Applies a move from outside (checked for shape, then by the rules); the error in words. */
  play(seat: Seat, raw: unknown): { ok: true } | { ok: false; rule: string; message: string } {
    const move = this.game.parseMove(raw);
    if (!move.ok) return { ok: false, rule: move.error.kind, message: move.error.message };
    const applied = this.game.apply(this.state, seat, move.value);
    if (!applied.ok) return { ok: false, rule: applied.error.kind, message: applied.error.message };
    this.state = applied.value.state;
    this.record.moves.push({ seat, ...(raw as object) });
    this.onEvents(applied.value.events);
    return { ok: true };
  }

  /** Lets a bot take the current seat's turn from that seat's view. */
  botMove(bot: Bot, budgetMs: number): { seat: Seat; move: unknown; ms: number } {
    const seat = this.turn;
    if (seat === undefined) throw new Error('The game is over.');
    const view = this.game.view(this.state, seat);
    const started = performance.now();
    const move = bot.chooseMove(view, {
      rng: Rng.fromSeed(`${this.botRng.next()}`),
      deadline: deadlineIn(budgetMs),
    });
    const ms = performance.now() - started;
    const done = this.play(seat, move);
    if (!done.ok)
      throw new Error(`Bot ${bot.name} at seat ${seat} made a refused move: ${done.message}`);
    return { seat, move, ms };
  }

  toRecord(): GameRecord {
    return this.record as GameRecord;
  }
}
