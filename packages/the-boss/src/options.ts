// The Boss's table options: classic or arena rules, cities in play, dealer, overtime; checked and settled.
import { err, gameError, ok, type GameError, type Result } from '@boss-table/core';
import {
  CITY_CARDS,
  CITY_SLOT,
  COMBINATIONS,
  EXTRA_COMBINATIONS,
  LOCAL_CITY_IDS,
  SAINT_LOUIS,
  type LocalCityId,
} from './cities.js';

export type RuleSet = 'classic' | 'arena';
/** When the police card is turned (rules file, section 2). */
export type PoliceTiming = 'last-turn' | 'dealer-two-cards';

/** Options as chosen by a table's creator; omitted choices are settled at setup. */
export interface BossOptions {
  readonly players: number;
  readonly rules: RuleSet;
  /** Local cities in play; undefined: a valid combination is drawn from the seed. */
  readonly cities: readonly LocalCityId[] | undefined;
  /** Seat holding the dealer button in round 1, or drawn from the seed. */
  readonly dealer: number | 'random';
  readonly policeTiming: PoliceTiming;
  /** Saint Louis, theft and shoot-out, and with them 5–6 player tables with 4 cards each. */
  readonly saintLouis: boolean;
  /** Allow any city combination that deals every player the same number of cards. */
  readonly custom: boolean;
  /** Overtime rounds played at most while the top players stay tied; then they share the win. */
  readonly maxOvertimeRounds: number;
}

/** The settled configuration a game runs with. */
export interface BossConfig {
  readonly players: number;
  readonly rules: RuleSet;
  /** City slots in play, ascending (Chicago excluded). */
  readonly slots: readonly number[];
  readonly handSize: number;
  readonly policeTiming: PoliceTiming;
  readonly saintLouis: boolean;
  readonly custom: boolean;
  readonly maxOvertimeRounds: number;
}

export type OptionsErrorKind =
  | 'invalid-options'
  | 'unknown-option'
  | 'invalid-players'
  | 'too-many-players'
  | 'invalid-rules'
  | 'invalid-dealer'
  | 'invalid-police-timing'
  | 'unknown-city'
  | 'duplicate-city'
  | 'saint-louis-not-allowed'
  | 'invalid-city-combination';

const KNOWN = new Set([
  'players',
  'rules',
  'cities',
  'dealer',
  'policeTiming',
  'saintLouis',
  'custom',
  'maxOvertimeRounds',
]);

const fail = (kind: OptionsErrorKind, message: string) => err(gameError(kind, message));

const describeCombo = (nums: readonly number[]) => nums.join('.');

