// The Boss's moves as sent from records, the network or the terminal, checked for shape before the rules.
import { err, gameError, ok, type GameError, type Result } from '@boss-table/core';
import { CARDS_BY_NAME, CITY_IDS, type CardName, type CityId } from './cities.js';
import type { BossMove } from './play.js';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const bad = (message: string) => err(gameError('invalid-move', message));

/** Checks a move's shape from outside (record, network, terminal); the rules judge it in `apply`. */
export function parseMove(raw: unknown): Result<BossMove, GameError> {
  if (!isObject(raw)) return bad('A move must be an object with "reveal" and an optional "place".');
  for (const key of Object.keys(raw))
    if (key !== 'place' && key !== 'reveal' && key !== 'seat')
      return bad(`Unknown field "${key}" in a move; a move has "place" and "reveal".`);
  const { place, reveal } = raw;
  if (typeof reveal !== 'string' || !CARDS_BY_NAME.has(reveal))
    return bad(
      `"reveal" must name a card as "city:face", e.g. "boston:3"; got ${JSON.stringify(reveal)}.`,
    );
  if (place === undefined || place === null) return ok({ reveal: reveal as CardName });
  if (!isObject(place)) return bad('"place" must be an object { "city", "big", "small" }.');
  for (const key of Object.keys(place))
    if (key !== 'city' && key !== 'big' && key !== 'small')
      return bad(`Unknown field "${key}" in "place"; it has "city", "big" and "small".`);
  const { city } = place;
  const big = place.big ?? 0;
  const small = place.small ?? 0;
  if (typeof city !== 'string' || !(CITY_IDS as readonly string[]).includes(city))
    return bad(
      `"place.city" must be a city id (${CITY_IDS.join(', ')}); got ${JSON.stringify(city)}.`,
    );
  for (const [name, value] of [
    ['big', big],
    ['small', small],
  ] as const)
    if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > 9)
      return bad(`"place.${name}" must be a whole number of cubes from 0 to 9.`);
  return ok({
    place: { city: city as CityId, big: big as number, small: small as number },
    reveal: reveal as CardName,
  });
}
