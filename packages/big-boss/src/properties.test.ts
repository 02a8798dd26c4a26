/**
 * Properties over random games of both rule sets and 2–6 players: what is conserved, prices,
 * replay determinism, views and events that hide what they must, legal moves, and a sampler
 * consistent with the view. Each checker is also run on a state broken on purpose, so a
 * checker that checks nothing fails.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventsFor, replay, Rng, type Emitted, type GameRecord } from '@boss-table/core';
import {
  cardCode,
  isIndustry,
  MOST_PIECES_ON_A_SPACE,
  MAX_PRICE,
  PIECES,
  SPACES,
  spaceAt,
  TOWERS_PER_PLAYER,
} from './companies.js';
import { bigBoss } from './game.js';
import { expandTarget } from './play.js';
import { allCards } from './setup.js';
import { ACTIVE, COMPANY_COUNT, GONE, NEVER, shareIndex, type BigBossState } from './state.js';
import type { BigBossEvent, BigBossMove, RuleSet } from './types.js';

interface Table {
  readonly players: number;
  readonly rules: RuleSet;
  readonly firstPlayer: number | undefined;
  readonly seed: string;
}

const tables: fc.Arbitrary<Table> = fc
  .record({
    players: fc.integer({ min: 2, max: 6 }),
    rules: fc.constantFrom('modern' as const, 'original' as const),
    first: fc.option(fc.nat({ max: 5 }), { nil: undefined }),
    seed: fc.string({ minLength: 1, maxLength: 12 }),
  })
  .map((r) => ({
    players: r.players,
    rules: r.rules,
    firstPlayer: r.first === undefined ? undefined : r.first % r.players,
    seed: `SEED<${r.seed}>`,
  }));

interface Played {
  readonly record: GameRecord;
  readonly states: BigBossState[];
  readonly moves: { seat: number; move: BigBossMove }[];
  readonly events: Emitted<BigBossEvent>[];
  readonly perMove: Emitted<BigBossEvent>[][];
}

/** Plays a random game through `apply`, keeping every state and event. */
function play(t: Table): Played {
  const options: Record<string, unknown> = { players: t.players, rules: t.rules };
  if (t.firstPlayer !== undefined) options.firstPlayer = t.firstPlayer;
  const parsed = bigBoss.parseOptions(options);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const setup = bigBoss.setup(parsed.value, t.seed);
  if (!setup.ok) throw new Error(setup.error.message);
  let state = setup.value.state;
  const states = [state];
  const events = [...setup.value.events];
  const perMove: Emitted<BigBossEvent>[][] = [];
  const moves: { seat: number; move: BigBossMove }[] = [];
  const rng = Rng.fromSeed(`moves/${t.seed}`);
  while (!bigBoss.isOver(state)) {
    const seat = bigBoss.activeSeats(state)[0];
    const move = bigBoss.randomMove(state, seat, rng)!;
    const applied = bigBoss.apply(state, seat, move);
    if (!applied.ok) throw new Error(`random move refused: ${applied.error.message}`);
    moves.push({ seat, move });
    state = applied.value.state;
    states.push(state);
    events.push(...applied.value.events);
    perMove.push([...applied.value.events]);
  }
  return {
    record: {
      game: 'big-boss',
      options,
      seed: t.seed,
      moves: moves.map(({ seat, move }) => ({ seat, ...move })),
    },
    states,
    moves,
    events,
    perMove,
  };
}

const RUNS = { seed: 20261124, numRuns: 300 };

/**
 * What every state keeps: the list of broken invariants (empty when all hold).
 *
 * - Pieces: those on the track plus those left are 92; at most 5 a space.
 * - Cards: hands, row, deck, discards and the Level stack are exactly the rule set's cards;
 *   a hand's known cards are among its cards.
 * - Shares: for a company in play, the bank's plus the players' are 12 (7); a company never
 *   in play has them all in the bank; an acquired one has none anywhere, and no tower,
 *   headquarters or space.
 * - Track: a space has pieces exactly when it has a company in play; companies are single
 *   runs on the loop, never touching another company, with their headquarters on them.
 * - Prices between 3 and 50 for companies in play; towers standing ≤ placed ≤ 2; cash ≥ 0.
 */
