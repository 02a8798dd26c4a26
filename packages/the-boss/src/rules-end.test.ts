/**
 * Rules file (../shared/rules/the-boss.md), sections 6–8: end of the game and ties, what
 * each seat may know, records. Hand-built deals, moves through `theBoss.apply`.
 */
import { eventsFor, replay, Rng, type GameRecord } from '@boss-table/core';
import { describe, expect, it } from 'vitest';
import { theBoss } from './game.js';
import type { BossMove } from './play.js';
import { table, type GameSpec, type Table } from './test-helpers.js';

const TWO = { players: 2, cities: ['ny', 'bos', 'det'] };
const THREE = { players: 3, cities: ['ny', 'bos', 'det', 'kc', 'cin'] };
/** Police order ending the game after round 3. */
const THREE_ROUNDS = 'silver silver double gold gold';

const outcome = (t: Table) => {
  const o = theBoss.outcome(t.state);
  if (!o) throw new Error('the game is not over');
  return o;
};

describe('6. End of the game and ties', () => {
  it('the highest score wins; nothing more can be played', () => {
    const t = table({ options: TWO, police: THREE_ROUNDS, deals: [{ rewards: 'det:4' }] });
    t.play('S0 det 1').finishRound().finishRound();
    expect(t.state.outcome).toBeNull();
    t.finishRound();
    expect(outcome(t)).toEqual({
      winners: [0],
      scores: [4, 0],
      ranking: [0, 1],
      decidedBy: 'score',
    });
    // Decision 11: the summary shows the last round played (its dealer and row).
    expect(t.summary()).toMatchObject({
      over: true,
      round: 3,
      dealer: 0,
      row: ['new-york', 'boston', 'detroit', 'chicago'],
      winners: [0],
      scores: [4, 0],
    });
    expect(theBoss.isOver(t.state)).toBe(true);
    expect(theBoss.activeSeats(t.state)).toEqual([]);
    expect(theBoss.legalMoves(t.state, 0)).toEqual([]);
    expect(t.refused({ reveal: 'new-york:0' }, 0).kind).toBe('game-over');
    expect(t.events('game-over')).toHaveLength(1);
    expect(t.view(0).turn).toBeNull();
  });

  it('tied scores: most points in the last round wins', () => {
    const t = table({
      options: TWO,
      police: THREE_ROUNDS,
      deals: [{ rewards: 'det:3' }, {}, { rewards: 'bos:3' }],
    });
    t.play('S0 det 1').finishRound().finishRound();
    t.play('S0', 'S1 bos 1').finishRound();
    expect(outcome(t)).toMatchObject({
      winners: [1],
      scores: [3, 3],
      ranking: [1, 0],
      decidedBy: 'last-round-points',
    });
  });

  it('then most cubes available: small cubes used count against', () => {
    const t = table({
      options: TWO,
      police: THREE_ROUNDS,
      deals: [{}, {}, { rewards: 'ny:3 bos:3' }],
    });
    t.finishRound().finishRound();
    t.play('S0 ny 1', 'S1 bos 1+1').finishRound();
    expect(outcome(t)).toMatchObject({
      winners: [0],
      scores: [3, 3],
      decidedBy: 'cubes-available',
    });
    expect(t.summary().players.map((p) => p.smallLeft)).toEqual([3, 2]);
  });

  it("then most cubes available: the last round's penalties count", () => {
    const t = table({
      options: TWO,
      police: THREE_ROUNDS,
      deals: [{}, {}, { rewards: 'ny:3 det:3 bos:hospital' }],
    });
    t.finishRound().finishRound();
    t.play('S0 ny 1', 'S1 det 1', 'S0 bos 1').finishRound();
    expect(outcome(t)).toMatchObject({
      winners: [1],
      scores: [3, 3],
      decidedBy: 'cubes-available',
    });
    expect(t.summary().players[0]).toMatchObject({ bigAvailable: 5, bigHospital: 1 });
  });

  it('still tied: an overtime round by everyone, compared among the tied only', () => {
    const t = table({
      options: THREE,
      police: THREE_ROUNDS,
      deals: [{ rewards: 'ny:3 bos:3' }, {}, {}, { rewards: 'ny:1 det:4' }],
    });
    t.play('S0 ny 1', 'S1 bos 1').finishRound().finishRound().finishRound();
    expect(t.state.outcome).toBeNull();
    expect(t.events('overtime')).toEqual([{ type: 'overtime', tied: [0, 1] }]);
    const v = t.view();
    expect(v).toMatchObject({
      round: 4,
      overtime: 1,
      lastRound: true,
      dealer: 0,
      contenders: [0, 1],
    });
    expect(v.row.findIndex((c) => c.city === 'chicago')).toBe(4);
    expect(v.police).toEqual({ flipped: ['silver', 'silver', 'double'], remaining: 2 });
    // Everyone plays, seat 2 too; seat 2 takes Detroit's 4 but cannot win.
    t.play('S0', 'S1 ny 1', 'S2 det 1');
    t.pass(9);
    // No police card in overtime, even when every player holds one card.
    expect(t.view().hands.every((h) => h.cities.length === 1)).toBe(true);
    expect(t.view().police.remaining).toBe(2);
    t.finishRound();
    expect(outcome(t)).toEqual({
      winners: [1],
      scores: [3, 4, 4],
      ranking: [1, 0, 2],
      decidedBy: 'overtime-score',
    });
    expect(t.summary()).toMatchObject({ round: 4, winners: [1] });
  });

  it('a tie among three goes to overtime for those three', () => {
    const t = table({ options: { ...THREE, maxOvertimeRounds: 1 }, police: THREE_ROUNDS });
    t.finishGame();
    expect(t.events('overtime')).toEqual([{ type: 'overtime', tied: [0, 1, 2] }]);
    expect(outcome(t)).toMatchObject({ winners: [0, 1, 2], decidedBy: 'overtime-shared' });
    expect(t.summary().round).toBe(4);
  });

  it('overtime repeats while the tied stay tied, then it can be decided', () => {
    const t = table({
      options: TWO,
      police: THREE_ROUNDS,
      deals: [{}, {}, {}, {}, { rewards: 'ny:2' }],
    });
    t.finishRound().finishRound().finishRound().finishRound();
    expect(t.view()).toMatchObject({ round: 5, overtime: 2, dealer: 0 });
    t.play('S0 ny 1').finishRound();
    expect(outcome(t)).toMatchObject({ winners: [0], decidedBy: 'overtime-score' });
    expect(t.events('overtime')).toHaveLength(2);
  });

  it('an overtime round tied on points is decided by the cubes available', () => {
    const t = table({
      options: TWO,
      police: THREE_ROUNDS,
      deals: [{}, {}, {}, { rewards: 'ny:3 det:3 bos:hospital' }],
    });
    t.finishRound().finishRound().finishRound();
    // Overtime round 4: seat 1 deals.
    t.play('S1 ny 1', 'S0 det 1', 'S1 bos 1').finishRound();
    expect(outcome(t)).toMatchObject({ winners: [0], decidedBy: 'overtime-cubes-available' });
  });

  it('after maxOvertimeRounds still tied, the tied players share the win', () => {
    const capped = table({ options: { ...TWO, maxOvertimeRounds: 2 }, police: THREE_ROUNDS });
    capped.finishGame();
    expect(outcome(capped)).toMatchObject({ winners: [0, 1], decidedBy: 'overtime-shared' });
    expect(capped.summary()).toMatchObject({ round: 5, winners: [0, 1] });
    expect(capped.events('overtime')).toHaveLength(2);

    const byDefault = table({ options: TWO, police: THREE_ROUNDS });
    byDefault.finishGame();
    expect(byDefault.summary().round).toBe(13);
    expect(outcome(byDefault).decidedBy).toBe('overtime-shared');

    const none = table({ options: { ...TWO, maxOvertimeRounds: 0 }, police: THREE_ROUNDS });
    none.finishGame();
    expect(outcome(none)).toMatchObject({ winners: [0, 1], decidedBy: 'shared' });
    expect(none.summary().round).toBe(3);
  });

  it('a prison cube still serving after the last round is not available; a hospital cube of the round before is back', () => {
    // Round 2: seat 0 to prison (out in rounds 3 and 4), seat 1 to hospital (out in round 3).
    const t = table({
      options: TWO,
      police: THREE_ROUNDS,
      deals: [{}, { rewards: 'bos:prison det:revolver' }, {}],
    });
    t.finishRound();
    t.play('S1 det 1', 'S0 bos 1').finishRound().finishRound();
    // Seat 1 lost a cube for good, seat 0 still has one in prison: 8 cubes each.
    expect(t.summary().players.map((p) => [p.bigAvailable, p.bigPrison, p.bigDead])).toEqual([
      [5, 1, 0],
      [5, 0, 1],
    ]);
    expect(t.events('overtime')).toHaveLength(1);
  });
});

