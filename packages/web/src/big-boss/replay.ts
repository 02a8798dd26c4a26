// Rebuilds every step of a recorded Big Boss game for the replay viewer, all hands and draws revealed.
import { parseRecord, replay, type Emitted } from '@boss-table/core';
import {
  bigBoss,
  describeEvent,
  type BigBossEvent,
  type BigBossState,
  type BigBossView,
  type CardCode,
} from '@boss-table/big-boss';

export interface BigBossReplayStep {
  /** The table after this step, as a spectator sees it. */
  readonly view: BigBossView;
  /** Every seat's hand (a replay reveals everything). */
  readonly hands: readonly (readonly CardCode[])[];
  /** What happened in this step, in words, everything revealed (deals and deck draws too). */
  readonly lines: readonly string[];
}

const defaultName = (seat: number) => `Seat ${seat + 1}`;

/** Every state of a recorded Big Boss game, from setup to its last move. */
export function bigBossReplaySteps(
  raw: unknown,
  seatName: (seat: number) => string = defaultName,
): { steps: BigBossReplayStep[] } | { error: string } {
  const record = parseRecord(raw);
  if (!record.ok) return { error: record.error.message };
  if (record.value.game !== bigBoss.id)
    return { error: `This record is for "${record.value.game}".` };
  const step = (s: BigBossState, events: readonly Emitted<BigBossEvent>[]): BigBossReplayStep => ({
    view: bigBoss.view(s, null),
    hands: Array.from({ length: s.config.players }, (_, seat) => bigBoss.view(s, seat).hand ?? []),
    lines: events
      .filter((e) => e.event.type !== 'turn')
      .map((e) => {
        const ev = e.event;
        // Private events are told as their own seat would read them, with its name.
        const viewer = ev.type === 'dealt' || ev.type === 'drew' ? ev.seat : null;
        const text = describeEvent(ev, viewer, seatName);
        return viewer === null || !text ? text : `${seatName(viewer)}: ${text}`;
      })
      .filter((t): t is string => !!t),
  });
  const steps: BigBossReplayStep[] = [];
  const replayed = replay(bigBoss, record.value, {
    onStep: (s, events) => steps.push(step(s, events as readonly Emitted<BigBossEvent>[])),
  });
  if (!replayed.ok) return { error: replayed.error.message };
  return { steps };
}
