/** Rules file, section 7: the end and final money. */
import { describe, expect, it } from 'vitest';
import { bigBoss } from './game.js';
import { position, type PositionSpec } from './test-kit.js';

const ALL_GONE_BUT_LION = {
  regent: 5,
  lunar: 5,
  eagle: 5,
  kingdom: 5,
  orion: 5,
  vega: 5,
  zenith: 5,
};

/** Nobody can buy (under 5 each) or play (I40 touches nothing and no company is left to found). */
const stuck: PositionSpec = {
  cash: [4, 3, 0],
  hands: ['I40 L', 'I41', ''],
  companies: { lion: { track: '1:5 2:5 3:5', price: 20, tower: 0 } },
  gone: ALL_GONE_BUT_LION,
  shares: [{ lion: 2 }, { lion: 5 }, {}],
};

describe('the end (section 7)', () => {
  it('comes when every player passes in a row, at once', () => {
    const t = position(stuck);
    t.play('pass', 'sell lion 1'); // a sell does not break the run
    expect(t.state.passes).toBe(1);
    t.play('pass');
    expect(bigBoss.isOver(t.state)).toBe(false);
    t.play('pass');
    expect(bigBoss.isOver(t.state)).toBe(true);
    expect(t.events('game-over')[0]).toMatchObject({ reason: 'passes' });
    expect(t.view().phase).toBe('over');
    expect(t.view().turn).toBe(null);
    expect(bigBoss.activeSeats(t.state)).toEqual([]);
    expect(bigBoss.legalMoves(t.state, 0)).toEqual([]);
    expect(t.refused('pass', 0)).toMatchObject({ kind: 'game-over' });
  });

  it('comes when the last piece is placed, after that player’s invest step', () => {
    const t = position({
      hands: ['I4'],
      companies: { lion: { track: '1 2 3', price: 5 } },
      piecesLeft: 1,
    });
    t.play('expand I4 4');
    expect(t.state.piecesLeft).toBe(0);
    expect(bigBoss.isOver(t.state)).toBe(false);
    expect(t.state.phase).toBe('invest');
    t.play('invest lion');
    expect(bigBoss.isOver(t.state)).toBe(true);
    expect(t.events('game-over')[0]).toMatchObject({ reason: 'pieces' });
    expect(t.state.shares[4]).toBe(1);
  });

  it('comes at once with the last piece when the invest step has nothing to buy', () => {
    const t = position({
      hands: ['I4'],
      companies: { lion: { track: '1 2 3', price: 5, sharesLeft: 0 } },
      towersPlaced: [2, 0, 0],
      piecesLeft: 1,
    });
    t.play('expand I4 4');
    expect(bigBoss.isOver(t.state)).toBe(true);
  });
});

describe('final money', () => {
  it('modern: cash + shares at price + each tower as three shares + 5 per Industry and 10 per Level card', () => {
    const t = position(stuck);
    t.play('pass', 'pass', 'pass');
    const over = t.events('game-over')[0];
    expect(over.money).toEqual([
      { cash: 4, shares: 40, towers: 60, cards: 15, total: 119 },
      { cash: 3, shares: 100, towers: 0, cards: 5, total: 108 },
      { cash: 0, shares: 0, towers: 0, cards: 0, total: 0 },
    ]);
    expect(bigBoss.outcome(t.state)).toEqual({
      winners: [0],
      scores: [119, 108, 0],
      ranking: [0, 1, 2],
      decidedBy: 'final money',
    });
  });

  it('modern: a tie goes to more radio towers placed (those lost in mergers count), else it is shared', () => {
    // Seat 1 is as rich as seat 0 and placed two towers (one left in a merger).
    const tied: PositionSpec = {
      ...stuck,
      cash: [4, 4, 0],
      hands: ['I40 L', 'I41 I42 I43', ''],
      towersPlaced: [1, 2, 0],
    };
    const t = position(tied);
    t.play('pass', 'pass', 'pass');
    expect(bigBoss.outcome(t.state)).toMatchObject({
      winners: [1],
      scores: [119, 119, 0],
      ranking: [1, 0, 2],
      decidedBy: 'radio towers placed',
    });
    const shared = position({ ...tied, towersPlaced: [1, 1, 0] });
    shared.play('pass', 'pass', 'pass');
    expect(bigBoss.outcome(shared.state)).toMatchObject({ winners: [0, 1], decidedBy: 'shared' });
  });

  it('original: cash + shares at price + each flag as three shares − 5 per card; ties are shared', () => {
    const t = position({
      ...stuck,
      rules: 'original',
      hands: ['I40 L3', 'I41', ''],
      cash: [4, 4, 0],
      shares: [{ lion: 2 }, { lion: 5 }, {}],
    });
    t.play('pass', 'pass', 'pass');
    expect(t.events('game-over')[0].money).toEqual([
      { cash: 4, shares: 40, towers: 60, cards: -10, total: 94 },
      { cash: 4, shares: 100, towers: 0, cards: -5, total: 99 },
      { cash: 0, shares: 0, towers: 0, cards: 0, total: 0 },
    ]);
    const tie = position({
      ...stuck,
      rules: 'original',
      cash: [9, 4, 0], // 9 + 40 + 60 − 10 = 4 + 100 − 5
      deck: '',
      hands: ['I40 L3', 'I41', ''],
      towersPlaced: [1, 0, 0],
    });
    tie.play('pass', 'pass', 'pass');
    expect(bigBoss.outcome(tie.state)).toMatchObject({ winners: [0, 1], decidedBy: 'shared' });
  });
});