export function parseOptions(raw: unknown): Result<BossOptions, GameError<OptionsErrorKind>> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return fail('invalid-options', 'Options must be a JSON object.');
  const o = raw as Record<string, unknown>;
  for (const key of Object.keys(o))
    if (!KNOWN.has(key))
      return fail('unknown-option', `Unknown option "${key}". Known: ${[...KNOWN].join(', ')}.`);

  const rules = o.rules ?? 'classic';
  if (rules !== 'classic' && rules !== 'arena')
    return fail('invalid-rules', 'Option "rules" must be "classic" or "arena".');
  const arena = rules === 'arena';

  const saintLouis = o.saintLouis ?? arena;
  if (typeof saintLouis !== 'boolean')
    return fail('invalid-options', 'Option "saintLouis" must be true or false.');
  const custom = o.custom ?? false;
  if (typeof custom !== 'boolean')
    return fail('invalid-options', 'Option "custom" must be true or false.');

  const players = o.players;
  if (!Number.isInteger(players) || (players as number) < 2 || (players as number) > 6)
    return fail('invalid-players', 'Option "players" must be a whole number from 2 to 6.');
  const n = players as number;
  if (n > 4 && !saintLouis)
    return fail(
      'too-many-players',
      `${n} players need the arena rules (or "saintLouis": true); the classic rules allow 2–4.`,
    );

  const policeTiming = o.policeTiming ?? (arena ? 'dealer-two-cards' : 'last-turn');
  if (policeTiming !== 'last-turn' && policeTiming !== 'dealer-two-cards')
    return fail(
      'invalid-police-timing',
      'Option "policeTiming" must be "last-turn" or "dealer-two-cards".',
    );

  const dealer = o.dealer ?? 0;
  if (
    dealer !== 'random' &&
    (!Number.isInteger(dealer) || (dealer as number) < 0 || (dealer as number) >= n)
  )
    return fail(
      'invalid-dealer',
      `Option "dealer" must be a seat from 0 to ${n - 1}, or "random".`,
    );

  const maxOvertimeRounds = o.maxOvertimeRounds ?? 10;
  if (
    !Number.isInteger(maxOvertimeRounds) ||
    (maxOvertimeRounds as number) < 0 ||
    (maxOvertimeRounds as number) > 100
  )
    return fail(
      'invalid-options',
      'Option "maxOvertimeRounds" must be a whole number from 0 to 100.',
    );

  let cities: LocalCityId[] | undefined;
  if (o.cities !== undefined) {
    if (!Array.isArray(o.cities))
      return fail('invalid-options', 'Option "cities" must be a list of city ids.');
    const seen = new Set<string>();
    cities = [];
    for (const c of o.cities) {
      if (c === 'chicago') continue; // always in play
      if (typeof c !== 'string' || !(LOCAL_CITY_IDS as readonly string[]).includes(c))
        return fail(
          'unknown-city',
          `Unknown city ${JSON.stringify(c)}. Cities: ${LOCAL_CITY_IDS.join(', ')}.`,
        );
      if (seen.has(c)) return fail('duplicate-city', `City "${c}" is listed twice.`);
      seen.add(c);
      cities.push(c as LocalCityId);
    }
    const check = checkCombination(cities, n, saintLouis, custom);
    if (!check.ok) return check;
  }

  return ok({
    players: n,
    rules,
    cities,
    dealer: dealer as number | 'random',
    policeTiming,
    saintLouis,
    custom,
    maxOvertimeRounds: maxOvertimeRounds as number,
  });
}

/** Cards each player gets with these cities, or undefined if they do not share out evenly. */
export function handSizeFor(slots: readonly number[], players: number): number | undefined {
  const cards = slots.reduce((sum, s) => sum + CITY_CARDS[s].length, 0) - slots.length;
  return cards > 0 && cards % players === 0 ? cards / players : undefined;
}

export function checkCombination(
  cities: readonly LocalCityId[],
  players: number,
  saintLouis: boolean,
  custom: boolean,
): Result<number[], GameError<OptionsErrorKind>> {
  const slots = cities.map((c) => CITY_SLOT.get(c)!).sort((a, b) => a - b);
  if (slots.includes(SAINT_LOUIS) && !saintLouis)
    return fail(
      'saint-louis-not-allowed',
      'Saint Louis is only in play with the arena rules (or "saintLouis": true).',
    );
  const key = describeCombo(slots.map((s) => s + 1));
  const allowed = [...(COMBINATIONS[players] ?? []), ...(EXTRA_COMBINATIONS[players] ?? [])];
  if (allowed.some((combo) => describeCombo(combo) === key)) return ok(slots);
  if (custom) {
    const hand = handSizeFor(slots, players);
    if (hand !== undefined && hand >= 2) return ok(slots);
    return fail(
      'invalid-city-combination',
      `Cities ${key} cannot be dealt evenly to ${players} players with at least 2 cards each.`,
    );
  }
  return fail(
    'invalid-city-combination',
    `Cities ${key} are not a ${players}-player combination. Allowed: ${allowed
      .map(describeCombo)
      .join(', ')}; or ask for a custom setup ("custom": true).`,
  );
}
