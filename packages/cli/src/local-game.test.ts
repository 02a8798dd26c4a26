import { randomBot, replay, Rng, type Emitted } from '@boss-table/core';
import { theBoss, type BossState } from '@boss-table/the-boss';
import { describe, expect, it } from 'vitest';
import { LocalGame } from './local-game.js';

describe('LocalGame (through the driver)', () => {
  it("plays the bots' seats and stops for the person's, to a record that replays", () => {
    const events: Emitted<unknown>[] = [];
    const bot = randomBot(theBoss);
    const local = new LocalGame(theBoss, { players: 3 }, 'local', (e) => events.push(...e), [
      bot,
      null,
      bot,
    ]);
    expect(events.length).toBeGreaterThan(0);
    const rng = Rng.fromSeed('person');
    let turns = 0;
    for (let waiting = local.advance(); waiting.length > 0; waiting = local.advance()) {
      expect(waiting).toEqual([1]);
      const state = local.state as BossState;
      expect(local.play(1, { reveal: 'gotham:1' })).toMatchObject({ ok: false });
      expect(local.play(1, theBoss.randomMove(state, 1, rng)!)).toEqual({
        ok: true,
      });
      turns++;
    }
    expect(local.over).toBe(true);
    expect(turns).toBeGreaterThan(5);
    const seats = local.toRecord().moves.map((m) => m.seat);
    expect(seats.filter((s) => s === 1)).toHaveLength(turns);
    const replayed = replay(theBoss, local.toRecord());
    expect(replayed.ok && theBoss.summary(replayed.value.state)).toEqual(
      theBoss.summary(local.state as BossState),
    );
  });
});
