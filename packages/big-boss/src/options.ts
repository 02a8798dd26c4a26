// A Big Boss table's options (modern or original rules, seats), checked, and the settled configuration they give.
import { err, gameError, ok, type GameError, type Result } from '@boss-table/core';
import type { BigBossOptions, RuleSet } from './types.js';

/** The settled configuration a game runs with (rules file, sections 1–2). */
export interface BigBossConfig {
  readonly players: number;
  readonly rules: RuleSet;
  readonly firstPlayer: number;
  /** Shares per company: 12 (modern), 7 (original). */
  readonly sharesPerCompany: number;
  /** Cards dealt to each player: 10 Industry cards (modern), 12 of the mixed deck (original). */
  readonly handSize: number;
  readonly startingCash: number;
  /** Pieces a founding places: 4 (modern, with the one on top), 3 (original). */
  readonly foundingPieces: number;
}

export type OptionsErrorKind =
  | 'invalid-options'
  | 'unknown-option'
  | 'invalid-players'
  | 'invalid-rules'
  | 'invalid-first-player';

const KNOWN = ['players', 'rules', 'firstPlayer'];

const fail = (kind: OptionsErrorKind, message: string) => err(gameError(kind, message));

export function parseOptions(raw: unknown): Result<BigBossOptions, GameError<OptionsErrorKind>> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return fail('invalid-options', 'Options must be a JSON object.');
  const o = raw as Record<string, unknown>;
  for (const key of Object.keys(o))
    if (!KNOWN.includes(key))
      return fail('unknown-option', `Unknown option "${key}". Known: ${KNOWN.join(', ')}.`);
  const players = o.players;
  if (!Number.isInteger(players) || (players as number) < 2 || (players as number) > 6)
    return fail('invalid-players', 'Option "players" must be a whole number from 2 to 6.');
  const n = players as number;
  const rules = o.rules ?? 'modern';
  if (rules !== 'modern' && rules !== 'original')
    return fail('invalid-rules', 'Option "rules" must be "modern" or "original".');
  const first = o.firstPlayer;
  if (
    first !== undefined &&
    (!Number.isInteger(first) || (first as number) < 0 || (first as number) >= n)
  )
    return fail(
      'invalid-first-player',
      `Option "firstPlayer" must be a seat from 0 to ${n - 1} (or left out to draw it at random).`,
    );
  return ok(
    first === undefined
      ? { players: n, rules }
      : { players: n, rules, firstPlayer: first as number },
  );
}

export function configFor(rules: RuleSet, players: number, firstPlayer: number): BigBossConfig {
  const modern = rules === 'modern';
  return {
    players,
    rules,
    firstPlayer,
    sharesPerCompany: modern ? 12 : 7,
    handSize: modern ? 10 : 12,
    startingCash: modern ? 40 : 30,
    foundingPieces: modern ? 4 : 3,
  };
}