function broken(s: BigBossState): string[] {
  const out: string[] = [];
  const { players, rules, sharesPerCompany } = s.config;
  const onTrack = s.pieces.reduce((a, b) => a + b, 0);
  if (onTrack + s.piecesLeft !== PIECES) out.push(`pieces: ${onTrack} + ${s.piecesLeft} ≠ 92`);
  if (s.pieces.some((p) => p < 0 || p > MOST_PIECES_ON_A_SPACE))
    out.push('a space with over six pieces');
  const cards = [...s.hands.flat(), ...s.row, ...s.deck, ...s.discards];
  for (let i = 0; i < s.levels; i++) cards.push(80);
  if (
    cards.sort((a, b) => a - b).join() !==
    allCards(rules)
      .sort((a, b) => a - b)
      .join()
  )
    out.push('cards are not the rule set’s cards, each once');
  s.known.forEach((known, p) => {
    const hand = s.hands[p].slice();
    for (const id of known) {
      const i = hand.indexOf(id);
      if (i < 0) out.push(`seat ${p} is known to hold ${cardCode(id)} but does not`);
      else hand.splice(i, 1);
    }
  });
  for (let c = 0; c < COMPANY_COUNT; c++) {
    let held = 0;
    for (let p = 0; p < players; p++) held += s.shares[shareIndex(p, c)];
    const spaces = s.owner.filter((o) => o === c).length;
    if (s.status[c] === ACTIVE) {
      if (held + s.sharesLeft[c] !== sharesPerCompany)
        out.push(`company ${c}: shares not conserved`);
      if (s.price[c] < 3 || s.price[c] > MAX_PRICE) out.push(`company ${c}: price ${s.price[c]}`);
      if (spaces < 3 || s.owner[s.hq[c] - 1] !== c)
        out.push(`company ${c}: spaces or headquarters`);
      // One run on the loop: exactly one space of it whose predecessor is not (unless it fills the loop).
      let starts = 0;
      for (let x = 1; x <= SPACES; x++)
        if (s.owner[x - 1] === c && s.owner[spaceAt(x, -1) - 1] !== c) starts++;
      if (starts !== 1 && spaces < SPACES) out.push(`company ${c}: not one run`);
    } else {
      const bank = s.status[c] === NEVER ? sharesPerCompany : 0;
      if (held !== 0 || s.sharesLeft[c] !== bank) out.push(`company ${c}: shares outside play`);
      if (spaces !== 0 || s.hq[c] !== 0 || s.tower[c] !== -1)
        out.push(`company ${c}: on the board`);
      if (s.status[c] === NEVER && s.price[c] !== 0)
        out.push(`company ${c}: priced before founding`);
    }
  }
  for (let i = 0; i < SPACES; i++) {
    const o = s.owner[i];
    if (o >= 0 !== s.pieces[i] > 0) out.push(`space ${i + 1}: pieces without a company`);
    if (o >= 0 && s.status[o] !== ACTIVE) out.push(`space ${i + 1}: company not in play`);
    const next = s.owner[(i + 1) % SPACES];
    if (o >= 0 && next >= 0 && o !== next)
      out.push(`spaces ${i + 1}/${i + 2}: two companies touch`);
  }
  for (let p = 0; p < players; p++) {
    const standing = s.tower.filter((t) => t === p).length;
    if (standing > s.towersPlaced[p] || s.towersPlaced[p] > TOWERS_PER_PLAYER)
      out.push(`seat ${p}: towers`);
    if (s.cash[p] < 0) out.push(`seat ${p}: cash below 0`);
  }
  if (!s.outcome && s.passes >= players) out.push('everyone passed but the game goes on');
  out.push(...brokenClues(s));
  return out;
}

/**
 * Pass clues: each seat holds at least `count` unseen cards that are none of `without`; in a
 * seat's list, counts rise and each `without` holds the next one's.
 */
function brokenClues(s: BigBossState): string[] {
  const out: string[] = [];
  s.passClues.forEach((clues, p) => {
    const unseen = s.hands[p].slice();
    for (const id of s.known[p]) if (unseen.includes(id)) unseen.splice(unseen.indexOf(id), 1);
    clues.forEach((c, j) => {
      const free = unseen.filter((id) => !c.without.includes(id)).length;
      if (c.count < 1 || free < c.count)
        out.push(`seat ${p}: holds ${free} cards its passes allow, not ${c.count}`);
      const older = clues[j - 1];
      if (older && (older.count >= c.count || c.without.some((id) => !older.without.includes(id))))
        out.push(`seat ${p}: pass clues out of order`);
    });
  });
  return out;
}

