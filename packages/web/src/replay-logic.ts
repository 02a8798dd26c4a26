import { parseRecord, type Emitted } from '@boss-table/core';
import {
  describeEvent,
  theBoss,
  type BossEvent,
  type BossState,
  type BossView,
} from '@boss-table/the-boss';

export interface ReplayStep {
  /** The table after this step, as a spectator sees it, with every hand's values. */
  readonly view: BossView;
  readonly hands: readonly (readonly string[])[];
  /** What happened in this step, in words, everything revealed. */
  readonly lines: readonly string[];
}

/** Every state of a recorded game, from setup to its last move, for stepping and scrubbing. */
export function replaySteps(raw: unknown): { steps: ReplayStep[] } | { error: string } {
  const record = parseRecord(raw);
  if (!record.ok) return { error: record.error.message };
  if (record.value.game !== theBoss.id)
    return { error: `This record is for "${record.value.game}".` };
  const options = theBoss.parseOptions(record.value.options);
  if (!options.ok) return { error: options.error.message };
  const presets = theBoss.parsePresets(record.value, options.value);
  if (!presets.ok) return { error: presets.error.message };
  const setup = theBoss.setup(options.value, record.value.seed, presets.value);
  if (!setup.ok) return { error: setup.error.message };
  const step = (s: BossState, events: readonly Emitted<BossEvent>[]): ReplayStep => ({
    view: theBoss.view(s, null),
    hands: s.hands.map((_, seat) => theBoss.view(s, seat).hands[seat].cards ?? []),
    lines: events
      .filter((e) => e.event.type !== 'turn' && e.event.type !== 'hand-dealt')
      .map((e) => describeEvent(e.event, null) ?? '')
      .filter(Boolean),
  });
  let state = setup.value.state;
  const steps = [step(state, setup.value.events)];
  for (const [i, m] of record.value.moves.entries()) {
    const { seat, ...rest } = m;
    const move = theBoss.parseMove(rest);
    if (!move.ok) return { error: `Move ${i}: ${move.error.message}` };
    const applied = theBoss.apply(state, seat, move.value);
    if (!applied.ok)
      return {
        error: `Move ${i} (seat ${seat}) breaks "${applied.error.kind}": ${applied.error.message}`,
      };
    state = applied.value.state;
    steps.push(step(state, applied.value.events));
  }
  return { steps };
}
