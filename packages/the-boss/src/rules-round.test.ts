/**
 * Rules file (../shared/rules/the-boss.md), section 5: a round — deal, turns, police card,
 * last turn, end of round, next round. Hand-built deals, moves through `theBoss.apply`.
 */
import { Rng } from '@boss-table/core';
import { describe, expect, it } from 'vitest';
import { CITY_IDS } from './cities.js';
import { theBoss } from './game.js';
import type { BossMove } from './play.js';
import { card as expandCard, table, type Table } from './test-helpers.js';

/** Two players on New York, Boston, Detroit: 5 cards each, row ny · chicago · bos · det. */
const TWO = { players: 2, cities: ['ny', 'bos', 'det'] };
/** Police order for a game of five rounds. */
const FIVE_ROUNDS = 'silver gold silver gold double';
const ALL_SEVEN = ['ny', 'bos', 'det', 'kc', 'cin', 'mem', 'phi'];
const ALL_EIGHT = [...ALL_SEVEN, 'stl'];

const seatsOfTurns = (t: Table, n: number): number[] => {
  const seats: number[] = [];
  for (let i = 0; i < n; i++) {
    seats.push(t.turn);
    t.play('');
  }
  return seats;
};
const sorted = (xs: readonly string[] | null) => [...(xs ?? [])].sort();

describe('5.1 Deal', () => {
  const deal = {
    rewards: 'ny:2 bos:prison det:revolver',
    hands: ['det:4 bos:3 ny:0 ny:1 det:1', 'ny:3 bos:3 bos:hospital det:2 det:3'],
  };

  it('each city gets one face-down reward; the rest is dealt evenly', () => {
    const t = table({ options: TWO, deals: [deal] });
    const v = t.view(null);
    expect(v.hands.map((h) => h.cities.length)).toEqual([5, 5]);
    t.finishRound();
    const rewards = t.events('reward-revealed').map((e) => `${e.city}:${e.face}`);
    expect(rewards).toEqual(['new-york:2', 'boston:prison', 'detroit:revolver']);
    const revealed = t.events('card-revealed').map((e) => e.card);
    expect(sorted(revealed)).toEqual(
      sorted([...deal.hands[0].split(' '), ...deal.hands[1].split(' ')].map(expandCard)),
    );
  });

  it('a seat sees its own values; the city of every hand card is public', () => {
    const t = table({ options: TWO, deals: [deal] });
    const mine = t.view(0).hands;
    expect(sorted(mine[0].cards)).toEqual(sorted(deal.hands[0].split(' ').map(expandCard)));
    expect(mine[1].cards).toBeNull();
    expect(sorted(mine[1].cities)).toEqual(
      sorted(['new-york', 'boston', 'boston', 'detroit', 'detroit']),
    );
    expect(t.view(1).hands[0].cards).toBeNull();
    expect(sorted(t.view(1).hands[1].cards)).toEqual(
      sorted(deal.hands[1].split(' ').map(expandCard)),
    );
    expect(t.view(null).hands.map((h) => h.cards)).toEqual([null, null]);
    // The round-started event gives everyone the hands' cities, hand-dealt only the owner.
    const started = t.events('round-started')[0];
    expect(started.handCities.map((h) => sorted(h))).toEqual(
      t.view(null).hands.map((h) => sorted(h.cities)),
    );
    expect(t.events('hand-dealt', 0).map((e) => e.seat)).toEqual([0]);
    expect(t.events('hand-dealt', 1).map((e) => e.seat)).toEqual([1]);
    expect(t.events('hand-dealt', null)).toEqual([]);
  });

  it('a seeded deal draws each reward from its own city and deals every other card', () => {
    for (const seed of ['x', 'y', 'z', 'w']) {
      const t = table({ options: { players: 3, rules: 'classic' }, seed });
      const cities = t.view().options.cities;
      t.finishRound();
      const rewards = t.events('reward-revealed');
      expect(rewards.map((e) => e.city)).toEqual(cities);
      expect(t.events('card-revealed')).toHaveLength(15);
    }
  });
});

