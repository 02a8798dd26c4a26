// Boss Cards' bots: legal moves from their views, within budget, and the heuristic beating random.
import { botContext, Rng } from '@boss-table/core';
import { canonical, playRandomGame } from '@boss-table/core/testing';
import { describe, expect, it } from 'vitest';
import { bossCards } from '../game.js';
import { legalMoves } from '../play.js';
import { cardId } from '../cards.js';
import type { BossCardsState } from '../state.js';
import { byCard, dealt, options, rest } from '../test-kit.js';
import { bossCardsHeuristicBot, thumbChoice } from './heuristic.js';
import { ismctsBossCardsBot } from './ismcts.js';

describe('Boss Cards bots', () => {
  it('the heuristic bot returns a legal move from its view, every time', () => {
    const bot = bossCardsHeuristicBot();
    let asked = 0;
    for (const raw of [{ players: 2 }, { players: 3, aceNamesSuit: true }, { players: 5 }])
      playRandomGame(byCard, raw, 'h', {
        onState(s) {
          const st = s as BossCardsState;
          if (bossCards.isOver(st)) return;
          const move = bot.chooseMove(bossCards.view(st, st.turn), botContext('x', 10));
          expect(legalMoves(st, st.turn).map(canonical)).toContain(canonical(move));
          asked++;
        },
      });
    expect(asked).toBeGreaterThan(300);
  });

  it('the heuristic plays a plain card rather than a Boss card, and names the suit it holds most of', () => {
    const hands = [
      ['2C', '9D', 'JH', 'AS', '3S'],
      ['4C', '5D', 'QS', '8H', '7H'],
    ];
    const s = dealt({ players: 2, handSize: 5 }, hands, ['5C', ...rest([...hands.flat(), '5C'])]);
    const bot = bossCardsHeuristicBot();
    const first = bot.chooseMove(bossCards.view(s, 1), botContext('x', 10));
    expect(first.type === 'play' && ['4C', '5D'].includes(first.card)).toBe(true);
    s.demandSuit = 0;
    s.demandRank = 7; // clubs or 9: of seat 1's plain cards only 4C matches; it goes to seat 0
    s.hands[1] = s.hands[1].filter((c) => c !== 2);
    s.hands[0].push(2);
    const boss = bot.chooseMove(bossCards.view(s, 1), botContext('x', 10));
    expect(boss).toEqual({ type: 'play', card: 'QS', suit: 'H' });
  });

  it("the heuristic's plain card is the one most others follow, a second deck's copy counted once", () => {
    const id = (name: string) => cardId(name, 2);
    const table = {
      hand: ['5H#1', '5H#2', '7H#1', '5C#1', '9H#1'].map(id),
      demandSuit: 2, // hearts
      demandRank: -1,
      canDraw: true,
      nextCount: 5,
      replenishing: true,
      aceNamesSuit: true,
    };
    // 5H is followed by its copy, 7H, 9H and 5C (4); 7H and 9H by three hearts (3).
    expect(thumbChoice(table)).toEqual({ card: id('5H#1'), name: -1 });
    // Without the copy: 5H by 7H, 9H and 5C (3), 9H by 5H and 7H (2): 5H still.
    expect(thumbChoice({ ...table, hand: table.hand.filter((c) => c !== id('5H#2')) })).toEqual({
      card: id('5H#1'),
      name: -1,
    });
    // Without 5C: 5H and its copy by each other and two hearts (3); 9H by three (3) and a higher rank.
    expect(thumbChoice({ ...table, hand: table.hand.filter((c) => c !== id('5C#1')) })).toEqual({
      card: id('9H#1'),
      name: -1,
    });
  });

  it('ismcts:easy answers with a legal move within its budget', () => {
    const bot = ismctsBossCardsBot('easy');
    const rng = Rng.fromSeed('i');
    const s = bossCards.setup(options({ players: 3 }), 'i');
    if (!s.ok) throw new Error(s.error.message);
    let st = s.value.state;
    for (let k = 0; k < 12; k++) {
      const t0 = performance.now();
      const move = bot.chooseMove(bossCards.view(st, st.turn), { rng, deadline: t0 + 200 });
      expect(performance.now() - t0).toBeLessThan(200);
      const r = bossCards.apply(st, st.turn, move as never);
      if (!r.ok) throw new Error(r.error.message);
      st = r.value.state;
    }
  });

  it('the heuristic beats random play by move in most games', () => {
    let wins = 0;
    const h = bossCardsHeuristicBot();
    for (let g = 0; g < 10; g++) {
      const rng = Rng.fromSeed(`g${g}`);
      const r = bossCards.setup(options({ players: 2, dealer: g % 2 }), `g${g}`);
      if (!r.ok) throw new Error(r.error.message);
      const s = r.value.state;
      while (!bossCards.isOver(s)) {
        const move =
          s.turn === 0
            ? h.chooseMove(bossCards.view(s, 0), botContext('h', 10))
            : bossCards.randomMove(s, 1, rng)!;
        const e = bossCards.applyInPlace(s, s.turn, move);
        if (e) throw new Error(e.message);
      }
      if (s.winner === 0) wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(8);
  });
});
