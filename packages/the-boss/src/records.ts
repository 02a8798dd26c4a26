// Rewrites a record of The Boss with its chance spelled out (cities, deals, police) to replay without the seed.
import type { Emitted, GameRecord } from '@boss-table/core';
import {
  LOCAL_CITY_IDS,
  type CardName,
  type Face,
  type LocalCityId,
  type PoliceCard,
} from './cities.js';
import type { BossEvent } from './events.js';
import type { BossDeal } from './presets.js';
import type { BossState } from './state.js';

const POLICE_BY_CODE: readonly PoliceCard[] = ['silver', 'gold', 'double'];

/**
 * A The Boss record that fixes its chance explicitly, so it replays without the seed: the
 * cities and dealer in `options`, every round's deal (from the game's events, all audiences)
 * and the police deck in the order it is turned (from the state just after setup).
 */
export function explicitBossRecord(
  record: GameRecord,
  initial: BossState,
  events: readonly Emitted<unknown>[],
): GameRecord {
  const police = [...initial.policeFlipped, ...initial.policeDeck.slice().reverse()].map(
    (code) => POLICE_BY_CODE[code],
  );
  const deals: { rewards: Partial<Record<LocalCityId, Face>>; hands: CardName[][] }[] = [];
  let current: (typeof deals)[number] | undefined;
  for (const { event } of events as readonly Emitted<BossEvent>[]) {
    if (event.type === 'round-started') {
      current = { rewards: {}, hands: event.handCities.map(() => []) };
      deals[event.round - 1] = current;
    } else if (event.type === 'hand-dealt' && current) current.hands[event.seat] = [...event.cards];
    else if (event.type === 'reward-revealed' && current) current.rewards[event.city] = event.face;
  }
  if (deals.some((d) => d === undefined))
    throw new Error('A round of the game has no deal in its events.');
  const options = {
    ...(record.options as object),
    cities: initial.config.slots.map((slot) => LOCAL_CITY_IDS[slot]),
    dealer: initial.dealer,
  };
  const { game, seed, moves, options: _raw, ...rest } = record;
  return { game, options, seed, ...rest, deals: deals as BossDeal[], police, moves };
}
