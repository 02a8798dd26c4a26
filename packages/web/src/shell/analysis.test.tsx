// @vitest-environment happy-dom
// Unit test that the analysis worker judges each decision of one seat, I'm the Boss! included, and says plainly what it cannot read.
import { describe, expect, it, vi } from 'vitest';
import { CLOCK, recordedMoveJson, Rng } from '@boss-table/core';
import { imTheBoss } from '@boss-table/im-the-boss';
import type { AnalysisMessage } from './analysis-types.js';

/** The first moves of a seeded I'm the Boss! game, as a record's JSON holds them. */
function shortRecord(moves: number) {
  const options = { players: 3 };
  const parsed = imTheBoss.parseOptions(options);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const setup = imTheBoss.setup(parsed.value, 'analysis-test');
  if (!setup.ok) throw new Error(setup.error.message);
  let state = setup.value.state;
  const rng = Rng.fromSeed('moves');
  const out: Record<string, unknown>[] = [];
  for (let k = 0; k < moves; k++) {
    const seat = imTheBoss.activeSeats(state)[0];
    if (seat === undefined || seat === CLOCK) break;
    const move = imTheBoss.randomMove(state, seat, rng);
    if (move === undefined) break;
    const applied = imTheBoss.apply(state, seat, move);
    if (!applied.ok) throw new Error(applied.error.message);
    state = applied.value.state;
    out.push(recordedMoveJson(seat, move));
  }
  return { version: 1, game: 'im-the-boss', options, seed: 'analysis-test', moves: out };
}

describe('the analysis worker', () => {
  const posted: AnalysisMessage[] = [];
  const scope = self as unknown as {
    postMessage: (m: AnalysisMessage) => void;
    onmessage: ((e: MessageEvent) => void) | null;
  };
  const ask = async (text: string, seat: number) => {
    posted.length = 0;
    scope.postMessage = vi.fn((m: AnalysisMessage) => posted.push(m));
    await import('./analysis.worker.js');
    scope.onmessage!({ data: { text, seat, bot: 'ismcts:easy' } } as MessageEvent);
    return posted;
  };

  it("judges every decision of the seat in an I'm the Boss! game, from that seat's view", async () => {
    const record = shortRecord(12);
    const mine = record.moves.filter((m) => m.seat === 0).length;
    expect(mine).toBeGreaterThan(0);
    const answers = await ask(JSON.stringify(record), 0);
    const last = answers.at(-1)!;
    if (last.kind !== 'done') throw new Error(JSON.stringify(last));
    expect(last.decisions).toHaveLength(mine);
    for (const d of last.decisions) {
      expect(d.before).toBeGreaterThanOrEqual(0);
      expect(d.before).toBeLessThanOrEqual(1);
      expect(d.loss).toBeCloseTo(Math.max(0, d.before - d.after), 6);
      expect(d.played.length).toBeGreaterThan(0);
    }
  }, 60_000);

  it('says plainly what it cannot read, naming no bot or function', async () => {
    const answers = await ask('{"game": "no-such-game"', 0);
    expect(answers).toHaveLength(1);
    expect(answers[0].kind).toBe('error');
    expect(answers[0].kind === 'error' && answers[0].message).not.toMatch(/appraise|ismcts/);
  });
});