/** Cash flows each event stands for, per seat. */
function flows(events: readonly Emitted<BigBossEvent>[], players: number): number[] {
  const d = new Array<number>(players).fill(0);
  for (const { event: e } of events) {
    if (e.type === 'bought') d[e.seat] -= e.cost;
    else if (e.type === 'earned') d[e.seat] += e.amount;
    else if (e.type === 'invested') d[e.seat] -= e.cost;
    else if (e.type === 'sold') d[e.seat] += e.amount;
    else if (e.type === 'merged') e.payouts.forEach((x, p) => (d[p] += x));
  }
  return d;
}

describe('properties of random games', () => {
  it('the invariant checker catches broken states', () => {
    const { states } = play({ players: 3, rules: 'modern', firstPlayer: 0, seed: 'control' });
    const s = states[Math.floor(states.length / 2)];
    expect(broken(s)).toEqual([]);
    const breakers: ((x: BigBossState) => void)[] = [
      (x) => x.piecesLeft--,
      (x) => x.deck.pop(),
      (x) => x.hands[0].push(x.hands[1][0] ?? 1),
      (x) => (x.sharesLeft[x.status.indexOf(ACTIVE)] -= 1),
      (x) => (x.price[x.status.indexOf(ACTIVE)] = 51),
      (x) => (x.owner[x.owner.findIndex((o) => o >= 0)] = -1),
      (x) => (x.known[0] = [...x.known[0], 999]),
      (x) => (x.passClues[0] = [{ count: x.hands[0].length + 1, without: [] }]),
      (x) => (x.passClues[1] = [{ count: 1, without: x.hands[1] }]),
    ];
    for (const breakIt of breakers) {
      const x = bigBoss.clone(s);
      breakIt(x);
      expect(broken(x)).not.toEqual([]);
    }
  });

  it('conserve pieces, cards and shares, keep prices in 3..50 and rising, and move cash only by the listed flows', () => {
    fc.assert(
      fc.property(tables, (t) => {
        const { states, perMove } = play(t);
        for (const s of states) {
          const bad = broken(s);
          if (bad.length) throw new Error(bad.join('; '));
        }
        for (let i = 0; i < perMove.length; i++) {
          const before = states[i];
          const after = states[i + 1];
          const d = flows(perMove[i], t.players);
          for (let p = 0; p < t.players; p++)
            if (after.cash[p] - before.cash[p] !== d[p])
              throw new Error(`move ${i}: seat ${p}'s cash moved outside the listed flows`);
          for (let c = 0; c < COMPANY_COUNT; c++)
            if (after.status[c] !== GONE && after.price[c] < before.price[c])
              throw new Error(`move ${i}: a price fell`);
        }
        const last = states[states.length - 1];
        const over = perMove.flat().filter((e) => e.event.type === 'game-over');
        expect(over).toHaveLength(1);
        if (last.piecesLeft > 0) expect(last.passes).toBe(t.players);
      }),
      RUNS,
    );
  });

  it('replays a record to an identical state with the same events', () => {
    fc.assert(
      fc.property(tables, (t) => {
        const { record, states, events } = play(t);
        const replayed = replay(bigBoss, JSON.parse(JSON.stringify(record)), { keepEvents: true });
        if (!replayed.ok) throw new Error(replayed.error.message);
        expect(replayed.value.state).toEqual(states[states.length - 1]);
        expect(replayed.value.events).toEqual(events);
      }),
      { ...RUNS, numRuns: 100 },
    );
  });
});

/** Industry cards hidden from a viewer: the deck and other seats' hands beyond their known cards. */
function hiddenIndustry(s: BigBossState, viewer: number | null): number[] {
  const out = s.deck.filter(isIndustry);
  s.hands.forEach((hand, p) => {
    if (p === viewer) return;
    out.push(...hand.filter((id) => isIndustry(id) && !s.known[p].includes(id)));
  });
  return out;
}