describe('7. What each seat may know', () => {
  /** Two deals that differ only in what seat 0 cannot see: seat 1's values and the rewards. */
  const twin = (swap: boolean): GameSpec => ({
    options: TWO,
    police: THREE_ROUNDS,
    deals: [
      {
        rewards: swap ? 'ny:1 bos:hospital det:4' : 'ny:0 bos:prison det:2',
        hands: [
          'ny:2 ny:3 bos:3 det:1 det:3',
          swap
            ? 'ny:0 bos:3 bos:prison det:2 det:revolver'
            : 'ny:1 bos:3 bos:hospital det:4 det:revolver',
        ],
      },
    ],
  });

  it("a seat's view and events do not depend on other seats' values nor the rewards", () => {
    const a = table(twin(false));
    const b = table(twin(true));
    const same = (...turns: string[]) => {
      a.play(...turns);
      b.play(...turns);
      for (const viewer of [0, null]) {
        expect(a.view(viewer)).toEqual(b.view(viewer));
        expect(eventsFor(a.emitted, viewer)).toEqual(eventsFor(b.emitted, viewer));
      }
      expect(a.view(1)).not.toEqual(b.view(1));
    };
    same();
    same('S0 det 2 ny:2', 'S1 bos 1 bos:3', 'S0 chi 1 det:1', 'S1 det:revolver');
    // Seat 1's other cards differ in value: only seat 0 can play on unseen.
    same('S0 ny:3');
    expect(a.view(0).hands[1].cards).toBeNull();
    // At the end of the round the rewards are turned up and the games part.
    a.finishRound();
    b.finishRound();
    expect(a.events('reward-revealed')).not.toEqual(b.events('reward-revealed'));
  });

  it('views hold no face-down reward, police order or seed', () => {
    const t = table({ options: { players: 4, rules: 'classic' }, seed: 'secret-seed-123' });
    t.pass(5);
    for (const viewer of [0, 1, 2, 3, null]) {
      const json = JSON.stringify(t.view(viewer));
      for (const secret of ['rewards', 'reward', 'seed', 'rng', 'policeDeck', 'secret-seed-123'])
        expect(json).not.toContain(secret);
      const v = t.view(viewer);
      v.hands.forEach((h, p) => expect(h.cards === null).toBe(p !== viewer));
    }
    // No reward is shown before the round's last card.
    expect(t.events('reward-revealed')).toEqual([]);
  });

  it('the police order stays secret until each card is turned', () => {
    const a = table({ options: TWO, police: 'silver gold double silver gold' });
    const b = table({ options: TWO, police: 'silver double gold gold silver' });
    a.finishRound();
    b.finishRound();
    expect(a.view(0)).toEqual(b.view(0));
    expect(a.view(null).police).toEqual({ flipped: ['silver'], remaining: 4 });
  });

  it('everything public is in a spectator view', () => {
    const t = table({
      options: { players: 2, cities: ['ny', 'det', 'cin'] },
      deals: [{ rewards: 'cin:banished ny:3' }],
      police: THREE_ROUNDS,
    });
    t.play('S0 cin 1', 'S1 cin 1+1', 'S0 ny 1').finishRound();
    t.play('S1 det 2+1');
    const v = t.view(null);
    expect(v.row.map((c) => c.city)).toEqual(['new-york', 'detroit', 'chicago', 'cincinnati']);
    expect(v.row[1].cubes).toEqual([
      { big: 0, small: 0 },
      { big: 2, small: 1 },
    ]);
    expect(v.row.flatMap((c) => c.revealed)).toHaveLength(1);
    expect(v.hands.map((h) => h.cities.length)).toEqual([5, 4]);
    expect(v.players.map((p) => [p.score, p.banished, p.smallLeft, p.bigPlaced])).toEqual([
      [3, false, 3, 0],
      [0, true, 1, 2],
    ]);
    expect(v.police).toEqual({ flipped: ['silver'], remaining: 4 });
    expect(v.turn).toBe(0);
    expect(v.dealer).toBe(1);
  });

  it("a refused move says nothing of another seat's hand", () => {
    const t = table(twin(false));
    // new-york:1 is in seat 1's hand, new-york:0 is the hidden reward.
    const held = t.refused({ reveal: 'new-york:1' });
    const hidden = t.refused({ reveal: 'new-york:0' });
    expect(held.kind).toBe(hidden.kind);
    expect(held.message.replace('new-york:1', 'X')).toBe(hidden.message.replace('new-york:0', 'X'));
  });

  it('a sampled state agrees with the view it was drawn from', () => {
    const t = table(twin(false));
    t.play('S0 det 2 ny:2', 'S1 bos 1 bos:3');
    const v = t.view(0);
    for (const seed of ['s1', 's2', 's3']) {
      const s = theBoss.sample(v, Rng.fromSeed(seed));
      expect(theBoss.view(s, 0)).toEqual(v);
    }
  });
});

