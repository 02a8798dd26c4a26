/**
 * Properties over thousands of random games (issue 2, "Tests"): conservation of cards and
 * cubes, one leader per city, replay determinism, views and events that hide what they
 * must, and a sampler consistent with the view that covers every possibility.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Rng,
  eventsFor,
  replay,
  type Emitted,
  type GameRecord,
  type RecordedMove,
} from '@boss-table/core';
import {
  CARD_NAME,
  CHICAGO,
  CITY_CARDS,
  COMBINATIONS,
  EXTRA_COMBINATIONS,
  LOCAL_CITY_IDS,
  SAINT_LOUIS,
  SLOTS,
} from './cities.js';
import { handSizeFor } from './options.js';
import type { BossEvent } from './events.js';
import { theBoss } from './game.js';
import { BIG_CUBES, SMALL_CUBES, bigFit, type BossState } from './state.js';
import { countPlacements, forEachPlacement, placementAt } from './placement.js';

interface Table {
  readonly players: number;
  readonly rules: 'classic' | 'arena';
  readonly policeTiming: 'last-turn' | 'dealer-two-cards';
  readonly seed: string;
  /** Further options: Saint Louis, explicit or custom cities, dealer, overtime cap. */
  readonly extra?: Readonly<Record<string, unknown>>;
}

const LOCAL_SLOTS = LOCAL_CITY_IDS.map((_, slot) => slot);
/** Every set of local cities (as slots) that deals evenly with at least 2 cards each. */
const customCombos = (players: number, saintLouis: boolean): number[][] => {
  const out: number[][] = [];
  for (let mask = 1; mask < 1 << LOCAL_SLOTS.length; mask++) {
    const slots = LOCAL_SLOTS.filter((slot) => mask & (1 << slot));
    if (!saintLouis && slots.includes(SAINT_LOUIS)) continue;
    if ((handSizeFor(slots, players) ?? 0) >= 2) out.push(slots);
  }
  return out;
};

const tables: fc.Arbitrary<Table> = fc
  .record({
    players: fc.integer({ min: 2, max: 6 }),
    arena: fc.boolean(),
    saintLouis: fc.boolean(),
    policeTiming: fc.constantFrom('last-turn' as const, 'dealer-two-cards' as const),
    seed: fc.string({ minLength: 1, maxLength: 12 }),
    cities: fc.constantFrom('drawn' as const, 'listed' as const, 'custom' as const),
    pick: fc.nat(),
    dealer: fc.oneof(fc.constant('random' as const), fc.nat({ max: 5 })),
    maxOvertimeRounds: fc.integer({ min: 0, max: 3 }),
  })
  .map((r) => {
    const rules = r.players > 4 || r.arena ? ('arena' as const) : ('classic' as const);
    const saintLouis = rules === 'arena' || r.saintLouis;
    const extra: Record<string, unknown> = {
      saintLouis,
      dealer: r.dealer === 'random' ? 'random' : r.dealer % r.players,
      maxOvertimeRounds: r.maxOvertimeRounds,
    };
    const ids = (slots: readonly number[]) => slots.map((slot) => LOCAL_CITY_IDS[slot]);
    if (r.cities === 'listed') {
      const combos = [...COMBINATIONS[r.players], ...(EXTRA_COMBINATIONS[r.players] ?? [])].filter(
        (c) => saintLouis || !c.includes(SAINT_LOUIS + 1),
      );
      extra.cities = ids(combos[r.pick % combos.length].map((n) => n - 1));
    } else if (r.cities === 'custom') {
      const combos = customCombos(r.players, saintLouis);
      extra.cities = ids(combos[r.pick % combos.length]);
      extra.custom = true;
    }
    return {
      players: r.players,
      rules,
      policeTiming: r.policeTiming,
      seed: `SEED<${r.seed}>`,
      extra,
    };
  });

