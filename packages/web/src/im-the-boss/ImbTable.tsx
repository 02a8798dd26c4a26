// The I'm the Boss! table for a seated player: board, deal, hand, clocks and the controls for this seat.
import { useEffect, useMemo, useState } from 'react';
import {
  eventWords,
  type ImbEvent,
  type ImbLegal,
  type ImbMove,
  type ImbView,
} from '@boss-table/im-the-boss';
import type { EventBatch, TableProps } from '../registry.js';
import { Board } from './Board.js';
import { EndRoll } from './EndRoll.js';
import { ClockStrip, Negotiation, TurnControls, WindowPrompt } from './Controls.js';
import { promptOf, windowOf } from './logic.js';

/** The last lines of the log that say what just happened (for the board's centre). */
export function latestLines(
  batches: readonly EventBatch[],
  viewer: number | null,
  names: (seat: number) => string,
): string[] {
  const out: string[] = [];
  for (let i = batches.length - 1; i >= 0 && out.length < 4; i--) {
    const lines = (batches[i].events as ImbEvent[])
      .map((e) => eventWords(e, viewer, names))
      .filter((t) => t);
    out.unshift(...lines);
  }
  return out.slice(-4);
}

/** The I'm the Boss! table: the looped board, the deal, the hand, and this seat's controls. */
export default function ImbTable({
  view: v,
  legal: l,
  seq,
  names,
  batches,
  onMove,
  busy,
  layout,
  clocks = [],
  setPrompt,
}: TableProps) {
  const view = v as ImbView;
  const legal = (l ?? null) as ImbLegal | null;
  const send = (m: ImbMove) => {
    if (!busy) onMove(m);
  };
  const latest = useMemo(
    () => latestLines(batches, view.viewer, names),
    [batches, view.viewer, names],
  );
  const win = windowOf(view);
  // The action bar says what this step is about (a window asks before anything else).
  useEffect(() => {
    setPrompt?.(legal && win ? promptOf(view, legal) : null);
  }, [legal, win, view, setPrompt]);
  const open = view.table.deal?.phase === 'open';
  // On a phone the panel is a sheet over the board's foot; folding it shows the board.
  const [folded, setFolded] = useState(false);
  const fold = (
    <button
      type="button"
      className="imb-fold"
      aria-expanded={!folded}
      aria-label={folded ? 'open the panel' : 'fold the panel'}
      onClick={() => setFolded(!folded)}
    >
      {folded ? '▴ Open' : '▾ Fold'}
    </button>
  );
  const formClass = `panel composer imb-controls${folded ? ' imb-folded' : ''}`;
  let controls = null;
  if (win) controls = null;
  else if (legal && open)
    controls = (
      <form
        className={formClass}
        aria-label="your move"
        data-seq={seq}
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="imb-controls-head">
          <h2>{view.table.deal?.boss === view.viewer ? 'You are the Boss' : 'The deal'}</h2>
          {fold}
        </div>
        <Negotiation
          key={`deal:${view.table.deal?.no}`}
          view={view}
          legal={legal}
          names={names}
          send={send}
          busy={busy}
        />
      </form>
    );
  else if (legal)
    controls = (
      <form
        className={formClass}
        aria-label="your move"
        data-seq={seq}
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="imb-controls-head">
          <h2>Your turn</h2>
          {fold}
        </div>
        <TurnControls
          key={`${view.table.phase}:${view.table.wait}`}
          view={view}
          legal={legal}
          send={send}
          busy={busy}
        />
      </form>
    );
  return layout({
    board: (
      <>
        <EndRoll batches={batches} />
        <ClockStrip clocks={clocks} view={view} names={names} />
        {win && (
          <WindowPrompt
            key={`w:${view.table.deal?.window}`}
            view={view}
            legal={legal}
            names={names}
            send={send}
            busy={busy}
            clocks={clocks}
          />
        )}
        <Board
          view={view}
          names={names}
          legal={legal}
          onPick={(space) => send({ type: 'placeMarker', space })}
          latest={latest}
        />
      </>
    ),
    controls,
  });
}
