import { describe, expect, it } from 'vitest';
import { botContext } from '@boss-table/core';
import { theBoss } from '@boss-table/the-boss';
import { makeBot, parseBotSpec } from '@boss-table/games/bots';

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
});