describe('5.2 Turns', () => {
  it('the dealer plays first, then clockwise', () => {
    const t = table({
      options: { players: 3, cities: ['ny', 'bos', 'det', 'kc', 'cin'], dealer: 1 },
    });
    expect(seatsOfTurns(t, 12)).toEqual([1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0]);
  });

  it('a turn places on one city (optional) and reveals any card of the hand on its own city', () => {
    const t = table({ options: TWO, deals: [{ hands: ['ny:1 ny:2 ny:3 bos:3 det:4'] }] });
    t.play('det 2 ny:2');
    const v = t.view();
    expect(v.row.find((c) => c.city === 'detroit')!.cubes[0]).toEqual({ big: 2, small: 0 });
    expect(v.row.find((c) => c.city === 'detroit')!.revealed).toEqual([]);
    expect(v.row.find((c) => c.city === 'new-york')!.revealed).toEqual(['new-york:2']);
    t.play('').play('ny:1');
    // Revealed cards pile up in order, the last on top.
    expect(t.view().row.find((c) => c.city === 'new-york')!.revealed).toEqual([
      'new-york:2',
      'new-york:1',
    ]);
    expect(t.view(null).hands.map((h) => h.cities.length)).toEqual([3, 4]);
  });

  it('refuses a turn out of order, a card not held, a move with no card', () => {
    const t = table({ options: TWO, deals: [{ hands: ['ny:1 ny:2 ny:3 bos:3 det:4'] }] });
    const before = t.state;
    const notYours = t.refused('det:2', 1);
    expect(notYours.kind).toBe('not-your-turn');
    expect(t.refused('det:2').kind).toBe('card-not-in-hand');
    expect(t.refused({ reveal: undefined } as unknown as BossMove).kind).toBe('card-not-in-hand');
    expect(theBoss.parseMove({ place: { city: 'detroit', big: 1 } }).ok).toBe(false);
    // A refused placement reveals nothing either.
    expect(t.refused('det 7 ny:1').kind).toBe('not-enough-big-cubes');
    expect(t.state).toBe(before);
    expect(t.view().row.every((c) => c.revealed.length === 0)).toBe(true);
    expect(notYours.message).toMatch(/turn/);
  });

  it('strict lead: a tie is refused, big and small cubes count the same', () => {
    const t = table({ options: TWO });
    t.play('S0 det 2');
    const tie = t.refused('det 2');
    expect(tie.kind).toBe('no-strict-lead');
    expect(tie.message).toMatch(/more than 2/);
    expect(t.refused('det 1+1').kind).toBe('no-strict-lead');
    expect(t.refused('det 1').kind).toBe('no-strict-lead');
    t.play('S1 det 2+1');
    expect(t.refused('det 1').kind).toBe('no-strict-lead');
    t.play('S0 det 0+2');
    expect(t.view().row.find((c) => c.city === 'detroit')!.cubes).toEqual([
      { big: 2, small: 2 },
      { big: 2, small: 1 },
    ]);
  });

  it('small cubes need a big cube of the same player there, earlier or in the same placement', () => {
    const t = table({ options: TWO });
    const alone = t.refused('det 0+1');
    expect(alone.kind).toBe('small-needs-big');
    expect(alone.message).toMatch(/Detroit/);
    t.play('S0 det 1+1');
    // Another player's big cube there does not do.
    expect(t.refused('det 0+3').kind).toBe('small-needs-big');
    t.play('S1 bos 1');
    // Nor does one's own big cube on another city.
    expect(t.refused('ny 0+1').kind).toBe('small-needs-big');
    t.play('S0 det 0+1');
    expect(t.summary().players[0].smallLeft).toBe(1);
  });

  it('Chicago only once the player has cubes on another city, placed on an earlier turn this round', () => {
    const t = table({ options: TWO, police: FIVE_ROUNDS });
    const early = t.refused('chi 1');
    expect(early.kind).toBe('chicago-too-early');
    expect(early.message).toMatch(/Chicago/);
    t.play('S0 det 1');
    // The only other cubes are another player's: still too early for seat 1.
    expect(t.refused('chi 1').kind).toBe('chicago-too-early');
    t.play('S1 ny 1');
    t.play('S0 chi 1');
    t.play('S1 chi 2');
    expect(t.view().row[1].cubes).toEqual([
      { big: 1, small: 0 },
      { big: 2, small: 0 },
    ]);
    t.finishRound();
    // Cubes of the last round are gone: at the start of round 2 nobody may go to Chicago.
    expect(t.view().round).toBe(2);
    expect(t.refused('chi 1').kind).toBe('chicago-too-early');
    t.play('S1 bos 1');
    expect(t.refused('chi 1').kind).toBe('chicago-too-early');
  });

  it('a player banished from Cincinnati may never place there again', () => {
    const t = table({
      options: { players: 2, cities: ['ny', 'det', 'cin'] },
      deals: [{ rewards: 'cin:banished' }],
      police: FIVE_ROUNDS,
    });
    t.play('S0 cin 1', 'S1 cin 2').finishRound();
    expect(t.summary().players.map((p) => p.banished)).toEqual([false, true]);
    expect(t.events('banished').map((e) => e.seat)).toEqual([1]);
    // Round 2, seat 1 deals.
    const e = t.refused('S1 cin 1');
    expect(e.kind).toBe('banished');
    expect(e.message).toMatch(/Cincinnati/);
    t.play('S1 det 1', 'S0 cin 1');
    expect(t.refused('S1 cin 3').kind).toBe('banished');
    t.finishRound();
    expect(t.view().round).toBe(3);
    t.play('S0 det 1');
    expect(t.refused('S1 cin 6+3').kind).toBe('banished');
    expect(t.summary().players[1].banished).toBe(true);
  });

  it('too many big or small cubes are refused', () => {
    const t = table({ options: TWO });
    const big = t.refused('det 7');
    expect(big.kind).toBe('not-enough-big-cubes');
    expect(big.message).toMatch(/6/);
    const small = t.refused('det 1+4');
    expect(small.kind).toBe('not-enough-small-cubes');
    expect(small.message).toMatch(/3/);
    t.play('S0 det 4+2', 'S1');
    const left = t.refused('bos 3');
    expect(left.kind).toBe('not-enough-big-cubes');
    expect(left.message).toMatch(/2/);
    expect(t.refused('bos 2+2').kind).toBe('not-enough-small-cubes');
    t.play('S0 bos 2+1', 'S1');
    expect(t.refused('ny 1').kind).toBe('not-enough-big-cubes');
    expect(t.refused('det 0+1').kind).toBe('not-enough-small-cubes');
  });

  it('cubes are counted in whole numbers, none below zero, even when apply is called directly', () => {
    const t = table({ options: TWO });
    const reveal = t.move('').move.reveal;
    for (const [big, small] of [
      [-1, 2],
      [2, -1],
      [1.5, 0],
      [0.5, 0.5],
      [Number.NaN, 1],
    ]) {
      const e = t.refused({ place: { city: 'detroit', big, small }, reveal });
      expect(e.kind).toBe('invalid-cube-count');
      expect(e.message.length).toBeGreaterThan(20);
    }
    expect(t.view().row.every((c) => c.cubes.every((q) => q.big === 0 && q.small === 0))).toBe(
      true,
    );
  });

  it('a city not in play, an unknown city, and no cubes at all are refused', () => {
    const t = table({ options: TWO });
    const absent = t.refused('mem 1');
    expect(absent.kind).toBe('city-not-in-play');
    expect(absent.message).toMatch(/Memphis/);
    expect(t.refused('stl 1').kind).toBe('city-not-in-play');
    const reveal = t.move('').move.reveal;
    const unknown = t.refused({
      place: { city: 'gotham' as never, big: 1, small: 0 },
      reveal,
    });
    expect(unknown.kind).toBe('unknown-city');
    expect(unknown.message).toMatch(/gotham/);
    expect(theBoss.parseMove({ place: { city: 'gotham', big: 1 }, reveal }).ok).toBe(false);
    expect(t.refused('det 0').kind).toBe('no-cubes');
  });

  it('each refused placement has its own kind and a sentence', () => {
    // One position where every rule can be broken.
    const t = table({
      options: { players: 2, cities: ['ny', 'det', 'cin'] },
      deals: [{ rewards: 'cin:banished' }],
    });
    t.play('S0 cin 1', 'S1 cin 2').finishRound();
    t.play('S1 det 2');
    const errors = [
      t.refused('S0 det 2'),
      t.refused('S0 det 0+3'),
      t.refused('S0 chi 1'),
      t.refused('S0 ny 7'),
      t.refused('S0 ny 1+4'),
      t.refused('S0 mem 1'),
      t.refused({
        place: { city: 'gotham' as never, big: 1, small: 0 },
        reveal: t.move('').move.reveal,
      }),
      t.refused('S0 ny 0'),
    ];
    t.play('S0');
    errors.push(t.refused('S1 cin 1'));
    const kinds = errors.map((e) => e.kind);
    expect(new Set(kinds).size).toBe(9);
    expect(kinds[8]).toBe('banished');
    for (const e of errors) expect(e.message.length).toBeGreaterThan(20);
  });

  it('the legal moves are exactly the placements the rules accept', () => {
    for (const [players, rules, seed] of [
      [2, 'classic', 'lm-a'],
      [3, 'classic', 'lm-b'],
      [6, 'arena', 'lm-c'],
    ] as const) {
      const t = table({ options: { players, rules }, seed });
      const rng = Rng.fromSeed(seed);
      let checked = 0;
      while (!t.state.outcome && checked < 40) {
        const seat = t.turn;
        const reveal = t.move('').move.reveal;
        const legal = new Set(
          theBoss
            .legalMoves(t.state, seat)
            .filter((m) => m.reveal === reveal)
            .map((m) => (m.place ? `${m.place.city} ${m.place.big}+${m.place.small}` : '-')),
        );
        const accepted = new Set<string>(['-']);
        for (const city of CITY_IDS)
          for (let big = 0; big <= 7; big++)
            for (let small = 0; small <= 4; small++)
              if (theBoss.apply(t.state, seat, { place: { city, big, small }, reveal }).ok)
                accepted.add(`${city} ${big}+${small}`);
        expect(legal).toEqual(accepted);
        checked++;
        t.play(theBoss.randomMove(t.state, seat, rng)!);
      }
    }
  });
});

