// The compact legal form a seat of The Boss is sent: cube ranges per city and the distinct cards to reveal.
import { CITY_IDS, type CardName, type CityId } from './cities.js';
import { forEachPlacement } from './placement.js';
import { revealChoices } from './play.js';
import type { BossState } from './state.js';

/**
 * What a seat may do on its turn, compactly (docs/protocol.md, "The Boss"). For each city it
 * may place on: `big` from `minBig` to `maxBig`, `small` from 0 to `maxSmall`, with
 * `big + small >= minTotal` (the strict lead) — every such pair is legal and no other is.
 * `reveal` lists the distinct cards it may reveal. Placing nothing is always allowed.
 */
export interface BossLegal {
  readonly place: readonly {
    readonly city: CityId;
    readonly minBig: number;
    readonly maxBig: number;
    readonly maxSmall: number;
    readonly minTotal: number;
  }[];
  readonly reveal: readonly CardName[];
}

export function legalSummary(s: BossState, seat: number): BossLegal | null {
  if (s.outcome || s.turn !== seat) return null;
  const byCity = new Map<
    number,
    { minBig: number; maxBig: number; maxSmall: number; minTotal: number }
  >();
  forEachPlacement(s, seat, (slot, big, small) => {
    const c = byCity.get(slot);
    if (!c) byCity.set(slot, { minBig: big, maxBig: big, maxSmall: small, minTotal: big + small });
    else {
      c.minBig = Math.min(c.minBig, big);
      c.maxBig = Math.max(c.maxBig, big);
      c.maxSmall = Math.max(c.maxSmall, small);
      c.minTotal = Math.min(c.minTotal, big + small);
    }
  });
  return {
    place: [...byCity].map(([slot, c]) => ({ city: CITY_IDS[slot], ...c })),
    reveal: revealChoices(s, seat),
  };
}
