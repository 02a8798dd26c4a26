// Tests of the conformance kit itself: each broken copy of Bid and Veto is caught by the check it breaks.
/**
 * The conformance kit can fail: it runs on copies of Bid and Veto, each broken in one way a
 * real game could be, and must name the broken check. And it passes on the real one
 * (bid-veto.conformance.test.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  canonical,
  checkConformance,
  checkSamplerCalibration,
  ConformanceError,
  firstDifference,
  type ConformanceOptions,
} from './conformance.js';
import { CLOCK, type Emitted } from '../game.js';
import { err, gameError, ok } from '../result.js';
import type { Rng } from '../rng.js';
import {
  applyMove,
  bidVeto,
  cloneState,
  type BidVetoEvent,
  type BidVetoGame,
  type BidVetoState,
} from './bid-veto.js';

const opts: ConformanceOptions = {
  options: [{ players: 3 }, { players: 2, rounds: 4 }],
  seeds: ['x', 'y', 'z'],
  games: 6,
};

const failure = (game: BidVetoGame, o: ConformanceOptions = opts): ConformanceError => {
  try {
    checkConformance(game, o);
  } catch (e) {
    if (e instanceof ConformanceError) return e;
    throw e;
  }
  throw new Error('the kit found nothing wrong');
};

/** Applies with a rule changed: `broken` runs first and may take the move over. */
function withApply(
  broken: (s: BidVetoState, seat: number, move: Parameters<BidVetoGame['apply']>[2]) => boolean,
): BidVetoGame {
  const apply = (
    s: BidVetoState,
    seat: number,
    move: Parameters<BidVetoGame['apply']>[2],
    ev: Emitted<BidVetoEvent>[] | null,
  ) => (broken(s, seat, move) ? undefined : applyMove(s, seat, move, ev));
  return {
    ...bidVeto,
    apply(state, seat, move) {
      const next = cloneState(state);
      const events: Emitted<BidVetoEvent>[] = [];
      const e = apply(next, seat, move, events);
      return e ? err(e) : ok({ state: next, events });
    },
    applyInPlace: (state, seat, move) => apply(state, seat, move, null),
  };
}