interface Played {
  readonly record: GameRecord;
  readonly states: BossState[];
  readonly events: Emitted<BossEvent>[];
  readonly perMove: Emitted<BossEvent>[][];
}

/** Plays a random game through `apply`, keeping every state and event. */
function play(t: Table): Played {
  const options = {
    players: t.players,
    rules: t.rules,
    policeTiming: t.policeTiming,
    ...t.extra,
  };
  const parsed = theBoss.parseOptions(options);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const setup = theBoss.setup(parsed.value, t.seed);
  if (!setup.ok) throw new Error(setup.error.message);
  let state = setup.value.state;
  const states = [state];
  const events = [...setup.value.events];
  const perMove: Emitted<BossEvent>[][] = [];
  const moves: RecordedMove[] = [];
  const rng = Rng.fromSeed(`moves/${t.seed}`);
  while (!theBoss.isOver(state)) {
    const seat = theBoss.activeSeats(state)[0];
    const move = theBoss.randomMove(state, seat, rng)!;
    const applied = theBoss.apply(state, seat, move);
    if (!applied.ok) throw new Error(`random move refused: ${applied.error.message}`);
    moves.push({ seat, ...move });
    state = applied.value.state;
    states.push(state);
    events.push(...applied.value.events);
    perMove.push([...applied.value.events]);
  }
  return { record: { game: 'the-boss', options, seed: t.seed, moves }, states, events, perMove };
}

const RUNS = { seed: 20261123, numRuns: 1000 };

/** A check for hot loops: `expect` is too slow to call millions of times. */
function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`property broken: ${what}`);
}

/** Per seat: 6 big cubes in all, small cubes used once; one leader per city. */
function checkCubes(t: Table, states: readonly BossState[]): void {
  const smallUsedBefore = new Array<number>(t.players).fill(0);
  let round = 1;
  for (const s of states) {
    if (s.round !== round && !s.outcome) {
      round = s.round;
      for (let p = 0; p < t.players; p++) smallUsedBefore[p] = SMALL_CUBES - s.smallLeft[p];
    }
    for (let p = 0; p < t.players; p++) {
      const available = bigFit(s, p);
      const out = s.hospital[p] + s.prisonFresh[p] + s.prisonOld[p] + s.bigDead[p];
      check(available + out === BIG_CUBES, `seat ${p} has 6 big cubes`);
      let bigOnBoard = 0;
      let smallOnBoard = 0;
      for (let slot = 0; slot < SLOTS; slot++) {
        bigOnBoard += s.big[p * SLOTS + slot];
        smallOnBoard += s.small[p * SLOTS + slot];
      }
      if (!s.outcome) {
        check(bigOnBoard === s.bigPlaced[p], 'big cubes on the board are those placed');
        check(bigOnBoard <= available, 'no more big cubes placed than available');
        check(
          smallOnBoard + s.smallLeft[p] + smallUsedBefore[p] === SMALL_CUBES,
          'small cubes are used once',
        );
      }
    }
    for (const slot of s.row) {
      const totals = Array.from(
        { length: t.players },
        (_, p) => s.big[p * SLOTS + slot] + s.small[p * SLOTS + slot],
      );
      const most = Math.max(...totals);
      if (most > 0) check(totals.filter((x) => x === most).length === 1, 'one leader per city');
    }
  }
}

