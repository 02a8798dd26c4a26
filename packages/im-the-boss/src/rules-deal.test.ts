// Tests I'm the Boss! deals on hand-built tables: negotiation, influence cards, stops, closing, two players.
import { CLOCK, eventsFor } from '@boss-table/core';
import { describe, expect, it } from 'vitest';
import { clocks } from './clocks.js';
import { imTheBoss } from './game.js';
import type { ImbState } from './state.js';
import { cardsAccountedFor, play, playEvents, position, refusal } from './test-kit.js';

/**
 * Rules §4–§8 and the edge cases of §12 on hand-built tables. The 4-player table: placards
 * H 0, K 1, L 2, P 3, R and T spare; seat 0 starts (it owns H), seat 3 places the marker.
 */
const HANDS4 = [
  ['clan:H1', 'travel:P1', 'boss:1', 'recruit:1', 'recruit:2'],
  ['clan:R1', 'clan:R2', 'stop:1', 'travel:W1', 'recruit:3'],
  ['stop:2', 'clan:P1', 'travel:H1', 'boss:2', 'clan:K1'],
  ['recruit:4', 'recruit:5', 'recruit:6', 'clan:T1', 'stop:3'],
];
const PLACARDS4 = [0, 1, 2, 3, null, null];

/** Seat 0 is Boss on space 5 (P and R required, D 4, tile 1: V 1), nothing committed. */
function dealOn5(options: Record<string, unknown> = {}, hands = HANDS4): ImbState {
  const s = position({ placards: PLACARDS4, hands, marker: 5, options });
  return play(s, 0, { type: 'declareDeal', clan: [] });
}

const expire = (s: ImbState, clock: string) => play(s, CLOCK, { type: 'expire', clock } as never);

/** Seat 1 offers R1 for 1 dividend, seat 3 its P placard for 2: the space is satisfied. */
function agreedOn5(s = dealOn5()): ImbState {
  s = play(s, 1, { type: 'offerClan', cards: ['clan:R1'] });
  s = play(s, 0, { type: 'propose', to: 1, items: ['clan:R1'], dividends: 1 });
  s = play(s, 1, { type: 'accept', id: s.pub.nextProposal });
  s = play(s, 0, { type: 'propose', to: 3, items: ['inv:P'], dividends: 2 });
  return play(s, 3, { type: 'accept', id: s.pub.nextProposal });
}

describe('§4 declaring a deal', () => {
  it('the start player may declare on the marker space at once (§12.1); the deal opens', () => {
    const s = dealOn5();
    expect(s.pub.phase).toBe('deal');
    expect(s.pub.deal).toMatchObject({ boss: 0, space: 5, V: 1, D: 4, phase: 'open' });
  });

  it('a deal that can never be satisfied may be declared (§12.3); its clocks break it down', () => {
    let s = dealOn5();
    s = expire(s, 'idle');
    expect(s.pub.deal).toBeNull();
    expect(s.pub.seat).toBe(1);
    expect(s.pub.marker).toBe(5);
    expect(s.pub.closed[4]).toBe(0);
  });

  it('a clan card of a family not on the space is refused (bad-family)', () => {
    const s = position({ placards: PLACARDS4, hands: HANDS4, marker: 5 });
    expect(refusal(s, 0, { type: 'declareDeal', clan: ['clan:H1'] })).toBe('bad-family');
    expect(refusal(s, 1, { type: 'declareDeal', clan: [] })).toBe('not-your-turn');
  });

  it('three players: two placards that satisfy the space close the deal at once (§12.18, 4.4)', () => {
    const s0 = position({
      placards: [0, 0, 1, 1, 2, 2],
      hands: [['boss:1'], ['boss:2'], ['boss:3']],
      marker: 1,
    });
    const r = playEvents(s0, 0, { type: 'declareDeal', clan: [] });
    const types = r.events.map((e) => e.event.type);
    expect(types).toContain('dealClosed');
    expect(types).not.toContain('lastCallOpened');
    expect(r.state.pub.money).toEqual([3, 0, 0]);
    expect(r.state.pub.closed[0]).toBe(1);
    expect(r.state.pub.marker).toBe(2);
    expect(r.state.pub.seat).toBe(1);
  });
});

