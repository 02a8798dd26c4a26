// Rules-file points an independent implementation disagreed on (5.3, 5.4.1, 5.7, 6.6, §14), each named by its section.
import { CLOCK, parseRecord, replay } from '@boss-table/core';
import { describe, expect, it } from 'vitest';
import { ALL_CARDS, byCardId } from './cards.js';
import { imTheBoss } from './game.js';
import type { ImbMove } from './move.js';
import { legalMovesOf } from './rules.js';
import type { ImbState } from './state.js';
import { summary } from './summary.js';
import { cardsAccountedFor, play, playEvents, position, refusal } from './test-kit.js';
import { view } from './view.js';

const expire = (s: ImbState, clock: string) => play(s, CLOCK, { type: 'expire', clock } as never);
const passAll = (s: ImbState, seats: readonly number[]) =>
  seats.reduce((x, seat) => play(x, seat, { type: 'pass' }), s);

/** 4 players: H 0, K 1, L 2, P 3, R and T spare; seat 0 starts, seat 3 places the marker. */
const PLACARDS4 = [0, 1, 2, 3, null, null];

describe('5.4.1 terms may name several items of one family', () => {
  const hands = [
    ['boss:1'],
    ['clan:R1', 'clan:R2', 'stop:1'],
    ['stop:2', 'boss:2'],
    ['recruit:4', 'stop:3'],
  ];

  it('a proposal naming two clan cards of one family is accepted; only one item twice is bad-terms', () => {
    let s = position({ placards: PLACARDS4, hands, marker: 5 });
    s = play(s, 0, { type: 'declareDeal', clan: [] });
    s = play(s, 1, { type: 'offerClan', cards: ['clan:R1', 'clan:R2'] });
    const two: ImbMove = { type: 'propose', to: 1, items: ['clan:R1', 'clan:R2'], dividends: 1 };
    expect(refusal(s, 0, two)).toBe('accepted');
    expect(legalMovesOf(s, 0)).toContainEqual(two);
    expect(
      refusal(s, 0, { type: 'propose', to: 1, items: ['clan:R1', 'clan:R1'], dividends: 1 }),
    ).toBe('bad-terms');
    // A seat's own ask may name its placard and a clan card of one family alike.
    s = play(s, 0, two);
    s = play(s, 1, { type: 'accept', id: s.pub.nextProposal });
    expect(s.pub.deal!.agreements[0].items).toEqual(['clan:R1', 'clan:R2']);
    s = play(s, 0, { type: 'propose', to: 3, items: ['inv:P'], dividends: 1 });
    s = play(s, 3, { type: 'accept', id: s.pub.nextProposal });
    expect(s.pub.deal!.phase).toBe('lastCall');
    s = expire(s, 'lastCall');
    // 7.2: every committed clan card is used, even where a family is covered twice.
    expect(s.pub.deal).toBeNull();
    expect(s.pub.discard).toEqual(expect.arrayContaining(['clan:R1', 'clan:R2']));
    expect(s.hands[1]).toEqual(['stop:1']);
    expect(cardsAccountedFor(s)).toBe(true);
  });

  it("a seat's ask may name its placard and a clan card of the same family", () => {
    let s = position({
      placards: PLACARDS4,
      hands: [['boss:1'], ['clan:R1'], ['stop:2'], ['clan:P1', 'stop:3']],
      marker: 5,
    });
    s = play(s, 0, { type: 'declareDeal', clan: [] });
    s = play(s, 3, { type: 'offerClan', cards: ['clan:P1'] });
    expect(
      refusal(s, 3, { type: 'propose', to: 0, items: ['inv:P', 'clan:P1'], dividends: 2 }),
    ).toBe('accepted');
  });
});

