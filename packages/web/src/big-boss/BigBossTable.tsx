// The Big Boss table for a seated player: the track, the turn composer, details, and the final money table.
import { useMemo, useState } from 'react';
import type { BigBossEvent, BigBossLegal, BigBossView } from '@boss-table/big-boss';
import { BigBossBoard, BigBossDetails } from './BigBossBoard.js';
import type { EventBatch, TableProps } from '../registry.js';
import { BigBossComposer } from './BigBossComposer.js';
import { boardMarks, pickSpace, startDraft, type Draft } from './composer-logic.js';
import { moneyBreakdown } from './money.js';
import { Trophy } from '../shell/icons.js';

export type { EventBatch };

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
              {o.winners.includes(seat) ? (
                <strong className="winner">
                  {' '}
                  <Trophy /> winner
                </strong>
              ) : (
                ''
              )}
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

/** The Big Boss table: the board, the composer (on this seat's turn) and the details below. */
export default function BigBossTable({
  view: v,
  legal: l,
  seq,
  names,
  batches,
  onMove,
  busy,
  layout,
}: TableProps) {
  const view = v as BigBossView;
  const legal = (l ?? null) as BigBossLegal | null;
  const mine = legal !== null && view.turn === view.viewer ? legal : null;
  const [held, setHeld] = useState<{ seq: number; draft: Draft } | null>(null);
  const draft = held && held.seq === seq ? held.draft : mine ? startDraft(mine) : null;
  const setDraft = (d: Draft) => setHeld({ seq, draft: d });
  const marks = mine && draft ? boardMarks(mine, draft) : undefined;
  const recent = useMemo(() => recentSpaces(batches), [batches]);
  return layout({
    board: (
      <BigBossBoard
        view={view}
        names={names}
        marks={marks}
        recent={recent}
        onSpace={mine && draft ? (space) => setDraft(pickSpace(mine, draft, space)) : undefined}
      />
    ),
    controls:
      mine && draft ? (
        <BigBossComposer
          seq={seq}
          prices={Object.fromEntries(view.companies.map((c) => [c.id, c.price]))}
          legal={mine}
          draft={draft}
          setDraft={setDraft}
          onMove={(m) => onMove(m)}
          busy={busy}
        />
      ) : null,
    more: <BigBossDetails view={view} names={names} />,
  });
}
