// Tests that The Boss's search bot moves legally on tiny budgets, repeats under a seed, and finds better moves.
import { describe, expect, it } from 'vitest';
import { Rng, botContext, search } from '@boss-table/core';
import { theBoss } from '../game.js';
import type { BossState } from '../state.js';
import { ISMCTS_LEVELS, bossHooks, ismctsBossBot, rolloutMove } from './ismcts.js';

function positions(count: number): BossState[] {
  const out: BossState[] = [];
  for (let g = 0; out.length < count; g++) {
    const players = 2 + (g % 5);
    const options = theBoss.parseOptions({ players, rules: players > 4 ? 'arena' : 'classic' });
    if (!options.ok) throw new Error(options.error.message);
    const setup = theBoss.setup(options.value, `p${g}`);
    if (!setup.ok) throw new Error(setup.error.message);
    const s = setup.value.state;
    const rng = Rng.fromSeed(`p${g}`);
    const stop = rng.int(60);
    for (let t = 0; t < stop && !s.outcome; t++)
      theBoss.applyInPlace(s, s.turn, theBoss.randomMove(s, s.turn, rng)!);
    if (!s.outcome) out.push(s);
  }
  return out;
}

describe('ismcts bot', () => {
  it('returns a legal move in time with budgets of 1 to 5 ms', () => {
    for (const [i, s] of positions(60).entries()) {
      const budget = 1 + (i % 5);
      const bot = ismctsBossBot('hard');
      const ctx = botContext(`b${i}`, budget);
      const move = bot.chooseMove(theBoss.view(s, s.turn), ctx);
      expect(theBoss.apply(s, s.turn, move).ok).toBe(true);
    }
  });

  it('is deterministic under a fixed seed with an iteration budget', () => {
    const options = theBoss.parseOptions({ players: 4 });
    if (!options.ok) throw new Error(options.error.message);
    const setup = theBoss.setup(options.value, 'start');
    if (!setup.ok) throw new Error(setup.error.message);
    const s = setup.value.state;
    const run = () =>
      search(
        theBoss,
        bossHooks(ISMCTS_LEVELS.medium),
        { iterations: 300 },
        theBoss.view(s, s.turn),
        s.turn,
        {
          rng: Rng.fromSeed('same'),
          deadline: Infinity,
        },
      );
    const a = run();
    const b = run();
    expect(a.iterations).toBe(300);
    expect(a.move).toEqual(b.move);
    expect(a.visits).toEqual(b.visits);
    expect(a.visits.reduce((x, y) => x + y, 0)).toBe(300);
  });

  it('plays out with a policy that only makes legal moves', () => {
    for (const [i, s] of positions(40).entries()) {
      const rng = Rng.fromSeed(`r${i}`);
      const state = theBoss.clone(s);
      const peek = i % 2 === 1;
      while (!state.outcome) {
        const move = rolloutMove(state, state.turn, rng, peek);
        expect(theBoss.applyInPlace(state, state.turn, move)).toBeUndefined();
      }
    }
  });

  it('prefers the visibly better move when the search has time', () => {
    // A sure 4 on Detroit that nobody else can contest is worth taking.
    const record = {
      options: { players: 2, cities: ['new-york', 'boston', 'detroit'], dealer: 0 },
      deals: [
        {
          rewards: { 'new-york': '0', boston: 'prison', detroit: '4' },
          hands: [
            ['detroit:1', 'detroit:2', 'detroit:3', 'detroit:revolver', 'boston:3'],
            ['new-york:1', 'new-york:2', 'new-york:3', 'boston:3', 'boston:hospital'],
          ],
        },
      ],
    };
    const options = theBoss.parseOptions(record.options);
    if (!options.ok) throw new Error(options.error.message);
    const presets = theBoss.parsePresets(record, options.value);
    if (!presets.ok) throw new Error(presets.error.message);
    const setup = theBoss.setup(options.value, 'x', presets.value);
    if (!setup.ok) throw new Error(setup.error.message);
    const s = setup.value.state;
    const result = search(
      theBoss,
      bossHooks(ISMCTS_LEVELS.medium),
      { iterations: 2000 },
      theBoss.view(s, 0),
      0,
      {
        rng: Rng.fromSeed('detroit'),
        deadline: Infinity,
      },
    );
    expect((result.move as { place?: { city: string } }).place?.city).toBe('detroit');
  });
});
