// Tests Bid and Veto, the test game of open windows and clocks: options, setup, windows, sealed answers.
import { describe, expect, it } from 'vitest';
import { botContext, randomBot } from '../bot.js';
import { CLOCK, eventsFor, type Emitted } from '../game.js';
import { parseRecord, recordedMoveJson, replay } from '../record.js';
import { Rng } from '../rng.js';
import {
  bidVeto,
  type BidVetoEvent,
  type BidVetoMove,
  type BidVetoOptions,
  type BidVetoState,
} from './bid-veto.js';

const options = (o: Partial<BidVetoOptions> = {}): BidVetoOptions => {
  const parsed = bidVeto.parseOptions({ players: 3, ...o });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};

const start = (o: Partial<BidVetoOptions> = {}, seed = 'seed'): BidVetoState => {
  const r = bidVeto.setup(options(o), seed);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.state;
};

/** A state with chosen veto cards (setup's draw replaced: tests need both cases). */
const withCards = (cards: boolean[], o: Partial<BidVetoOptions> = {}): BidVetoState => {
  const s = start({ players: cards.length, ...o });
  s.vetoCard = cards.slice();
  return s;
};

const play = (s: BidVetoState, seat: number, move: BidVetoMove) => {
  const r = bidVeto.apply(s, seat, move);
  if (!r.ok) throw new Error(`${r.error.kind}: ${r.error.message}`);
  return r.value;
};

const refused = (s: BidVetoState, seat: number, move: BidVetoMove): string => {
  const r = bidVeto.apply(s, seat, move);
  if (r.ok) throw new Error(`${JSON.stringify(move)} by seat ${seat} was accepted`);
  return r.error.kind;
};

const types = (events: readonly Emitted<BidVetoEvent>[]) => events.map((e) => e.event.type);

describe('options', () => {
  it('has defaults and validates with clear errors', () => {
    expect(bidVeto.parseOptions({ players: 2 })).toEqual({
      ok: true,
      value: { players: 2, rounds: 3, bidMs: 10000, vetoMs: 6000, vetoMinMs: 3000 },
    });
    const kind = (raw: unknown) => {
      const r = bidVeto.parseOptions(raw);
      return r.ok ? 'ok' : r.error.kind;
    };
    expect(kind(null)).toBe('invalid-options');
    expect(kind({ players: 5 })).toBe('invalid-players');
    expect(kind({ players: 1 })).toBe('invalid-players');
    expect(kind({ players: 2, rounds: 0 })).toBe('invalid-rounds');
    expect(kind({ players: 2, bidMs: -1 })).toBe('invalid-clock');
    expect(kind({ players: 2, vetoMs: 1000, vetoMinMs: 2000 })).toBe('invalid-clock');
    expect(kind({ players: 2, colour: 'red' })).toBe('unknown-option');
    expect(kind({ players: 4, rounds: 5, bidMs: 1, vetoMs: 1, vetoMinMs: 0 })).toBe('ok');
  });
});

describe('setup', () => {
  it('deals coins, secret veto cards and public prizes from the seed', () => {
    const r = bidVeto.setup(options({ players: 4, rounds: 5 }), 'abc');
    if (!r.ok) throw new Error();
    const s = r.value.state;
    expect(s.coins).toEqual([10, 10, 10, 10]);
    expect(s.prizes).toHaveLength(5);
    for (const p of s.prizes) expect(p >= 1 && p <= 10).toBe(true);
    // Each seat hears only its own card.
    for (let p = 0; p < 4; p++) {
      const cards = eventsFor(r.value.events, p).filter((e) => e.type === 'veto-card');
      expect(cards).toEqual([{ type: 'veto-card', seat: p, has: s.vetoCard[p] }]);
    }
    expect(eventsFor(r.value.events, null).some((e) => e.type === 'veto-card')).toBe(false);
    // Same seed, same game; the draw over many seeds is about half cards.
    expect(bidVeto.setup(options({ players: 4, rounds: 5 }), 'abc')).toEqual(r);
    let cards = 0;
    for (let i = 0; i < 400; i++)
      cards += start({ players: 4 }, `s${i}`).vetoCard.filter(Boolean).length;
    expect(cards).toBeGreaterThan(1600 * 0.45);
    expect(cards).toBeLessThan(1600 * 0.55);
  });
});

