// Rebuilds every step of a recorded I'm the Boss! game for the replay viewer, private lines shown per seat.
import { parseRecord, replay, type Emitted } from '@boss-table/core';
import {
  eventWords,
  imTheBoss,
  type ImbEvent,
  type ImbState,
  type ImbView,
} from '@boss-table/im-the-boss';

export interface ImbReplayStep {
  readonly view: ImbView;
  readonly hands: readonly (readonly string[])[];
  readonly lines: readonly string[];
}

const defaultName = (seat: number) => `Seat ${seat + 1}`;

/** Every state of a recorded game of I'm the Boss!, each negotiation move one step. */
export function imbReplaySteps(
  raw: unknown,
  seatName: (seat: number) => string = defaultName,
): { steps: ImbReplayStep[] } | { error: string } {
  const record = parseRecord(raw);
  if (!record.ok) return { error: record.error.message };
  if (record.value.game !== imTheBoss.id)
    return { error: `This record is for "${record.value.game}".` };
  const step = (s: ImbState, events: readonly Emitted<ImbEvent>[]): ImbReplayStep => ({
    view: imTheBoss.view(s, null),
    hands: s.hands.map((h) => h.slice()),
    // A replay reveals everything: each line as its seat (or everyone) would read it.
    lines: events
      .map((e) => {
        if (typeof e.audience !== 'number') return eventWords(e.event, null, seatName);
        const seat = e.audience;
        const line = eventWords(e.event, seat, (p) => (p === seat ? 'You' : seatName(p)));
        return line ? `${seatName(seat)} sees: ${line}` : '';
      })
      .filter((t) => t),
  });
  const steps: ImbReplayStep[] = [];
  const replayed = replay(imTheBoss, record.value, {
    onStep: (s, events) => steps.push(step(s, events as readonly Emitted<ImbEvent>[])),
  });
  if (!replayed.ok) return { error: replayed.error.message };
  return { steps };
}
