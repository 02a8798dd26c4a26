// Tests the I'm the Boss! log's English: reasons in words, singular and plural, what an expired clock did.
import { describe, expect, it } from 'vitest';
import type { ImbEvent } from './events.js';
import { clockWords, eventWords } from './words.js';

const names = (viewer: number | null) => (s: number) => (s === viewer ? 'You' : `Seat ${s + 1}`);
const say = (e: Record<string, unknown>, viewer: number | null = 0) =>
  eventWords(e as unknown as ImbEvent, viewer, names(viewer));

describe("I'm the Boss! log words", () => {
  it('says why a deal broke down, an agreement was void and the game ended, in words', () => {
    expect(say({ type: 'dealBrokeDown', reason: 'idle-limit', space: 3 })).toBe(
      'The deal breaks down: nobody made progress in time.',
    );
    expect(say({ type: 'dealBrokeDown', reason: 'action-limit', space: 3 })).not.toMatch(
      /limit|\(/,
    );
    expect(say({ type: 'agreementVoided', seat: 1, reason: 'boss-changed' })).toBe(
      'Seat 2’s agreement is void: there is a new Boss.',
    );
    const over = say({
      type: 'gameOver',
      reason: 'maxRounds',
      winners: [1],
      scores: [10, 40],
      ranking: [1, 0],
    });
    expect(over).toBe('The game is over: the round limit was reached. Seat 2 wins with 40 M.');
  });

  it('speaks good English: one dividend, "You are", goes back, collects and pays', () => {
    expect(
      say({ type: 'proposalMade', from: 1, to: 0, items: ['inv:P'], dividends: 1, id: 3 }),
    ).toBe('Seat 2 proposes to You: Piepenbrok placard for 1 dividend (#3).');
    expect(say({ type: 'bossChanged', to: 0 })).toBe('You are the Boss now.');
    // A replay names no viewer but may still call a seat "You".
    expect(eventWords({ type: 'bossChanged', to: 2 }, null, (s) => (s === 2 ? 'You' : 'X'))).toBe(
      'You are the Boss now.',
    );
    expect(say({ type: 'clanReturned', seat: 1, cards: ['clan:H1'] })).toBe(
      'Heiermann clan card goes back to Seat 2.',
    );
    expect(
      say({
        type: 'dealClosed',
        boss: 0,
        bossGets: 6,
        payments: [
          { seat: 1, amount: 3 },
          { seat: 2, amount: 3 },
        ],
      }),
    ).toBe('The deal closes: You collect 6 M and pay Seat 2 3 M and Seat 3 3 M.');
    // A seat paid twice (an agreement and its placard, say) is named once, with the sum.
    expect(
      say(
        {
          type: 'dealClosed',
          boss: 1,
          bossGets: 24,
          payments: [
            { seat: 0, amount: 8 },
            { seat: 2, amount: 2 },
            { seat: 0, amount: 8 },
          ],
        },
        0,
      ),
    ).toBe('The deal closes: Seat 2 collects 24 M and pays you 16 M and Seat 3 2 M.');
  });

  it('says what a clock did when it ran out', () => {
    const rolled = [{ type: 'rolled', seat: 0, r: 4 }] as unknown as ImbEvent[];
    expect(clockWords(rolled, 0, names(0))).toBe('Time ran out: the die was rolled for you.');
    expect(clockWords(rolled, 1, names(1))).toBe('Time ran out: the die was rolled for Seat 1.');
    const idle = [{ type: 'dealBrokeDown', reason: 'idle-limit' }] as unknown as ImbEvent[];
    expect(clockWords(idle, 0)).toMatch(/nobody made progress/);
  });
});