describe('the bidding window', () => {
  it('takes answers in any order and closes by itself after the last', () => {
    let s = withCards([false, false, false]);
    expect(bidVeto.concurrency!(s)).toBe('open');
    expect(bidVeto.activeSeats(s)).toEqual([0, 1, 2]);
    s = play(s, 2, { type: 'bid', amount: 4 }).state;
    expect(bidVeto.activeSeats(s)).toEqual([0, 1]);
    expect(bidVeto.clocks!(s)).toEqual([
      {
        id: 'bid:1',
        seats: [0, 1],
        ms: 10000,
        minMs: 0,
        running: true,
        expiry: { type: 'close-bids', round: 1 },
      },
    ]);
    s = play(s, 0, { type: 'pass' }).state;
    const last = play(s, 1, { type: 'bid', amount: 4 });
    // Tie at 4: the lowest seat (1) wins it; the veto window opens at once.
    expect(types(last.events)).toEqual(['bid', 'bidding-closed', 'veto-opened']);
    expect(last.events[2].event).toEqual({
      type: 'veto-opened',
      round: 1,
      bidder: 1,
      amount: 4,
      asked: [0, 2],
    });
    expect(last.state.phase).toBe('veto');
    expect(bidVeto.activeSeats(last.state)).toEqual([0, 2]);
  });

  it('bids are public events; a view shows who answered and what', () => {
    const s = play(withCards([true, false, true]), 1, { type: 'bid', amount: 3 });
    expect(s.events).toEqual([{ audience: 'all', event: { type: 'bid', seat: 1, amount: 3 } }]);
    expect(bidVeto.view(s.state, 0).bids).toEqual([null, 3, null]);
    expect(bidVeto.view(s.state, null).bids).toEqual([null, 3, null]);
  });

  it('the clock closes it: seats that did not answer pass', () => {
    let s = withCards([false, false, false]);
    s = play(s, 1, { type: 'bid', amount: 2 }).state;
    const [clock] = bidVeto.clocks!(s);
    const closed = play(s, CLOCK, clock.expiry);
    expect(types(closed.events)).toEqual(['pass', 'pass', 'bidding-closed', 'veto-opened']);
    expect(closed.events[0].event).toEqual({ type: 'pass', seat: 0, byClock: true });
    expect(closed.state.bids).toEqual([0, 2, 0]);
  });

  it('when everyone passes there is no veto window: the next round opens', () => {
    let s = withCards([true, true]);
    s = play(s, 0, { type: 'pass' }).state;
    const r = play(s, 1, { type: 'pass' });
    expect(types(r.events)).toEqual(['pass', 'bidding-closed', 'round-over', 'bidding-opened']);
    expect(r.state.round).toBe(2);
    expect(r.state.phase).toBe('bid');
    expect(r.state.scores).toEqual([0, 0]);
  });

  it('refuses stale and wrong moves with their kinds', () => {
    let s = withCards([false, true, false]);
    expect(refused(s, 0, { type: 'bid', amount: 11 })).toBe('not-enough-coins');
    expect(refused(s, 0, { type: 'veto' })).toBe('no-window');
    expect(refused(s, 0, { type: 'close-bids' })).toBe('clock-only');
    expect(refused(s, CLOCK, { type: 'pass' })).toBe('not-a-seat');
    expect(refused(s, 3, { type: 'pass' })).toBe('not-a-seat');
    expect(refused(s, CLOCK, { type: 'close-veto' })).toBe('no-window');
    expect(refused(s, 0, { type: 'pass', round: 2 })).toBe('stale-round');
    s = play(s, 0, { type: 'bid', amount: 5 }).state;
    expect(refused(s, 0, { type: 'bid', amount: 6 })).toBe('already-answered');
    expect(refused(s, 0, { type: 'pass' })).toBe('already-answered');
    s = play(s, 1, { type: 'pass' }).state;
    s = play(s, 2, { type: 'pass', round: 1 }).state;
    expect(s.phase).toBe('veto');
    expect(refused(s, 1, { type: 'bid', amount: 1 })).toBe('no-window');
    expect(refused(s, 0, { type: 'veto' })).toBe('not-asked');
    expect(refused(s, 2, { type: 'veto' })).toBe('no-veto-card');
    expect(refused(s, CLOCK, { type: 'close-bids' })).toBe('no-window');
    s = play(s, 1, { type: 'veto' }).state;
    expect(refused(s, 1, { type: 'let-pass' })).toBe('already-answered');
  });
});