describe('properties of random games', () => {
  it('conserves cards and cubes, reveals every dealt card, never has two leaders', () => {
    fc.assert(
      fc.property(tables, (t) => {
        const { states, events } = play(t);
        checkCubes(t, states);
        for (const s of states) {
          if (s.outcome) continue;
          // Each city's cards are exactly its reward, its revealed cards and those in hands.
          for (const slot of s.config.slots) {
            const here = [
              s.rewards[slot],
              ...s.revealed[slot],
              ...s.hands.flat().filter((id) => CITY_CARDS[slot].includes(id)),
            ].sort((a, b) => a - b);
            check(
              here.join() === [...CITY_CARDS[slot]].sort((a, b) => a - b).join(),
              `every card of city ${slot} is somewhere, once`,
            );
          }
          check(s.revealed[CHICAGO].length === 0, 'no card under Chicago');
        }
        // Per round: cards revealed = cards dealt.
        let dealt = 0;
        let revealed = 0;
        for (const { event } of events) {
          if (event.type === 'round-started') {
            dealt = event.handCities.flat().length;
            revealed = 0;
          } else if (event.type === 'card-revealed') revealed++;
          else if (event.type === 'round-ended')
            check(revealed === dealt, 'every dealt card revealed');
        }
      }),
      RUNS,
    );
  });

  it('replays a record to an identical state with the same events', () => {
    fc.assert(
      fc.property(tables, (t) => {
        const { record, states, events } = play(t);
        const replayed = replay(theBoss, record, { keepEvents: true });
        if (!replayed.ok) throw new Error(replayed.error.message);
        expect(replayed.value.state).toEqual(states[states.length - 1]);
        expect(replayed.value.events).toEqual(events);
        expect(theBoss.summary(replayed.value.state)).toEqual(
          theBoss.summary(states[states.length - 1]),
        );
      }),
      { ...RUNS, numRuns: 300 },
    );
  });

  it('replays under another seed when the record spells out its chance', () => {
    const POLICE = ['silver', 'gold', 'double'];
    fc.assert(
      fc.property(tables, (t) => {
        const { record, states, events } = play(t);
        const initial = states[0];
        const deals: { rewards: Record<string, string>; hands: string[][] }[] = [];
        for (const { event } of events) {
          if (event.type === 'round-started')
            deals[event.round - 1] = { rewards: {}, hands: event.handCities.map(() => []) };
          else if (event.type === 'hand-dealt')
            deals[deals.length - 1].hands[event.seat] = [...event.cards];
          else if (event.type === 'reward-revealed')
            deals[deals.length - 1].rewards[event.city] = event.face;
        }
        const explicit: GameRecord = {
          ...record,
          seed: `another ${record.seed}`,
          options: {
            ...(record.options as object),
            cities: initial.config.slots.map((slot) => LOCAL_CITY_IDS[slot]),
            dealer: initial.dealer,
          },
          deals,
          police: [...initial.policeFlipped, ...initial.policeDeck.slice().reverse()].map(
            (code) => POLICE[code],
          ),
        };
        const replayed = replay(theBoss, explicit, { keepEvents: true });
        if (!replayed.ok) throw new Error(replayed.error.message);
        const last = states[states.length - 1];
        expect(theBoss.summary(replayed.value.state)).toEqual(theBoss.summary(last));
        expect(theBoss.outcome(replayed.value.state)).toEqual(theBoss.outcome(last));
        expect(replayed.value.events.map((e) => e.event)).toEqual(events.map((e) => e.event));
      }),
      { ...RUNS, numRuns: 200 },
    );
  });

  it('shows each viewer only what it may know, in views and in events', () => {
    fc.assert(
      fc.property(tables, fc.integer({ min: 0, max: 1000 }), (t, pick) => {
        const { states, events } = play(t);
        const s = states[pick % states.length];
        const rng = Rng.fromSeed(`views/${pick}`);
        for (const viewer of [...Array.from({ length: t.players }, (_, p) => p), null]) {
          const view = theBoss.view(s, viewer);
          const json = JSON.stringify(view);
          expect(json).not.toContain('SEED<');
          expect(json).not.toMatch(/"(rng|rewards|seed|policeDeck)"/);
          view.hands.forEach((h, p) => expect(h.cards === null).toBe(p !== viewer));
          // Another hidden state the viewer cannot tell apart gives the very same view:
          // the view depends on nothing hidden from it.
          if (viewer !== null && !s.outcome) {
            const other = theBoss.sample(view, rng);
            expect(theBoss.view(other, viewer)).toEqual(view);
          }
        }
        // A spectator's view is the same whatever the hands and rewards.
        if (!s.outcome) {
          const other = theBoss.sample(theBoss.view(s, 0), rng);
          expect(theBoss.view(other, null)).toEqual(theBoss.view(s, null));
        }
        // Private events go to their seat only; what a seat is sent names no other hand.
        for (const { audience, event } of events) {
          if (event.type === 'hand-dealt') expect(audience).toBe(event.seat);
          else expect(audience).toBe('all');
        }
        for (let p = 0; p < t.players; p++)
          for (const e of eventsFor(events, p)) if (e.type === 'hand-dealt') expect(e.seat).toBe(p);
        expect(eventsFor(events, null).some((e) => e.type === 'hand-dealt')).toBe(false);
      }),
      { ...RUNS, numRuns: 300 },
    );
  });
});

