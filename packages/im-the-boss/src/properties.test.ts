// I'm the Boss!'s invariants over random games.
import { CLOCK, type Emitted } from '@boss-table/core';
import { playRandomGame } from '@boss-table/core/testing';
import { describe, expect, it } from 'vitest';
import { HAND_LIMIT } from './data.js';
import type { ImbEvent } from './events.js';
import { imTheBoss } from './game.js';
import type { ImbState } from './state.js';
import { byKind, cardsAccountedFor } from './test-kit.js';

const OPTIONS = [
  { players: 4 },
  { players: 3 },
  { players: 6, lessCutthroat: true, maxRounds: 20 },
  { players: 2, twoPlayer: true },
  { players: 5, mode: 'turnBased', maxRounds: 10 },
];

describe('invariants over random games (§12)', () => {
  it('cards conserved, hands within the limit, money paid = money earned, no promise above D', () => {
    let games = 0;
    let deals = 0;
    for (const raw of OPTIONS)
      for (const seed of ['p1', 'p2']) {
        let earned = 0;
        const check = (s: ImbState) => {
          expect(cardsAccountedFor(s)).toBe(true);
          s.hands.forEach((h, p) => {
            if (!(s.pub.phase === 'discard' && s.pub.seat === p))
              expect(h.length).toBeLessThanOrEqual(HAND_LIMIT);
          });
          const d = s.pub.deal;
          if (d) expect(d.agreements.reduce((a, x) => a + x.dividends, 0)).toBeLessThanOrEqual(d.D);
          expect(s.pub.money.reduce((a, b) => a + b, 0)).toBe(earned);
        };
        playRandomGame(byKind, raw, seed, {
          maxMoves: 30000,
          onState: (s) => check(s as ImbState),
          onMove(before, _seat, _move, applied) {
            const b = before as ImbState;
            for (const { event } of applied.events as Emitted<ImbEvent>[])
              if (event.type === 'dealClosed') {
                deals++;
                earned += (event.V as number) * (event.D as number);
                const paid = (event.payments as { amount: number }[]).reduce(
                  (a, p) => a + p.amount,
                  0,
                );
                // The Boss never loses on a deal.
                expect(paid).toBeLessThanOrEqual(event.bossGets as number);
                expect(event.boss).toBe(b.pub.deal ? b.pub.deal.boss : b.pub.seat);
              }
          },
        });
        games++;
      }
    expect(games).toBe(OPTIONS.length * 2);
    expect(deals).toBeGreaterThan(20);
  }, 120_000);

  it('replays identically and stores clock moves as "clock"', () => {
    const { record, state } = playRandomGame(byKind, OPTIONS[0], 'r');
    expect(record.moves.some((m) => m.seat === 'clock')).toBe(true);
    const again = playRandomGame(byKind, OPTIONS[0], 'r');
    expect(imTheBoss.summary(again.state as ImbState)).toEqual(
      imTheBoss.summary(state as ImbState),
    );
    expect(CLOCK).toBe(-1);
  });
});
