// The one place bots are made from a spec (`random`, `heuristic`, `ismcts:medium`…) for any game.
import { type Bot, type GameError, type Result, err, ok, gameError } from '@boss-table/core';
import { findEntry } from './index.js';

/**
 * A bot by its spec, for any game: `random`, `heuristic`, `ismcts:easy|medium|hard`, …
 * The CLI, the arena and the server's bot workers all make bots here and nowhere else.
 */
export interface BotSpec {
  /** The spec as given, e.g. `ismcts:hard`. */
  readonly spec: string;
  readonly kind: string;
  readonly level?: string;
}

/** Bot kinds each game offers, with the levels each takes (empty: no level). */
export function botKinds(gameId: string): Readonly<Record<string, readonly string[]>> {
  const entry = findEntry(gameId);
  if (!entry) return {};
  return Object.fromEntries(Object.entries(entry.bots).map(([k, b]) => [k, b.levels]));
}

export function parseBotSpec(gameId: string, raw: string): Result<BotSpec, GameError> {
  const kinds = botKinds(gameId);
  const [kind = '', level, ...rest] = raw.trim().split(':');
  const levels = Object.prototype.hasOwnProperty.call(kinds, kind) ? kinds[kind] : undefined;
  if (levels === undefined) {
    const known = Object.keys(kinds).join(', ') || 'none';
    return err(gameError('unknown-bot', `No bot "${raw}" for ${gameId}; known: ${known}.`));
  }
  if (rest.length > 0 || (level !== undefined && !levels.includes(level))) {
    const want = levels.length ? `one of ${levels.join(', ')}` : 'no level';
    return err(gameError('unknown-bot-level', `Bot "${raw}": ${kind} takes ${want}.`));
  }
  return ok({ spec: raw.trim(), kind, ...(level !== undefined ? { level } : {}) });
}

export function makeBot(gameId: string, raw: string): Result<Bot, GameError> {
  const entry = findEntry(gameId);
  if (entry === undefined) return err(gameError('unknown-game', `No game "${gameId}".`));
  const spec = parseBotSpec(gameId, raw);
  if (!spec.ok) return spec;
  return ok(entry.bots[spec.value.kind].make(spec.value.level));
}
export { botName, botAbout, BOT_WORDS } from './bot-names.js';