describe('views and events hide what they must', () => {
  it('a view names no hidden card, no deck order and no seed', () => {
    fc.assert(
      fc.property(tables, fc.nat(), (t, pick) => {
        const { states } = play(t);
        const s = states[pick % states.length];
        // The scan finds hidden cards in the full state, so finding none in a view means something.
        const full = JSON.stringify({
          ...s,
          hands: s.hands.map((h) => h.map(cardCode)),
          deck: s.deck.map(cardCode),
        });
        for (const id of hiddenIndustry(s, null)) expect(full).toContain(`"${cardCode(id)}"`);
        for (const viewer of [...Array.from({ length: t.players }, (_, p) => p), null]) {
          const json = JSON.stringify(bigBoss.view(s, viewer));
          expect(json).not.toContain('SEED<');
          expect(json).not.toMatch(/"(rng|deck|hands|seed)"/);
          for (const id of hiddenIndustry(s, viewer))
            if (json.includes(`"${cardCode(id)}"`))
              throw new Error(`seat ${viewer}'s view shows hidden card ${cardCode(id)}`);
        }
      }),
      RUNS,
    );
  });

  it('a view does not change when only what that viewer cannot see changes', () => {
    fc.assert(
      fc.property(tables, fc.nat(), (t, pick) => {
        const { states } = play(t);
        const s = states[pick % states.length];
        const viewers = [...Array.from({ length: t.players }, (_, p) => p), null];
        const before = viewers.map((v) => JSON.stringify(bigBoss.view(s, v)));
        const same = (x: BigBossState, hiddenFrom: (v: number | null) => boolean) =>
          viewers.forEach((v, i) => {
            if (hiddenFrom(v)) expect(JSON.stringify(bigBoss.view(x, v))).toBe(before[i]);
          });
        // Another generator and another deck order: nobody may notice.
        const reshuffled = bigBoss.clone(s);
        reshuffled.rng = Rng.fromSeed(`other/${pick}`);
        Rng.fromSeed(`deck/${pick}`).shuffle(reshuffled.deck);
        same(reshuffled, () => true);
        // An unknown card of a hand swapped with a deck card: only that seat may notice.
        for (let o = 0; o < t.players; o++) {
          const h = s.hands[o].findIndex((id) => !s.known[o].includes(id));
          const d = s.deck.findIndex((id) => id !== s.hands[o][h]);
          if (h < 0 || d < 0) continue;
          const swapped = bigBoss.clone(s);
          swapped.hands[o][h] = s.deck[d];
          swapped.deck[d] = s.hands[o][h];
          swapped.hands[o].sort((a, b) => a - b);
          same(swapped, (v) => v !== o);
          expect(JSON.stringify(bigBoss.view(swapped, o))).not.toBe(before[o]);
        }
      }),
      RUNS,
    );
  });

  it('private events go to their seat only; public events name no card drawn unseen', () => {
    fc.assert(
      fc.property(tables, (t) => {
        const { events } = play(t);
        for (const { audience, event } of events) {
          if (event.type === 'dealt' || event.type === 'drew') expect(audience).toBe(event.seat);
          else expect(audience).toBe('all');
          if (event.type === 'bought') expect(event.card === null).toBe(event.from === 'deck');
        }
        for (let p = 0; p < t.players; p++)
          for (const e of eventsFor(events, p))
            if (e.type === 'dealt' || e.type === 'drew') expect(e.seat).toBe(p);
      }),
      { ...RUNS, numRuns: 100 },
    );
  });
});

describe('moves', () => {
  it('every legal move applies and parses back from JSON; apply leaves its input alone and agrees with applyInPlace; randomMove is legal', () => {
    fc.assert(
      fc.property(tables, fc.nat(), (t, pick) => {
        const { states } = play(t);
        const s = states[pick % states.length];
        const frozen = JSON.stringify(s);
        if (s.outcome) {
          expect(bigBoss.activeSeats(s)).toEqual([]);
          const outcome = bigBoss.outcome(s)!;
          expect([...outcome.ranking].sort()).toEqual(
            Array.from({ length: t.players }, (_, p) => p),
          );
          expect(outcome.winners).toContain(outcome.ranking[0]);
          return;
        }
        const [seat] = bigBoss.activeSeats(s);
        const legal = bigBoss.legalMoves(s, seat);
        expect(legal.length).toBeGreaterThan(0);
        const keys = new Set(legal.map((m) => JSON.stringify(m)));
        expect(keys.size).toBe(legal.length);
        const rng = Rng.fromSeed(`moves/${pick}`);
        for (let i = 0; i < 5; i++)
          expect(keys.has(JSON.stringify(bigBoss.randomMove(s, seat, rng)))).toBe(true);
        for (let p = 0; p < t.players; p++) {
          if (p === seat) continue;
          expect(bigBoss.legalMoves(s, p)).toEqual([]);
          expect(bigBoss.apply(s, p, legal[0]).ok).toBe(false);
        }
        const step = Math.max(1, Math.floor(legal.length / 15));
        for (const move of legal.filter((_, i) => i % step === 0)) {
          const parsed = bigBoss.parseMove(JSON.parse(JSON.stringify(move)));
          expect(parsed.ok && JSON.stringify(parsed.value)).toBe(JSON.stringify(move));
          const applied = bigBoss.apply(s, seat, move);
          if (!applied.ok) throw new Error(`legal move refused: ${applied.error.message}`);
          const inPlace = bigBoss.clone(s);
          expect(bigBoss.applyInPlace(inPlace, seat, move)).toBeUndefined();
          expect(inPlace).toEqual(applied.value.state);
        }
        expect(JSON.stringify(s)).toBe(frozen);
      }),
      RUNS,
    );
  });

  it('lists every expansion a Level card may make: each space expandTarget takes, and no other', () => {
    fc.assert(
      fc.property(tables, fc.nat(), (t, pick) => {
        const { states } = play(t);
        const s = states[pick % states.length];
        if (s.outcome) return;
        const [seat] = bigBoss.activeSeats(s);
        const legal = bigBoss.legalMoves(s, seat);
        if (!legal.some((m) => m.type === 'expand' || m.type === 'found')) return;
        const levels = [...new Set(s.hands[seat])].filter((c) => !isIndustry(c));
        const listed = new Set(
          legal.flatMap((m) => (m.type === 'expand' ? [`${m.card}@${m.space}`] : [])),
        );
        for (const card of levels)
          for (let space = 1; space <= SPACES; space++)
            expect(
              listed.has(`${cardCode(card)}@${space}`),
              `${cardCode(card)} on space ${space}`,
            ).toBe(!('message' in expandTarget(s, card, space)));
      }),
      RUNS,
    );
  });
});