describe('§5 negotiation', () => {
  it('offers, proposals and agreements satisfy the space; the last call closes it and pays (§5–§7)', () => {
    let s = agreedOn5();
    expect(s.pub.deal!.phase).toBe('lastCall');
    expect(imTheBoss.activeSeats(s)).toEqual([1, 2, 3]);
    for (const seat of [1, 2, 3]) s = play(s, seat, { type: 'pass' });
    // Every seat asked has answered: the last call closes at its shortest length.
    const c = clocks(s)[0];
    expect(c.ms).toBe(c.minMs);
    const closed = playEvents(s, CLOCK, { type: 'expire', clock: 'lastCall' });
    s = closed.state;
    expect(s.pub.money).toEqual([1, 1, 0, 2]);
    expect(s.pub.discard).toContain('clan:R1');
    expect(s.pub.closed[4]).toBe(1);
    expect(s.pub.seat).toBe(1);
    expect(cardsAccountedFor(s)).toBe(true);
  });

  it('an accept taking the agreed dividends over D is refused (§12.12, overcommitted)', () => {
    let s = dealOn5();
    s = play(s, 1, { type: 'offerClan', cards: ['clan:R1'] });
    s = play(s, 0, { type: 'propose', to: 1, items: ['clan:R1'], dividends: 3 });
    s = play(s, 1, { type: 'accept', id: s.pub.nextProposal });
    s = play(s, 0, { type: 'propose', to: 3, items: ['inv:P'], dividends: 2 });
    expect(refusal(s, 3, { type: 'accept', id: s.pub.nextProposal })).toBe('overcommitted');
  });

  it('terms: only between the Boss and one seat, items of that seat, dividends 0…D', () => {
    const s = dealOn5();
    expect(refusal(s, 1, { type: 'propose', to: 2, items: [], dividends: 1 })).toBe('bad-terms');
    expect(refusal(s, 0, { type: 'propose', to: 0, items: [], dividends: 1 })).toBe('bad-terms');
    expect(refusal(s, 0, { type: 'propose', to: 1, items: [], dividends: 5 })).toBe('bad-terms');
    expect(refusal(s, 0, { type: 'propose', to: 1, items: ['inv:P'], dividends: 1 })).toBe(
      'item-unavailable',
    );
    expect(refusal(s, 3, { type: 'propose', to: 0, items: ['inv:P'], dividends: 0 })).toBe(
      'accepted',
    );
  });

  it('a replaced proposal is stale; only the counterparty accepts; only the Boss commits', () => {
    let s = dealOn5();
    s = play(s, 0, { type: 'propose', to: 3, items: ['inv:P'], dividends: 1 });
    const first = s.pub.nextProposal;
    s = play(s, 0, { type: 'propose', to: 3, items: ['inv:P'], dividends: 2 });
    expect(refusal(s, 3, { type: 'accept', id: first })).toBe('stale-proposal');
    expect(refusal(s, 2, { type: 'accept', id: s.pub.nextProposal })).toBe('wrong-role');
    expect(refusal(s, 1, { type: 'commitClan', cards: ['clan:R1'] })).toBe('wrong-role');
    expect(refusal(s, 0, { type: 'offerClan', cards: ['clan:H1'] })).toBe('wrong-role');
  });

  it('two seats offer the same family: both stay, the unused one returns to its owner (§12.5)', () => {
    const hands = HANDS4.map((h) => h.slice());
    hands[2] = ['stop:2', 'clan:R3', 'travel:H1', 'boss:2', 'clan:K1'];
    let s = dealOn5({}, hands);
    s = play(s, 1, { type: 'offerClan', cards: ['clan:R1'] });
    s = play(s, 2, { type: 'offerClan', cards: ['clan:R3'] });
    expect(s.pub.deal!.table.map((x) => x.card)).toEqual(['clan:R1', 'clan:R3']);
    s = play(s, 0, { type: 'propose', to: 1, items: ['clan:R1'], dividends: 1 });
    s = play(s, 1, { type: 'accept', id: s.pub.nextProposal });
    s = play(s, 0, { type: 'propose', to: 3, items: ['inv:P'], dividends: 2 });
    s = play(s, 3, { type: 'accept', id: s.pub.nextProposal });
    for (const seat of [1, 2, 3]) s = play(s, seat, { type: 'pass' });
    s = expire(s, 'lastCall');
    expect(s.hands[2]).toContain('clan:R3');
    expect(s.pub.known[2]).toEqual(['clan:R3']);
    expect(s.pub.discard).toContain('clan:R1');
  });

  it('a family whose placard is spare is supplied by a clan card (§12.4)', () => {
    const s = agreedOn5();
    expect(s.pub.placards[4]).toBe(-1);
    expect(s.pub.deal!.phase).toBe('lastCall');
  });

  it('one agreement per seat: a new one replaces the old (5.4.3)', () => {
    let s = dealOn5();
    s = play(s, 0, { type: 'propose', to: 3, items: ['inv:P'], dividends: 1 });
    s = play(s, 3, { type: 'accept', id: s.pub.nextProposal });
    s = play(s, 0, { type: 'propose', to: 3, items: [], dividends: 0 });
    s = play(s, 3, { type: 'accept', id: s.pub.nextProposal });
    expect(s.pub.deal!.agreements).toEqual([
      { seat: 3, items: [], dividends: 0, id: s.pub.nextProposal },
    ]);
  });
});

