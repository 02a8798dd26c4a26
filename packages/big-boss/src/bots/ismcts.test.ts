// Tests Big Boss's search: its fast playout moves stay legal and cover every kind of move, and it finds strong moves.
import { describe, expect, it } from 'vitest';
import { Rng, botContext, search, type SearchBudget } from '@boss-table/core';
import { position } from '@boss-table/big-boss/test-kit';
import { bigBoss } from '../game.js';
import { legalMoves } from '../play.js';
import type { BigBossState } from '../state.js';
import type { BigBossMove, RuleSet } from '../types.js';
import { bigBossHeuristicBot, heuristicMove } from './heuristic.js';
import {
  ISMCTS_LEVELS,
  bigBossHooks,
  candidateMoves,
  heuristicCandidates,
  ismctsBigBossBot,
} from './ismcts.js';
import { winChances } from './leaf.js';
import { fastRandomMove, policyMove } from './playout.js';

/** Positions of random games of both rule sets and 2–6 players, part way through. */
function positions(count: number, seed = 'p'): BigBossState[] {
  const out: BigBossState[] = [];
  for (let g = 0; out.length < count; g++) {
    const players = 2 + (g % 5);
    const rules: RuleSet = g % 2 === 0 ? 'modern' : 'original';
    const options = bigBoss.parseOptions({ players, rules });
    if (!options.ok) throw new Error(options.error.message);
    const setup = bigBoss.setup(options.value, `${seed}${g}`);
    if (!setup.ok) throw new Error(setup.error.message);
    const s = setup.value.state;
    const rng = Rng.fromSeed(`${seed}${g}`);
    const stop = rng.int(220);
    for (let t = 0; t < stop && !s.outcome; t++)
      bigBoss.applyInPlace(s, s.turn, bigBoss.randomMove(s, s.turn, rng)!);
    if (!s.outcome) out.push(s);
  }
  return out;
}

/** The kind of a move, finely: which buy, a merger's boost and acquirer, an invest's parts. */
function kindOf(m: BigBossMove): string {
  switch (m.type) {
    case 'buy':
      return `buy-${m.from}`;
    case 'expand':
      return m.acquirer
        ? 'merge-tie'
        : m.boost
          ? 'merge'
          : m.card.startsWith('I')
            ? 'expand'
            : 'level';
    case 'invest':
      return `invest-${m.shares.length}${m.tower ? '-tower' : ''}`;
    default:
      return m.type;
  }
}

const key = (m: BigBossMove) => JSON.stringify(bigBoss.parseMove(m));

