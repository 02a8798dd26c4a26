/** Rules file, section 3: a turn — buying a card, playing one, earning, buying shares and towers, selling and passing. */
import { describe, expect, it } from 'vitest';
import { cardCode } from './companies.js';
import { bigBoss } from './game.js';
import { position } from './test-kit.js';
import type { BigBossLegal } from './types.js';

describe('buying a card (modern)', () => {
  it('a face-up card costs 5, is replaced from the deck at once in its place, and is known to be in that hand', () => {
    const t = position({ row: 'I1 I2 I3 I4 I5 I6', deck: 'I7 I8', hands: ['I40'] });
    t.play('buy row I3');
    expect(t.state.row.map(cardCode)).toEqual(['I1', 'I2', 'I7', 'I4', 'I5', 'I6']);
    expect(t.hand(0)).toEqual(['I3', 'I40']);
    expect(t.state.cash[0]).toBe(35);
    expect(t.view(2).seats[0]).toMatchObject({ handCount: 2, known: ['I3'] });
    expect(t.lastEmitted.map((e) => e.event)).toEqual([
      { type: 'bought', seat: 0, from: 'row', card: 'I3', cost: 5 },
      { type: 'row-refilled', card: 'I7' },
      { type: 'turn', seat: 1 },
    ]);
  });

  it('the top of the deck costs 5 and only the buyer sees it', () => {
    const t = position({ row: 'I1', deck: 'I7 I8', hands: ['I40'] });
    t.play('buy deck');
    expect(t.hand(0)).toEqual(['I7', 'I40']);
    expect(t.state.cash[0]).toBe(35);
    expect(t.events('bought', 1)).toEqual([
      { type: 'bought', seat: 0, from: 'deck', card: null, cost: 5 },
    ]);
    expect(t.events('drew', 0)).toEqual([{ type: 'drew', seat: 0, card: 'I7' }]);
    expect(t.events('drew', 1)).toEqual([]);
    expect(t.events('drew', null)).toEqual([]);
    expect(t.view(1).seats[0]).toMatchObject({ handCount: 2, known: [] });
    expect(JSON.stringify(t.view(1))).not.toContain('"I7"');
  });

  it('a Level card costs 10 and is public', () => {
    const t = position({ hands: ['I40'], levels: 3 });
    t.play('buy levels');
    expect(t.hand(0)).toEqual(['I40', 'L']);
    expect(t.state.cash[0]).toBe(30);
    expect(t.state.levels).toBe(2);
    expect(t.view(1).seats[0].known).toEqual(['L']);
  });

  it('cannot be bought without the money for it', () => {
    const t = position({ row: 'I1', cash: [9, 40, 40], hands: ['I40'] });
    expect(t.refused('buy levels')).toMatchObject({
      kind: 'buy-no-money',
      message: 'Buying: A Level card costs 10; you have 9.',
    });
    t.play('buy row I1');
    expect(t.state.cash[0]).toBe(4);
    t.state.turn = 0;
    expect(t.refused('buy deck').kind).toBe('buy-no-money');
  });

  it('cannot be bought from an empty pile; an empty deck leaves the row short', () => {
    const t = position({ row: 'I1 I2', deck: '', levels: 0, hands: ['I40'] });
    expect(t.refused('buy deck')).toMatchObject({ kind: 'buy-empty-pile' });
    expect(t.refused('buy levels')).toMatchObject({ kind: 'buy-empty-pile' });
    expect(t.refused('buy row I9')).toMatchObject({ kind: 'buy-not-face-up' });
    t.play('buy row I1');
    expect(t.state.row.map(cardCode)).toEqual(['I2']);
    expect(t.events('row-refilled')).toEqual([]);
  });
});

describe('buying a card (original)', () => {
  it('only the top of the mixed deck, for 5, seen only by the buyer', () => {
    const t = position({ rules: 'original', deck: 'L3 I8', hands: ['I40'] });
    expect(t.refused('buy levels').kind).toBe('buy-not-allowed');
    expect(t.refused({ type: 'buy', from: 'row', card: 'I8' }).kind).toBe('buy-not-allowed');
    t.play('buy deck');
    expect(t.hand(0)).toEqual(['I40', 'L3']);
    expect(t.state.cash[0]).toBe(25);
    expect(t.view(1).seats[0].known).toEqual([]);
    expect(t.events('drew', 0)).toEqual([{ type: 'drew', seat: 0, card: 'L3' }]);
  });
});

