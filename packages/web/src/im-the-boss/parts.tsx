// Plugs I'm the Boss! into the shared table and replay pages: turns, prompts, clock notes, deal results, end.
import {
  clockWords,
  END_WORDS,
  eventWords,
  type ImbEvent,
  type ImbLegal,
  type ImbView,
} from '@boss-table/im-the-boss';
import type { EventBatch, GameParts, Names, ReplayStep } from '../registry.js';
import { Board, Fam } from './Board.js';
import ImbTable from './ImbTable.js';
import { itemWords, moneyShown, promptOf, turnOf } from './logic.js';
import { imbReplaySteps } from './replay.js';
import rules from './rules.md?raw';
import './im-the-boss.css';

/** Events that close a deal: shown for a moment as its results. */
const RESULT_EVENTS = new Set([
  'dealClosed',
  'clanReturned',
  'tilePlaced',
  'endRoll',
  'dealBrokeDown',
  'gameOver',
]);

function SeatDetail({ view: v, seat }: { view: unknown; seat: number; names: Names }) {
  const view = v as ImbView;
  const t = view.table;
  return (
    <div className="seat-detail">
      {view.handCounts[seat]} cards
      {t.placards.some((o) => o === seat) && (
        <>
          {' · '}
          {t.placards.map((o, f) => (o === seat ? <Fam key={f} view={view} f={f} /> : null))}
        </>
      )}
      {t.deal?.boss === seat && <strong className="imb-boss-tag">Boss</strong>}
    </div>
  );
}

/** The end: who won and why, the money of every seat, deals made as Boss. */
function End({ view: v, names }: { view: unknown; names: Names; batches: readonly EventBatch[] }) {
  const view = v as ImbView;
  const t = view.table;
  if (!t.outcome) return null;
  const order = t.money.map((_, p) => p).sort((a, b) => t.money[b] - t.money[a] || a - b);
  return (
    <>
      <p className="imb-why-won">
        The game ended because {END_WORDS[t.endReason ?? ''] ?? 'it was over'}. The richest player
        wins (decided by {t.outcome.decidedBy}).
      </p>
      <table className="imb-final">
        <thead>
          <tr>
            <th>Player</th>
            <th>Money</th>
            <th>Deals as Boss</th>
          </tr>
        </thead>
        <tbody>
          {order.map((p) => (
            <tr key={p} className={t.outcome!.winners.includes(p) ? 'won' : ''}>
              <td>{names(p)}</td>
              <td>{t.money[p]} M</td>
              <td>{t.dealsAsBoss[p]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export const parts: GameParts = {
  Table: ImbTable,
  turn: (v) => turnOf(v as ImbView),
  prompt: (v, legal) => promptOf(v as ImbView, legal as ImbLegal | null),
  outcome: (v) => (v as ImbView).table.outcome,
  standing: (v, seat) => moneyShown(v as ImbView, seat),
  SeatDetail,
  describe: (e, viewer, names) => eventWords(e as ImbEvent, viewer, names) || undefined,
  clockNote: (events, viewer, names) => clockWords(events as ImbEvent[], viewer, names),
  results: (events, viewer, names) => {
    const lines = (events as ImbEvent[])
      .filter((e) => RESULT_EVENTS.has(e.type))
      .map((e) => eventWords(e, viewer, names))
      .filter((t) => t);
    return lines.length ? lines : null;
  },
  End,
  replaySteps: (raw, names) => imbReplaySteps(raw, names),
  ReplayBoard: ({ step, names }: { step: ReplayStep; names: Names }) => (
    <>
      <Board view={step.view as ImbView} names={names} />
      <ul className="imb-replay-hands" aria-label="every hand">
        {step.hands.map((h, p) => (
          <li key={p}>
            <strong>{names(p)}</strong> ({h.length}):{' '}
            {h.map((c) => itemWords(step.view as ImbView, c)).join(', ') || 'no cards'}
          </li>
        ))}
      </ul>
    </>
  ),
  rules,
};