/** A veto window: seat 0 bid 5, seats 1 and 2 asked; seat 1 holds a card. */
function vetoWindow(o: Partial<BidVetoOptions> = {}): BidVetoState {
  let s = withCards([false, true, false], o);
  s = play(s, 0, { type: 'bid', amount: 5 }).state;
  s = play(s, 1, { type: 'pass' }).state;
  return play(s, 2, { type: 'bid', amount: 2 }).state;
}

describe('the sealed veto window', () => {
  it('answers are sealed: their events reach the mover only', () => {
    const s = vetoWindow();
    for (const [seat, move] of [
      [1, { type: 'veto' }],
      [1, { type: 'let-pass' }],
      [2, { type: 'let-pass' }],
    ] as const) {
      expect(bidVeto.sealed!(s, seat, move)).toBe(true);
      const r = play(s, seat, move);
      expect(r.events.length).toBeGreaterThan(0);
      for (const e of r.events) expect(e.audience).toBe(seat);
    }
    expect(bidVeto.sealed!(withCards([true, true]), 0, { type: 'bid', amount: 1 })).toBe(false);
  });

  it('views say nothing of the others’ answers, not even whether they answered', () => {
    const s = vetoWindow();
    const answered = play(play(s, 1, { type: 'veto' }).state, 2, { type: 'let-pass' }).state;
    for (const viewer of [0, null])
      expect(bidVeto.view(answered, viewer)).toEqual(bidVeto.view(s, viewer));
    expect(bidVeto.view(answered, 1).veto?.answer).toBe('veto');
    expect(bidVeto.view(s, 1).veto?.answer).toBe(null);
    const other = play(s, 2, { type: 'let-pass' }).state;
    expect(bidVeto.view(other, 1)).toEqual(bidVeto.view(s, 1));
  });

  it('its clock never ends it sooner than minMs, and drops to minMs once all answered', () => {
    const s = vetoWindow({ vetoMs: 6000, vetoMinMs: 3000 });
    const clock = {
      id: 'veto:1',
      seats: [1, 2],
      ms: 6000,
      minMs: 3000,
      running: true,
      expiry: { type: 'close-veto', round: 1 },
    };
    expect(bidVeto.clocks!(s)).toEqual([clock]);
    const one = play(s, 2, { type: 'let-pass' }).state;
    expect(bidVeto.clocks!(one)).toEqual([clock]);
    const both = play(one, 1, { type: 'let-pass' }).state;
    expect(bidVeto.activeSeats(both)).toEqual([]);
    expect(bidVeto.clocks!(both)).toEqual([{ ...clock, ms: 3000 }]);
    // Nobody may move but the clock.
    expect(refused(both, 1, { type: 'veto' })).toBe('already-answered');
  });

  it('the clock reveals a veto publicly; nobody scores and the card is spent', () => {
    const s = play(vetoWindow(), 1, { type: 'veto' }).state;
    const r = play(s, CLOCK, bidVeto.clocks!(s)[0].expiry);
    expect(r.events.find((e) => e.event.type === 'veto-closed')).toEqual({
      audience: 'all',
      event: { type: 'veto-closed', round: 1, vetoed: true, vetoedBy: [1] },
    });
    expect(r.state.scores).toEqual([0, 0, 0]);
    expect(r.state.coins).toEqual([10, 10, 10]);
    expect(r.state.vetoCard[1]).toBe(false);
    expect(r.state.vetoUsed).toEqual([false, true, false]);
    expect(bidVeto.view(r.state, 0).players[1]).toEqual({
      coins: 10,
      score: 0,
      vetoCard: null,
      vetoUsed: true,
    });
    expect(r.state.round).toBe(2);
    expect(bidVeto.legalMoves(r.state, 1)).toHaveLength(11);
  });

  it('without a veto the bidder pays and scores the prize, even if nobody answered', () => {
    const s = vetoWindow();
    const prize = s.prizes[0];
    const r = play(s, CLOCK, { type: 'close-veto' });
    expect(r.events.find((e) => e.event.type === 'veto-closed')?.event).toEqual({
      type: 'veto-closed',
      round: 1,
      vetoed: false,
      vetoedBy: [],
    });
    expect(r.state.coins).toEqual([5, 10, 10]);
    expect(r.state.scores).toEqual([prize, 0, 0]);
    expect(r.state.vetoCard).toEqual([false, true, false]);
    expect(refused(r.state, CLOCK, { type: 'close-veto', round: 1 })).toBe('stale-round');
  });

  it('the last round ends the game; ties share the win', () => {
    let s = withCards([false, false], { rounds: 1 });
    s = play(s, 0, { type: 'pass' }).state;
    const r = play(s, 1, { type: 'pass' });
    expect(r.state.phase).toBe('over');
    expect(bidVeto.isOver(r.state)).toBe(true);
    expect(bidVeto.activeSeats(r.state)).toEqual([]);
    expect(bidVeto.clocks!(r.state)).toEqual([]);
    expect(bidVeto.outcome(r.state)?.winners).toEqual([0, 1]);
    expect(refused(r.state, 0, { type: 'pass' })).toBe('game-over');
    let t = withCards([false, false], { rounds: 1 });
    t = play(t, 1, { type: 'bid', amount: 1 }).state;
    t = play(t, 0, { type: 'pass' }).state;
    t = play(t, CLOCK, { type: 'close-veto' }).state;
    expect(bidVeto.outcome(t)).toMatchObject({ winners: [1], ranking: [1, 0] });
  });
});