describe('5.3 placard offers stand, are public, and are not repeated', () => {
  const hands = [['boss:1'], ['travel:K1', 'stop:1'], ['recruit:1', 'recruit:2', 'recruit:3'], []];

  it('a second offer of a standing one is refused (already-offered); the offer is in every view', () => {
    let s = position({ placards: PLACARDS4, hands, marker: 5 });
    s = play(s, 0, { type: 'declareDeal', clan: [] });
    const offer: ImbMove = { type: 'offerPlacard', placard: 'inv:K' };
    const r = playEvents(s, 1, offer);
    expect(r.events.map((e) => e.event.type)).toEqual(['placardOffered']);
    s = r.state;
    expect(refusal(s, 1, offer)).toBe('already-offered');
    expect(legalMovesOf(s, 1)).not.toContainEqual(offer);
    for (const seat of [0, 1, 2, 3, null])
      expect(view(s, seat).table.deal!.offered).toEqual(['inv:K']);
    expect(summary(s).deal!.offered).toEqual(['inv:K']);
  });

  it('the offer ends when the placard travels', () => {
    let s = position({ placards: PLACARDS4, hands, marker: 5 });
    s = play(s, 0, { type: 'declareDeal', clan: [] });
    s = play(s, 1, { type: 'offerPlacard', placard: 'inv:K' });
    s = play(s, 1, { type: 'playTravel', card: 'travel:K1', target: 'inv:K' });
    s = expire(s, 'stopWindow');
    expect(s.pub.deal!.offered).toEqual([]);
  });

  it('the offer ends when the placard changes owner', () => {
    // 3 players (no spare placard): seat 2 recruits seat 1's K.
    let s = position({
      placards: [0, 1, 1, 2, 2, 0],
      hands: [['boss:1'], ['stop:1'], ['recruit:1', 'recruit:2', 'recruit:3']],
      marker: 5,
    });
    s = play(s, 0, { type: 'declareDeal', clan: [] });
    s = play(s, 1, { type: 'offerPlacard', placard: 'inv:K' });
    s = play(s, 2, {
      type: 'playRecruit',
      cards: ['recruit:1', 'recruit:2', 'recruit:3'],
      target: 'inv:K',
    });
    s = expire(s, 'stopWindow');
    expect(s.pub.placards[1]).toBe(2);
    expect(s.pub.deal!.offered).toEqual([]);
    expect(refusal(s, 2, { type: 'offerPlacard', placard: 'inv:K' })).toBe('accepted');
  });
});

describe('5.7 what is not progress feeds no action limit', () => {
  it('repeated offers, proposals, cancels and rejects do not end a deal (maxDealActions)', () => {
    let s = position({
      placards: PLACARDS4,
      hands: [['boss:1'], ['stop:1'], ['stop:2'], ['stop:3']],
      marker: 5,
      options: { maxDealActions: 5 },
    });
    s = play(s, 0, { type: 'declareDeal', clan: [] });
    s = play(s, 1, { type: 'offerPlacard', placard: 'inv:K' });
    for (let k = 0; k < 20; k++) {
      s = play(s, 3, { type: 'propose', to: 0, items: ['inv:P'], dividends: 3 });
      s = play(s, 3, { type: 'cancel', id: s.pub.nextProposal });
      s = play(s, 0, { type: 'propose', to: 3, items: ['inv:P'], dividends: 1 });
      s = play(s, 3, { type: 'reject', id: s.pub.nextProposal });
    }
    expect(s.pub.deal).not.toBeNull();
    expect(s.pub.deal!.progress).toBe(2);
  });

  it('progress still counts toward it', () => {
    let s = position({
      placards: PLACARDS4,
      hands: [['boss:1'], ['stop:1'], ['stop:2'], ['stop:3']],
      marker: 5,
      options: { maxDealActions: 5 },
    });
    s = play(s, 0, { type: 'declareDeal', clan: [] });
    for (let dv = 0; dv < 5 && s.pub.deal; dv++)
      s = play(s, 3, { type: 'propose', to: 0, items: ['inv:P'], dividends: dv });
    expect(s.pub.deal).toBeNull();
  });
});

describe('5.3 the Boss may name its own clan card on the table in commitClan', () => {
  it('allowed, and changes nothing (no progress)', () => {
    let s = position({
      placards: PLACARDS4,
      hands: [['clan:R3', 'clan:R4', 'boss:1'], ['stop:1'], ['stop:2'], ['stop:3']],
      marker: 5,
    });
    s = play(s, 0, { type: 'declareDeal', clan: ['clan:R3'] });
    const again: ImbMove = { type: 'commitClan', cards: ['clan:R3'] };
    expect(legalMovesOf(s, 0)).toContainEqual(again);
    const r = playEvents(s, 0, again);
    expect(r.events).toEqual([]);
    expect(r.state.pub.deal).toEqual({ ...s.pub.deal!, actions: s.pub.deal!.actions + 1 });
    // With a card from hand, only that one is committed.
    const both = playEvents(s, 0, { type: 'commitClan', cards: ['clan:R3', 'clan:R4'] });
    expect(both.events.map((e) => e.event)).toEqual([
      { type: 'clanCommitted', seat: 0, cards: ['clan:R4'] },
    ]);
    expect(refusal(s, 0, { type: 'commitClan', cards: ['clan:R3', 'clan:R3'] })).toBe('bad-card');
  });
});