describe('5.3 Police card', () => {
  const flippedAfter = (t: Table) => t.view().police.flipped.length;

  it('classic: turned when every player holds one card, before the first last turn', () => {
    const t = table({ options: TWO, police: 'gold silver silver gold double' });
    t.pass(7);
    expect(flippedAfter(t)).toBe(0);
    expect(t.view().hands.map((h) => h.cities.length)).toEqual([1, 2]);
    t.play('');
    expect(t.view().police).toEqual({ flipped: ['gold'], remaining: 4 });
    expect(t.view().hands.map((h) => h.cities.length)).toEqual([1, 1]);
    const types = t.lastEmitted.map((e) => e.event.type);
    expect(types.indexOf('police-flipped')).toBeLessThan(types.indexOf('last-turn-order'));
    expect(types.indexOf('last-turn-order')).toBeLessThan(types.lastIndexOf('turn'));
    t.finishRound();
    expect(flippedAfter(t)).toBe(1);
    // Four players: after 16 turns.
    const four = table({ options: { players: 4, cities: ALL_SEVEN, dealer: 2 } });
    four.pass(15);
    expect(flippedAfter(four)).toBe(0);
    four.play('');
    expect(flippedAfter(four)).toBe(1);
    expect(four.view().hands.every((h) => h.cities.length === 1)).toBe(true);
  });

  it('arena, 5-card hands: turned when the dealer is about to play holding 2 cards', () => {
    const t = table({ options: { players: 4, rules: 'arena', cities: ALL_SEVEN, dealer: 2 } });
    expect(t.view().options.handSize).toBe(5);
    t.pass(11);
    expect(flippedAfter(t)).toBe(0);
    t.play('');
    expect(flippedAfter(t)).toBe(1);
    expect(t.turn).toBe(2);
    expect(t.view().hands[2].cities).toHaveLength(2);
    const types = t.lastEmitted.map((e) => e.event.type);
    expect(types.indexOf('police-flipped')).toBeLessThan(types.lastIndexOf('turn'));
    t.finishRound();
    expect(flippedAfter(t)).toBe(1);
    // Round 2: seat 3 deals; again at its 2-card turn.
    t.pass(11);
    expect(flippedAfter(t)).toBe(1);
    t.play('');
    expect(flippedAfter(t)).toBe(2);
    expect(t.turn).toBe(3);
  });

  it('arena, 4-card hands: turned when the dealer is about to play holding 2 cards', () => {
    const t = table({ options: { players: 5, rules: 'arena', cities: ALL_SEVEN, dealer: 3 } });
    expect(t.view().options.handSize).toBe(4);
    t.pass(9);
    expect(flippedAfter(t)).toBe(0);
    t.play('');
    expect(flippedAfter(t)).toBe(1);
    expect(t.turn).toBe(3);
    expect(t.view().hands[3].cities).toHaveLength(2);
    t.finishRound();
    expect(flippedAfter(t)).toBe(1);
  });

  it('the timing is an option: classic rules with the arena timing', () => {
    const t = table({ options: { ...TWO, policeTiming: 'dealer-two-cards' } });
    t.pass(5);
    expect(flippedAfter(t)).toBe(0);
    t.play('');
    expect(flippedAfter(t)).toBe(1);
    expect(t.turn).toBe(0);
    expect(t.view().hands[0].cities).toHaveLength(2);
  });

  /** Plays placement-free rounds until the game ends; returns the round the police ended. */
  const lengthWith = (police: string) => {
    const t = table({ options: { ...TWO, maxOvertimeRounds: 0 }, police });
    let lastFlagged = 0;
    while (!t.state.outcome) {
      if (t.state.round > 40) throw new Error('the game does not end');
      const round = t.view().round;
      t.pass(8);
      expect(t.view().police.flipped).toHaveLength(round);
      if (t.view().lastRound && !lastFlagged) lastFlagged = round;
      t.finishRound();
    }
    expect(t.summary().round).toBe(lastFlagged);
    return { rounds: t.summary().round, t };
  };

  it('the third badge of a colour makes the round the last: 3, 4 and 5 rounds', () => {
    expect(lengthWith('silver silver double gold gold').rounds).toBe(3);
    expect(lengthWith('gold gold silver double silver').rounds).toBe(4);
    expect(lengthWith('silver gold silver gold double').rounds).toBe(5);
    const { t } = lengthWith('silver silver gold gold double');
    const flips = t.events('police-flipped');
    expect(flips.map((e) => [e.silver, e.gold, e.lastRound])).toEqual([
      [1, 0, false],
      [2, 0, false],
      [2, 1, false],
      [2, 2, false],
      [3, 3, true],
    ]);
  });

  it('the double counts as one silver and one gold', () => {
    expect(lengthWith('double silver silver gold gold').rounds).toBe(3);
    expect(lengthWith('double gold gold silver silver').rounds).toBe(3);
    expect(lengthWith('silver double gold silver gold').rounds).toBe(4);
    expect(lengthWith('gold silver double gold silver').rounds).toBe(4);
  });

  it('every order of the deck ends the game in 3 to 5 rounds', () => {
    const orders = new Set<string>();
    const cards = ['silver', 'silver', 'gold', 'gold', 'double'];
    const permute = (rest: string[], prefix: string[]) => {
      if (rest.length === 0) orders.add(prefix.join(' '));
      rest.forEach((c, i) => permute([...rest.slice(0, i), ...rest.slice(i + 1)], [...prefix, c]));
    };
    permute(cards, []);
    expect(orders.size).toBe(30);
    const seen = new Set<number>();
    for (const order of orders) {
      const { rounds } = lengthWith(order);
      expect(rounds).toBeGreaterThanOrEqual(3);
      expect(rounds).toBeLessThanOrEqual(5);
      seen.add(rounds);
    }
    expect([...seen].sort()).toEqual([3, 4, 5]);
  });
});

