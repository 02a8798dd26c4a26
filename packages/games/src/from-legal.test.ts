// Every registered game brings a thin client's chooser: moves drawn from its compact legal form alone are moves its rules take.
import { describe, expect, it } from 'vitest';
import { CLOCK, Rng, type AnyGame, type ClockSpec, type Seat } from '@boss-table/core';
import { gameEntries } from './index.js';

/** Plays `moves` moves of a game, each by a seat's chooser; counts the drawn moves refused. */
function playByLegal(
  game: AnyGame,
  fromLegal: (legal: unknown, rng: Rng, view?: unknown) => unknown,
  options: unknown,
  seed: string,
  moves: number,
) {
  const o = game.parseOptions(options);
  if (!o.ok) throw new Error(o.error.message);
  const start = game.setup(o.value, seed);
  if (!start.ok) throw new Error(start.error.message);
  let state = start.value.state;
  const rng = Rng.fromSeed(seed);
  let drawn = 0;
  const refused: string[] = [];
  for (let k = 0; k < moves && !game.isOver(state); k++) {
    const active = game.activeSeats(state) as Seat[];
    if (active.length === 0) {
      const clock = (game.clocks?.(state) as ClockSpec[] | undefined)?.find((c) => c.running);
      if (!clock) break;
      const r = game.apply(state, CLOCK, clock.expiry);
      if (!r.ok) throw new Error(r.error.message);
      state = r.value.state;
      continue;
    }
    const seat = rng.pick(active);
    const raw = fromLegal(game.legalSummary(state, seat), rng, game.view(state, seat));
    drawn++;
    const move = game.parseMove(JSON.parse(JSON.stringify(raw)));
    const r = move.ok ? game.apply(state, seat, move.value) : move;
    if (!r.ok) {
      refused.push(`${JSON.stringify(raw)}: ${r.error.message}`);
      continue;
    }
    state = r.value.state;
  }
  return { drawn, refused };
}

describe('each game chooses from its legal form as a thin client would', () => {
  for (const entry of gameEntries())
    it(`${entry.game.id}: every move drawn from the legal form is taken`, () => {
      expect(entry.fromLegal, `${entry.game.id} brings no fromLegal`).toBeDefined();
      for (const seed of ['a', 'b', 'c']) {
        const { drawn, refused } = playByLegal(
          entry.game,
          entry.fromLegal!,
          { players: 3 },
          seed,
          400,
        );
        expect(drawn).toBeGreaterThan(20);
        expect(refused).toEqual([]);
      }
    });
});