describe('fast random moves for playouts', () => {
  it('are always legal and cover every kind of move, in both rule sets', () => {
    const kinds: Record<RuleSet, Set<string>> = { modern: new Set(), original: new Set() };
    const listed: Record<RuleSet, Set<string>> = { modern: new Set(), original: new Set() };
    for (const [i, start] of positions(120, 'fast').entries()) {
      const rng = Rng.fromSeed(`f${i}`);
      const s = bigBoss.clone(start);
      // Play each position out with the fast generator, checking every move against the list.
      for (let step = 0; !s.outcome && step < 400; step++) {
        const seat = s.turn;
        const legal = new Set(legalMoves(s, seat).map(key));
        for (const m of legalMoves(s, seat)) listed[s.config.rules].add(kindOf(m));
        const move = (step % 2 === 0 ? fastRandomMove : policyMove)(s, seat, rng);
        expect(move).toBeDefined();
        expect(legal.has(key(move!)), JSON.stringify(move)).toBe(true);
        kinds[s.config.rules].add(kindOf(move!));
        expect(bigBoss.applyInPlace(s, seat, move!)).toBeUndefined();
      }
    }
    // Every kind the full list offered somewhere, the fast generator produced somewhere.
    for (const rules of ['modern', 'original'] as const)
      expect([...kinds[rules]].sort()).toEqual([...listed[rules]].sort());
    expect(kinds.modern).toEqual(
      new Set([
        'buy-row',
        'buy-deck',
        'buy-levels',
        'found',
        'expand',
        'level',
        'merge',
        'merge-tie',
        'invest-0',
        'invest-1',
        'invest-2',
        'invest-0-tower',
        'invest-1-tower',
        'invest-2-tower',
        'sell',
        'pass',
      ]),
    );
  });

  it('play an Industry card onto a five-piece space (its sixth piece) rather than pass, as the heuristic does', () => {
    for (const rules of ['modern', 'original'] as const) {
      const t = position({
        rules,
        players: 2,
        cash: [0, 0],
        hands: ['I2', ''],
        companies: { lion: { track: '1 2:5 3', price: 20 } },
      });
      const sixth: BigBossMove = { type: 'expand', card: 'I2', space: 2 };
      const rng = Rng.fromSeed(rules);
      for (let i = 0; i < 20; i++) {
        expect(fastRandomMove(t.state, 0, rng)).toEqual(sixth);
        expect(policyMove(t.state, 0, rng, { epsilon: 0, buyWhenPlayable: 0 })).toEqual(sixth);
      }
      expect(heuristicMove(t.state, 0)).toEqual(sixth);
      expect(bigBossHeuristicBot().chooseMove(t.view(0), botContext('six', 50))).toEqual(sixth);
      // The sampler rebuilds a six-piece space as the view shows it.
      t.play(sixth, 'invest');
      const sampled = bigBoss.sample(t.view(1), rng);
      expect(sampled.pieces[1]).toBe(6);
      expect(bigBoss.view(sampled, 1)).toEqual(t.view(1));
    }
  });

  it('never returns a move when the seat may not act', () => {
    const [s] = positions(1, 'idle');
    const other = (s.turn + 1) % s.config.players;
    expect(fastRandomMove(s, other, Rng.fromSeed('x'))).toBeUndefined();
    expect(policyMove(s, other, Rng.fromSeed('x'))).toBeUndefined();
  });
});

