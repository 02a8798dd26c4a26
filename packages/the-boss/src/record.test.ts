// Tests core's records with The Boss: malformed records refused, refused moves located, replays identical.
import { describe, expect, it } from 'vitest';
import { eventsFor, parseRecord, replay, type Emitted } from '@boss-table/core';
import { theBoss } from './game.js';

describe('records', () => {
  it('refuses malformed records with a clear message', () => {
    const bad = (raw: unknown) => {
      const r = parseRecord(raw);
      return r.ok ? '' : r.error.message;
    };
    expect(bad([])).toContain('JSON object');
    expect(bad({ seed: 's', moves: [] })).toContain('"game"');
    expect(bad({ game: 'the-boss', moves: [] })).toContain('"seed"');
    expect(bad({ game: 'the-boss', seed: 's' })).toContain('"moves"');
    expect(bad({ game: 'the-boss', seed: 's', options: 3, moves: [] })).toContain('"options"');
    expect(bad({ game: 'the-boss', seed: 's', moves: [{ seat: -1 }] })).toContain('Move 0');
    expect(bad({ game: 'the-boss', seed: 's', moves: [5] })).toContain('Move 0');
    const good = parseRecord({ game: 'the-boss', seed: 's', moves: [] });
    expect(good.ok && good.value.options).toEqual({});
  });

  it('refuses a record for another game and bad options', () => {
    const other = replay(theBoss, { game: 'chess', options: {}, seed: 's', moves: [] });
    expect(other.ok ? '' : other.error.kind).toBe('unknown-game');
    const options = replay(theBoss, {
      game: 'the-boss',
      options: { players: 1 },
      seed: 's',
      moves: [],
    });
    expect(options.ok ? '' : options.error.kind).toBe('invalid-options');
  });

  it('names the index, seat and rule of the first refused move', () => {
    const options = theBoss.parseOptions({ players: 2 });
    if (!options.ok) throw new Error(options.error.message);
    const start = theBoss.setup(options.value, 'r');
    if (!start.ok) throw new Error(start.error.message);
    const s = start.value.state;
    const first = theBoss.legalMoves(s, s.turn)[0];
    const record = {
      game: 'the-boss',
      options: { players: 2 },
      seed: 'r',
      moves: [
        { seat: s.turn, ...first },
        { seat: s.turn, ...first },
      ],
    };
    const r = replay(theBoss, record);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({
      kind: 'illegal-move',
      moveIndex: 1,
      seat: s.turn,
      rule: 'not-your-turn',
    });
    const shape = replay(theBoss, { ...record, moves: [{ seat: 0, reveal: 'nowhere:9' }] });
    expect(shape.ok ? null : shape.error).toMatchObject({
      kind: 'invalid-move',
      moveIndex: 0,
      seat: 0,
    });
  });

  it('replays the same record to the same state every time', () => {
    const record = { game: 'the-boss', options: { players: 3 }, seed: 'again', moves: [] };
    const a = replay(theBoss, record);
    const b = replay(theBoss, record);
    expect(a.ok && b.ok && a.value.state).toEqual(b.ok && b.value.state);
  });
});

describe('eventsFor', () => {
  it('gives a viewer public events and its own private ones only', () => {
    const emitted: Emitted<string>[] = [
      { audience: 'all', event: 'a' },
      { audience: 0, event: 'to 0' },
      { audience: 1, event: 'to 1' },
    ];
    expect(eventsFor(emitted, 0)).toEqual(['a', 'to 0']);
    expect(eventsFor(emitted, 1)).toEqual(['a', 'to 1']);
    expect(eventsFor(emitted, null)).toEqual(['a']);
  });
});