describe('5.4 Last turn', () => {
  const THREE = { players: 3, cities: ['ny', 'bos', 'det', 'kc', 'cin'] };

  it('most cubes still available first; ties clockwise from the dealer', () => {
    const t = table({ options: { ...THREE, dealer: 1 } });
    // Seat 1 keeps 3 big + 3 small, seat 2 keeps 5 + 3, seat 0 keeps 5 + 1.
    t.play('S1 det 3', 'S2 ny 1', 'S0 bos 1+2');
    t.pass(9);
    expect(t.view().hands.map((h) => h.cities.length)).toEqual([1, 1, 1]);
    expect(t.view().lastTurnOrder).toEqual([2, 1, 0]);
    expect(t.events('last-turn-order').map((e) => e.order)).toEqual([[2, 1, 0]]);
    // The order is fixed when the last pass begins: seat 2 placing now changes nothing.
    t.play('S2 kc 5');
    expect(t.turn).toBe(1);
    t.play('S1');
    expect(t.turn).toBe(0);
    t.play('S0');
    expect(t.view().round).toBe(2);
  });

  it('all tied: clockwise from the dealer, wrapping round the table', () => {
    const t = table({ options: { ...THREE, dealer: 2 } });
    t.pass(12);
    expect(t.view().lastTurnOrder).toEqual([2, 0, 1]);
    expect(seatsOfTurns(t, 3)).toEqual([2, 0, 1]);
  });

  it('cubes out in hospital are not available', () => {
    const t = table({
      options: TWO,
      deals: [{ rewards: 'bos:hospital' }],
      police: FIVE_ROUNDS,
    });
    t.play('S0', 'S1 bos 1').finishRound();
    expect(t.summary().players[1].bigHospital).toBe(1);
    // Round 2: seat 1 deals but holds 8 cubes to seat 0's 9.
    t.pass(8);
    expect(t.view().lastTurnOrder).toEqual([0, 1]);
    t.finishRound();
    // Round 3: the cube is back; a tie, the dealer (seat 0) first.
    t.play('S0', 'S1 det 1').pass(6);
    expect(t.view().lastTurnOrder).toEqual([0, 1]);
  });

  it('a player who placed more goes later, even the dealer', () => {
    const t = table({ options: TWO });
    t.play('S0 det 1').pass(7);
    expect(t.view().lastTurnOrder).toEqual([1, 0]);
    expect(seatsOfTurns(t, 2)).toEqual([1, 0]);
  });
});

