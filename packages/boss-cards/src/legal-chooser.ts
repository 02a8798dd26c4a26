// A move drawn from Boss Cards's compact legal form alone, as a thin client would (tests, the load generator).
import type { Rng } from '@boss-table/core';
import type { BossCardsLegal } from './legal-summary.js';

/**
 * A move from Boss Cards's compact legal form alone (docs/boss-cards.md, "The legal form"):
 * a card when one may be played (drawing at random makes games that hardly end), else a
 * draw, else a pass.
 */
export function bossCardsMoveFromLegal(legal: unknown, rng: Rng): unknown {
  const l = legal as BossCardsLegal;
  if (l.play.length === 0) return { type: l.draw ? 'draw' : 'pass' };
  const p = rng.pick(l.play);
  if (p.names === 'none') return { type: 'play', card: p.card };
  return p.names === 'suit' || rng.int(2) === 0
    ? { type: 'play', card: p.card, suit: rng.pick(l.suits) }
    : { type: 'play', card: p.card, rank: rng.pick(l.ranks) };
}
