// Rebuilds every step of a recorded game of The Boss for the replay viewer, hands and hidden rewards revealed.
import { parseRecord, replay, type Emitted } from '@boss-table/core';
import { describe } from './words.js';
import {
  CARD_NAME,
  CITY_IDS,
  theBoss,
  type BossEvent,
  type BossState,
  type BossView,
} from '@boss-table/the-boss';

export interface BossReplayStep {
  /** The table after this step, as a spectator sees it, with every hand's values. */
  readonly view: BossView;
  readonly hands: readonly (readonly string[])[];
  /** Each city's face-down reward this round (a replay reveals everything), by city. */
  readonly rewards: Readonly<Record<string, string>>;
  /** What happened in this step, in words, everything revealed. */
  readonly lines: readonly string[];
}

/** Every state of a recorded game, from setup to its last move, for stepping and scrubbing. */
export function replaySteps(
  raw: unknown,
  names?: (seat: number) => string,
): { steps: BossReplayStep[] } | { error: string } {
  const record = parseRecord(raw);
  if (!record.ok) return { error: record.error.message };
  if (record.value.game !== theBoss.id)
    return { error: `This record is for "${record.value.game}".` };
  const step = (s: BossState, events: readonly Emitted<BossEvent>[]): BossReplayStep => ({
    view: theBoss.view(s, null),
    hands: s.hands.map((_, seat) => theBoss.view(s, seat).hands[seat].cards ?? []),
    rewards: Object.fromEntries(
      s.rewards.flatMap((id, slot) =>
        id >= 0 ? [[CITY_IDS[slot], CARD_NAME[id].split(':')[1]] as const] : [],
      ),
    ),
    lines: events
      .filter((e) => e.event.type !== 'turn' && e.event.type !== 'hand-dealt')
      .map((e) => describe(e.event, null, names ?? ((seat) => `Seat ${seat + 1}`)) ?? '')
      .filter(Boolean),
  });
  const steps: BossReplayStep[] = [];
  const replayed = replay(theBoss, record.value, {
    onStep: (s, events) => steps.push(step(s, events as readonly Emitted<BossEvent>[])),
  });
  if (!replayed.ok) return { error: replayed.error.message };
  return { steps };
}
