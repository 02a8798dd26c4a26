// Tests that Boss Cards' random player chooses a card (or the draw) uniformly, then its naming, so random games end.
import { describe, expect, it } from 'vitest';
import { botContext, randomBot, randomPlayerMove, Rng } from '@boss-table/core';
import { cardId, isBoss } from './cards.js';
import { bossCards } from './game.js';
import type { BossCardsState } from './state.js';

const options = (players: number) => {
  const o = bossCards.parseOptions({ players });
  if (!o.ok) throw new Error(o.error.message);
  return o.value;
};

/** Plays a seeded game with the random player; each position before a move goes to `seen`. */
function play(players: number, seed: string, seen?: (s: BossCardsState, seat: number) => void) {
  const setup = bossCards.setup(options(players), seed);
  if (!setup.ok) throw new Error(setup.error.message);
  let state = setup.value.state;
  const rng = Rng.fromSeed(`moves/${seed}`);
  let moves = 0;
  let stalled = 0;
  let won = 0;
  while (!bossCards.isOver(state) && moves < 200_000) {
    const seat = bossCards.activeSeats(state)[0];
    seen?.(state, seat);
    const move = randomPlayerMove(bossCards, state, seat, rng)!;
    const applied = bossCards.apply(state, seat, move);
    if (!applied.ok) throw new Error(applied.error.message);
    state = applied.value.state;
    moves++;
    for (const e of applied.value.events) {
      if (e.event.type === 'round-stalled') stalled++;
      if (e.event.type === 'round-won') won++;
    }
  }
  return { moves, stalled, won, over: bossCards.isOver(state) };
}

describe("Boss Cards' random player", () => {
  it('plays a Boss card about as often as a uniform choice among its playable cards and the draw', () => {
    // Expected: (playable Boss cards in hand) / (playable cards in hand + 1 if it may draw).
    let expected = 0;
    let variance = 0;
    let observed = 0;
    let positions = 0;
    const bot = randomBot(bossCards);
    play(3, 'rate', (s, seat) => {
      if (positions >= 3000) return;
      const legal = bossCards.legalMoves(s, seat);
      const decks = s.config.decks;
      const playable = new Set(
        legal.flatMap((m) => (m.type === 'play' ? [cardId(m.card, decks)] : [])),
      );
      const hand = s.hands[seat].filter((c) => playable.has(c));
      const choices = hand.length + (legal.some((m) => m.type === 'draw') ? 1 : 0);
      if (choices === 0) return;
      const p = hand.filter(isBoss).length / choices;
      expected += p;
      variance += p * (1 - p);
      const move = bot.chooseMove(bossCards.view(s, seat), botContext(`b${positions}`, 50)) as {
        card?: string;
      };
      if (move.card !== undefined && isBoss(cardId(move.card, decks))) observed++;
      positions++;
    });
    expect(positions).toBeGreaterThan(500);
    expect(expected).toBeGreaterThan(20);
    // Uniform among moves (each Boss card with its thirteen namings) plays Boss cards far more.
    expect(Math.abs(observed - expected)).toBeLessThan(4 * Math.sqrt(variance));
  });

  it('ends its rounds by winning them far more often than uniform play among moves did', () => {
    let moves = 0;
    let stalled = 0;
    let won = 0;
    for (let g = 0; g < 6; g++) {
      const r = play(2, `end/${g}`);
      expect(r.over).toBe(true);
      moves += r.moves;
      stalled += r.stalled;
      won += r.won;
    }
    // Uniform play by move: about 1.5 million moves a 2-player game, 30,045 stalled rounds
    // for 40 won over 20 games. By card: thousands of moves, a round won for every few stalled.
    expect(moves / 6).toBeLessThan(50_000);
    expect(won / (won + stalled)).toBeGreaterThan(0.1);
  });
});
