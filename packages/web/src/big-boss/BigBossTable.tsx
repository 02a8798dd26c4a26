import { useMemo, useState, type ReactNode } from 'react';
import {
  describeEvent,
  type BigBossEvent,
  type BigBossLegal,
  type BigBossMove,
  type BigBossView,
} from '@boss-table/big-boss';
import { BigBossBoard } from './BigBossBoard.js';
import { BigBossComposer } from './BigBossComposer.js';
import { boardMarks, pickSpace, startDraft, type Draft } from './composer-logic.js';
import { moneyBreakdown } from './money.js';

/** One move's events as they reached this connection (only what this seat may see). */
export interface EventBatch {
  readonly id: number;
  readonly events: readonly unknown[];
  readonly standIn?: string;
}

/** The log in words: one sentence per event this viewer saw (turn markers left out). */
export function logLines(
  batches: readonly EventBatch[],
  viewer: number | null,
  names: (seat: number) => string,
): { id: string; text: string }[] {
  const out: { id: string; text: string }[] = [];
  for (const b of batches)
    (b.events as BigBossEvent[]).forEach((e, i) => {
      if (e.type === 'turn') return;
      const text = describeEvent(e, viewer, names);
      if (text)
        out.push({
          id: `${b.id}.${i}`,
          text: b.standIn ? `${text} (a bot played: ${b.standIn})` : text,
        });
    });
  return out;
}

/** Spaces the latest played card built on (to mark on the board), from the newest events. */
export function recentSpaces(batches: readonly EventBatch[]): number[] {
  for (let i = batches.length - 1; i >= 0; i--) {
    const built = (batches[i].events as BigBossEvent[]).flatMap((e) =>
      e.type === 'founded' ? e.spaces : e.type === 'expanded' ? [e.space] : [],
    );
    if (built.length) return built;
  }
  return [];
}

/** The final money per player, part by part, best first, winners marked. */
export function FinalMoney({
  view,
  names,
}: {
  view: BigBossView;
  names: (seat: number) => string;
}) {
  const money = moneyBreakdown(view);
  if (!money || !view.outcome) return null;
  const o = view.outcome;
  return (
    <table className="money" aria-label="final money">
      <thead>
        <tr>
          <th>Player</th>
          <th>Cash</th>
          <th>Shares</th>
          <th>{view.rules === 'modern' ? 'Radio towers' : 'Flags'}</th>
          <th>Cards in hand</th>
          <th>Total</th>
        </tr>
      </thead>
      <tbody>
        {o.ranking.map((seat) => (
          <tr key={seat} data-seat={seat}>
            <td>
              {names(seat)}
              {o.winners.includes(seat) ? ' 🏆 winner' : ''}
            </td>
            <td>{money[seat].cash}</td>
            <td>{money[seat].shares}</td>
            <td>{money[seat].towers}</td>
            <td>{money[seat].cards}</td>
            <td>
              <strong>{money[seat].total}</strong>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The Big Boss table: board, composer, end of game and log (loaded only for Big Boss). */
export default function BigBossTable({
  view,
  legal,
  seq,
  names,
  events,
  onMove,
  busy,
  endActions,
}: {
  view: BigBossView;
  legal: BigBossLegal | null;
  seq: number;
  names: (seat: number) => string;
  events: readonly EventBatch[];
  onMove: (move: BigBossMove) => void;
  busy: boolean;
  endActions?: ReactNode;
}) {
  const mine = legal !== null && view.turn === view.viewer ? legal : null;
  const [held, setHeld] = useState<{ seq: number; draft: Draft } | null>(null);
  const draft = held && held.seq === seq ? held.draft : mine ? startDraft(mine) : null;
  const setDraft = (d: Draft) => setHeld({ seq, draft: d });
  const marks = mine && draft ? boardMarks(mine, draft) : undefined;
  const lines = useMemo(() => logLines(events, view.viewer, names), [events, view.viewer, names]);
  const recent = useMemo(() => recentSpaces(events), [events]);
  return (
    <>
      <BigBossBoard
        view={view}
        names={names}
        marks={marks}
        recent={recent}
        onSpace={mine && draft ? (space) => setDraft(pickSpace(mine, draft, space)) : undefined}
      />
      {view.outcome && (
        <section className="panel ranking" aria-label="final ranking">
          <h2>Game over</h2>
          <FinalMoney view={view} names={names} />
          <p>Decided by: {view.outcome.decidedBy}</p>
          {endActions}
        </section>
      )}
      {mine && draft && (
        <BigBossComposer
          seq={seq}
          prices={Object.fromEntries(view.companies.map((c) => [c.id, c.price]))}
          legal={mine}
          draft={draft}
          setDraft={setDraft}
          onMove={onMove}
          busy={busy}
        />
      )}
      <section className="panel log" aria-label="game log">
        <h2>Log</h2>
        <ol>
          {lines.map((l) => (
            <li key={l.id}>{l.text}</li>
          ))}
        </ol>
      </section>
    </>
  );
}