describe('8. Records', () => {
  const baseRecord = (): GameRecord => ({
    game: 'the-boss',
    options: { players: 2, rules: 'classic', cities: ['new-york', 'boston', 'detroit'], dealer: 1 },
    seed: 'records',
    deals: [
      {
        rewards: { 'new-york': '3', boston: 'hospital', detroit: '4' },
        hands: [
          ['new-york:0', 'new-york:1', 'boston:3', 'detroit:1', 'detroit:2'],
          ['new-york:2', 'boston:3', 'boston:prison', 'detroit:3', 'detroit:revolver'],
        ],
      },
    ],
    police: ['gold', 'double', 'gold', 'silver', 'silver'],
    moves: [
      { seat: 1, place: { city: 'detroit', big: 2, small: 0 }, reveal: 'boston:3' },
      { seat: 0, place: { city: 'new-york', big: 1 }, reveal: 'new-york:0' },
      { seat: 1, reveal: 'detroit:3' },
    ],
  });

  const replayed = (record: GameRecord) => {
    const r = replay(theBoss, record);
    if (!r.ok) throw new Error(r.error.message);
    return r.value.state;
  };

  it('a record with explicit deals and police replays the same game every time', () => {
    const record = baseRecord();
    const a = replayed(record);
    const b = replayed(JSON.parse(JSON.stringify(record)) as GameRecord);
    expect(theBoss.summary(a)).toEqual(theBoss.summary(b));
    for (const viewer of [0, 1, null])
      expect(theBoss.view(a, viewer)).toEqual(theBoss.view(b, viewer));
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    // The deal is the one written down.
    expect([...theBoss.view(a, 0).hands[0].cards!].sort()).toEqual([
      'boston:3',
      'detroit:1',
      'detroit:2',
      'new-york:1',
    ]);
    expect(theBoss.view(a, null).row.find((c) => c.city === 'detroit')!.cubes[1]).toEqual({
      big: 2,
      small: 0,
    });
  });

  it('replaying a game played move by move gives the same state', () => {
    const t = table({
      options: TWO,
      police: THREE_ROUNDS,
      deals: [{ rewards: 'det:4' }, { rewards: 'bos:hospital' }],
    });
    const moves: { seat: number; move: BossMove }[] = [];
    const play = (spec: string) => {
      moves.push(t.move(spec));
      t.play(spec);
    };
    play('S0 det 1');
    while (t.view().round === 1) play('');
    play('S1 bos 1');
    while (!t.state.outcome && t.state.round < 40) play('');
    const record: GameRecord = {
      game: 'the-boss',
      options: { players: 2, cities: ['new-york', 'boston', 'detroit'] },
      seed: 'rules-test',
      deals: [t.state.presets!.deals![0], t.state.presets!.deals![1]],
      police: THREE_ROUNDS.split(' '),
      moves: moves.map(({ seat, move }) => ({ seat, ...move })),
    };
    const state = replayed(JSON.parse(JSON.stringify(record)) as GameRecord);
    expect(theBoss.summary(state)).toEqual(t.summary());
    expect(theBoss.outcome(state)).toEqual(theBoss.outcome(t.state));
  });

  it('rounds beyond the explicit deals are dealt from the seed', () => {
    const round2Hands = (seed: string) => {
      const record = { ...baseRecord(), seed, moves: [] };
      const r = replay(theBoss, record);
      if (!r.ok) throw new Error(r.error.message);
      let s = r.value.state;
      while (s.round === 1) {
        const seat = s.turn;
        const next = theBoss.apply(s, seat, { reveal: theBoss.legalMoves(s, seat)[0].reveal });
        if (!next.ok) throw new Error(next.error.message);
        s = next.value.state;
      }
      return theBoss.view(s, null).hands.map((h) => h.cities);
    };
    expect(round2Hands('seed-a')).toEqual(round2Hands('seed-a'));
    const others = ['seed-b', 'seed-c', 'seed-d'].map((seed) => JSON.stringify(round2Hands(seed)));
    expect(others.some((h) => h !== JSON.stringify(round2Hands('seed-a')))).toBe(true);
    // Decision 10: an explicit deal draws nothing, so round 2 is what round 1 would have been.
    const plain = table({
      options: { players: 2, rules: 'classic', cities: ['ny', 'bos', 'det'], dealer: 1 },
      seed: 'seed-a',
      police: 'gold double gold silver silver',
    });
    expect(round2Hands('seed-a')).toEqual(plain.view().hands.map((h) => h.cities));
  });

  it('a move that breaks a rule is refused with its index, seat and rule', () => {
    const record = baseRecord();
    const bad = {
      ...record,
      moves: [
        ...record.moves,
        { seat: 0, place: { city: 'detroit', big: 2 }, reveal: 'new-york:1' },
      ],
    };
    const r = replay(theBoss, bad);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({
      kind: 'illegal-move',
      moveIndex: 3,
      seat: 0,
      rule: 'no-strict-lead',
    });
    expect(r.error.message).toMatch(/Move 3/);
    const wrongSeat = replay(theBoss, { ...record, moves: [{ seat: 0, reveal: 'new-york:0' }] });
    expect(!wrongSeat.ok && wrongSeat.error).toMatchObject({ moveIndex: 0, rule: 'not-your-turn' });
    const shapeless = replay(theBoss, { ...record, moves: [{ seat: 1, reveal: 'boston:9' }] });
    expect(!shapeless.ok && shapeless.error).toMatchObject({ kind: 'invalid-move', moveIndex: 0 });
  });

  it('deals and police that do not fit are refused before any move', () => {
    const refused = (change: (r: Record<string, unknown>) => void) => {
      const record = JSON.parse(JSON.stringify(baseRecord())) as Record<string, unknown>;
      change(record);
      const r = replay(theBoss, record as GameRecord);
      if (r.ok) throw new Error('accepted');
      expect(r.error.kind).toBe('invalid-presets');
      expect(r.error.message.length).toBeGreaterThan(15);
      return r.error;
    };
    type Deal = { rewards: Record<string, string>; hands: string[][] };
    const deal = (r: Record<string, unknown>) => (r.deals as Deal[])[0];
    expect(refused((r) => (deal(r).hands[0][0] = 'new-york:2')).rule).toBe('invalid-deal');
    expect(refused((r) => deal(r).hands[0].pop()).rule).toBe('invalid-deal');
    expect(refused((r) => delete deal(r).rewards.boston).rule).toBe('invalid-deal');
    expect(refused((r) => (deal(r).rewards.memphis = '1')).rule).toBe('invalid-deal');
    expect(refused((r) => deal(r).hands.push([])).rule).toBe('invalid-deal');
    expect(refused((r) => (deal(r).rewards.detroit = 'theft')).rule).toBe('invalid-deal');
    expect(refused((r) => (r.police = ['gold', 'gold', 'gold', 'silver', 'double'])).rule).toBe(
      'invalid-police',
    );
    expect(refused((r) => (r.police = 'gold')).rule).toBe('invalid-police');
  });
});
