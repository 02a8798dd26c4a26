// Tests I'm the Boss! setup and turns: marker, roll, draws and hand limit, clocks, and turn-based stepping.
import { CLOCK } from '@boss-table/core';
import { describe, expect, it } from 'vitest';
import { ALL_CARDS } from './cards.js';
import { clocks } from './clocks.js';
import { imTheBoss } from './game.js';
import { parseOptions } from './options.js';
import { setup } from './setup.js';
import type { ImbState } from './state.js';
import { play, position, refusal } from './test-kit.js';

const start = (raw: Record<string, unknown>, seed = 's'): ImbState => {
  const o = parseOptions(raw);
  if (!o.ok) throw new Error(o.error.message);
  const r = setup(o.value, seed);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.state;
};

describe('§2 setup', () => {
  it.each([
    [2, 3, 0],
    [3, 2, 0],
    [4, 1, 2],
    [5, 1, 1],
    [6, 1, 0],
  ])(
    '%i players: %i placards each, %i spare; 5 cards each; the best-ranked owner starts',
    (n, per, spare) => {
      const s = start({ players: n, twoPlayer: n === 2 });
      for (let seat = 0; seat < n; seat++)
        expect(s.pub.placards.filter((o) => o === seat)).toHaveLength(per);
      expect(s.pub.placards.filter((o) => o < 0)).toHaveLength(spare);
      expect(s.hands.every((h) => h.length === 5)).toBe(true);
      expect(new Set([...s.hands.flat(), ...s.draw]).size).toBe(ALL_CARDS.length);
      expect(s.pub.startPlayer).toBe(s.pub.placards.find((o) => o >= 0));
      expect(s.pub.seat).toBe((s.pub.startPlayer + n - 1) % n);
      expect(s.pub.phase).toBe('marker');
    },
  );

  it('refuses seat counts and option values the rules do not allow (setup)', () => {
    for (const raw of [
      { players: 2, twoPlayer: false },
      { players: 7 },
      { players: 3, twoPlayer: true },
      { mode: 'fast' },
      { clocks: { stopWindow: 1000, stopWindowMin: 2000 } },
      { colour: 'red' },
    ]) {
      const r = parseOptions(raw);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.kind).toBe('setup');
    }
    const two = parseOptions({ players: 2 });
    expect(two.ok && two.value.twoPlayer).toBe(true);
  });
});

const HANDS = [['boss:1'], ['boss:2'], ['boss:3'], ['boss:4']];
const PLACARDS = [0, 1, 2, 3, null, null];

describe('§3 a turn', () => {
  it('the marker may go on any space; its clock places it on the lowest open space', () => {
    const s = position({ placards: PLACARDS, hands: HANDS });
    expect(refusal(s, 3, { type: 'placeMarker', space: 17 })).toBe('bad-space');
    expect(refusal(s, 0, { type: 'placeMarker', space: 3 })).toBe('not-your-turn');
    const t = play(s, CLOCK, { type: 'expire', clock: 'turn' });
    expect(t.pub.marker).toBe(1);
    expect(t.pub.seat).toBe(0);
  });

  it('a roll counts open spaces only and wraps around (§12.2)', () => {
    const s = position({ placards: PLACARDS, hands: HANDS, marker: 1, dice: [6] });
    s.pub.closed = s.pub.closed.map((_, i) => ([0, 4, 8, 12].includes(i) ? 0 : 1));
    const t = play(s, 0, { type: 'roll' });
    expect(t.pub.marker).toBe(9);
    expect(t.pub.phase).toBe('moved');
    expect(refusal(t, 0, { type: 'roll' })).toBe('wrong-phase');
  });

  it('drawing: 3 cards, then the turn passes left; draw is refused at turn start', () => {
    let s = position({ placards: PLACARDS, hands: HANDS, marker: 1, dice: [2] });
    expect(refusal(s, 0, { type: 'draw' })).toBe('wrong-phase');
    s = play(s, 0, { type: 'roll' });
    s = play(s, 0, { type: 'draw' });
    expect(s.hands[0]).toHaveLength(4);
    expect(s.pub.seat).toBe(1);
  });

  it('the hand limit: exactly the excess is discarded face down; the clock takes the last drawn', () => {
    const hand = ALL_CARDS.filter((c) => c.startsWith('recruit:')).slice(0, 11);
    let s = position({
      placards: PLACARDS,
      hands: [hand, ['boss:2'], ['boss:3'], ['boss:4']],
      marker: 1,
    });
    s = play(s, 0, { type: 'roll' });
    s = play(s, 0, { type: 'draw' });
    expect(s.pub.phase).toBe('discard');
    expect(s.pub.discardDue).toBe(2);
    expect(refusal(s, 0, { type: 'discard', cards: [hand[0]] })).toBe('bad-discard');
    const drawn = s.hands[0].slice(-2);
    expect(imTheBoss.view(s, 1).table.discardDue).toBe(2);
    const t = play(s, CLOCK, { type: 'expire', clock: 'discard' });
    expect(t.hands[0]).toHaveLength(12);
    expect(t.hidden.map((h) => h.card)).toEqual(drawn);
    expect(imTheBoss.view(t, 1).myDiscards).toEqual([]);
    expect(imTheBoss.view(t, 0).myDiscards).toEqual(drawn);
    expect(t.pub.hiddenDiscards[0]).toBe(2);
  });

  it('mustDealAt10: with 10 cards, drawing is refused and the clock declares', () => {
    const hand = ALL_CARDS.filter((c) => c.startsWith('recruit:')).slice(0, 10);
    let s = position({
      placards: PLACARDS,
      hands: [hand, ['boss:2'], ['boss:3'], ['boss:4']],
      marker: 1,
      options: { mustDealAt10: true },
    });
    s = play(s, 0, { type: 'roll' });
    expect(refusal(s, 0, { type: 'draw' })).toBe('must-deal');
    s = play(s, CLOCK, { type: 'expire', clock: 'turn' });
    expect(s.pub.phase).toBe('deal');
  });

  it('minCardsToDeal: fewer than 4 cards may not declare', () => {
    const s = position({
      placards: PLACARDS,
      hands: HANDS,
      marker: 1,
      options: { minCardsToDeal: true },
    });
    expect(refusal(s, 0, { type: 'declareDeal', clan: [] })).toBe('too-few-cards');
  });

  it('clock moves: only the clock expires, and only a running clock (no-clock)', () => {
    const s = position({ placards: PLACARDS, hands: HANDS, marker: 1 });
    expect(refusal(s, 0, { type: 'expire', clock: 'turn' })).toBe('clock-only');
    expect(refusal(s, CLOCK, { type: 'expire', clock: 'deal' })).toBe('no-clock');
    expect(refusal(s, CLOCK, { type: 'expire', clock: 'stopWindow' })).toBe('no-window');
    expect(clocks(s).map((c) => c.id)).toEqual([`turn:${s.pub.wait}`]);
  });
});

