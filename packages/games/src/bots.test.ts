// Tests the bot registry: unknown bots refused by name, and each game's bots making legal moves from views.
import { describe, expect, it } from 'vitest';
import { botContext } from '@boss-table/core';
import { theBoss } from '@boss-table/the-boss';
import { bigBoss } from '@boss-table/big-boss';
import { botKinds, makeBot, parseBotSpec } from '@boss-table/games/bots';

describe('bot registry', () => {
  it('refuses unknown bots and levels with a message naming them', () => {
    const unknown = parseBotSpec('the-boss', 'genius');
    expect(unknown.ok ? '' : unknown.error.kind).toBe('unknown-bot');
    const level = parseBotSpec('the-boss', 'random:hard');
    expect(level.ok ? '' : level.error.message).toContain('random:hard');
    expect(makeBot('chess', 'random').ok).toBe(false);
  });

  it('makes a random bot that returns a legal move from a view', () => {
    const bot = makeBot('the-boss', 'random');
    if (!bot.ok) throw new Error(bot.error.message);
    const options = theBoss.parseOptions({ players: 3 });
    if (!options.ok) throw new Error(options.error.message);
    const setup = theBoss.setup(options.value, 'registry');
    if (!setup.ok) throw new Error(setup.error.message);
    const state = setup.value.state;
    const [seat] = theBoss.activeSeats(state);
    const move = bot.value.chooseMove(theBoss.view(state, seat), botContext('b', 50));
    const parsed = theBoss.parseMove(move);
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(theBoss.apply(state, seat, parsed.value).ok).toBe(true);
  });

  it('offers the Big Boss heuristic, which plays a whole game of legal moves from views', () => {
    expect(botKinds('big-boss')).toMatchObject({ random: [], heuristic: [] });
    const level = parseBotSpec('big-boss', 'heuristic:hard');
    expect(level.ok ? '' : level.error.kind).toBe('unknown-bot-level');
    const bot = makeBot('big-boss', 'heuristic');
    if (!bot.ok) throw new Error(bot.error.message);
    expect(bot.value.name).toBe('heuristic');
    const options = bigBoss.parseOptions({ players: 3, rules: 'original' });
    if (!options.ok) throw new Error(options.error.message);
    const setup = bigBoss.setup(options.value, 'registry');
    if (!setup.ok) throw new Error(setup.error.message);
    let state = setup.value.state;
    let moves = 0;
    while (!bigBoss.isOver(state)) {
      const seat = state.turn;
      const raw = bot.value.chooseMove(bigBoss.view(state, seat), botContext(`b${moves}`, 50));
      const parsed = bigBoss.parseMove(raw);
      if (!parsed.ok) throw new Error(parsed.error.message);
      const applied = bigBoss.apply(state, seat, parsed.value);
      if (!applied.ok) throw new Error(applied.error.message);
      state = applied.value.state;
      moves++;
    }
    expect(moves).toBeGreaterThan(30);
  });
});
