// Rebuilds every step of a recorded Boss Cards game for the replay viewer, all hands and draws revealed.
import { parseRecord, replay, type Emitted } from '@boss-table/core';
import {
  bossCards,
  cardWords,
  eventWords,
  type BossCardsEvent,
  type BossCardsState,
  type BossCardsView,
  type CardName,
} from '@boss-table/boss-cards';

export interface BossCardsReplayStep {
  /** The table after this step, as a spectator sees it. */
  readonly view: BossCardsView;
  /** Every seat's hand (a replay reveals everything). */
  readonly hands: readonly (readonly CardName[])[];
  /** What happened in this step, in words, everything revealed (deals and draws too). */
  readonly lines: readonly string[];
}

const defaultName = (seat: number) => `Seat ${seat + 1}`;

/** Every state of a recorded Boss Cards game, from the first deal to its last move. */
export function bossCardsReplaySteps(
  raw: unknown,
  seatName: (seat: number) => string = defaultName,
): { steps: BossCardsReplayStep[] } | { error: string } {
  const record = parseRecord(raw);
  if (!record.ok) return { error: record.error.message };
  if (record.value.game !== bossCards.id)
    return { error: `This record is for "${record.value.game}".` };
  const step = (
    s: BossCardsState,
    events: readonly Emitted<BossCardsEvent>[],
  ): BossCardsReplayStep => ({
    view: bossCards.view(s, null),
    hands: Array.from(
      { length: s.config.players },
      (_, seat) => bossCards.view(s, seat).hand ?? [],
    ),
    lines: events
      // A dealt hand is shown on the board; the public "drew" line says who drew how many,
      // and the drawn cards follow it, told as their seat would read them.
      .filter((e) => e.event.type !== 'hand-dealt')
      .map((e) => {
        const ev = e.event;
        if (ev.type === 'cards-drawn')
          return `${seatName(ev.seat)} drew ${ev.cards.map(cardWords).join(', ')}.`;
        return eventWords(ev, null, seatName);
      }),
  });
  const steps: BossCardsReplayStep[] = [];
  const replayed = replay(bossCards, record.value, {
    onStep: (s, events) => steps.push(step(s, events as readonly Emitted<BossCardsEvent>[])),
  });
  if (!replayed.ok) return { error: replayed.error.message };
  return { steps };
}
