// Tests that Big Boss's rule-of-thumb bot plays legal moves from its view alone, deterministically, and sensibly.
import { describe, expect, it } from 'vitest';
import { botContext, randomBot, Rng } from '@boss-table/core';
import { bigBoss } from '../game.js';
import { position } from '../test-kit.js';
import type { BigBossMove, BigBossView } from '../types.js';
import { bigBossHeuristicBot, DEFAULT_HEURISTIC } from './heuristic.js';

const options = (players: number, rules: 'modern' | 'original') => {
  const parsed = bigBoss.parseOptions({ players, rules });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};

const choose = (view: BigBossView, seed = 'h'): BigBossMove =>
  bigBossHeuristicBot().chooseMove(view, { rng: Rng.fromSeed(seed), deadline: Infinity });

describe('Big Boss heuristic bot', () => {
  it('makes a legal move from the view alone with a 1 ms budget, both rule sets, 2–6 players', () => {
    const bot = bigBossHeuristicBot();
    const random = randomBot(bigBoss);
    let decisions = 0;
    const kinds = new Set<string>();
    for (let g = 0; g < 20; g++) {
      const players = 2 + (g % 5);
      const rules = g % 2 === 0 ? 'modern' : 'original';
      const setup = bigBoss.setup(options(players, rules), `legal-${g}`);
      if (!setup.ok) throw new Error(setup.error.message);
      let state = setup.value.state;
      // Seat 0 and every other seat from 2 on are heuristic; the rest random: varied positions.
      for (let step = 0; !bigBoss.isOver(state); step++) {
        const seat = state.turn;
        const heuristic = seat % 2 === 0;
        const ctx = botContext(`legal-${g}/${step}`, 1);
        const move = (heuristic ? bot : random).chooseMove(bigBoss.view(state, seat), ctx);
        const applied = bigBoss.apply(state, seat, move as BigBossMove);
        if (!applied.ok)
          throw new Error(
            `game ${g} step ${step}: ${JSON.stringify(move)} refused: ${applied.error.message}`,
          );
        if (heuristic) {
          decisions++;
          kinds.add((move as BigBossMove).type);
        }
        state = applied.value.state;
      }
    }
    expect(decisions).toBeGreaterThan(1000);
    expect([...kinds].sort()).toEqual(['buy', 'expand', 'found', 'invest', 'pass']);
  });

  it('decides on what the view shows: another sample of the hidden cards gives the same move', () => {
    const random = randomBot(bigBoss);
    let compared = 0;
    for (let g = 0; g < 6; g++) {
      const rules = g % 2 === 0 ? 'modern' : 'original';
      const setup = bigBoss.setup(options(2 + (g % 3) * 2, rules), `view-${g}`);
      if (!setup.ok) throw new Error(setup.error.message);
      let state = setup.value.state;
      const rng = Rng.fromSeed(`view-${g}`);
      for (let step = 0; !bigBoss.isOver(state); step++) {
        const seat = state.turn;
        const view = bigBoss.view(state, seat);
        if (step % 7 === 0) {
          expect(choose(view, 'one')).toEqual(choose(view, 'two'));
          compared++;
        }
        const move = random.chooseMove(view, { rng, deadline: Infinity }) as BigBossMove;
        const applied = bigBoss.apply(state, seat, move);
        if (!applied.ok) throw new Error(applied.error.message);
        state = applied.value.state;
      }
    }
    expect(compared).toBeGreaterThan(50);
  });

  it('is deterministic under a fixed seed', () => {
    const play = () => {
      const setup = bigBoss.setup(options(3, 'modern'), 'same');
      if (!setup.ok) throw new Error(setup.error.message);
      let state = setup.value.state;
      const rng = Rng.fromSeed('bots');
      const moves: BigBossMove[] = [];
      while (!bigBoss.isOver(state)) {
        const seat = state.turn;
        const move = bigBossHeuristicBot().chooseMove(bigBoss.view(state, seat), {
          rng,
          deadline: Infinity,
        });
        moves.push(move);
        const applied = bigBoss.apply(state, seat, move);
        if (!applied.ok) throw new Error(applied.error.message);
        state = applied.value.state;
      }
      return moves;
    };
    const first = play();
    expect(first.length).toBeGreaterThan(50);
    expect(play()).toEqual(first);
  });

  it('expands a dear company rather than founding a new one or buying', () => {
    const t = position({
      players: 2,
      companies: { lion: { track: '16 17:2', price: 40 } },
      hands: ['I18 I50', ''],
      row: 'I60',
    });
    expect(choose(t.view(0))).toEqual({ type: 'expand', card: 'I18', space: 18 });
    // Out of time before it starts, it judges plays before buys: the same answer.
    const late = bigBossHeuristicBot().chooseMove(t.view(0), {
      rng: Rng.fromSeed('h'),
      deadline: 0,
    });
    expect(late).toEqual({ type: 'expand', card: 'I18', space: 18 });
  });

  it('puts a Level card where it earns most', () => {
    const t = position({
      players: 2,
      companies: {
        lion: { track: '10 11:4 12', price: 40 },
        lunar: { track: '40 41:2 42', price: 6 },
      },
      hands: ['L', ''],
    });
    expect(choose(t.view(0))).toEqual({ type: 'expand', card: 'L', space: 11 });
  });

  it('in a merger, makes the company it holds the acquirer', () => {
    const t = position({
      players: 2,
      companies: {
        lion: { track: '10 11:2 12', price: 20 },
        lunar: { track: '14 15:2 16', price: 19 },
      },
      shares: [{ lion: 5 }, { lunar: 5 }],
      hands: ['I13', ''],
    });
    const move = choose(t.view(0));
    expect(move).toMatchObject({ type: 'expand', card: 'I13', space: 13 });
    t.play(move);
    expect(t.events('merged')[0]).toMatchObject({ acquirer: 'lion', acquired: 'lunar' });
    expect(t.shares(0, 'lion')).toBe(5);
  });

  it('original: buys shares of a cheap company with room to grow, not of one stuck at 50', () => {
    const t = position({
      rules: 'original',
      players: 2,
      companies: {
        lion: { track: '1 2:5 3:5 4:5 5:5', price: 50 },
        lunar: { track: '30 31:2 32', price: 6 },
      },
      // Early: hands still full (the rise to come follows the cards left in hands).
      hands: ['I33 I40 I41 I42 I43 I44 I45 I46 I47 I48 I49 I50', 'I60 I61 I62 I63 I64 I65 I66'],
      cash: 100,
    });
    t.play('expand I33 33');
    expect(t.view().phase).toBe('invest');
    expect(choose(t.view(0))).toMatchObject({ type: 'invest', shares: ['lunar', 'lunar'] });
  });

  it('original: founds while it can, keeping the expansion that stays playable for later', () => {
    const t = position({
      rules: 'original',
      players: 2,
      companies: { lion: { track: '1 2 3', price: 3 } },
      hands: ['I4 I40', ''],
      cash: 10,
    });
    expect(choose(t.view(0))).toMatchObject({ type: 'found', card: 'I40' });
    // The weights of before (a founding card worth 60 % of its founding in hand, as an
    // expansion card is) expanded first, and lost founding cards to companies founded meanwhile.
    const before = {
      ...DEFAULT_HEURISTIC.original,
      growth: 30,
      clock: 'pieces' as const,
      clockPower: 1,
      tower: 1,
      handPlay: 0.6,
      cashBonus: 1.5,
      foundingInHand: 1,
    };
    const ctx = { rng: Rng.fromSeed('h'), deadline: Infinity };
    expect(bigBossHeuristicBot(before).chooseMove(t.view(0), ctx)).toEqual({
      type: 'expand',
      card: 'I4',
      space: 4,
    });
  });

  it('original: late in the game (few cards in hands) buys no share above its price, nor a tower', () => {
    const t = position({
      rules: 'original',
      players: 2,
      companies: { lunar: { track: '30 31 32', price: 3 }, lion: { track: '1 2 3', price: 3 } },
      hands: ['I33 I60', 'I50'],
      cash: 30,
    });
    t.play('expand I33 33');
    expect(t.view().phase).toBe('invest');
    expect(choose(t.view(0))).toEqual({ type: 'invest', shares: [], tower: false });
    // The weights of issue 20's first pass (a rise of 20 read from the pieces left, a tower
    // worth three shares) spent the cash on a company at 4 that the game's end will leave there.
    const before = {
      ...DEFAULT_HEURISTIC.original,
      growth: 20,
      clock: 'pieces' as const,
      clockPower: 1,
      tower: 1,
    };
    const ctx = { rng: Rng.fromSeed('h'), deadline: Infinity };
    const old = bigBossHeuristicBot(before).chooseMove(t.view(0), ctx);
    expect(old).toMatchObject({ type: 'invest' });
    expect(old.type === 'invest' && (old.tower || (old.shares ?? []).length > 0)).toBe(true);
  });

  it('modern: buys shares of a company its own cards will raise, not of one at 50', () => {
    const spec = {
      players: 2,
      companies: {
        lion: { track: '1 2:5 3:5 4:5 5:5', price: 50 },
        lunar: { track: '30 31:2 32', price: 6 },
      },
      cash: 100,
    };
    const t = position({ ...spec, hands: ['I31 I32 I33', ''] });
    t.play('expand I33 33');
    expect(choose(t.view(0))).toMatchObject({ type: 'invest', shares: ['lunar', 'lunar'] });
    // Without those cards in hand, cash is worth more than a share at its price.
    const u = position({ ...spec, hands: ['I33', ''] });
    u.play('expand I33 33');
    expect(choose(u.view(0))).toMatchObject({ type: 'invest', shares: [] });
  });

  it('takes a cheap tower on a company with room to grow', () => {
    const t = position({
      players: 2,
      companies: { lunar: { track: '30 31:2 32', price: 8 } },
      hands: ['I33', ''],
      cash: 60,
    });
    t.play('expand I33 33');
    expect(choose(t.view(0))).toMatchObject({ type: 'invest', tower: true });
  });

  it('when stuck (modern), passes rather than sell shares that can only rise', () => {
    const t = position({
      players: 2,
      companies: { lion: { track: '10 11:2 12', price: 20 } },
      shares: [{ lion: 3 }, {}],
      hands: ['', ''],
      cash: [0, 40],
    });
    expect(t.legal(0).some((m) => m.type === 'sell')).toBe(true);
    expect(choose(t.view(0))).toEqual({ type: 'pass' });
  });
});
