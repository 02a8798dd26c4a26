// The registry's light part (`@boss-table/games/meta`): every game's meta, without loading any engine.
import type { GameMeta } from '@boss-table/core';
import { bigBossMeta } from '@boss-table/big-boss/meta';
import { bossCardsMeta } from '@boss-table/boss-cards/meta';
import { imTheBossMeta } from '@boss-table/im-the-boss/meta';
import { theBossMeta } from '@boss-table/the-boss/meta';

/**
 * The registry's light part: every game as a lobby lists it (name, seats, bots' kinds and
 * levels), from each game package's `meta` entry. Nothing here imports a game's rules or
 * bots, so the web app's lobby takes it without loading any engine; `index.ts` registers the
 * full entries (the server, the terminal and the Analysis take those). `meta.test.ts` checks
 * that the two agree.
 */
export type { GameMeta } from '@boss-table/core';

// Every game: one line each, in the registry's order.
export const GAME_METAS: readonly GameMeta[] = [
  theBossMeta,
  bigBossMeta,
  bossCardsMeta,
  imTheBossMeta,
];

export const findMeta = (id: string): GameMeta | undefined => GAME_METAS.find((m) => m.id === id);

/**
 * Bot kinds a game offers, with the levels each takes (empty: no level), `random` first as
 * the registry adds it: what `botKinds` in `./bots` answers, without loading the game.
 */
export function metaBotKinds(gameId: string): Readonly<Record<string, readonly string[]>> {
  const meta = findMeta(gameId);
  return meta ? { random: [], ...meta.bots } : {};
}

/** A bot a lobby offers: its spec (`ismcts:medium`), and its measured rating if it has one. */
export interface BotChoice {
  readonly spec: string;
  readonly rating?: number;
}

/**
 * Every bot spec a game offers (`ismcts:medium`), in the registry's order: each kind at each
 * of its levels, but the levels the game lists as `unlisted`.
 */
export function offeredBotSpecs(gameId: string): string[] {
  const unlisted = findMeta(gameId)?.unlisted ?? [];
  return Object.entries(metaBotKinds(gameId))
    .flatMap(([kind, levels]) => (levels.length ? levels.map((l) => `${kind}:${l}`) : [kind]))
    .filter((spec) => !unlisted.includes(spec));
}

/**
 * Every bot level a game offers, in measured order: the levels its ladder rated, strongest
 * first, with their ratings; then any level no run has rated yet, in the registry's order.
 */
export function botChoices(gameId: string): readonly BotChoice[] {
  const specs = offeredBotSpecs(gameId);
  const rungs = (findMeta(gameId)?.ladder?.rungs ?? []).filter((r) => specs.includes(r.bot));
  const rated = new Set(rungs.map((r) => r.bot));
  return [
    ...rungs.map((r) => ({ spec: r.bot, rating: r.rating })),
    ...specs.filter((s) => !rated.has(s)).map((spec) => ({ spec })),
  ];
}

export { theBossMeta, bigBossMeta, bossCardsMeta, imTheBossMeta };
