// Bots made from specs (threaded if asked) and a synchronous driver-run game, for selfplay, play and analyze.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import {
  Driver,
  type AnyGame,
  type Bot,
  type Emitted,
  type GameRecord,
  type Seat,
} from '@boss-table/core';
import { parallelBot, type BotRecipe } from '@boss-table/core/threads';
import { makeBot, parseBotSpec } from '@boss-table/games/bots';
import { UsageError } from './args.js';

/**
 * Bot specs from a comma-separated list, one per seat (a shorter list repeats its last), each
 * checked against the game's bots and written as the registry spells it.
 */
export function botSpecsFor(gameId: string, list: string | undefined, seats: number): string[] {
  const specs = (list ?? 'random').split(',').map((s) => s.trim());
  return Array.from({ length: seats }, (_, i) => {
    const spec = parseBotSpec(gameId, specs[Math.min(i, specs.length - 1)]);
    if (!spec.ok) throw new UsageError(spec.error.message);
    return spec.value.spec;
  });
}

/** How a worker thread makes the bot of a spec (core's `parallelBot`). */
export const botRecipe = (gameId: string, spec: string): BotRecipe => ({
  module: pathToFileURL(createRequire(import.meta.url).resolve('@boss-table/games/bots')).href,
  exportName: 'makeBot',
  args: [gameId, spec],
});

/**
 * A bot for each seat's spec; null (a person) stays null. With `threads` above 1, a searching
 * bot searches each decision on that many threads (root-parallel, `parallelBot`); the others
 * are as they are.
 */
export function makeBots(
  gameId: string,
  specs: readonly (string | null)[],
  threads = 1,
): (Bot | null)[] {
  return specs.map((spec) => {
    if (spec === null) return null;
    const bot = makeBot(gameId, spec);
    if (!bot.ok) throw new UsageError(bot.error.message);
    return threads > 1 ? parallelBot(bot.value, botRecipe(gameId, spec), threads) : bot.value;
  });
}

/** Bots from a comma-separated list of specs, one per seat; a shorter list repeats its last. */
export const botsFor = (gameId: string, list: string | undefined, seats: number): Bot[] =>
  makeBots(gameId, botSpecsFor(gameId, list, seats)) as Bot[];

/**
 * A game on this machine, run by core's driver: the full state, its record so far, and the
 * events each move caused. Seats with a bot (`bots`, one per seat, null for a person) are
 * played by `advance`; the others' moves come in through `play`.
 */
export class LocalGame {
  readonly driver: Driver;

  constructor(
    readonly game: AnyGame,
    rawOptions: unknown,
    readonly seed: string,
    onEvents: (events: readonly Emitted<unknown>[]) => void = () => {},
    bots: readonly (Bot | null)[] = [],
    budgetMs = 100,
  ) {
    const started = Driver.start(game, rawOptions, seed, {
      bots,
      budgetMs,
      // Bots' moves in an open window take their time, as at a table (self-play).
      openDelaysInVirtualTime: true,
      onMove: (_move, events) => onEvents(events),
    });
    if (!started.ok) throw new UsageError(started.error.message);
    this.driver = started.value.driver;
    onEvents(started.value.events);
  }

  get state(): unknown {
    return this.driver.state;
  }

  get over(): boolean {
    return this.driver.over;
  }

  /** Applies a move from outside (checked for shape, then by the rules); the error in words. */
  play(seat: Seat, raw: unknown): { ok: true } | { ok: false; rule: string; message: string } {
    const done = this.driver.play(seat, raw);
    return done.ok
      ? { ok: true }
      : { ok: false, rule: done.error.kind, message: done.error.message };
  }

  /**
   * Lets the seats' bots move (clocks too, in virtual time) until the game is over or a
   * person must move; returns the seats waiting for a person, empty once over.
   */
  advance(): readonly Seat[] {
    const end = this.driver.run();
    if (!end.ok) throw new Error(end.error.message);
    return end.value === 'over' ? [] : end.value;
  }

  /** The record so far, in memory form (`replay` takes it; `driver.recordJson()` for a file). */
  toRecord(): GameRecord {
    return this.driver.toRecord();
  }
}
