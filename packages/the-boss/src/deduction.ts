// The exact odds of each city's hidden reward from one seat's view, for the web client's panel and the bots.
import { CARD_FACE, CITY_SLOT, FACES, type Face, type LocalCityId } from './cities.js';
import { placeSeenCards, type BossView } from './view.js';

/** For one city, the probability of each face of its hidden reward. */
export interface CityDeduction {
  readonly city: LocalCityId;
  /** Probability of each face this city's reward may have; faces it cannot have are absent. */
  readonly faces: Readonly<Partial<Record<Face, number>>>;
  /** How many of this city's cards the viewer has not seen (the reward is one of them). */
  readonly unseen: number;
}

/**
 * The exact probability of every face for every city's hidden reward, from one seat's view:
 * the cards it holds, the cards revealed, and the public city of every card in every hand.
 *
 * Why it is exact: every deal is equally likely, and what a seat sees of the others'
 * hands is only how many cards of each city they hold. Given that, a city's unseen cards
 * are spread uniformly over its hidden places (its reward and the hidden hand cards of
 * that city), so the reward is each unseen card with equal probability. Played cards
 * carry no information about the reward beyond leaving the pool: the rules let any card
 * be played at any time. (Bots may of course read more into opponents' choices; this is
 * the rules' own posterior.)
 *
 * Once the game is over no reward is hidden and the list is empty.
 */
export function deduce(view: BossView): CityDeduction[] {
  if (view.outcome) return [];
  const { unseen } = placeSeenCards(view);
  const out: CityDeduction[] = [];
  for (const city of view.row) {
    if (city.city === 'chicago') continue;
    const slot = CITY_SLOT.get(city.city)!;
    const pool = unseen.get(slot) ?? [];
    const faces: Partial<Record<Face, number>> = {};
    for (const id of pool) {
      const face = FACES[CARD_FACE[id]];
      faces[face] = (faces[face] ?? 0) + 1 / pool.length;
    }
    out.push({ city: city.city as LocalCityId, faces, unseen: pool.length });
  }
  return out;
}

/** The expected points of a city's reward card counted as points (penalties as 0), as Chicago counts it. */
export function expectedPoints(d: CityDeduction): number {
  let e = 0;
  for (const [face, p] of Object.entries(d.faces)) {
    const v = Number(face);
    if (Number.isInteger(v)) e += v * (p ?? 0);
  }
  return e;
}