describe('§14, §12 no-clock: deal and idle expire only while the deal is open', () => {
  it('refused in a stop window and in a last call', () => {
    let s = position({
      placards: PLACARDS4,
      hands: [['boss:1'], ['clan:R1', 'travel:W1'], ['stop:2'], ['stop:3']],
      marker: 5,
    });
    s = play(s, 0, { type: 'declareDeal', clan: [] });
    s = play(s, 1, { type: 'playTravel', card: 'travel:W1', target: 'inv:P' });
    expect(s.pub.deal!.phase).toBe('stop');
    expect(refusal(s, CLOCK as never, { type: 'expire', clock: 'deal' })).toBe('no-clock');
    expect(refusal(s, CLOCK as never, { type: 'expire', clock: 'idle' })).toBe('no-clock');
    s = expire(s, 'stopWindow');
    expect(refusal(s, CLOCK as never, { type: 'expire', clock: 'idle' })).toBe('accepted');
  });

  it('refused in a last call', () => {
    let s = position({
      placards: PLACARDS4,
      hands: [['boss:1'], ['clan:R1'], ['stop:2'], ['stop:3']],
      marker: 5,
    });
    s = play(s, 0, { type: 'declareDeal', clan: [] });
    s = play(s, 1, { type: 'offerClan', cards: ['clan:R1'] });
    s = play(s, 0, { type: 'propose', to: 1, items: ['clan:R1'], dividends: 0 });
    s = play(s, 1, { type: 'accept', id: s.pub.nextProposal });
    s = play(s, 0, { type: 'propose', to: 3, items: ['inv:P'], dividends: 1 });
    s = play(s, 3, { type: 'accept', id: s.pub.nextProposal });
    expect(s.pub.deal!.phase).toBe('lastCall');
    expect(refusal(s, CLOCK as never, { type: 'expire', clock: 'deal' })).toBe('no-clock');
    expect(refusal(s, CLOCK as never, { type: 'expire', clock: 'idle' })).toBe('no-clock');
  });
});

describe('5.4.5, 6.6, 5.7 turn-based: a stop window settles before the round goes on', () => {
  it('an agreement voided by a Travel is progress of the round it happened in, not the next', () => {
    let s = position({
      placards: PLACARDS4,
      hands: [['boss:1'], ['stop:1'], ['stop:2'], ['travel:P1']],
      marker: 5,
      options: { mode: 'turnBased' },
    });
    s = play(s, 0, { type: 'declareDeal', clan: [] });
    // Round 1: the Boss proposes to 3 for its P; 1 and 2 pass; 3 accepts, then sends its own P away.
    s = play(s, 0, { type: 'propose', to: 3, items: ['inv:P'], dividends: 2 });
    s = passAll(s, [0, 1, 2]);
    s = play(s, 3, { type: 'accept', id: s.pub.nextProposal });
    s = play(s, 3, { type: 'playTravel', card: 'travel:P1', target: 'inv:P' });
    s = passAll(s, [0, 1, 2]); // the stop window, one seat at a time
    expect(s.pub.deal!.agreements).toEqual([]);
    expect(s.pub.deal!.rounds).toMatchObject({ stepSeat: 0, total: 1, progress: false });
    // Round 2 brings nothing: the deal breaks down at its end.
    s = passAll(s, [0, 1, 2, 3]);
    expect(s.pub.deal).toBeNull();
  });

  it("after a Boss change whose last call returns to open, the new Boss's step is next", () => {
    // H 0, K 1, L 3, P 2: seat 2 holds P and offers its R clan card, then plays a Boss card.
    let s = position({
      placards: [0, 1, 3, 2, null, null],
      hands: [['stop:1'], ['stop:2'], ['clan:R1', 'boss:2'], ['travel:P1']],
      marker: 5,
      options: { mode: 'turnBased' },
    });
    s = play(s, 0, { type: 'declareDeal', clan: [] });
    s = passAll(s, [0, 1]);
    s = play(s, 2, { type: 'offerClan', cards: ['clan:R1'] });
    s = play(s, 2, { type: 'playBoss', card: 'boss:2' });
    s = passAll(s, [3, 0, 1]);
    expect(s.pub.deal).toMatchObject({ boss: 2, phase: 'lastCall' });
    s = play(s, 3, { type: 'playTravel', card: 'travel:P1', target: 'inv:P' });
    s = passAll(s, [0, 1, 2]);
    expect(s.pub.deal!.phase).toBe('open');
    expect(s.pub.deal!.rounds!.stepSeat).toBe(2);
    expect(imTheBoss.activeSeats(s)).toEqual([2]);
  });
});