describe('§6 influence cards and stop windows', () => {
  it('Travel on the Boss’s placard: it is unusable for this deal (§12.6)', () => {
    const s0 = position({
      placards: PLACARDS4,
      hands: [['clan:P2', 'boss:1'], ['travel:W1', 'stop:1'], ['boss:2'], ['boss:3']],
      marker: 13, // H and R required
    });
    let s = play(s0, 0, { type: 'declareDeal', clan: [] });
    s = play(s, 1, { type: 'playTravel', card: 'travel:W1', target: 'inv:H' });
    expect(s.pub.deal!.phase).toBe('stop');
    for (const seat of [0, 2, 3]) s = play(s, seat, { type: 'pass' });
    s = expire(s, 'stopWindow');
    expect(s.pub.deal!.travelling).toEqual([{ family: 0, card: 'travel:W1' }]);
    // Travelling: another Travel on it is refused, as on a spare placard (§12.15).
    expect(refusal(s, 1, { type: 'playTravel', card: 'travel:W1', target: 'inv:H' })).toBe(
      'not-in-hand',
    );
  });

  it('Travel on a travelling or unowned placard is refused (§12.15)', () => {
    let s = dealOn5();
    expect(refusal(s, 1, { type: 'playTravel', card: 'travel:W1', target: 'inv:R' })).toBe(
      'bad-target',
    );
    s = play(s, 0, { type: 'playTravel', card: 'travel:P1', target: 'inv:P' });
    for (const seat of [1, 2, 3]) s = play(s, seat, { type: 'pass' });
    s = expire(s, 'stopWindow');
    expect(refusal(s, 1, { type: 'playTravel', card: 'travel:W1', target: 'inv:P' })).toBe(
      'bad-target',
    );
  });

  it('a Stop cancels the card; a second interrupt during the window is refused (§12.10)', () => {
    let s = dealOn5();
    s = play(s, 0, { type: 'playTravel', card: 'travel:P1', target: 'inv:P' });
    expect(refusal(s, 1, { type: 'playTravel', card: 'travel:W1', target: 'inv:L' })).toBe(
      'window-open',
    );
    expect(refusal(s, 0, { type: 'pass' })).toBe('not-asked');
    s = play(s, 3, { type: 'playStop', card: 'stop:3' });
    expect(refusal(s, 3, { type: 'pass' })).toBe('already-passed');
    s = play(s, 1, { type: 'playStop', card: 'stop:1' });
    s = expire(s, 'stopWindow');
    expect(s.pub.deal!.travelling).toEqual([]);
    expect(s.pub.discard).toEqual(['stop:3', 'travel:P1']);
    // The first Stop received counts; the second goes back unplayed.
    expect(s.hands[1]).toContain('stop:1');
    // A Stop after its window is refused (§12.11).
    expect(refusal(s, 1, { type: 'playStop', card: 'stop:1' })).toBe('no-window');
    expect(cardsAccountedFor(s)).toBe(true);
  });

  it('the Boss’s placard recruited away leaves his committed set (§12.7)', () => {
    const s0 = position({
      placards: [0, 0, 1, 1, 2, 2],
      hands: [['boss:1'], ['recruit:1', 'recruit:2', 'recruit:3', 'stop:1'], ['boss:2']],
      marker: 13, // H and R: seat 0 has H, seat 2 has R
    });
    let s = play(s0, 0, { type: 'declareDeal', clan: [] });
    s = play(s, 0, { type: 'propose', to: 2, items: ['inv:R'], dividends: 1 });
    const id = s.pub.nextProposal;
    s = play(s, 1, {
      type: 'playRecruit',
      cards: ['recruit:1', 'recruit:2', 'recruit:3'],
      target: 'inv:H',
    });
    s = play(s, 0, { type: 'pass' });
    s = play(s, 2, { type: 'pass' });
    s = expire(s, 'stopWindow');
    expect(s.pub.placards[0]).toBe(1);
    // The agreement alone no longer satisfies the space: H must be bought from seat 1 now.
    s = play(s, 2, { type: 'accept', id });
    expect(s.pub.deal!.phase).toBe('open');
    s = play(s, 0, { type: 'propose', to: 1, items: ['inv:H'], dividends: 1 });
    s = play(s, 1, { type: 'accept', id: s.pub.nextProposal });
    expect(s.pub.deal!.phase).toBe('lastCall');
  });

  it('a seat recruited from loses its agreement (§12.8)', () => {
    const s0 = position({
      placards: [0, 0, 1, 1, 2, 2],
      hands: [['boss:1', 'recruit:1', 'recruit:2', 'recruit:3'], ['stop:1'], ['boss:2']],
      marker: 2, // H T + 2 of K L P R: seat 0 has H K
    });
    let s = play(s0, 0, { type: 'declareDeal', clan: [] });
    s = play(s, 0, { type: 'propose', to: 1, items: ['inv:L'], dividends: 1 });
    s = play(s, 1, { type: 'accept', id: s.pub.nextProposal });
    expect(s.pub.deal!.agreements).toHaveLength(1);
    s = play(s, 0, {
      type: 'playRecruit',
      cards: ['recruit:1', 'recruit:2', 'recruit:3'],
      target: 'inv:L',
    });
    s = play(s, 1, { type: 'pass' });
    s = play(s, 2, { type: 'pass' });
    const r = playEvents(s, CLOCK, { type: 'expire', clock: 'stopWindow' });
    expect(r.state.pub.deal!.agreements).toEqual([]);
    expect(r.events.map((e) => e.event.type)).toContain('agreementVoided');
  });

  it('in 4–5 player games a recruitment targets a spare placard while one exists (6.3)', () => {
    const hands = HANDS4.map((h) => h.slice());
    hands[3] = ['recruit:4', 'recruit:5', 'recruit:6', 'stop:3'];
    const s = dealOn5({}, hands);
    const set = ['recruit:4', 'recruit:5', 'recruit:6'];
    expect(refusal(s, 3, { type: 'playRecruit', cards: set, target: 'inv:H' })).toBe('bad-target');
    expect(refusal(s, 3, { type: 'playRecruit', cards: set, target: 'inv:R' })).toBe('accepted');
  });

  it('a Boss card in the last call: stop window, new Boss, agreements void, back to open (§12.9)', () => {
    let s = agreedOn5();
    s = play(s, 2, { type: 'playBoss', card: 'boss:2' });
    expect(s.pub.deal!.phase).toBe('stop');
    for (const seat of [0, 1, 3]) s = play(s, seat, { type: 'pass' });
    s = expire(s, 'stopWindow');
    const d = s.pub.deal!;
    expect(d.boss).toBe(2);
    expect(d.agreements).toEqual([]);
    expect(d.proposals).toEqual([]);
    expect(d.phase).toBe('open');
    expect(refusal(s, 0, { type: 'abandon' })).toBe('wrong-role');
  });

  it('the Boss may travel an agreed item: the agreement is void with its payment (§12.17)', () => {
    let s = dealOn5();
    s = play(s, 0, { type: 'propose', to: 3, items: ['inv:P'], dividends: 2 });
    s = play(s, 3, { type: 'accept', id: s.pub.nextProposal });
    s = play(s, 0, { type: 'playTravel', card: 'travel:P1', target: 'inv:P' });
    for (const seat of [1, 2, 3]) s = play(s, seat, { type: 'pass' });
    s = expire(s, 'stopWindow');
    expect(s.pub.deal!.agreements).toEqual([]);
  });
});