describe('5.5 End of round', () => {
  it('points 0–4 go to the boss of the city, the player with the most cubes there', () => {
    const t = table({
      options: TWO,
      deals: [{ rewards: 'ny:0 bos:3 det:4' }, { rewards: 'ny:1 bos:hospital det:2' }],
      police: FIVE_ROUNDS,
    });
    t.play('S0 ny 1', 'S1 det 1', 'S0 det 2', 'S1 bos 1').finishRound();
    expect(t.roundPoints(1)).toEqual([4, 3]);
    expect(t.events('reward-revealed').map((e) => [e.face, e.boss])).toEqual([
      ['0', 0],
      ['3', 1],
      ['4', 0],
    ]);
    t.play('S1 ny 1', 'S0 det 1').finishRound();
    expect(t.roundPoints(2)).toEqual([2, 1]);
    expect(t.summary().scores).toEqual([6, 4]);
  });

  it('a city with no cubes gives nothing', () => {
    const t = table({ options: TWO, deals: [{ rewards: 'ny:3 bos:hospital det:4' }] });
    t.finishRound();
    expect(t.events('reward-revealed').map((e) => e.boss)).toEqual([null, null, null]);
    expect(t.summary().scores).toEqual([0, 0]);
    expect(t.events('cube-lost')).toEqual([]);
    expect(t.summary().players[0]).toMatchObject({ bigAvailable: 6, bigHospital: 0 });
  });

  it('hospital: one big cube of the boss misses the next round', () => {
    const t = table({ options: TWO, deals: [{ rewards: 'bos:hospital' }], police: FIVE_ROUNDS });
    t.play('S0 bos 2', 'S1 bos 3').finishRound();
    expect(t.events('cube-lost')).toEqual([
      { type: 'cube-lost', seat: 1, city: 'boston', to: 'hospital' },
    ]);
    expect(t.summary().players.map((p) => [p.bigAvailable, p.bigHospital])).toEqual([
      [6, 0],
      [5, 1],
    ]);
    expect(t.refused('S1 det 6').kind).toBe('not-enough-big-cubes');
    t.play('S1 det 5');
  });

  it('prison: one big cube of the boss misses the next two rounds', () => {
    const t = table({ options: TWO, deals: [{ rewards: 'bos:prison' }], police: FIVE_ROUNDS });
    t.play('S0 bos 1').finishRound();
    expect(t.events('cube-lost').map((e) => [e.seat, e.to])).toEqual([[0, 'prison']]);
    expect(t.summary().players[0]).toMatchObject({ bigAvailable: 5, bigPrison: 1 });
  });

  it('revolver: one big cube of the boss is killed for the rest of the game', () => {
    const t = table({ options: TWO, deals: [{ rewards: 'det:revolver' }], police: FIVE_ROUNDS });
    t.play('S0 det 1+1').finishRound();
    expect(t.events('cube-lost').map((e) => [e.seat, e.to])).toEqual([[0, 'dead']]);
    for (let round = 2; round <= 5; round++) {
      expect(t.summary().round).toBe(round);
      expect(t.summary().players[0]).toMatchObject({ bigAvailable: 5, bigDead: 1 });
      t.finishRound();
    }
    expect(t.summary().over).toBe(true);
    expect(t.summary().players[0]).toMatchObject({ bigAvailable: 5, bigDead: 1 });
  });

  it('banished: the boss of Cincinnati takes the banished token', () => {
    const t = table({
      options: { players: 2, cities: ['ny', 'det', 'cin'] },
      deals: [{ rewards: 'cin:banished ny:3' }],
    });
    t.play('S0 cin 1', 'S1 cin 2', 'S0 ny 1').finishRound();
    expect(t.summary().players.map((p) => p.banished)).toEqual([false, true]);
    expect(t.summary().scores).toEqual([3, 0]);
  });

  it('several penalties in one round each take a big cube', () => {
    const t = table({
      options: { players: 4, cities: ALL_SEVEN },
      deals: [{ rewards: 'bos:prison mem:hospital det:revolver phi:3' }],
      police: FIVE_ROUNDS,
    });
    t.play('S0 bos 1', 'S1 phi 1', 'S2', 'S3', 'S0 mem 1', 'S1', 'S2', 'S3', 'S0 det 1');
    t.finishRound();
    expect(t.summary().players[0]).toMatchObject({
      bigAvailable: 3,
      bigHospital: 1,
      bigPrison: 1,
      bigDead: 1,
    });
    expect(t.summary().scores).toEqual([0, 3, 0, 0]);
  });

  describe('arena rewards at Saint Louis', () => {
    const SIX = { players: 6, rules: 'arena', cities: ALL_EIGHT };

    it('theft: −2, counted in the round total, never below 0', () => {
      const t = table({
        options: SIX,
        deals: [
          { rewards: 'stl:theft ny:3' },
          { rewards: 'stl:theft det:4' },
          { rewards: 'stl:theft' },
        ],
        police: FIVE_ROUNDS,
      });
      // Round 1: seat 0 takes New York's 3 and Saint Louis's theft: +1 in all.
      t.play('S0 ny 1', 'S1', 'S2', 'S3', 'S4', 'S5', 'S0 stl 1').finishRound();
      expect(t.roundPoints(1)).toEqual([1, 0, 0, 0, 0, 0]);
      // Round 2: seat 1 steals at 0 points and stays at 0; seat 2 takes Detroit's 4.
      t.play('S1 stl 1', 'S2 det 1').finishRound();
      expect(t.roundPoints(2)).toEqual([0, 0, 4, 0, 0, 0]);
      // Round 3: seat 0 steals with 1 point: down to 0, a change of −1.
      t.play('S2', 'S3', 'S4', 'S5', 'S0 stl 2').finishRound();
      expect(t.roundPoints(3)).toEqual([-1, 0, 0, 0, 0, 0]);
      expect(t.summary().scores).toEqual([0, 0, 4, 0, 0, 0]);
    });

    it('shoot-out: the boss scores 4, every other player there loses a big cube, killed', () => {
      const t = table({ options: SIX, deals: [{ rewards: 'stl:shootout' }], police: FIVE_ROUNDS });
      t.play('S0 stl 1', 'S1 stl 1+1', 'S2 stl 3', 'S3 ny 1', 'S4').finishRound();
      expect(t.summary().scores).toEqual([0, 0, 4, 0, 0, 0]);
      expect(t.summary().players.map((p) => p.bigDead)).toEqual([1, 1, 0, 0, 0, 0]);
      expect(t.summary().players.map((p) => p.bigAvailable)).toEqual([5, 5, 6, 6, 6, 6]);
      expect(t.events('cube-lost')).toEqual([
        { type: 'cube-lost', seat: 0, city: 'saint-louis', to: 'dead' },
        { type: 'cube-lost', seat: 1, city: 'saint-louis', to: 'dead' },
      ]);
    });
  });

  it('Chicago: half, rounded down, of the last card revealed at each city on its left', () => {
    const t = table({
      options: TWO,
      police: FIVE_ROUNDS,
      deals: [
        {
          rewards: 'ny:0 bos:3 det:1',
          hands: ['ny:1 ny:3 det:2 det:3 det:4', 'ny:2 bos:3 bos:hospital bos:prison det:revolver'],
        },
        {
          rewards: 'ny:0 bos:prison det:1',
          hands: ['ny:3 bos:3 det:2 det:3 det:4', 'ny:1 ny:2 bos:3 bos:hospital det:revolver'],
        },
        {
          rewards: 'ny:0 bos:hospital det:revolver',
          hands: ['ny:1 ny:2 ny:3 bos:3 bos:3', 'bos:prison det:1 det:2 det:3 det:4'],
        },
      ],
    });
    // Round 1, row ny · chicago · …: only New York counts, its last card is the 3.
    t.play('S0 det 1 ny:1', 'S1 ny:2', 'S0 chi 1 ny:3').finishRound();
    expect(t.events('chicago-scored')[0]).toEqual({
      type: 'chicago-scored',
      boss: 0,
      cards: ['new-york:3'],
      sum: 3,
      points: 1,
    });
    expect(t.roundPoints(1)).toEqual([2, 0]); // Detroit's 1 and Chicago's 1
    // Round 2, row ny · bos · chicago · det: the 3 of New York and Boston's hospital (0).
    expect(t.view().row.map((c) => c.city)).toEqual(['new-york', 'boston', 'chicago', 'detroit']);
    t.play(
      'S1 det 1 ny:1',
      'S0 det:2',
      'S1 chi 2 ny:2',
      'S0 ny:3',
      'S1 bos:3',
      'S0 bos:3',
      'S1 bos:hospital',
      'S0 det:3',
      'S0 det:4',
      'S1 det:revolver',
    );
    expect(t.events('chicago-scored')[1]).toEqual({
      type: 'chicago-scored',
      boss: 1,
      cards: ['new-york:3', 'boston:hospital'],
      sum: 3,
      points: 1,
    });
    expect(t.roundPoints(2)).toEqual([0, 2]);
    // The hospital counted 0 and did nothing; Detroit's revolver was not a reward either.
    expect(t.summary().players[1]).toMatchObject({ bigAvailable: 6, bigHospital: 0, bigDead: 0 });
    // Round 3, Chicago rightmost: New York 2, Boston 3, Detroit 4 → 9 → 4.
    t.play(
      'S0 ny 1 ny:1',
      'S1 det:1',
      'S0 chi 1 ny:3',
      'S1 det:2',
      'S0 ny:2',
      'S1 bos:prison',
      'S0 bos:3',
      'S1 det:3',
      'S1 det:4',
      'S0 bos:3',
    );
    expect(t.events('chicago-scored')[2]).toMatchObject({
      boss: 0,
      cards: ['new-york:2', 'boston:3', 'detroit:4'],
      sum: 9,
      points: 4,
    });
    expect(t.roundPoints(3)).toEqual([4, 0]);
    // Round 4: nobody on Chicago, nobody scores it.
    t.finishRound();
    expect(t.events('chicago-scored')[3]).toMatchObject({ boss: null });
    expect(t.summary().scores).toEqual([6, 2]);
  });
});