describe('moves', () => {
  it('every legal move applies, apply leaves its input alone and agrees with applyInPlace', () => {
    fc.assert(
      fc.property(tables, fc.integer({ min: 0, max: 1000 }), (t, pick) => {
        const { states } = play(t);
        const s = states[pick % states.length];
        const frozen = JSON.stringify(s);
        if (s.outcome) {
          expect(theBoss.activeSeats(s)).toEqual([]);
          for (let p = 0; p < t.players; p++) expect(theBoss.legalMoves(s, p)).toEqual([]);
          const outcome = theBoss.outcome(s)!;
          expect([...outcome.ranking].sort()).toEqual(
            Array.from({ length: t.players }, (_, p) => p),
          );
          expect(outcome.winners).toContain(outcome.ranking[0]);
          return;
        }
        const [seat] = theBoss.activeSeats(s);
        const legal = theBoss.legalMoves(s, seat);
        expect(legal.length).toBeGreaterThan(0);
        const keys = new Set(legal.map((m) => JSON.stringify(m)));
        expect(keys.size).toBe(legal.length);
        const rng = Rng.fromSeed(`moves/${pick}`);
        for (let i = 0; i < 5; i++)
          expect(keys.has(JSON.stringify(theBoss.randomMove(s, seat, rng)))).toBe(true);
        for (let p = 0; p < t.players; p++)
          if (p !== seat) expect(theBoss.apply(s, p, legal[0]).ok).toBe(false);
        // Every move when there are few; a spread of them when there are many.
        const step = Math.max(1, Math.floor(legal.length / 12));
        for (const move of legal.filter((_, i) => i % step === 0)) {
          // A move may come from outside as JSON: it parses to itself.
          const parsed = theBoss.parseMove(JSON.parse(JSON.stringify(move)));
          expect(parsed.ok && parsed.value).toEqual(move);
          const applied = theBoss.apply(s, seat, move);
          if (!applied.ok) throw new Error(`legal move refused: ${applied.error.message}`);
          const inPlace = theBoss.clone(s);
          expect(theBoss.applyInPlace(inPlace, seat, move)).toBeUndefined();
          expect(inPlace).toEqual(applied.value.state);
        }
        expect(JSON.stringify(s)).toBe(frozen);
      }),
      { ...RUNS, numRuns: 200 },
    );
  });
});