describe('ismcts bot', () => {
  it('returns a legal move from the view alone under a 5 ms budget', () => {
    for (const [i, s] of positions(60, 'b').entries()) {
      const bot = ismctsBigBossBot('hard');
      const view = bigBoss.view(s, s.turn);
      const move = bot.chooseMove(view, botContext(`b${i}`, 1 + (i % 5)));
      const applied = bigBoss.apply(s, s.turn, move);
      expect(applied.ok, JSON.stringify(move)).toBe(true);
    }
  });

  it('searches every legal move but the choices that change nothing', () => {
    for (const [i, s] of positions(40, 'c').entries()) {
      const seat = s.turn;
      const candidates = candidateMoves(bigBoss.view(s, seat), seat, Rng.fromSeed(`c${i}`));
      const legal = new Set(legalMoves(s, seat).map(key));
      for (const m of candidates) expect(legal.has(key(m))).toBe(true);
      expect(new Set(candidates.map(key)).size).toBe(candidates.length);
      // Every play is there up to the company named in a founding.
      const plays = (ms: BigBossMove[]) =>
        new Set(
          ms
            .filter((m) => m.type !== 'found' && !(m.type === 'expand' && !m.card.startsWith('I')))
            .map(key),
        );
      expect(plays(candidates)).toEqual(plays(legalMoves(s, seat)));
    }
  });

  it('is deterministic under a fixed seed with an iteration budget', () => {
    const s = positions(20, 'det').find(
      (p) => candidateMoves(bigBoss.view(p, p.turn), p.turn, Rng.fromSeed('n')).length > 5,
    )!;
    const run = () =>
      search(
        bigBoss,
        bigBossHooks(ISMCTS_LEVELS.easy),
        { iterations: 300 },
        bigBoss.view(s, s.turn),
        s.turn,
        { rng: Rng.fromSeed('same'), deadline: Infinity },
      );
    const a = run();
    const b = run();
    expect(a.iterations).toBe(300);
    expect(a.move).toEqual(b.move);
    expect(a.visits).toEqual(b.visits);
  });

  /**
   * A search whose first candidate (the fallback) is the worst-ranked, so only playouts can
   * pick well. By default light playouts over every move (the easy level's search).
   */
  function searchReversed(
    view: ReturnType<typeof bigBoss.view>,
    seat: number,
    seed: string,
    config = ISMCTS_LEVELS.easy,
    budget: SearchBudget = { iterations: 1500 },
  ) {
    const hooks = bigBossHooks(config);
    const reversed = {
      ...hooks,
      candidates: (v: typeof view, p: number, rng: Rng) => hooks.candidates(v, p, rng).reverse(),
    };
    return search(bigBoss, reversed, budget, view, seat, {
      rng: Rng.fromSeed(seed),
      deadline: Infinity,
    });
  }

  /**
   * One piece left. I13 between Lion (20) and Lunar (30) merges them: seat 0's six Lion
   * shares are paid 6 × 21 (boosting Lion) and Lunar at 50 earns it 50, so it ends the game
   * with 40 + 50 + 126 = 216 against 180. I40 would only earn 4 from Vega (164: a loss),
   * and buying a card lets the others end the game.
   */
  const lastPieceMerger = () =>
    position({
      players: 3,
      companies: {
        lion: { track: '9 10 11:2 12', price: 20 },
        lunar: { track: '14 15:3', price: 30 },
        vega: { track: '41 42 43', price: 3 },
      },
      shares: [{ lion: 6 }, {}, {}],
      hands: ['I13 I40', 'I60 I61', 'I30 I31'],
      cash: [40, 180, 180],
      row: 'I50 I51 I52 I53 I54 I55',
      piecesLeft: 1,
    });

  it('plays the merger that wins the game with the last piece', () => {
    const result = searchReversed(lastPieceMerger().view(0), 0, 'merge');
    expect(result.move).toMatchObject({ type: 'expand', card: 'I13', space: 13, boost: 'lion' });
  });

  it('buys the tower that wins the game after the last piece', () => {
    // Seat 0 places the last piece on Regent (price 40 → 42) and earns 42; the game ends
    // after this invest. A tower for 15 counts as three shares (126): it turns 98 into 209,
    // more than the others' 150. Two shares alone would change nothing.
    const t = position({
      players: 3,
      companies: { regent: { track: '30 31 32', price: 40 } },
      hands: ['I33', 'I60', 'I61'],
      cash: [56, 150, 150],
      row: 'I50 I51 I52 I53 I54 I55',
      piecesLeft: 1,
    });
    t.play('expand I33 33');
    expect(t.state.phase).toBe('invest');
    const result = searchReversed(t.view(0), 0, 'tower');
    expect(result.move).toMatchObject({ type: 'invest', tower: true });
  });

  it("searches, at the medium and hard levels, the heuristic's best five from the view alone, its choice first", () => {
    expect(ISMCTS_LEVELS.hard.width).toBe(5);
    for (const [i, s] of positions(40, 'h').entries()) {
      const seat = s.turn;
      const view = bigBoss.view(s, seat);
      const a = heuristicCandidates(view, seat, Rng.fromSeed(`h${i}`), 5);
      if (s.phase !== 'play' && s.phase !== 'invest') continue;
      expect(a.length).toBeGreaterThan(0);
      expect(a.length).toBeLessThanOrEqual(5);
      const legal = new Set(legalMoves(s, seat).map(key));
      for (const m of a) expect(legal.has(key(m))).toBe(true);
      expect(new Set(a.map(key)).size).toBe(a.length);
      // The heuristic bot's own move leads.
      const own = bigBossHeuristicBot().chooseMove(view, botContext(`x${i}`, 1000));
      expect(key(a[0])).toBe(key(own));
      // Other hidden cards drawn for the same view change nothing.
      const b = heuristicCandidates(view, seat, Rng.fromSeed(`other${i}`), 5);
      expect(b.map(key)).toEqual(a.map(key));
    }
  });

  it('plays paired heuristic playouts: deterministic, every candidate on every draw, never a move outside them', () => {
    const s = positions(20, 'pair').find(
      (p) => heuristicCandidates(bigBoss.view(p, p.turn), p.turn, Rng.fromSeed('n'), 5).length > 2,
    )!;
    const run = () =>
      search(
        bigBoss,
        bigBossHooks(ISMCTS_LEVELS.hard),
        { iterations: 12, paired: true },
        bigBoss.view(s, s.turn),
        s.turn,
        { rng: Rng.fromSeed('same'), deadline: Infinity },
      );
    const a = run();
    const b = run();
    expect(a.iterations).toBe(12);
    expect(a.visits.every((v) => v === 12)).toBe(true);
    expect(a.values).toEqual(b.values);
    expect(a.move).toEqual(b.move);
    // The chosen move has the best total reward.
    const chosen = a.visits.findIndex((_, i) => a.values[i] === Math.max(...a.values));
    const candidates = heuristicCandidates(bigBoss.view(s, s.turn), s.turn, Rng.fromSeed('n'), 5);
    expect(key(a.move as BigBossMove)).toBe(key(candidates[chosen]));
  });

  it('finds, with paired heuristic playouts, the merger that wins with the last piece', () => {
    // The heuristic ranks the merger among its best five.
    const result = searchReversed(lastPieceMerger().view(0), 0, 'merge', ISMCTS_LEVELS.hard, {
      iterations: 20,
      paired: true,
    });
    // Boosting either company wins (356 or 350 against 190): both end the game in front.
    expect(result.move).toMatchObject({ type: 'expand', card: 'I13', space: 13 });
    expect(result.values[0]).toBeLessThan(result.values[result.values.length - 1]);
  });

  it('judges, at medium and hard, a cut playout by the fitted chance to win and a finished one by the result', () => {
    expect(ISMCTS_LEVELS.hard.leaf).toBe('fitted');
    const hooks = bigBossHooks(ISMCTS_LEVELS.hard);
    const cut = positions(40, 'leaf').find(
      (s) => s.config.rules === 'modern' && s.config.players === 4,
    )!;
    const chances = winChances(cut)!;
    for (let p = 0; p < cut.config.players; p++) expect(hooks.reward(cut, p)).toBe(chances[p]);
    // The last piece's merger (as above, at four players) ends the game with seat 0 in
    // front: a whole win, nothing for the others.
    const t = position({
      players: 4,
      companies: {
        lion: { track: '9 10 11:2 12', price: 20 },
        lunar: { track: '14 15:3', price: 30 },
      },
      shares: [{ lion: 6 }, {}, {}, {}],
      hands: ['I13 I40', 'I60 I61', 'I30 I31', 'I62 I63'],
      cash: [40, 180, 180, 180],
      row: 'I50 I51 I52 I53 I54 I55',
      piecesLeft: 1,
    });
    t.play('expand I13 13 boost:lion');
    t.play('invest');
    expect(t.state.outcome?.winners).toEqual([0]);
    expect([0, 1, 2, 3].map((p) => hooks.reward(t.state, p))).toEqual([1, 0, 0, 0]);
    // Where no judge was fitted (three players), a finished playout is judged as before.
    const three = lastPieceMerger();
    three.play('expand I13 13 boost:lion');
    three.play('invest');
    // (0.8 × the win share and 0.2 × the share of the top money: a loser gets something).
    expect(hooks.reward(three.state, 0)).toBe(1);
    expect(hooks.reward(three.state, 1)).toBeGreaterThan(0.1);
    // The original rules have no fitted judge: the heuristic's worth, squashed, as before.
    const old = positions(40, 'leaf').find((s) => s.config.rules === 'original')!;
    const v = hooks.reward(old, old.turn);
    expect(v).toBeGreaterThan(0);
    expect(v).toBeLessThan(1);
    expect(v).toBe(
      bigBossHooks({ ...ISMCTS_LEVELS.hard, leaf: 'heuristic' }).reward(old, old.turn),
    );
  });

  it("plays each playout move as the heuristic bot would from that seat's view", () => {
    // heuristicMove on a full state is what the heuristic bot does from that seat's view.
    for (const [i, s] of positions(30, 'hm').entries()) {
      const seat = s.turn;
      const own = bigBossHeuristicBot().chooseMove(
        bigBoss.view(s, seat),
        botContext(`y${i}`, 1000),
      );
      const direct = heuristicMove(s, seat);
      if (s.phase === 'play' || s.phase === 'invest') expect(key(direct!)).toBe(key(own));
    }
  });
});