describe('5.6 Next round', () => {
  it('big cubes come back; small cubes played leave the game', () => {
    const t = table({ options: TWO, police: FIVE_ROUNDS });
    t.play('S0 det 5+2');
    expect(t.summary().players[0]).toMatchObject({ bigAvailable: 6, smallLeft: 1 });
    t.play('S1', 'S0 ny 1').finishRound();
    expect(t.summary().round).toBe(2);
    expect(t.summary().players[0]).toMatchObject({ bigAvailable: 6, smallLeft: 1 });
    t.play('S1 det 6');
    expect(t.refused('S0 det 1+2').kind).toBe('not-enough-small-cubes');
    t.play('S0 det 6+1');
    expect(t.summary().players[0].smallLeft).toBe(0);
    t.finishRound();
    expect(t.summary().players[0]).toMatchObject({ bigAvailable: 6, smallLeft: 0 });
  });

  it('hospital: out for round r+1, back for r+2; prison: out for r+1 and r+2, back for r+3', () => {
    const t = table({
      options: TWO,
      police: FIVE_ROUNDS,
      deals: [{ rewards: 'bos:prison' }, { rewards: 'bos:hospital' }],
    });
    t.play('S0 bos 1').finishRound();
    t.play('S1 bos 1').finishRound();
    const status = () =>
      t.summary().players.map((p) => [p.bigAvailable, p.bigHospital, p.bigPrison]);
    expect(t.summary().round).toBe(3);
    expect(status()).toEqual([
      [5, 0, 1],
      [5, 1, 0],
    ]);
    t.finishRound();
    expect(status()).toEqual([
      [6, 0, 0],
      [6, 0, 0],
    ]);
    // Round 2 the prisoner could place only 5 (checked through the events of round 2).
    const r2 = table({ options: TWO, police: FIVE_ROUNDS, deals: [{ rewards: 'bos:prison' }] });
    r2.play('S0 bos 1').finishRound().play('S1');
    expect(r2.refused('S0 det 6').kind).toBe('not-enough-big-cubes');
    r2.play('S0 det 5').finishRound();
    expect(r2.summary().round).toBe(3);
    expect(r2.refused('S0 det 6').kind).toBe('not-enough-big-cubes');
    r2.play('S0 det 5').finishRound();
    r2.play('S1');
    r2.play('S0 det 6');
  });

  it('Chicago moves one place right each round and stops at the right end', () => {
    const t = table({ options: TWO, police: FIVE_ROUNDS });
    const rows: string[][] = [];
    while (!t.state.outcome) {
      if (t.state.round > 40) throw new Error('the game does not end');
      rows.push(t.view().row.map((c) => c.city));
      t.finishRound();
    }
    // Nobody scores: 5 rounds, then 10 overtime rounds (section 6), Chicago moving on.
    expect(rows).toEqual([
      ['new-york', 'chicago', 'boston', 'detroit'],
      ['new-york', 'boston', 'chicago', 'detroit'],
      ...new Array(13).fill(['new-york', 'boston', 'detroit', 'chicago']),
    ]);
    // Seven cities: Chicago walks from second to last and stays (overtime rounds go on).
    const four = table({ options: { players: 4, cities: ALL_SEVEN }, police: FIVE_ROUNDS });
    const at: number[] = [];
    while (!four.state.outcome) {
      if (four.state.round > 40) throw new Error('the game does not end');
      at.push(four.view().row.findIndex((c) => c.city === 'chicago'));
      four.finishRound();
    }
    expect(at.slice(0, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 7, 7]);
  });

  it('the dealer button passes clockwise and the new dealer plays first', () => {
    const t = table({
      options: { players: 3, cities: ['ny', 'bos', 'det', 'kc', 'cin'], dealer: 2 },
      police: FIVE_ROUNDS,
    });
    const dealers: number[] = [];
    while (!t.state.outcome) {
      if (t.state.round > 40) throw new Error('the game does not end');
      dealers.push(t.view().dealer);
      expect(t.turn).toBe(t.view().dealer);
      t.finishRound();
    }
    expect(dealers.slice(0, 5)).toEqual([2, 0, 1, 2, 0]);
  });

  it('the last card of a round shows the next round at once', () => {
    const t = table({ options: TWO, police: FIVE_ROUNDS, deals: [{ rewards: 'det:revolver' }] });
    t.play('S0 det 1').pass(8);
    expect(t.summary()).toMatchObject({ round: 1, dealer: 0 });
    t.play('');
    expect(t.summary()).toMatchObject({
      round: 2,
      dealer: 1,
      row: ['new-york', 'boston', 'chicago', 'detroit'],
    });
    expect(t.summary().players[0]).toMatchObject({ bigAvailable: 5, bigDead: 1 });
    expect(
      t
        .view()
        .row.every((c) => c.revealed.length === 0 && c.cubes.every((q) => q.big + q.small === 0)),
    ).toBe(true);
  });

  it('cube availability always adds up to 6 big cubes', () => {
    for (const [players, rules] of [
      [2, 'classic'],
      [4, 'classic'],
      [6, 'arena'],
    ] as const)
      for (const seed of ['c1', 'c2', 'c3']) {
        const t = table({ options: { players, rules }, seed });
        const rng = Rng.fromSeed(`moves-${seed}`);
        let penalties = 0;
        while (!t.state.outcome) {
          if (t.state.round > 40) throw new Error('the game does not end');
          t.play(theBoss.randomMove(t.state, t.turn, rng)!);
          penalties += t.events('cube-lost', null, t.lastEmitted).length;
          for (const p of t.summary().players) {
            expect(p.bigAvailable + p.bigHospital + p.bigPrison + p.bigDead).toBe(6);
            expect(p.bigAvailable).toBeGreaterThanOrEqual(0);
          }
        }
        expect(penalties).toBeGreaterThan(0);
      }
  });
});
