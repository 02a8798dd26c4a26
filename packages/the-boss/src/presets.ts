// Deals and police order a record of The Boss may fix in advance, for teaching, puzzles and tests.
import { err, gameError, ok, type GameError, type Result } from '@boss-table/core';
import {
  CARD_NAME,
  CARDS_BY_NAME,
  CITY_CARDS,
  CITY_SLOT,
  FACES,
  LOCAL_CITY_IDS,
  POLICE_CARDS,
  type CardName,
  type Face,
  type LocalCityId,
  type PoliceCard,
} from './cities.js';

/** A round dealt in advance: every city's reward and every seat's full hand. */
export interface BossDeal {
  readonly rewards: Readonly<Partial<Record<LocalCityId, Face>>>;
  readonly hands: readonly (readonly CardName[])[];
}

/** Chance fixed in advance by a record (teaching, puzzles, tests). */
export interface BossPresets {
  readonly deals?: readonly BossDeal[];
  /** Police cards in the order they are turned. */
  readonly police?: readonly PoliceCard[];
}

const bad = (message: string) => err(gameError('invalid-deal', message));

/** Reads `deals` and `police` from a record; their fit with the cities is checked at setup. */
export function parsePresets(
  record: Readonly<Record<string, unknown>>,
): Result<BossPresets | undefined, GameError> {
  const { deals, police } = record;
  if (deals === undefined && police === undefined) return ok(undefined);
  const out: { deals?: BossDeal[]; police?: PoliceCard[] } = {};
  if (police !== undefined) {
    if (
      !Array.isArray(police) ||
      police.length !== POLICE_CARDS.length ||
      [...police].sort().join() !== [...POLICE_CARDS].sort().join()
    )
      return err(
        gameError(
          'invalid-police',
          '"police" must list the 5 police cards in order: two "silver", two "gold" and one "double".',
        ),
      );
    out.police = police as PoliceCard[];
  }
  if (deals !== undefined) {
    if (!Array.isArray(deals)) return bad('"deals" must be a list of rounds.');
    out.deals = [];
    for (let i = 0; i < deals.length; i++) {
      const d: unknown = deals[i];
      const where = `Deal of round ${i + 1}`;
      if (typeof d !== 'object' || d === null) return bad(`${where} must be an object.`);
      const { rewards, hands } = d as Record<string, unknown>;
      if (typeof rewards !== 'object' || rewards === null || Array.isArray(rewards))
        return bad(`${where}: "rewards" must map each city to a face.`);
      for (const [city, face] of Object.entries(rewards)) {
        if (!(LOCAL_CITY_IDS as readonly string[]).includes(city))
          return bad(`${where}: unknown city "${city}" in "rewards".`);
        if (!(FACES as readonly unknown[]).includes(face))
          return bad(
            `${where}: ${JSON.stringify(face)} is not a face (use "0"–"4", "hospital", …).`,
          );
        if (!CARDS_BY_NAME.has(`${city}:${face as string}`))
          return bad(`${where}: ${city} has no "${face as string}" card.`);
      }
      if (!Array.isArray(hands) || hands.some((h) => !Array.isArray(h)))
        return bad(`${where}: "hands" must be a list of card lists, one per seat.`);
      for (const h of hands as unknown[][])
        for (const c of h)
          if (typeof c !== 'string' || !CARDS_BY_NAME.has(c))
            return bad(`${where}: ${JSON.stringify(c)} is not a card (write it "city:face").`);
      out.deals.push({
        rewards: rewards as BossDeal['rewards'],
        hands: hands as CardName[][],
      });
    }
  }
  return ok(out);
}

/**
 * Turns a preset deal into card ids for these cities, checking it uses each card of the
 * cities in play exactly once and gives every seat `handSize` cards.
 */
export function dealIds(
  deal: BossDeal,
  round: number,
  slots: readonly number[],
  players: number,
  handSize: number,
): Result<{ rewards: number[]; hands: number[][] }, GameError> {
  const where = `Deal of round ${round}`;
  const free = new Map<string, number[]>();
  for (const slot of slots)
    for (const id of CITY_CARDS[slot]) {
      free.set(CARD_NAME[id], [...(free.get(CARD_NAME[id]) ?? []), id]);
    }
  const take = (name: string): number | undefined => free.get(name)?.pop();
  const rewards = new Array<number>(9).fill(-1);
  for (const slot of slots) {
    const city = LOCAL_CITY_IDS[slot];
    const face = deal.rewards[city];
    if (face === undefined) return bad(`${where}: no reward given for ${city}.`);
    const id = take(`${city}:${face}`);
    if (id === undefined) return bad(`${where}: ${city}:${face} is not a card in play.`);
    rewards[slot] = id;
  }
  for (const city of Object.keys(deal.rewards))
    if (!slots.includes(CITY_SLOT.get(city)!))
      return bad(`${where}: ${city} is not in play, so it has no reward.`);
  if (deal.hands.length !== players)
    return bad(`${where}: ${deal.hands.length} hands given for ${players} players.`);
  const hands: number[][] = [];
  for (let seat = 0; seat < players; seat++) {
    const hand = deal.hands[seat];
    if (hand.length !== handSize)
      return bad(`${where}: seat ${seat} has ${hand.length} cards; each player gets ${handSize}.`);
    const ids: number[] = [];
    for (const name of hand) {
      const id = take(name);
      if (id === undefined)
        return bad(`${where}: ${name} is used twice or is not a card of a city in play.`);
      ids.push(id);
    }
    hands.push(ids.sort((a, b) => a - b));
  }
  return ok({ rewards, hands });
}
