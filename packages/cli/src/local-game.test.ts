// Tests a person against bots on this machine through core's driver, bots in this thread and in workers.
import { existsSync } from 'node:fs';
import { randomBot, replay, Rng, type Emitted } from '@boss-table/core';
import type { ParallelBot } from '@boss-table/core/threads';
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

describe('makeBots with threads (built: the worker threads load dist/)', () => {
  const built = new URL('../dist/local-game.js', import.meta.url);
  it.skipIf(!existsSync(built))(
    'a search bot searches on two threads and plays a legal move; a heuristic stays as it is',
    async () => {
      const { makeBots } = (await import(built.href)) as typeof import('./local-game.js');
      const [search, heuristic, person] = makeBots(
        'the-boss',
        ['ismcts:easy', 'heuristic', null],
        2,
      ) as [ParallelBot, ParallelBot, null];
      try {
        expect(person).toBeNull();
        expect(search.threads).toBe(2);
        expect(heuristic.threads).toBe(1);
        const options = theBoss.parseOptions({ players: 2 });
        if (!options.ok) throw new Error(options.error.message);
        const setup = theBoss.setup(options.value, 'threads');
        if (!setup.ok) throw new Error(setup.error.message);
        const state = setup.value.state;
        const seat = theBoss.activeSeats(state)[0];
        const move = search.chooseMove(theBoss.view(state, seat), {
          rng: Rng.fromSeed('t'),
          deadline: performance.now() + 5_000,
        });
        expect(theBoss.apply(state, seat, move as never).ok).toBe(true);
        expect(search.lastThreads).toBe(2);
      } finally {
        await search.close();
        await heuristic.close();
      }
    },
    30_000,
  );
});