describe('views hide what they must', () => {
  it('do not change when only what a viewer cannot see changes', () => {
    fc.assert(
      fc.property(tables, fc.integer({ min: 0, max: 1000 }), (t, pick) => {
        const { states } = play(t);
        const s = states[pick % states.length];
        const viewers = [...Array.from({ length: t.players }, (_, p) => p), null];
        const before = viewers.map((v) => JSON.stringify(theBoss.view(s, v)));
        const same = (x: BossState, hiddenFrom: (v: number | null) => boolean) =>
          viewers.forEach((v, i) => {
            if (hiddenFrom(v)) expect(JSON.stringify(theBoss.view(x, v))).toBe(before[i]);
          });
        // Another generator state and another order of the police cards still face down.
        const reseeded = theBoss.clone(s);
        reseeded.rng = Rng.fromSeed(`other/${pick}`);
        reseeded.policeDeck = Rng.fromSeed(`police/${pick}`).shuffle(reseeded.policeDeck);
        same(reseeded, () => true);
        if (s.outcome) return;
        // A card of another seat's hand swapped with its city's face-down reward: only that
        // seat may notice (it sees its hand), and nobody else.
        for (let o = 0; o < t.players; o++) {
          s.hands[o].forEach((id, h) => {
            const slot = s.config.slots.find((sl) => CITY_CARDS[sl].includes(id))!;
            if (CARD_NAME[s.rewards[slot]] === CARD_NAME[id]) return;
            const swapped = theBoss.clone(s);
            swapped.hands[o][h] = s.rewards[slot];
            swapped.rewards[slot] = id;
            same(swapped, (v) => v !== o);
            expect(JSON.stringify(theBoss.view(swapped, o))).not.toBe(before[o]);
          });
        }
        // Two other seats exchanging same-city cards: only those two may notice.
        for (let a = 0; a < t.players; a++)
          for (let b = a + 1; b < t.players; b++)
            s.hands[a].forEach((x, i) =>
              s.hands[b].forEach((y, j) => {
                const city = (id: number) => CITY_CARDS.findIndex((c) => c.includes(id));
                if (city(x) !== city(y) || CARD_NAME[x] === CARD_NAME[y]) return;
                const swapped = theBoss.clone(s);
                swapped.hands[a][i] = y;
                swapped.hands[b][j] = x;
                same(swapped, (v) => v !== a && v !== b);
              }),
            );
      }),
      { ...RUNS, numRuns: 300 },
    );
  });
});

