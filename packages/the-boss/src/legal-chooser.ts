// A move drawn from The Boss's compact legal form alone, as a thin client would (tests, the load generator).
import type { Rng } from '@boss-table/core';
import type { BossLegal } from './legal-summary.js';

/** A move chosen at random from the compact legal summary alone, as a thin client would. */
export function bossMoveFromLegal(legal: unknown, rng: Rng): unknown {
  const l = legal as BossLegal;
  const reveal = rng.pick(l.reveal);
  if (l.place.length === 0 || rng.float() < 0.4) return { reveal };
  const p = rng.pick(l.place);
  for (;;) {
    const big = p.minBig + rng.int(p.maxBig - p.minBig + 1);
    const small = rng.int(p.maxSmall + 1);
    if (big + small >= p.minTotal) return { place: { city: p.city, big, small }, reveal };
  }
}