describe("5.7 the opening's last call returns to the Boss's first step", () => {
  it('two players: the opening uses an opponent placard; after a Travel it is the Boss who steps', () => {
    // 2 players, 3 placards each: H K L to 0, P R T to 1. Space 5 needs P and R: both seat 1's.
    let s = position({
      placards: [0, 0, 0, 1, 1, 1],
      hands: [['stop:1'], ['travel:P1']],
      marker: 5,
      options: { mode: 'turnBased' },
    });
    s = play(s, 0, { type: 'declareDeal', clan: [] });
    expect(s.pub.deal!.phase).toBe('lastCall');
    s = play(s, 1, { type: 'playTravel', card: 'travel:P1', target: 'inv:P' });
    s = play(s, 0, { type: 'pass' });
    expect(s.pub.deal!.phase).toBe('open');
    expect(s.pub.deal!.rounds!.stepSeat).toBe(0);
  });
});

describe('§14 records give reshuffles', () => {
  /** 3 players: seat 0 holds 40 cards, seat 1 40, seat 2 15, three in the draw pile. */
  function bigHands() {
    const cards = ALL_CARDS.slice();
    const hands = [cards.slice(0, 40), cards.slice(40, 80), cards.slice(80, 95)];
    return { hands, drawPile: cards.slice(95) };
  }
  /** Seat 0 draws the last three and discards down to 12: 31 cards face down. */
  function toReshuffle(reshuffles?: string[][]) {
    const { hands, drawPile } = bigHands();
    const record = {
      version: 1,
      game: 'im-the-boss',
      options: { players: 3 },
      seed: 'reshuffle',
      setup: { placards: [0, 0, 1, 1, 2, 2], hands, drawPile },
      dice: [1, 1],
      ...(reshuffles ? { reshuffles } : {}),
      moves: [
        { seat: 2, type: 'placeMarker', space: 9 },
        { seat: 0, type: 'roll' },
        { seat: 0, type: 'draw' },
        { seat: 0, type: 'discard', cards: hands[0].slice(0, 31) },
        { seat: 1, type: 'roll' },
      ],
    };
    return { record, discards: hands[0].slice(0, 31).sort(byCardId) };
  }
  const replayed = (record: unknown) => {
    const parsed = parseRecord(record);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const r = replay(imTheBoss, parsed.value);
    if (!r.ok) throw new Error(r.error.message);
    return r.value.state as ImbState;
  };

  it("a given order is the new draw pile, top first; the seed's is used after the list", () => {
    const { record, discards } = toReshuffle();
    const order = discards.slice().reverse();
    const s = replayed({ ...record, reshuffles: [order] });
    const r = playEvents(s, 1, { type: 'draw' });
    expect(r.events.map((e) => e.event.type)).toContain('reshuffled');
    expect(r.state.hands[1].slice(-3)).toEqual(order.slice(0, 3));
    expect(r.state.draw.slice().reverse()).toEqual(order.slice(3));
    // Without it the seed shuffles: another order.
    const seeded = play(replayed(record), 1, { type: 'draw' });
    expect(seeded.hands[1].slice(-3)).not.toEqual(order.slice(0, 3));
  });

  it('one that is not the discard pile is refused as record', () => {
    const { record, discards } = toReshuffle();
    const wrong = [...discards.slice(1), 'stop:10'].filter((c, i, a) => a.indexOf(c) === i);
    const s = replayed({ ...record, reshuffles: [wrong] });
    expect(refusal(s, 1, { type: 'draw' })).toBe('record');
    const short = replayed({ ...record, reshuffles: [discards.slice(1)] });
    expect(refusal(short, 1, { type: 'draw' })).toBe('record');
    const bad = parseRecord({ ...record, reshuffles: [['nope']] });
    expect(bad.ok && replay(imTheBoss, bad.value).ok).toBe(false);
  });
});