describe('views and sampling', () => {
  it('a seat sees its own card only; a used card is public', () => {
    const s = withCards([true, false, true]);
    expect(bidVeto.view(s, 0).players.map((p) => p.vetoCard)).toEqual([true, null, null]);
    expect(bidVeto.view(s, 1).players.map((p) => p.vetoCard)).toEqual([null, false, null]);
    expect(bidVeto.view(s, null).players.map((p) => p.vetoCard)).toEqual([null, null, null]);
  });

  it('samples unknown cards as fair coins, consistent with the view', () => {
    const s = play(vetoWindow(), 1, { type: 'veto' }).state;
    const used = play(s, CLOCK, { type: 'close-veto' }).state; // seat 1 used its card
    const v = bidVeto.view(used, 0);
    const rng = Rng.fromSeed('x');
    let seat2 = 0;
    for (let i = 0; i < 2000; i++) {
      const t = bidVeto.sample(v, rng);
      expect(bidVeto.view(t, 0)).toEqual(v);
      expect(t.vetoCard[0]).toBe(false);
      expect(t.vetoCard[1]).toBe(false);
      if (t.vetoCard[2]) seat2++;
    }
    expect(seat2).toBeGreaterThan(900);
    expect(seat2).toBeLessThan(1100);
  });
});

describe('the random bot', () => {
  it('answers both windows from a view alone, with legal moves only', () => {
    const bot = randomBot(bidVeto);
    const s = vetoWindow();
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const ctx = botContext(`bot-${i}`, 1000);
      const veto = bot.chooseMove(bidVeto.view(s, 1), ctx) as BidVetoMove;
      expect(bidVeto.legalMoves(s, 1)).toContainEqual(veto);
      seen.add(veto.type);
      const start = withCards([false, true, false]);
      const bid = bot.chooseMove(bidVeto.view(start, 2), ctx) as BidVetoMove;
      expect(bidVeto.legalMoves(start, 2)).toContainEqual(bid);
    }
    expect([...seen].sort()).toEqual(['let-pass', 'veto']);
    expect(() => bot.chooseMove(bidVeto.view(s, 0), botContext('x', 1000))).toThrow(
      /no legal move/,
    );
  });
});

