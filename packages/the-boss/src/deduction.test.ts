// Tests that The Boss's reward deduction matches brute-force enumeration and is certain when it should be.
import { describe, expect, it } from 'vitest';
import { Rng } from '@boss-table/core';
import { CARD_CITY, CARD_FACE, CARD_NAME, CITY_CARDS, CITY_SLOT, FACES } from './cities.js';
import { deduce, expectedPoints } from './deduction.js';
import { theBoss } from './game.js';
import type { BossState } from './state.js';
import type { BossView } from './view.js';

/** Plays random moves from a random start until `turns` turns of the game have passed. */
function position(seed: string, players: number, turns: number): BossState {
  const options = theBoss.parseOptions({ players, rules: players > 4 ? 'arena' : 'classic' });
  if (!options.ok) throw new Error(options.error.message);
  const setup = theBoss.setup(options.value, seed);
  if (!setup.ok) throw new Error(setup.error.message);
  const s = setup.value.state;
  const rng = Rng.fromSeed(seed);
  for (let t = 0; t < turns && !theBoss.isOver(s); t++)
    theBoss.applyInPlace(s, s.turn, theBoss.randomMove(s, s.turn, rng)!);
  return s;
}

/**
 * Brute force, independent of the deduction's reasoning: every way to put the cards this
 * seat has not seen into the places it cannot see (each city's reward, each hidden hand
 * card of a known city), each way equally likely as every deal is; count reward faces.
 */
function bruteForce(view: BossView): Map<string, Map<string, number>> {
  const box: number[] = [];
  for (const city of view.options.cities) box.push(...CITY_CARDS[CITY_SLOT.get(city)!]);
  const visible: string[] = [
    ...(view.hands[view.viewer!].cards ?? []),
    ...view.row.flatMap((c) => c.revealed),
  ];
  // Cards by name: remove one id per visible card name.
  const unseen = [...box];
  for (const name of visible) {
    const i = unseen.findIndex((id) => CARD_NAME[id] === name);
    unseen.splice(i, 1);
  }
  const places: { city: number; reward: boolean }[] = [];
  for (const city of view.options.cities) places.push({ city: CITY_SLOT.get(city)!, reward: true });
  view.hands.forEach((h, p) => {
    if (p === view.viewer) return;
    for (const c of h.cities) places.push({ city: CITY_SLOT.get(c)!, reward: false });
  });
  expect(places.length).toBe(unseen.length);
  const counts = new Map<string, Map<string, number>>();
  let total = 0;
  const used = new Array<boolean>(unseen.length).fill(false);
  const rewardOf = new Array<number>(places.length).fill(-1);
  const go = (k: number) => {
    if (k === places.length) {
      total++;
      places.forEach((pl, i) => {
        if (!pl.reward) return;
        const city =
          view.options.cities[view.options.cities.findIndex((c) => CITY_SLOT.get(c) === pl.city)];
        const face = FACES[CARD_FACE[rewardOf[i]]];
        const m = counts.get(city) ?? new Map<string, number>();
        m.set(face, (m.get(face) ?? 0) + 1);
        counts.set(city, m);
      });
      return;
    }
    for (let i = 0; i < unseen.length; i++) {
      if (used[i] || CARD_CITY[unseen[i]] !== places[k].city) continue;
      used[i] = true;
      rewardOf[k] = unseen[i];
      go(k + 1);
      used[i] = false;
    }
  };
  go(0);
  for (const m of counts.values()) for (const [f, c] of m) m.set(f, c / total);
  return counts;
}

describe('deduction of hidden rewards', () => {
  it('matches brute-force enumeration on many random positions', () => {
    let checked = 0;
    for (let g = 0; g < 60; g++) {
      const players = 2 + (g % 3);
      // Late in a round few cards are hidden, so enumeration stays small.
      const handSize = 5;
      const turns = players * handSize - players + (g % players);
      const s = position(`d${g}`, players, turns);
      if (theBoss.isOver(s)) continue;
      const hiddenCards = s.hands.reduce((n, h) => n + h.length, 0);
      if (hiddenCards > 8) continue;
      for (let seat = 0; seat < players; seat++) {
        const view = theBoss.view(s, seat);
        const exact = bruteForce(view);
        const deduced = deduce(view);
        expect(deduced.length).toBe(view.options.cities.length);
        for (const d of deduced) {
          const want = exact.get(d.city)!;
          const sum = Object.values(d.faces).reduce((a, b) => a + (b ?? 0), 0);
          expect(sum).toBeCloseTo(1, 12);
          expect(Object.keys(d.faces).sort()).toEqual([...want.keys()].sort());
          for (const [face, p] of want)
            expect(d.faces[face as keyof typeof d.faces]).toBeCloseTo(p, 9);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it("knows a reward for sure when a city's other cards are all seen", () => {
    const s = position('sure', 2, 0);
    const view = theBoss.view(s, 0);
    for (const d of deduce(view)) if (d.unseen === 1) expect(Object.values(d.faces)).toEqual([1]);
    // Before anything is revealed, the reward is one of the cards this seat does not hold.
    const own = new Set(view.hands[0].cards);
    for (const d of deduce(view)) {
      const slot = CITY_SLOT.get(d.city)!;
      const notHeld = CITY_CARDS[slot].filter((id) => !own.has(CARD_NAME[id])).length;
      expect(d.unseen).toBeLessThanOrEqual(notHeld);
    }
  });

  it('gives the expected points as Chicago counts them', () => {
    expect(expectedPoints({ city: 'boston', faces: { '3': 0.5, hospital: 0.5 }, unseen: 2 })).toBe(
      1.5,
    );
  });

  it('is empty once the game is over', () => {
    const s = position('over', 2, 10_000);
    expect(theBoss.isOver(s)).toBe(true);
    expect(deduce(theBoss.view(s, 0))).toEqual([]);
  });
});