describe('§5.7 turn-based tables', () => {
  const tb = () => {
    let s = position({
      placards: PLACARDS,
      hands: [['boss:1', 'clan:P2'], ['clan:R1', 'stop:1'], ['boss:2'], ['stop:2']],
      marker: 5,
      options: { mode: 'turnBased' },
    });
    s = play(s, 0, { type: 'declareDeal', clan: [] });
    return s;
  };

  it('steps go round from the Boss; only the step seat acts; a batch keeps its order', () => {
    let s = tb();
    expect(imTheBoss.activeSeats(s)).toEqual([0]);
    expect(imTheBoss.concurrency!(s)).toBe('turn');
    expect(refusal(s, 1, { type: 'offerClan', cards: ['clan:R1'] })).toBe('not-your-turn');
    s = play(s, 0, { type: 'commitClan', cards: ['clan:P2'] });
    expect(refusal(s, 0, { type: 'reject', id: 1 })).toBe('bad-batch');
    s = play(s, 0, { type: 'propose', to: 1, items: [], dividends: 1 });
    expect(refusal(s, 0, { type: 'commitClan', cards: ['clan:P2'] })).toBe('bad-batch');
    s = play(s, 0, { type: 'pass' });
    expect(imTheBoss.activeSeats(s)).toEqual([1]);
    s = play(s, 1, { type: 'offerClan', cards: ['clan:R1'] });
    s = play(s, 0 + 1, { type: 'pass' });
    expect(imTheBoss.activeSeats(s)).toEqual([2]);
    s = play(s, CLOCK, { type: 'expire', clock: 'step' });
    expect(imTheBoss.activeSeats(s)).toEqual([3]);
  });

  it('a round without progress breaks the deal down', () => {
    let s = tb();
    for (let k = 0; k < 4; k++) s = play(s, CLOCK, { type: 'expire', clock: 'step' });
    expect(s.pub.deal).toBeNull();
    expect(s.pub.seat).toBe(1);
  });

  it('a stop window asks one seat at a time from the player’s left; the first Stop ends it', () => {
    let s = tb();
    s = play(s, 0, { type: 'pass' });
    s = play(s, 1, { type: 'pass' });
    s = play(s, 2, { type: 'playBoss', card: 'boss:2' });
    expect(imTheBoss.activeSeats(s)).toEqual([3]);
    s = play(s, 3, { type: 'pass' });
    expect(imTheBoss.activeSeats(s)).toEqual([0]);
    s = play(s, CLOCK, { type: 'expire', clock: 'prompt' });
    s = play(s, 1, { type: 'playStop', card: 'stop:1' });
    expect(s.pub.deal!.boss).toBe(0);
    expect(s.pub.deal!.phase).toBe('open');
    expect(imTheBoss.activeSeats(s)).toEqual([3]);
  });
});