describe('the sampler', () => {
  it('draws states consistent with the view it was drawn from', () => {
    fc.assert(
      fc.property(tables, fc.integer({ min: 0, max: 1000 }), (t, pick) => {
        const { states } = play(t);
        const s = states[pick % states.length];
        if (s.outcome) return;
        const rng = Rng.fromSeed(`sample/${pick}`);
        for (let p = 0; p < t.players; p++) {
          const view = theBoss.view(s, p);
          const sampled = theBoss.sample(view, rng);
          expect(theBoss.view(sampled, p)).toEqual(view);
          // A sampled state is a real position: play it to the end.
          const play = theBoss.clone(sampled);
          while (!play.outcome)
            expect(
              theBoss.applyInPlace(play, play.turn, theBoss.randomMove(play, play.turn, rng)!),
            ).toBeUndefined();
        }
      }),
      { ...RUNS, numRuns: 300 },
    );
  });

  it('covers every hidden state consistent with a view, in proportion', () => {
    // Late in a 2-player round few cards are hidden: enumerate them all.
    let checked = 0;
    for (let g = 0; checked < 6 && g < 200; g++) {
      const t: Table = { players: 2, rules: 'classic', policeTiming: 'last-turn', seed: `c${g}` };
      const { states } = play(t);
      const s = states.find(
        (x) => !x.outcome && x.hands.every((h) => h.length === 2) && x.round === 1,
      );
      if (!s) continue;
      const viewer = s.turn;
      const view = theBoss.view(s, viewer);
      const key = (x: BossState) =>
        JSON.stringify([
          x.config.slots.map((slot) => CARD_NAME[x.rewards[slot]]),
          x.hands.map((h) => h.map((id) => CARD_NAME[id])),
        ]);
      // Brute force: every assignment of this view's unseen card names to hidden places.
      const unseenBySlot = new Map<number, string[]>();
      const seenNames = [
        ...(view.hands[viewer].cards ?? []),
        ...view.row.flatMap((c) => c.revealed),
      ];
      for (const slot of s.config.slots) {
        const names = CITY_CARDS[slot].map((id) => CARD_NAME[id] as string);
        for (const seen of seenNames) {
          const i = names.indexOf(seen);
          if (i >= 0) names.splice(i, 1);
        }
        unseenBySlot.set(slot, names);
      }
      const exact = new Map<string, number>();
      let total = 0;
      const other = 1 - viewer;
      const otherSlots = s.hands[other].map((id) =>
        s.config.slots.find((sl) => CITY_CARDS[sl].includes(id))!,
      );
      const perms = (xs: string[]): string[][] =>
        xs.length <= 1
          ? [xs]
          : xs.flatMap((x, i) =>
              perms([...xs.slice(0, i), ...xs.slice(i + 1)]).map((r) => [x, ...r]),
            );
      // Each city's unseen cards permuted over (reward, then that city's hidden hand slots).
      const perCity = s.config.slots.map((slot) => perms(unseenBySlot.get(slot)!));
      const combine = (i: number, chosen: string[][]) => {
        if (i === perCity.length) {
          const rewards = chosen.map((c) => c[0]);
          const hand = otherSlots.map(() => '');
          s.config.slots.forEach((slot, k) => {
            let j = 1;
            otherSlots.forEach((sl, h) => {
              if (sl === slot) hand[h] = chosen[k][j++];
            });
          });
          const hands = [] as string[][];
          hands[viewer] = [...view.hands[viewer].cards!];
          hands[other] = hand.sort(
            (a, b) => CARD_NAME.indexOf(a as never) - CARD_NAME.indexOf(b as never),
          );
          const k = JSON.stringify([rewards, hands]);
          exact.set(k, (exact.get(k) ?? 0) + 1);
          total++;
          return;
        }
        for (const p of perCity[i]) combine(i + 1, [...chosen, p]);
      };
      combine(0, []);
      const rng = Rng.fromSeed(`cover/${g}`);
      const draws = 4000;
      const seen = new Map<string, number>();
      for (let i = 0; i < draws; i++) {
        const k = key(theBoss.sample(view, rng));
        seen.set(k, (seen.get(k) ?? 0) + 1);
      }
      // Every possibility is drawn, nothing else is, and each about as often as it should be.
      expect(new Set(seen.keys())).toEqual(new Set(exact.keys()));
      for (const [k, n] of exact) {
        const expected = (n / total) * draws;
        const sd = Math.sqrt(expected * (1 - n / total));
        expect(Math.abs((seen.get(k) ?? 0) - expected)).toBeLessThan(5 * sd + 1);
      }
      checked++;
    }
    expect(checked).toBe(6);
  });

  it('counts the placements of every city as enumerating them does, and draws each by its index', () => {
    let checked = 0;
    for (let g = 0; g < 60; g++) {
      const players = 2 + (g % 3);
      const parsed = theBoss.parseOptions({ players });
      if (!parsed.ok) throw new Error(parsed.error.message);
      const setup = theBoss.setup(parsed.value, `count/${g}`);
      if (!setup.ok) throw new Error(setup.error.message);
      const s = setup.value.state;
      const rng = Rng.fromSeed(`count-moves/${g}`);
      while (!s.outcome) {
        const seat = s.turn;
        const counts = new Array<number>(SLOTS).fill(0);
        const total = countPlacements(s, seat, counts);
        const listed: [number, number, number][] = [];
        const perSlot = new Array<number>(SLOTS).fill(0);
        expect(
          forEachPlacement(s, seat, (slot, big, small) => {
            listed.push([slot, big, small]);
            perSlot[slot]++;
          }),
        ).toBe(total);
        for (const slot of s.row) expect(counts[slot]).toBe(perSlot[slot]);
        listed.forEach((p, i) => expect(placementAt(s, seat, counts, i)).toEqual(p));
        checked += listed.length;
        theBoss.applyInPlace(s, seat, theBoss.randomMove(s, seat, rng)!);
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