describe('the conformance kit catches broken games', () => {
  it('the real Bid and Veto passes (the control)', () => {
    expect(checkConformance(bidVeto, opts).games).toBe(6);
  });

  it('a view that leaks the other seats’ veto cards', () => {
    const e = failure({
      ...bidVeto,
      view: (s, v) => ({ ...bidVeto.view(s, v), cards: s.vetoCard.slice() }) as never,
    });
    expect(e.check).toBe('views');
    expect(e.message).toMatch(/\$\.cards\[\d\]/);
  });

  it('a view that leaks the cards to spectators only', () => {
    const e = failure({
      ...bidVeto,
      view: (s, v) =>
        (v === null
          ? { ...bidVeto.view(s, v), cards: s.vetoCard.slice() }
          : bidVeto.view(s, v)) as never,
    });
    expect(e.check).toBe('spectator-views');
  });

  it('a sampler that ignores part of the view', () => {
    const e = failure({
      ...bidVeto,
      sample: (v, rng) => ({ ...bidVeto.sample(v, rng), scores: v.players.map(() => 0) }),
    });
    expect(e.check).toBe('views');
    expect(e.message).toMatch(/score/);
  });

  it('a sampler whose states cannot be played', () => {
    // Sampled states (only they) claim every seat is active, answered or not.
    type Marked = BidVetoState & { sampled?: true };
    const broken: BidVetoGame = {
      ...bidVeto,
      sample: (v, rng): Marked => ({ ...bidVeto.sample(v, rng), sampled: true }),
      activeSeats: (s: Marked) =>
        s.sampled && s.phase !== 'over' ? s.coins.map((_, i) => i) : bidVeto.activeSeats(s),
    };
    const e = failure(broken);
    // Seen in a sampled state (views), or on the way when playing one out.
    expect(['views', 'sample-playout']).toContain(e.check);
    expect(e.message).toMatch(/not playable|active .* but randomMove gives nothing/);
    // With no playouts, the views check sees it.
    const v = failure(broken, { ...opts, skip: { 'sample-playout': 'to reach the views check' } });
    expect(v.check).toBe('views');
    expect(v.message).toMatch(/not playable/);
  });

  it('legal moves that depend on what the seat cannot know', () => {
    // A seat may not bid its last coin when the next seat holds a veto card.
    const n = (s: BidVetoState, seat: number) => s.vetoCard[(seat + 1) % s.options.players];
    const e = failure({
      ...bidVeto,
      legalMoves: (s, seat) =>
        bidVeto
          .legalMoves(s, seat)
          .filter((m) => !(m.type === 'bid' && m.amount === s.coins[seat] && n(s, seat))),
    });
    expect(e.check).toBe('views');
    expect(e.message).toMatch(/must depend on its view only/);
  });

  it('a sampler that draws the unknown cards with the wrong chance', () => {
    const e = failure({
      ...bidVeto,
      sample: (v, rng) => {
        const t = bidVeto.sample(v, rng);
        // 3 in 4 instead of 1 in 2, consistent with the view all the same.
        t.vetoCard = t.vetoCard.map((c, i) =>
          i === v.viewer || v.players[i].vetoUsed ? c : rng.int(4) !== 0,
        );
        return t;
      },
    });
    expect(e.check).toBe('sampler-calibration');
    expect(e.message).toMatch(/vetoCard/);
    // Direct: the right sampler passes the same test.
    expect(() => checkSamplerCalibration(bidVeto, { players: 3 }, 300)).not.toThrow();
  });

  it('a randomMove that returns an illegal move', () => {
    const e = failure({
      ...bidVeto,
      randomMove: (s, seat, rng) => {
        const m = bidVeto.randomMove(s, seat, rng);
        return m?.type === 'bid' ? { type: 'bid', amount: s.coins[seat] + 1 } : m;
      },
    });
    expect(e.check).toBe('random-move');
  });

  it('a playRandomInPlace that does not play what randomMove draws', () => {
    // Right: the same draw, applied in place.
    const right: BidVetoGame = {
      ...bidVeto,
      playRandomInPlace: (s: BidVetoState, seat: number, rng: Rng) =>
        bidVeto.applyInPlace(s, seat, bidVeto.randomMove(s, seat, rng)!),
    };
    expect(() => checkConformance(right, opts)).not.toThrow();
    // Wrong: it draws once more than randomMove does.
    const e = failure({
      ...right,
      playRandomInPlace: (s, seat, rng) => {
        rng.int(2);
        return bidVeto.applyInPlace(s, seat, bidVeto.randomMove(s, seat, rng)!);
      },
    });
    expect(e.check).toBe('random-move');
    expect(e.message).toMatch(/playRandomInPlace/);
  });

  it('apply accepting a move that legalMoves does not list (a bid above the coins held)', () => {
    const e = failure(
      withApply((s, seat, move) => {
        if (
          move.type !== 'bid' ||
          s.phase !== 'bid' ||
          seat < 0 ||
          seat >= s.options.players ||
          s.bids[seat] >= 0 ||
          move.amount <= s.coins[seat]
        )
          return false;
        s.bids[seat] = move.amount;
        return true;
      }),
    );
    expect(e.check).toBe('legality');
    expect(e.message).toMatch(/legalMoves does not list/);
  });

  it('legalMoves listing a move that apply refuses (a veto without a card)', () => {
    const e = failure({
      ...bidVeto,
      legalMoves: (s, seat) => {
        const moves = bidVeto.legalMoves(s, seat);
        return s.phase === 'veto' && moves.length === 1 ? [...moves, { type: 'veto' }] : moves;
      },
    });
    expect(e.check).toBe('legality');
    expect(e.message).toMatch(/no-veto-card/);
  });

  it('a legalSummary for a seat that may not act', () => {
    const e = failure({
      ...bidVeto,
      legalSummary: (s, seat) => bidVeto.legalSummary(s, seat) ?? { window: 'none' },
    });
    expect(e.check).toBe('legality');
    expect(e.message).toMatch(/legalSummary/);
  });

  it('applyInPlace that disagrees with apply', () => {
    const e = failure({
      ...bidVeto,
      applyInPlace: (s, seat, move) => {
        const r = bidVeto.applyInPlace(s, seat, move);
        if (!r && move.type === 'close-veto') s.scores[0] += 1;
        return r;
      },
    });
    expect(e.check).toBe('apply-in-place');
  });

  it('apply that changes its input state', () => {
    const broken: BidVetoGame = {
      ...bidVeto,
      apply(state, seat, move) {
        const events: Emitted<BidVetoEvent>[] = [];
        const broken = applyMove(state, seat, move, events);
        return broken ? err(broken) : ok({ state, events });
      },
    };
    // Trying legal moves on a state that each one changes fails first...
    expect(failure(broken).check).toBe('legality');
    // ...and the apply check says it plainly.
    const e = failure(broken, { ...opts, skip: { legality: 'to reach the apply check' } });
    expect(e.check).toBe('apply-in-place');
    expect(e.message).toMatch(/changed its input/);
  });

  it('a clock whose shortest length exceeds its length', () => {
    const e = failure({
      ...bidVeto,
      clocks: (s) => bidVeto.clocks!(s).map((c) => ({ ...c, minMs: c.ms + 1 })),
    });
    expect(e.check).toBe('clocks');
  });

  it('a clock whose expiry the clock may not play', () => {
    const e = failure({
      ...bidVeto,
      clocks: (s) => bidVeto.clocks!(s).map((c) => ({ ...c, expiry: { type: 'pass' as const } })),
    });
    expect(e.check).toBe('clocks');
  });

  it('a sealed answer announced to everyone', () => {
    const e = failure({
      ...bidVeto,
      apply(state, seat, move) {
        const r = bidVeto.apply(state, seat, move);
        if (!r.ok || (move.type !== 'veto' && move.type !== 'let-pass')) return r;
        return ok({
          ...r.value,
          events: r.value.events.map((x) => ({ ...x, audience: 'all' as const })),
        });
      },
    });
    expect(e.check).toBe('sealed');
    expect(e.message).toMatch(/to everyone/);
  });

  it('a view that tells whether the others have answered a sealed window', () => {
    const e = failure({
      ...bidVeto,
      view: (s, v) => ({ ...bidVeto.view(s, v), waitingFor: bidVeto.activeSeats(s) }) as never,
      sample: (v, rng) => bidVeto.sample(v, rng),
    });
    // Either check may see it first: the sampler cannot reproduce it, and the sealed move changes it.
    expect(['views', 'spectator-views', 'sealed']).toContain(e.check);
  });

  it('setup that does not follow the seed (replay differs)', () => {
    let calls = 0;
    const e = failure({
      ...bidVeto,
      setup: (o, seed) => bidVeto.setup(o, `${seed}${calls++}`),
    });
    expect(e.check).toBe('replay');
  });

  it('a game that stops with nobody to act and no clock', () => {
    const e = failure({
      ...bidVeto,
      clocks: undefined,
      activeSeats: (s) => (s.round > 1 ? [] : bidVeto.activeSeats(s)),
    });
    // The random game or a playout from a sampled state meets it first.
    expect(['play', 'sample-playout']).toContain(e.check);
    expect(e.message).toMatch(/stuck/);
  });

  it('a randomMove that is legal but not uniform', () => {
    const e = failure({
      ...bidVeto,
      randomMove: (s, seat, rng) => {
        const m = bidVeto.randomMove(s, seat, rng);
        // Bids of 1 twice as likely as the others.
        return m?.type === 'bid' && rng.int(2) === 0 && s.coins[seat] >= 1
          ? { type: 'bid', amount: 1 }
          : m;
      },
    });
    expect(e.check).toBe('random-move');
    expect(e.message).toMatch(/not uniform/);
  });

  it('an event addressed to nobody at the table', () => {
    const e = failure({
      ...bidVeto,
      apply(state, seat, move) {
        const r = bidVeto.apply(state, seat, move);
        return r.ok && move.type === 'bid'
          ? ok({
              ...r.value,
              events: [...r.value.events, { audience: 7, event: { type: 'oops' } as never }],
            })
          : r;
      },
    });
    expect(e.check).toBe('events');
  });

  it('events that a replay does not emit again', () => {
    let n = 0;
    const e = failure({
      ...bidVeto,
      apply(state, seat, move) {
        const r = bidVeto.apply(state, seat, move);
        return r.ok && !bidVeto.sealed!(state, seat, move)
          ? ok({
              ...r.value,
              events: [
                ...r.value.events,
                { audience: 'all', event: { type: 'tick', n: n++ } as never },
              ],
            })
          : r;
      },
    });
    expect(e.check).toBe('replay');
    expect(e.message).toMatch(/other events/);
  });

  it('a sealed answer that shrinks the clock everyone sees', () => {
    const e = failure({
      ...bidVeto,
      clocks: (s) =>
        bidVeto.clocks!(s).map((c) =>
          s.phase === 'veto' ? { ...c, seats: bidVeto.activeSeats(s) } : c,
        ),
    });
    expect(e.check).toBe('sealed');
    expect(e.message).toMatch(/clocks everyone sees/);
  });

  it('a view that shares its arrays with the state', () => {
    const e = failure({
      ...bidVeto,
      view: (s, v) => ({ ...bidVeto.view(s, v), bids: s.bids as never }),
    });
    // Either the JSON check (bids of -1 are not null) or the aliasing check may see it first.
    expect(['views', 'spectator-views', 'apply-in-place']).toContain(e.check);
    const shared = failure({
      ...bidVeto,
      view: (s, v) => ({ ...bidVeto.view(s, v), coins: s.coins }) as never,
    });
    expect(shared.check).toBe('apply-in-place');
    expect(shared.message).toMatch(/shares data with the state/);
  });

  it('a sampler that shares its arrays with the view', () => {
    const e = failure({
      ...bidVeto,
      sample: (v, rng) => ({ ...bidVeto.sample(v, rng), history: v.history as never }),
    });
    expect(e.check).toBe('sample-playout');
    expect(e.message).toMatch(/shares data with its view/);
  });

  it('a game that throws says where', () => {
    const e = failure({
      ...bidVeto,
      legalSummary: (s, seat) => {
        if (s.round === 2) throw new Error('boom');
        return bidVeto.legalSummary(s, seat);
      },
    });
    expect(e.check).toBe('crash');
    expect(e.message).toMatch(
      /The game threw: boom \(game bid-veto, options .*, seed "x", after \d+ moves\)/,
    );
  });

  it('a concurrency that is neither turn nor open', () => {
    const e = failure({ ...bidVeto, concurrency: () => 'any' as never });
    expect(e.check).toBe('legality');
    expect(e.message).toMatch(/concurrency/);
  });

  it('a game whose clock seat may play moves of the seats', () => {
    const e = failure(
      withApply((s, seat, move) => seat === CLOCK && move.type === 'pass' && s.phase === 'bid'),
    );
    expect(e.check).toBe('legality');
  });
});

