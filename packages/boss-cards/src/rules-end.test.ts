// Tests how a Boss Cards round and game end: the winner's points, the next dealer, stalled rounds, summary.
import { describe, expect, it } from 'vitest';
import { cardId } from './cards.js';
import { bossCards } from './game.js';
import type { BossCardsState } from './state.js';
import { summary } from './summary.js';
import { dealt, play, rest } from './test-kit.js';

const HANDS = [
  ['2C', '9D', 'JH', 'AS', '3S'],
  ['4C', '5D', 'QS', 'KH', '7H'],
];
const position = (raw: Record<string, unknown> = {}) =>
  dealt({ players: 2, handSize: 5, ...raw }, HANDS, ['5C', ...rest([...HANDS.flat(), '5C'])]);

/** Hand-built: the first stock gone into seat 0's hand, seat 1 left holding `cards`. */
function endgame(s: BossCardsState, cards: string[]): BossCardsState {
  const keep = cards.map((c) => cardId(c, 1));
  s.hands[0].push(...s.stock.splice(0), ...s.hands[1].filter((c) => !keep.includes(c)));
  s.hands[0].sort((a, b) => a - b);
  s.hands[1] = keep;
  s.dealtSlots = [s.hands[0].length, keep.length];
  return s;
}

describe('§6 end of a round, scoring and the game', () => {
  it('the seat that empties its hand collects every card left in the other hands', () => {
    const s = endgame(position({ target: 500 }), ['4C']);
    const r = bossCards.apply(s, 1, { type: 'play', card: '4C' });
    if (!r.ok) throw new Error(r.error.message);
    const won = r.value.events.find((e) => e.event.type === 'round-won')!.event;
    expect(won).toEqual({
      type: 'round-won',
      seat: 1,
      points: s.hands[0].length,
      scores: [0, s.hands[0].length],
    });
    // The winner is The Boss: they lead, the dealer is the seat to their right.
    const next = r.value.state;
    expect(next.round).toBe(2);
    expect(next.turn).toBe(1);
    expect(next.dealer).toBe(0);
    expect(next.hands.map((h) => h.length)).toEqual([5, 5]);
  });

  it('a Boss card that empties the hand ends the round: no penalty is drawn', () => {
    const s = endgame(position({ target: 500 }), ['KH']);
    const held = s.hands[0].length;
    const r = bossCards.apply(s, 1, { type: 'play', card: 'KH', suit: 'C' });
    if (!r.ok) throw new Error(r.error.message);
    const types = r.value.events.map((e) => e.event.type);
    expect(types).not.toContain('drew');
    expect(r.value.state.scores[1]).toBe(held);
  });

  it('the game ends in the round a seat reaches the target; that seat wins', () => {
    const s = endgame(position({ target: 10 }), ['4C']);
    const after = play(s, 1, { type: 'play', card: '4C' });
    expect(bossCards.isOver(after)).toBe(true);
    expect(bossCards.activeSeats(after)).toEqual([]);
    expect(bossCards.outcome(after)).toEqual({
      winners: [1],
      scores: [0, s.hands[0].length],
      ranking: [1, 0],
      decidedBy: 'first to 10 points',
    });
    expect(bossCards.legalSummary(after, 1)).toBeNull();
  });

  it("with three seats, the dealer of the next round is the winner's right", () => {
    const three = [
      ['2C', '9D', 'JH', 'AS', '3S'],
      ['4C', '5D', 'QS', 'KH', '7H'],
      ['2D', '3D', '4D', '6D', '7D'],
    ];
    const s = dealt({ players: 3, handSize: 5, target: 100 }, three, [
      '5C',
      ...rest([...three.flat(), '5C']),
    ]);
    expect(s.turn).toBe(1);
    s.hands[0].push(...s.stock.splice(0), ...s.hands[1].filter((c) => c !== cardId('4C', 1)));
    s.hands[1] = [cardId('4C', 1)];
    const after = play(s, 1, { type: 'play', card: '4C' });
    expect(after.scores).toEqual([0, s.hands[0].length + 5, 0]);
    expect([after.dealer, after.turn]).toEqual([0, 1]);
  });

  it('a round stops after maxTurns turns with no points; the same dealer deals again', () => {
    const s = position({ maxTurns: 50 });
    s.turnsThisRound = 49;
    const r = bossCards.apply(s, 1, { type: 'play', card: 'QS', suit: 'C' });
    if (!r.ok) throw new Error(r.error.message);
    const types = r.value.events.map((e) => e.event.type);
    // The Boss card's penalty on that turn is drawn first.
    expect(types.indexOf('drew')).toBeLessThan(types.indexOf('round-stalled'));
    const next = r.value.state;
    expect(next.round).toBe(2);
    expect([next.dealer, next.turn]).toEqual([0, 1]);
    expect(next.scores).toEqual([0, 0]);
    expect(next.lastRound).toEqual({ winner: null, points: 0 });
  });

  it('a hand emptied on the last turn allowed is a win', () => {
    const s = endgame(position({ maxTurns: 50, target: 500 }), ['4C']);
    s.turnsThisRound = 49;
    const after = play(s, 1, { type: 'play', card: '4C' });
    expect(after.lastRound).toEqual({ winner: 1, points: s.hands[0].length });
  });
});

describe('the summary `boss replay --json` prints', () => {
  it('names the leader, The Boss, the turns (the winning play counted) and every hand', () => {
    const s = position({ target: 500 });
    expect(summary(s)).toMatchObject({ leader: 1, boss: null, turns: 0 });
    expect(summary(s).cards.map((h) => h.slice().sort())).toEqual(HANDS.map((h) => h.sort()));
    const won = play(endgame(position({ target: 500 }), ['4C']), 1, { type: 'play', card: '4C' });
    // Round 2: seat 1 won, is The Boss and leads.
    expect(summary(won)).toMatchObject({ round: 2, leader: 1, boss: 1, turns: 0 });
    // The game's last round: the winning play is counted.
    const over = play(endgame(position({ target: 10 }), ['4C']), 1, { type: 'play', card: '4C' });
    expect(summary(over)).toMatchObject({ over: true, boss: 1, turns: 1, winners: [1] });
  });
});
