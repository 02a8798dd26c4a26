// Tests that Big Boss records replay byte for byte in both rule sets and name the rule of a refused move.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseRecord, replay, type GameRecord } from '@boss-table/core';
import { bigBoss } from './game.js';
import type { BigBossSummary } from './summary.js';

const fixture = (name: string): GameRecord => {
  const raw: unknown = JSON.parse(
    readFileSync(new URL(`../fixtures/${name}.json`, import.meta.url), 'utf8'),
  );
  const record = parseRecord(raw);
  if (!record.ok) throw new Error(record.error.message);
  return record.value;
};

describe('records', () => {
  it('a recorded modern game replays to the same end, byte for byte every time', () => {
    const record = fixture('modern-3-players');
    const a = replay(bigBoss, record, { keepEvents: true });
    const b = replay(bigBoss, record, { keepEvents: true });
    if (!a.ok || !b.ok) throw new Error('the fixture is refused');
    expect(JSON.stringify(a.value)).toBe(JSON.stringify(b.value));
    expect(bigBoss.outcome(a.value.state)).toEqual({
      winners: [1],
      scores: [644, 916, 610],
      ranking: [1, 0, 2],
      decidedBy: 'final money',
    });
    const summary = bigBoss.summary(a.value.state) as BigBossSummary;
    expect(summary).toMatchObject({ over: true, rules: 'modern', piecesLeft: 0, winners: [1] });
    expect(summary.players.map((p) => p.money.total)).toEqual([644, 916, 610]);
    const types = new Set(a.value.events.map((e) => (e.event as { type: string }).type));
    for (const type of ['founded', 'expanded', 'merged', 'invested', 'row-refilled', 'game-over'])
      expect(types).toContain(type);
  });

  it('a recorded original game replays to the same end', () => {
    const r = replay(bigBoss, fixture('original-4-players'));
    if (!r.ok) throw new Error(r.error.message);
    expect(bigBoss.outcome(r.value.state)).toEqual({
      winners: [0],
      scores: [761, 505, 526, 492],
      ranking: [0, 2, 1, 3],
      decidedBy: 'final money',
    });
  });

  it('names the index, seat and rule of a refused move', () => {
    const record = fixture('modern-3-players');
    const moves = record.moves.slice(0, 3);
    const wrongSeat = replay(bigBoss, { ...record, moves: [{ ...moves[0], seat: 0 }] });
    expect(wrongSeat.ok ? null : wrongSeat.error).toMatchObject({
      kind: 'illegal-move',
      moveIndex: 0,
      seat: 0,
      rule: 'not-your-turn',
    });
    const shape = replay(bigBoss, { ...record, moves: [{ seat: 1, type: 'fly' }] });
    expect(shape.ok ? null : shape.error).toMatchObject({ kind: 'invalid-move', moveIndex: 0 });
    const options = replay(bigBoss, { ...record, options: { players: 9 } });
    expect(options.ok ? null : options.error.kind).toBe('invalid-options');
  });
});
