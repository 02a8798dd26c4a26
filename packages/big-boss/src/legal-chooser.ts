// A move drawn from Big Boss's compact legal form alone, as a thin client would (tests, the load generator).
import type { Rng } from '@boss-table/core';
import type { BigBossLegal } from './types.js';

/** A move from Big Boss's compact legal form alone (docs/protocol.md), as a thin client would. */
export function bigBossMoveFromLegal(legal: unknown, rng: Rng): unknown {
  const l = legal as BigBossLegal;
  if (l.phase === 'invest' && l.invest) {
    const inv = l.invest;
    let budget = inv.cash;
    const tower = inv.tower !== null && inv.tower.cost <= budget && rng.int(2) === 0;
    if (tower) budget -= inv.tower!.cost;
    const taken = new Map<string, number>();
    const shares: string[] = [];
    for (let k = rng.int(3); k > 0; k--) {
      const open = inv.shares.filter(
        (s) => s.cost <= budget && (taken.get(s.company) ?? 0) < s.left,
      );
      if (open.length === 0) break;
      const s = rng.pick(open);
      taken.set(s.company, (taken.get(s.company) ?? 0) + 1);
      budget -= s.cost;
      shares.push(s.company);
    }
    return { type: 'invest', shares, tower };
  }
  const options: (() => unknown)[] = [];
  for (const card of l.buy.row) options.push(() => ({ type: 'buy', from: 'row', card }));
  if (l.buy.deck) options.push(() => ({ type: 'buy', from: 'deck' }));
  if (l.buy.levels) options.push(() => ({ type: 'buy', from: 'levels' }));
  for (const f of l.found)
    options.push(() => ({
      type: 'found',
      card: f.card,
      start: f.start,
      top: rng.pick(f.tops),
      company: rng.pick(l.companies),
    }));
  for (const e of l.expand)
    options.push(() => {
      if (e.merge === null) return { type: 'expand', card: e.card, space: e.space };
      const boost = rng.pick(e.merge.companies);
      return e.merge.tiedWhenBoosting.includes(boost)
        ? {
            type: 'expand',
            card: e.card,
            space: e.space,
            boost,
            acquirer: rng.pick(e.merge.companies),
          }
        : { type: 'expand', card: e.card, space: e.space, boost };
    });
  for (const s of l.sell)
    options.push(() => ({ type: 'sell', company: s.company, count: 1 + rng.int(s.max) }));
  if (l.pass) options.push(() => ({ type: 'pass' }));
  return rng.pick(options)();
}