describe('§7–§9 closing, breakdown and the end', () => {
  it('abandon breaks the deal down: clan cards return, the turn goes left of the Boss (§8)', () => {
    let s = dealOn5();
    s = play(s, 1, { type: 'offerClan', cards: ['clan:R1', 'clan:R2'] });
    s = play(s, 0, { type: 'abandon' });
    expect(s.pub.deal).toBeNull();
    expect(s.hands[1].slice(-2)).toEqual(['clan:R1', 'clan:R2']);
    expect(s.pub.known[1]).toEqual(['clan:R1', 'clan:R2']);
    expect(s.pub.marker).toBe(5);
    expect(s.pub.seat).toBe(1);
    expect(s.pub.phase).toBe('start');
  });

  it('from tile 10 the die may end the game; tile 15 always does (§7.7, §12.14)', () => {
    const build = (tileIndex: number, dice: number[]) => {
      const s = position({
        placards: [0, 0, 1, 1, 2, 2],
        hands: [['boss:1'], ['boss:2'], ['boss:3']],
        marker: 1,
        dice,
      });
      s.pub.tileIndex = tileIndex;
      return play(s, 0, { type: 'declareDeal', clan: [] });
    };
    const ends = build(9, [1]);
    expect(ends.pub.phase).toBe('over');
    expect(ends.pub.endReason).toBe('roll');
    expect(ends.pub.money).toEqual([15, 0, 0]);
    expect(ends.pub.outcome!.winners).toEqual([0]);
    const goesOn = build(9, [2]);
    expect(goesOn.pub.phase).toBe('start');
    const last = build(14, []);
    expect(last.pub.endReason).toBe('tile15');
    expect(last.pub.closed.filter((t) => t === 0)).toHaveLength(15);
  });

  it('equal money shares the win (9.2); maxRounds ends the game (§11.3)', () => {
    let s = position({
      placards: [0, 0, 1, 1, 2, 2],
      hands: [['boss:1'], ['boss:2'], ['boss:3']],
      marker: 1,
      options: { maxRounds: 1 },
    });
    for (const seat of [0, 1, 2]) {
      s = play(s, seat, { type: 'roll' });
      s = play(s, seat, { type: 'draw' });
    }
    expect(s.pub.phase).toBe('over');
    expect(s.pub.endReason).toBe('maxRounds');
    expect(s.pub.outcome!.winners).toEqual([0, 1, 2]);
  });
});

