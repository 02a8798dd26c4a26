// A Boss Cards table's options, checked and given defaults, with the deck count that follows from the seats.
import { err, gameError, ok, type GameError, type Result } from '@boss-table/core';
import { defaultTarget, HAND_SIZE, TARGET } from './meta.js';

/** The table's options (rules file §8), checked. */
export interface BossCardsOptions {
  readonly players: number;
  readonly handSize: number;
  readonly target: number;
  readonly maxTurns: number;
  readonly aceNamesSuit: boolean;
  readonly dealer: number;
  /** 1 deck for 2–4 players, 2 for 5–6 (§1); not an option. */
  readonly decks: number;
}

const KNOWN = ['players', 'handSize', 'target', 'maxTurns', 'aceNamesSuit', 'dealer'];

function whole(
  raw: Record<string, unknown>,
  name: string,
  min: number,
  max: number,
  fallback: number,
): Result<number, GameError> {
  const v = raw[name];
  if (v === undefined) return ok(fallback);
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
    return err(
      gameError('invalid-options', `"${name}" must be a whole number from ${min} to ${max}.`),
    );
  return ok(v);
}

export function parseOptions(raw: unknown): Result<BossCardsOptions, GameError> {
  if (raw === undefined || raw === null) raw = {};
  if (typeof raw !== 'object' || Array.isArray(raw))
    return err(gameError('invalid-options', 'Options must be an object.'));
  const o = raw as Record<string, unknown>;
  for (const k of Object.keys(o))
    if (!KNOWN.includes(k))
      return err(
        gameError(
          'invalid-options',
          `Boss Cards has no option "${k}"; known: ${KNOWN.join(', ')}.`,
        ),
      );
  const players = whole(o, 'players', 2, 6, 2);
  if (!players.ok) return players;
  const n = players.value;
  const handSize = whole(o, 'handSize', HAND_SIZE.min, HAND_SIZE.max, HAND_SIZE.usual);
  if (!handSize.ok) return handSize;
  const target = whole(o, 'target', TARGET.min, TARGET.max, defaultTarget(n));
  if (!target.ok) return target;
  const maxTurns = whole(o, 'maxTurns', 50, 10_000, 1000);
  if (!maxTurns.ok) return maxTurns;
  const dealer = whole(o, 'dealer', 0, n - 1, 0);
  if (!dealer.ok) return dealer;
  if (o.aceNamesSuit !== undefined && typeof o.aceNamesSuit !== 'boolean')
    return err(gameError('invalid-options', '"aceNamesSuit" must be true or false.'));
  return ok({
    players: n,
    handSize: handSize.value,
    target: target.value,
    maxTurns: maxTurns.value,
    aceNamesSuit: o.aceNamesSuit === true,
    dealer: dealer.value,
    decks: n >= 5 ? 2 : 1,
  });
}