describe('helpers', () => {
  it('canonical ignores key order and undefined fields', () => {
    expect(canonical({ b: 1, a: [1, { d: undefined, c: 2 }] })).toBe(
      canonical({ a: [1, { c: 2 }], b: 1 }),
    );
    expect(canonical({ a: 1 })).not.toBe(canonical({ a: 2 }));
  });

  it('firstDifference finds the first place two values differ', () => {
    expect(
      firstDifference({ a: [1, 2], b: new Map([[1, 'x']]) }, { a: [1, 2], b: new Map([[1, 'x']]) }),
    ).toBe(null);
    expect(firstDifference({ a: [1, 2] }, { a: [1, 3] })).toBe('$.a[1]: 2 ≠ 3');
    expect(firstDifference({ a: undefined }, {})).toBe(null);
    expect(firstDifference(new Set([1]), new Set([2]))).toMatch(/one Set only/);
    expect(firstDifference(new Uint8Array([1]), new Uint8Array([2]))).toBe('$[0]: 1 ≠ 2');
  });

  it('refuses to run with nothing to play', () => {
    expect(() => checkConformance(bidVeto, { options: [], seeds: ['a'] })).toThrow(/at least one/);
  });
});

// Errors are values in the game API: a broken copy above returns them like the real one.
void gameError;
