// Plugs Boss Cards into the shared table and replay pages: turns, prompts, log, round results, end, rules.
import {
  eventWords,
  type BossCardsEvent,
  type BossCardsLegal,
  type BossCardsView,
  type CardName,
} from '@boss-table/boss-cards';
import type { GameParts, Names, ReplayStep } from '../registry.js';
import { Board, Crown } from './Board.js';
import BossCardsTable from './BossCardsTable.js';
import { bossOf, prompt } from './logic.js';
import { bossCardsReplaySteps } from './replay.js';
import { End } from './ScoresByRound.js';
import rules from './rules.md?raw';
import './boss-cards.css';

/** Events that close a round: shown for a moment as the round's results. */
const RESULT_EVENTS = new Set(['round-won', 'round-stalled', 'game-over']);

/** A seat's panel: its hand's size and whether it is The Boss (a replay's board shows the cards). */
function SeatDetail({
  view: v,
  seat,
}: {
  view: unknown;
  seat: number;
  names: Names;
  allHands?: readonly (readonly string[])[];
}) {
  const view = v as BossCardsView;
  const count = view.handCounts[seat];
  return (
    <div className="seat-detail">
      {count} card{count === 1 ? '' : 's'} in hand
      {bossOf(view) === seat && (
        <strong className="bc-boss-tag">
          {' '}
          · <Crown /> The Boss
        </strong>
      )}
    </div>
  );
}

export const parts: GameParts = {
  Table: BossCardsTable,
  turn: (v) => {
    const view = v as BossCardsView;
    return view.winner === null ? view.turn : null;
  },
  prompt: (_view, legal) => prompt(legal as BossCardsLegal | null),
  outcome: (v) => {
    const view = v as BossCardsView;
    if (view.winner === null) return null;
    const ranking = view.scores
      .map((_, p) => p)
      .sort((a, b) => view.scores[b] - view.scores[a] || a - b);
    return {
      winners: [view.winner],
      scores: view.scores,
      ranking,
      decidedBy: `first to ${view.options.target} points`,
    };
  },
  standing: (v, seat) => {
    const s = (v as BossCardsView).scores[seat];
    return `${s} point${s === 1 ? '' : 's'}`;
  },
  SeatDetail,
  describe: (e, viewer, names) => eventWords(e as BossCardsEvent, viewer, names),
  results: (events, viewer, names) => {
    const lines = (events as BossCardsEvent[])
      .filter((e) => RESULT_EVENTS.has(e.type))
      .map((e) =>
        // The scores by name, not as a bare list of numbers.
        e.type === 'round-won'
          ? `${eventWords(e, viewer, names).replace(/: scores .*$/, '')}. Scores: ${e.scores.map((s, p) => `${names(p)} ${s}`).join(', ')}.`
          : eventWords(e, viewer, names),
      );
    return lines.length ? lines : null;
  },
  End,
  replaySteps: (raw, names) => bossCardsReplaySteps(raw, names),
  ReplayBoard: ({ step, names }: { step: ReplayStep; names: Names }) => (
    <Board view={step.view as BossCardsView} names={names} allHands={step.hands as CardName[][]} />
  ),
  rules,
};