describe('the sampler', () => {
  it('draws states whose view for that seat is the view, and that play on to the end', () => {
    fc.assert(
      fc.property(tables, fc.nat(), (t, pick) => {
        const { states } = play(t);
        const s = states[pick % states.length];
        const rng = Rng.fromSeed(`sample/${pick}`);
        for (let p = 0; p < t.players; p++) {
          const view = bigBoss.view(s, p);
          const sampled = bigBoss.sample(view, rng);
          expect(bigBoss.view(sampled, p)).toEqual(view);
          expect(broken(sampled)).toEqual([]);
          const x = bigBoss.clone(sampled);
          while (!x.outcome)
            expect(
              bigBoss.applyInPlace(x, x.turn, bigBoss.randomMove(x, x.turn, rng)!),
            ).toBeUndefined();
        }
      }),
      { ...RUNS, numRuns: 150 },
    );
  });

  it('deals every hand as its seat’s passes allow (a pass: no card it held could be played)', () => {
    let clued = 0;
    for (let g = 0; g < 24; g++) {
      const t: Table = {
        players: 2 + (g % 4),
        rules: g % 2 === 0 ? 'original' : 'modern',
        firstPlayer: 0,
        seed: `clues${g}`,
      };
      const { states } = play(t);
      // The end of a game, where the passes are.
      for (const s of states.slice(-40, -1)) {
        const bad = brokenClues(s);
        if (bad.length) throw new Error(`the true state: ${bad.join('; ')}`);
        const rng = Rng.fromSeed(`clues${g}/${states.indexOf(s)}`);
        for (let p = 0; p < t.players; p++) {
          const view = bigBoss.view(s, p);
          if (view.seats.some((seat, q) => q !== p && seat.passClues.length > 0)) clued++;
          for (let k = 0; k < 3; k++) {
            const sampled = bigBoss.sample(view, rng);
            const wrong = brokenClues(sampled);
            if (wrong.length) throw new Error(`a sample: ${wrong.join('; ')}`);
          }
        }
      }
    }
    expect(clued).toBeGreaterThan(200);
  });

  it('puts each unseen card in each hidden place in proportion to its size', () => {
    const { states } = play({ players: 3, rules: 'modern', firstPlayer: 0, seed: 'spread' });
    const s = states[20];
    const viewer = 0;
    const view = bigBoss.view(s, viewer);
    const unknown = view.seats.map((seat, p) =>
      p === viewer ? 0 : seat.handCount - seat.known.length,
    );
    const pool = unknown.reduce((a, b) => a + b, 0) + view.deckCount;
    const card = hiddenIndustry(s, viewer)[0];
    const rng = Rng.fromSeed('spread');
    const draws = 6000;
    const inHand = new Array<number>(3).fill(0);
    for (let i = 0; i < draws; i++) {
      const x = bigBoss.sample(view, rng);
      x.hands.forEach((h, p) => {
        if (h.includes(card)) inHand[p]++;
      });
    }
    for (let p = 1; p < 3; p++) {
      const q = unknown[p] / pool;
      const sd = Math.sqrt(draws * q * (1 - q));
      expect(Math.abs(inHand[p] - draws * q)).toBeLessThan(5 * sd + 1);
    }
    expect(inHand[0]).toBe(0);
  });
});
