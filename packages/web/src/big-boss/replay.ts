import { parseRecord, type Emitted } from '@boss-table/core';
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

const seatName = (seat: number) => `Seat ${seat}`;

/** Every state of a recorded Big Boss game, from setup to its last move. */
export function bigBossReplaySteps(
  raw: unknown,
): { steps: BigBossReplayStep[] } | { error: string } {
  const record = parseRecord(raw);
  if (!record.ok) return { error: record.error.message };
  if (record.value.game !== bigBoss.id)
    return { error: `This record is for "${record.value.game}".` };
  const options = bigBoss.parseOptions(record.value.options);
  if (!options.ok) return { error: options.error.message };
  const setup = bigBoss.setup(options.value, record.value.seed, undefined);
  if (!setup.ok) return { error: setup.error.message };
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
  let state = setup.value.state;
  const steps = [step(state, setup.value.events)];
  for (const [i, m] of record.value.moves.entries()) {
    const { seat, ...rest } = m;
    const move = bigBoss.parseMove(rest);
    if (!move.ok) return { error: `Move ${i}: ${move.error.message}` };
    const applied = bigBoss.apply(state, seat, move.value);
    if (!applied.ok)
      return {
        error: `Move ${i} (seat ${seat}) breaks "${applied.error.kind}": ${applied.error.message}`,
      };
    state = applied.value.state;
    steps.push(step(state, applied.value.events));
  }
  return { steps };
}