describe('§11.2 two players: the engine uses the opponent’s placards at a fair share', () => {
  const twoPlayer = () =>
    position({
      placards: [0, 0, 0, 1, 1, 1],
      hands: [['boss:1'], ['travel:R1', 'stop:1']],
      marker: 13, // H and R, D 4: a fair share of 2
      options: { players: 2, twoPlayer: true },
    });

  it('completes the deal with the opponent’s placard, always with a last call, and pays it', () => {
    let s = play(twoPlayer(), 0, { type: 'declareDeal', clan: [] });
    expect(s.pub.deal!.engine).toEqual([4]);
    expect(s.pub.deal!.phase).toBe('lastCall');
    s = play(s, 1, { type: 'pass' });
    s = expire(s, 'lastCall');
    expect(s.pub.money).toEqual([2, 2]);
  });

  it('the owner may travel his own placard to keep it out of the deal', () => {
    let s = play(twoPlayer(), 0, { type: 'declareDeal', clan: [] });
    s = play(s, 1, { type: 'playTravel', card: 'travel:R1', target: 'inv:R' });
    s = play(s, 0, { type: 'pass' });
    s = expire(s, 'stopWindow');
    expect(s.pub.deal!.engine).toEqual([]);
    expect(s.pub.deal!.phase).toBe('open');
  });
});

describe('timing leaks nothing (5.7, 6.5)', () => {
  /** Seat 1 travels seat 0's placard; seat 2 holds a Stop or not, and answers. */
  function window(holdsStop: boolean, answer: 'pass' | 'stop') {
    const hands = HANDS4.map((h) => h.slice());
    hands[2] = holdsStop
      ? ['stop:2', 'clan:P1', 'travel:H1', 'boss:2', 'clan:K1']
      : ['recruit:9', 'clan:P1', 'travel:H1', 'boss:2', 'clan:K1'];
    const s0 = dealOn5({}, hands);
    const played = playEvents(s0, 1, { type: 'playTravel', card: 'travel:W1', target: 'inv:H' });
    const move = answer === 'stop' ? { type: 'playStop', card: 'stop:2' } : { type: 'pass' };
    const answered = playEvents(played.state, 2, move as never);
    return { played, answered };
  }

  it('a seat sees the same frames whether or not another seat holds a Stop, and plays it', () => {
    const frames = (w: ReturnType<typeof window>, seat: number) => ({
      prompt: eventsFor(w.played.events, seat),
      view: imTheBoss.view(w.answered.state, seat),
      heard: eventsFor(w.answered.events, seat),
      clocks: clocks(w.answered.state).map((c) => ({ ...c })),
      legal: imTheBoss.legalMoves(w.answered.state, seat),
    });
    const noStop = window(false, 'pass');
    for (const w of [window(true, 'pass'), window(true, 'stop')])
      for (const seat of [0, 3]) expect(frames(w, seat)).toEqual(frames(noStop, seat));
    // Seat 2 is asked the same question either way.
    const asked = (w: ReturnType<typeof window>) => eventsFor(w.played.events, 2);
    expect(asked(window(true, 'pass'))).toEqual(asked(noStop));
  });

  it('the window never closes before its shortest length, answered or not', () => {
    let s = window(false, 'pass').answered.state;
    for (const seat of [0, 3]) s = play(s, seat, { type: 'pass' });
    const c = clocks(s).find((x) => x.id.startsWith('stopWindow'))!;
    expect(c.minMs).toBe(2000);
    expect(c.ms).toBe(2000);
    expect(imTheBoss.activeSeats(s)).toEqual([]);
  });
});