describe('parseMove and legalSummary', () => {
  it('parses moves with clear errors', () => {
    expect(bidVeto.parseMove({ type: 'bid', amount: 3 })).toEqual({
      ok: true,
      value: { type: 'bid', amount: 3 },
    });
    expect(bidVeto.parseMove({ type: 'close-veto', round: 2 })).toEqual({
      ok: true,
      value: { type: 'close-veto', round: 2 },
    });
    for (const raw of [
      null,
      { type: 'raise' },
      { type: 'bid' },
      { type: 'bid', amount: 0 },
      { type: 'bid', amount: 1.5 },
      { type: 'pass', amount: 1 },
      { type: 'pass', round: 0 },
    ]) {
      const r = bidVeto.parseMove(raw);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.kind).toBe('invalid-move');
    }
  });

  it('summarises legal moves compactly, null when the seat may not act', () => {
    let s = withCards([true, false]);
    expect(bidVeto.legalSummary(s, 0)).toEqual({
      window: 'bid',
      round: 1,
      bid: { min: 1, max: 10 },
      pass: true,
    });
    s = play(s, 0, { type: 'pass' }).state;
    expect(bidVeto.legalSummary(s, 0)).toBe(null);
    s = play(s, 1, { type: 'bid', amount: 10 }).state;
    expect(bidVeto.legalSummary(s, 0)).toEqual({
      window: 'veto',
      round: 1,
      veto: true,
      letPass: true,
    });
    expect(bidVeto.legalSummary(s, 1)).toBe(null);
    s = play(s, CLOCK, { type: 'close-veto' }).state;
    // Seat 1 spent all its coins: it may only pass.
    expect(bidVeto.legalSummary(s, 1)).toEqual({ window: 'bid', round: 2, bid: null, pass: true });
    expect(bidVeto.legalMoves(s, 1)).toEqual([{ type: 'pass' }]);
  });
});

/** Plays a random game: a random active seat moves, or the clock expires when none is left. */
function randomGame(opts: Partial<BidVetoOptions>, seed: string) {
  const rng = Rng.fromSeed(`play-${seed}`);
  const o = options(opts);
  const r = bidVeto.setup(o, seed);
  if (!r.ok) throw new Error();
  let s = r.value.state;
  const moves: Record<string, unknown>[] = [];
  for (let step = 0; !bidVeto.isOver(s); step++) {
    if (step > 1000) throw new Error('the game does not end');
    const active = bidVeto.activeSeats(s);
    // Sometimes the clock runs out while seats are still thinking.
    if (active.length === 0 || rng.int(6) === 0) {
      const [clock] = bidVeto.clocks!(s);
      expect(clock.minMs).toBeLessThanOrEqual(clock.ms);
      s = play(s, CLOCK, clock.expiry).state;
      moves.push(recordedMoveJson(CLOCK, clock.expiry));
      continue;
    }
    const seat = rng.pick(active);
    const move = bidVeto.randomMove(s, seat, rng)!;
    expect(bidVeto.legalMoves(s, seat)).toContainEqual(move);
    s = play(s, seat, move).state;
    moves.push(recordedMoveJson(seat, move));
  }
  return { state: s, record: { game: 'bid-veto', options: o, seed, moves } };
}

describe('random games', () => {
  it('finish, and their records (clock moves included) replay to the same state', () => {
    let clockMoves = 0;
    for (let i = 0; i < 60; i++) {
      const players = 2 + (i % 3);
      const { state, record } = randomGame({ players, rounds: 1 + (i % 5) }, `g${i}`);
      expect(state.outcome?.scores).toHaveLength(players);
      clockMoves += record.moves.filter((m) => m.seat === 'clock').length;
      const parsed = parseRecord(JSON.parse(JSON.stringify(record)));
      if (!parsed.ok) throw new Error(parsed.error.message);
      const again = replay(bidVeto, parsed.value);
      if (!again.ok) throw new Error(again.error.message);
      expect(again.value.state).toEqual(state);
      expect(JSON.stringify(bidVeto.summary(again.value.state))).toBe(
        JSON.stringify(bidVeto.summary(state)),
      );
    }
    expect(clockMoves).toBeGreaterThan(0);
  });
});
