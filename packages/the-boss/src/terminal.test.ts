// The Boss's terminal pieces: the terminal kit over random games, and their own cases.
import { describe, expect, it } from 'vitest';
import { PLAIN_STYLE } from '@boss-table/core';
import { checkTerminal } from '@boss-table/core/testing';
import { theBoss } from './game.js';
import { parseTurn, renderView, theBossTerminal } from './terminal.js';

describe('The Boss in the terminal', () => {
  it('reads every legal move back as typed, and words every event, over random games', () => {
    const report = checkTerminal(theBoss, theBossTerminal, {
      options: [{ players: 2 }, { players: 4 }, { players: 6, rules: 'arena' }],
      seeds: ['a', 'b', 'c'],
      games: 3,
    });
    expect(report.typedMoves).toBeGreaterThan(1000);
    expect(report.sentences).toBeGreaterThan(100);
  });

  it('reads a turn as a move, or says what is wrong', () => {
    expect(parseTurn('boston:3')).toEqual({ move: { reveal: 'boston:3' } });
    expect(parseTurn('Detroit 2 1 boston:3')).toEqual({
      move: { place: { city: 'detroit', big: 2, small: 1 }, reveal: 'boston:3' },
    });
    expect(parseTurn('chicago 1 boston:3')).toEqual({
      move: { place: { city: 'chicago', big: 1, small: 0 }, reveal: 'boston:3' },
    });
    expect(parseTurn('gotham 1 boston:3')).toEqual({
      error: expect.stringContaining('"gotham" is not a city'),
    });
    expect(parseTurn('detroit x boston:3')).toHaveProperty('error');
  });

  it("shows only the viewer's own cards; others' hands as cities", () => {
    const options = theBoss.parseOptions({ players: 3 });
    if (!options.ok) throw new Error(options.error.message);
    const setup = theBoss.setup(options.value, 'view');
    if (!setup.ok) throw new Error(setup.error.message);
    const text = renderView(theBoss.view(setup.value.state, 1), {
      viewer: 1,
      name: (s) => (s === 1 ? 'You' : `Bot ${s + 1} (random)`),
      style: PLAIN_STYLE,
      width: 80,
      clocks: [],
    });
    expect(text).toMatch(/2 You\n.*\n {5}hand: [A-Z][a-z]+.* \d/);
    expect(text).toMatch(/1 Bot 1 \(random\)\n.*\n {5}hand: \d+ cards \(/);
  });
});