describe('playing a card, earning and buying shares', () => {
  const lionAndLunar = {
    companies: {
      lion: { track: '10 11:2 12', price: 12 },
      lunar: { track: '30 31 32:2', price: 5 },
    },
    hands: ['I13 I50'],
  };

  it('only a card in hand is played', () => {
    const t = position(lionAndLunar);
    expect(t.refused('expand I14 14')).toMatchObject({
      kind: 'card-not-in-hand',
      message: 'You do not hold I14.',
    });
  });

  it('raises the price by the piece’s level, pays the price, then waits for the invest step', () => {
    const t = position(lionAndLunar);
    t.play('expand I13 13');
    expect(t.price('lion')).toBe(13);
    expect(t.state.cash[0]).toBe(53);
    expect(t.state.phase).toBe('invest');
    expect(t.state.turn).toBe(0);
    expect(t.view(1).played).toBe('lion');
    expect(t.state.discards.map(cardCode)).toEqual(['I13']);
    expect(t.lastEmitted.map((e) => e.event)).toEqual([
      { type: 'expanded', seat: 0, card: 'I13', space: 13, level: 1, company: 'lion' },
      { type: 'price-changed', company: 'lion', from: 12, to: 13 },
      { type: 'earned', seat: 0, company: 'lion', amount: 13 },
    ]);
    expect(t.refused('buy deck').kind).toBe('wrong-phase');
    expect(t.refused('pass').kind).toBe('wrong-phase');
  });

  it('up to two shares in any companies at their price, and a tower on the company played for 15', () => {
    const t = position(lionAndLunar);
    t.play('expand I13 13').play('invest lion lunar tower');
    expect(t.state.cash[0]).toBe(53 - 13 - 5 - 15);
    expect([t.shares(0, 'lion'), t.shares(0, 'lunar')]).toEqual([1, 1]);
    expect(t.view().companies.find((c) => c.id === 'lion')).toMatchObject({
      sharesLeft: 11,
      tower: 0,
    });
    expect(t.view().seats[0]).toMatchObject({ towers: ['lion'], towersLeft: 1 });
    expect(t.lastEmitted.map((e) => e.event)).toEqual([
      { type: 'invested', seat: 0, shares: ['lunar', 'lion'], tower: 'lion', cost: 33 },
      { type: 'turn', seat: 1 },
    ]);
  });

  it('two shares of one company are allowed; three are not', () => {
    const t = position(lionAndLunar);
    t.play('expand I13 13');
    expect(
      t.refused({ type: 'invest', shares: ['lion', 'lion', 'lion'], tower: false }),
    ).toMatchObject({
      kind: 'invest-too-many',
    });
    t.play('invest lion lion');
    expect(t.shares(0, 'lion')).toBe(2);
  });

  it('refuses shares of a company not in play, from an empty pile, or beyond the money', () => {
    const t = position({
      ...lionAndLunar,
      companies: { ...lionAndLunar.companies, lunar: { track: '30 31 32:2', sharesLeft: 1 } },
      gone: { eagle: 9 },
      cash: 0,
    });
    t.play('expand I13 13');
    expect(t.refused('invest regent').message).toBe(
      'Buying shares: Regent is not in play (never founded).',
    );
    expect(t.refused('invest eagle').message).toBe(
      'Buying shares: Eagle is not in play (it was acquired).',
    );
    expect(t.refused('invest lunar lunar')).toMatchObject({ kind: 'invest-no-shares' });
    expect(t.refused('invest lion lion')).toMatchObject({
      kind: 'invest-money',
      message: 'Buying shares: that costs 26; you have 13.',
    });
    expect(t.refused('invest tower')).toMatchObject({ kind: 'invest-money' });
    t.play('invest lion');
    expect(t.state.cash[0]).toBe(0);
  });

  it('a second tower costs 30, a third is refused, and a company takes one tower only', () => {
    const t = position({ ...lionAndLunar, towersPlaced: [1, 0, 0] });
    t.play('expand I13 13', 'invest tower');
    expect(t.state.cash[0]).toBe(53 - 30);
    const full = position({ ...lionAndLunar, towersPlaced: [2, 0, 0] });
    full.play('expand I13 13');
    expect(full.refused('invest tower')).toMatchObject({
      kind: 'invest-tower',
      message: 'Buying a tower: you have placed both of yours.',
    });
    const taken = position({
      ...lionAndLunar,
      companies: { ...lionAndLunar.companies, lion: { track: '10 11:2 12', price: 12, tower: 2 } },
    });
    taken.play('expand I13 13');
    expect(taken.refused('invest tower').message).toBe('Buying a tower: Lion already has one.');
  });

  it('buying nothing is always allowed; the step is skipped when nothing is affordable', () => {
    const t = position(lionAndLunar);
    t.play('expand I13 13').play('invest');
    expect(t.lastEmitted.map((e) => e.event)).toEqual([
      { type: 'invested', seat: 0, shares: [], tower: null, cost: 0 },
      { type: 'turn', seat: 1 },
    ]);
    // Original: a new company stands at 3, shares cost at least 5; with nothing else, nothing is affordable.
    const poor = position({ rules: 'original', hands: ['I40'], cash: 0 });
    poor.play('found I40 39 - lunar');
    expect(poor.state.cash[0]).toBe(3);
    expect(poor.state.phase).toBe('play');
    expect(poor.state.turn).toBe(1);
    expect(poor.events('invested')).toEqual([]);
  });

  it('original: shares cost at least 5, flags cost as towers', () => {
    const t = position({ rules: 'original', hands: ['I40'], cash: 14 });
    t.play('found I40 39 - lunar');
    expect(t.price('lunar')).toBe(3);
    expect(t.state.cash[0]).toBe(17);
    expect(t.refused('invest lunar tower')).toMatchObject({
      kind: 'invest-money',
      message: 'Buying shares: that costs 20; you have 17.',
    });
    t.play('invest lunar');
    expect(t.state.cash[0]).toBe(12);
  });
});

