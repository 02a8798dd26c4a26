// A move drawn from I'm the Boss!'s compact legal form alone (and the seat's own hand, for a discard), as a thin client would (tests, the load generator).
import type { Rng } from '@boss-table/core';
import type { ImbLegal } from './legal-summary.js';
import type { ImbView } from './view.js';

/** A random subset of `list` with at least `min` items. */
function subset<T>(list: readonly T[], rng: Rng, min: number): T[] {
  const out = list.filter(() => rng.int(2) === 0);
  while (out.length < min && out.length < list.length) {
    const x = rng.pick(list);
    if (!out.includes(x)) out.push(x);
  }
  return out;
}

/**
 * A move from the compact legal form alone (and the seat's own hand for a discard): a kind
 * drawn among the legal kinds, then one of its choices. Windows are mostly passed and turns
 * mostly declare, so that games are short.
 */
export function imbMoveFromLegal(legal: unknown, rng: Rng, view?: unknown): unknown {
  const l = legal as ImbLegal;
  const hand = (view as ImbView | undefined)?.hand ?? [];
  const kinds: (() => unknown)[] = [];
  for (const type of l.plain) kinds.push(() => ({ type }));
  if (l.placeMarker) kinds.push(() => ({ type: 'placeMarker', space: rng.pick(l.placeMarker!) }));
  if (l.declareDeal) {
    const declare = () => ({ type: 'declareDeal', clan: subset(l.declareDeal!, rng, 0) });
    kinds.push(declare, declare);
  }
  if (l.commitClan?.length)
    kinds.push(() => ({ type: 'commitClan', cards: [rng.pick(l.commitClan!)] }));
  if (l.offerClan?.length)
    kinds.push(() => ({ type: 'offerClan', cards: [rng.pick(l.offerClan!)] }));
  if (l.discard) kinds.push(() => ({ type: 'discard', cards: hand.slice(0, l.discard!.count) }));
  if (l.offerPlacard?.length)
    kinds.push(() => ({ type: 'offerPlacard', placard: rng.pick(l.offerPlacard!) }));
  if (l.propose?.length)
    kinds.push(() => {
      const p = rng.pick(l.propose!);
      const { min, max } = p.dividends;
      return {
        type: 'propose',
        to: p.to,
        items: p.items.length ? [rng.pick(p.items)] : [],
        dividends: min + rng.int(max - min + 1),
      };
    });
  for (const type of ['accept', 'reject', 'cancel'] as const)
    if (l[type]?.length) kinds.push(() => ({ type, id: rng.pick(l[type]!) }));
  if (l.travel?.length)
    kinds.push(() => {
      const t = rng.pick(l.travel!);
      return { type: 'playTravel', card: t.card, target: rng.pick(t.targets) };
    });
  if (l.recruit && l.recruit.cards.length >= 3)
    kinds.push(() => ({
      type: 'playRecruit',
      cards: l.recruit!.cards.slice(0, 3),
      target: rng.pick(l.recruit!.targets),
    }));
  if (l.boss?.length) kinds.push(() => ({ type: 'playBoss', card: rng.pick(l.boss!) }));
  if (l.stop?.length) kinds.push(() => ({ type: 'playStop', card: rng.pick(l.stop!) }));
  // In a window, pass most of the time.
  if (l.plain.includes('pass') && l.phase !== 'open' && rng.int(3) > 0) return { type: 'pass' };
  return rng.pick(kinds)();
}
