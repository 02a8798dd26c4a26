// Tests that I'm the Boss! bots bargain sensibly from their own view and play whole games with legal moves.
import { botContext, Driver, randomBot, WAIT } from '@boss-table/core';
import { describe, expect, it } from 'vitest';
import { imTheBoss } from '../game.js';
import { play, position, refusal } from '../test-kit.js';
import { imbHeuristicBot } from './heuristic.js';
import { imbIsmctsBot } from './ismcts.js';

const HANDS = [
  ['clan:H1', 'travel:P1', 'boss:1', 'recruit:1', 'recruit:2'],
  ['clan:R1', 'clan:R2', 'stop:1', 'travel:W1', 'recruit:3'],
  ['stop:2', 'clan:P1', 'travel:H1', 'boss:2', 'clan:K1'],
  ['recruit:4', 'recruit:5', 'recruit:6', 'clan:T1', 'stop:3'],
];

describe('bots negotiate from their seat’s view', () => {
  it('as Boss the heuristic asks the holder of a missing investor, and raises its offer', () => {
    let s = position({ placards: [0, 1, 2, 3, null, null], hands: HANDS, marker: 5 });
    s = play(s, 0, { type: 'declareDeal', clan: [] });
    const bot = imbHeuristicBot();
    const first = bot.chooseMove(imTheBoss.view(s, 0), botContext('b', 100));
    expect(first).toMatchObject({ type: 'propose', to: 3, items: ['inv:P'] });
    s = play(s, 0, first!);
    s = play(s, 3, { type: 'reject', id: s.pub.nextProposal });
    const second = bot.chooseMove(imTheBoss.view(s, 0), botContext('b', 100));
    expect(second).toMatchObject({ type: 'propose', to: 3, items: ['inv:P'] });
    expect((second as { dividends: number }).dividends).toBeGreaterThan(
      (first as { dividends: number }).dividends,
    );
  });

  it('a seat holding a missing clan card offers it, then asks for a share', () => {
    let s = position({ placards: [0, 1, 2, 3, null, null], hands: HANDS, marker: 5 });
    s = play(s, 0, { type: 'declareDeal', clan: [] });
    const bot = imbHeuristicBot();
    const offer = bot.chooseMove(imTheBoss.view(s, 1), botContext('b', 100));
    expect(offer).toEqual({ type: 'offerClan', cards: ['clan:R1'] });
    s = play(s, 1, offer!);
    const askMove = bot.chooseMove(imTheBoss.view(s, 1), botContext('b', 100));
    expect(askMove).toMatchObject({ type: 'propose', to: 0, items: ['clan:R1'] });
    // Seat 2 holds a P clan card while P is still missing: it puts it on the table too.
    expect(bot.chooseMove(imTheBoss.view(s, 2), botContext('b', 100))).toEqual({
      type: 'offerClan',
      cards: ['clan:P1'],
    });
    // Once asked, seat 1 waits for the Boss's answer.
    s = play(s, 1, askMove!);
    expect(bot.chooseMove(imTheBoss.view(s, 1), botContext('b', 100))).toBe(WAIT);
  });

  it('heuristic beats three random bots; ismcts:easy plays whole games with legal moves', () => {
    let heuristicWins = 0;
    for (let g = 0; g < 4; g++) {
      const kinds = ['heuristic', 'random', 'random', 'random'].map((_, i, a) => a[(i + g) % 4]);
      const bots = kinds.map((k) => (k === 'heuristic' ? imbHeuristicBot() : randomBot(imTheBoss)));
      const r = Driver.start(imTheBoss, { players: 4 }, `arena-${g}`, { bots });
      if (!r.ok) throw new Error(r.error.message);
      const done = r.value.driver.run();
      expect(done.ok).toBe(true);
      const o = imTheBoss.outcome(r.value.driver.state)!;
      if (o.winners.some((w) => kinds[w] === 'heuristic')) heuristicWins++;
    }
    expect(heuristicWins).toBeGreaterThanOrEqual(3);
    const r = Driver.start(imTheBoss, { players: 3, maxRounds: 6 }, 'ismcts', {
      bots: [imbIsmctsBot('easy'), imbHeuristicBot(), randomBot(imTheBoss)],
    });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.driver.run().ok).toBe(true);
  }, 60_000);

  it('ismcts answers with a legal move even when it has no time to search (its first candidate)', () => {
    // Decisions with proposals addressed to the seat, from games of the rules of thumb and
    // random players: the search, out of time before its first playout, answers with its
    // first candidate, which must be legal (an accept may overcommit the deal's dividends).
    const bot = imbIsmctsBot('easy');
    let asked = 0;
    for (let g = 0; g < 6 && asked < 300; g++) {
      const kinds = ['heuristic', 'random', 'heuristic', 'random'];
      const bots = kinds.map((k) => (k === 'heuristic' ? imbHeuristicBot() : randomBot(imTheBoss)));
      const r = Driver.start(imTheBoss, { players: 4 }, `late-${g}`, { bots });
      if (!r.ok) throw new Error(r.error.message);
      const { driver } = r.value;
      for (let step = 0; step < 3000 && asked < 300; step++) {
        const s = driver.state;
        const deal = s.pub.deal;
        for (let seat = 0; seat < 4; seat++)
          if (deal?.phase === 'open' && deal.proposals.some((p) => p.to === seat)) {
            const move = bot.chooseMove(imTheBoss.view(s, seat), botContext(`late-${step}`, -1));
            asked++;
            if (move !== WAIT) expect(refusal(s, seat, move)).toBe('accepted');
          }
        const next = driver.step();
        if (!next.ok || next.value.kind !== 'move') break;
      }
    }
    expect(asked).toBeGreaterThan(50);
  }, 60_000);
});
