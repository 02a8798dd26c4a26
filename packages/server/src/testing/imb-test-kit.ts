/**
 * Helpers for the I'm the Boss! tests through the server (one process or several nodes): short
 * clocks, a thin client's move from the compact legal form, and the game's hidden-information
 * scan of a seat's frames.
 */
import { expect } from 'vitest';
import type { Rng } from '@boss-table/core';
import { imbMoveFromLegal, type ImbLegal } from '@boss-table/im-the-boss';
import type { ServerMessage } from '@boss-table/client';
import { scanFrames } from './frame-scan.js';

export type Mode = 'realtime' | 'turnBased';
export const MODES: readonly Mode[] = ['realtime', 'turnBased'];

/** Short clocks (milliseconds) so that a table plays in seconds. */
export const clocks = (over: Record<string, number> = {}) => ({
  turn: 8000,
  discard: 5000,
  deal: 6000,
  idle: 3000,
  stopWindow: 600,
  stopWindowMin: 200,
  lastCall: 500,
  lastCallMin: 200,
  step: 5000,
  prompt: 3000,
  ...over,
});

const PRIVATE = ['handDealt', 'cardsDrawnDetail', 'handLimitPrompt', 'discardedDetail', 'answered'];

/**
 * Fails if a frame sent to `seat` (null: a spectator) holds what it may not know: a view of
 * another seat, another seat's private event (its dealt or drawn cards, its discards, its
 * sealed answer), the seed, or any of `secrets` (the seed's value, tokens, invites).
 */
export function scanImb(
  frames: readonly ServerMessage[],
  seat: number | null,
  secrets: readonly string[] = [],
): void {
  scanFrames(frames, secrets, ['seed', 'rng', 'hands', 'token', 'tokenHash', 'stopCards'], (o) => {
    if (o.game === 'im-the-boss' && 'hand' in o)
      expect(o.viewer, 'a view of another seat').toBe(seat);
    if (typeof o.type === 'string' && PRIVATE.includes(o.type))
      expect(o.seat, `${o.type} of another seat`).toBe(seat);
  });
}

/** A seat the driver of a test may move now: its legal form and its own hand. */
export interface ReadySeat<C> {
  readonly c: C;
  readonly seat: number;
  readonly l: ImbLegal;
  readonly hand: readonly string[];
}

/**
 * The next move of a test driving people's seats towards a position: an influence play when
 * someone holds one and `interrupt` (it opens a stop window), else a deal's Boss abandoning
 * (in an open deal) or declaring with the whole clan, else any seat's move from its legal form.
 */
export function driverMove<C>(
  ready: readonly ReadySeat<C>[],
  rng: Rng,
  interrupt = true,
): { pick: ReadySeat<C>; move: unknown } {
  const influence = interrupt
    ? ready.find((x) => x.l.travel?.length || x.l.boss?.length)
    : undefined;
  const pick = influence ?? rng.pick(ready);
  const l = pick.l;
  let move: unknown;
  if (influence)
    move = l.boss?.length
      ? { type: 'playBoss', card: l.boss[0] }
      : { type: 'playTravel', card: l.travel![0].card, target: l.travel![0].targets[0] };
  else if (l.phase === 'open' && l.plain.includes('abandon')) move = { type: 'abandon' };
  else if (l.declareDeal) move = { type: 'declareDeal', clan: l.declareDeal };
  else move = imbMoveFromLegal(l, rng, { hand: pick.hand });
  return { pick, move };
}