describe('selling and passing', () => {
  const stuck = {
    cash: [4, 0, 0],
    hands: ['I40', '', ''],
    companies: { lion: { track: '1 2 3', price: 7 }, lunar: { track: '20 21 22', price: 6 } },
    shares: [{ lion: 3 }],
    // I40 cannot be played: every company has been in play and it touches nothing.
    gone: { regent: 5, eagle: 5, kingdom: 5, orion: 5, vega: 5, zenith: 5 },
  };

  it('only a player who can neither buy nor play may sell or pass', () => {
    const t = position({ hands: ['I40'], shares: [{}] });
    expect(t.refused('pass')).toMatchObject({ kind: 'must-buy-or-play' });
    const poor = position({ hands: ['I40'], cash: 0 });
    expect(poor.refused('pass').kind).toBe('must-buy-or-play'); // I40 can found a company
    expect(position(stuck).legal()).toEqual([
      { type: 'sell', company: 'lion', count: 1 },
      { type: 'sell', company: 'lion', count: 2 },
      { type: 'sell', company: 'lion', count: 3 },
      { type: 'pass' },
    ]);
  });

  it('modern: sells at the current price, then may only sell more and pass', () => {
    const t = position(stuck);
    t.play('sell lion 2');
    expect(t.state.cash[0]).toBe(4 + 14);
    expect(t.shares(0, 'lion')).toBe(1);
    expect(t.view().companies.find((c) => c.id === 'lion')!.sharesLeft).toBe(11);
    expect(t.state.phase).toBe('sell');
    expect(t.refused('buy deck')).toMatchObject({ kind: 'wrong-phase' });
    expect(t.refused('sell lion 2')).toMatchObject({
      kind: 'sell-count',
      message: 'Selling: you hold 1 share of Lion, not 2.',
    });
    t.play('pass');
    expect(t.lastEmitted.map((e) => e.event)).toEqual([
      { type: 'passed', seat: 0, passes: 1 },
      { type: 'turn', seat: 1 },
    ]);
    expect(t.view().seats[0].passed).toBe(true);
  });

  for (const rules of ['modern', 'original'] as const)
    it(`${rules}: an Industry card that can put a sixth piece on its space must be played, not passed`, () => {
      const t = position({ ...stuck, rules, hands: ['I2', '', ''] });
      t.state.pieces[1] = 5; // space 2 of Lion: five pieces (the test kit's price is kept)
      expect(t.refused('pass')).toMatchObject({ kind: 'must-buy-or-play' });
      expect(t.legal()).toEqual([{ type: 'expand', card: 'I2', space: 2 }]);
      const legal = bigBoss.legalSummary(t.state, 0) as BigBossLegal;
      expect(legal).toMatchObject({ pass: false, sell: [], found: [] });
      expect(legal.expand).toEqual([{ card: 'I2', space: 2, company: 'lion', merge: null }]);
      t.play('expand I2 2');
      expect(t.price('lion')).toBe(13);
    });

  it('original: passes without selling', () => {
    const t = position({ ...stuck, rules: 'original' });
    expect(t.legal()).toEqual([{ type: 'pass' }]);
    expect(t.refused('sell lion 1')).toMatchObject({ kind: 'sell-not-allowed' });
  });

  it('a buy or a play breaks a run of passes', () => {
    const t = position({ ...stuck, cash: [4, 10, 0], passes: 0 });
    t.play('pass', 'buy deck');
    expect(t.state.passes).toBe(0);
    expect(t.view().seats[0].passed).toBe(false);
  });
});
