// Tests that Big Boss's compact legal form describes exactly the legal moves on many random positions.
import { describe, expect, it } from 'vitest';
import { Rng } from '@boss-table/core';
import { bigBoss } from './game.js';
import type { BigBossLegal, BigBossMove } from './types.js';

/** Every move a thin client would offer from the compact form. */
function expand(legal: BigBossLegal): BigBossMove[] {
  const out: BigBossMove[] = [];
  for (const card of legal.buy.row) out.push({ type: 'buy', from: 'row', card });
  if (legal.buy.deck) out.push({ type: 'buy', from: 'deck' });
  if (legal.buy.levels) out.push({ type: 'buy', from: 'levels' });
  for (const f of legal.found)
    for (const top of f.tops)
      for (const company of legal.companies)
        out.push({ type: 'found', card: f.card, start: f.start, top, company });
  for (const e of legal.expand) {
    if (!e.merge) {
      out.push({ type: 'expand', card: e.card, space: e.space });
      continue;
    }
    for (const boost of e.merge.companies)
      if (!e.merge.tiedWhenBoosting.includes(boost))
        out.push({ type: 'expand', card: e.card, space: e.space, boost });
      else
        for (const acquirer of e.merge.companies)
          out.push({ type: 'expand', card: e.card, space: e.space, boost, acquirer });
  }
  if (legal.invest) {
    const { cash, shares, tower } = legal.invest;
    for (const withTower of tower ? [false, true] : [false]) {
      const budget = cash - (withTower ? tower!.cost : 0);
      if (budget < 0) continue;
      out.push({ type: 'invest', shares: [], tower: withTower });
      shares.forEach((a, i) => {
        if (a.cost <= budget) out.push({ type: 'invest', shares: [a.company], tower: withTower });
        for (const b of shares.slice(i))
          if ((a !== b || a.left >= 2) && a.cost + b.cost <= budget)
            out.push({ type: 'invest', shares: [a.company, b.company], tower: withTower });
      });
    }
  }
  for (const s of legal.sell)
    for (let count = 1; count <= s.max; count++)
      out.push({ type: 'sell', company: s.company, count });
  if (legal.pass) out.push({ type: 'pass' });
  return out;
}

describe('compact legal form', () => {
  it('describes exactly the legal moves, on many random positions of both rule sets', () => {
    let checked = 0;
    const phases = new Set<string>();
    for (let g = 0; g < 30; g++) {
      const players = 2 + (g % 5);
      const rules = g % 2 ? 'modern' : 'original';
      const options = bigBoss.parseOptions({ players, rules });
      if (!options.ok) throw new Error(options.error.message);
      const setup = bigBoss.setup(options.value, `ls${g}`);
      if (!setup.ok) throw new Error(setup.error.message);
      const s = setup.value.state;
      const rng = Rng.fromSeed(`ls${g}`);
      while (!s.outcome) {
        const legal = bigBoss.legalSummary(s, s.turn) as BigBossLegal;
        phases.add(legal.phase + (legal.pass ? '+pass' : ''));
        const offered = new Set(expand(legal).map((m) => JSON.stringify(m)));
        const moves = new Set(bigBoss.legalMoves(s, s.turn).map((m) => JSON.stringify(m)));
        expect(offered).toEqual(moves);
        expect(bigBoss.legalSummary(s, (s.turn + 1) % players)).toBeNull();
        checked++;
        bigBoss.applyInPlace(s, s.turn, bigBoss.randomMove(s, s.turn, rng)!);
      }
      expect(bigBoss.legalSummary(s, 0)).toBeNull();
    }
    expect(checked).toBeGreaterThan(2000);
    expect(phases).toEqual(new Set(['play', 'invest', 'play+pass', 'sell+pass']));
  });
});
