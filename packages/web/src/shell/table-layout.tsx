// The table's frame, shared by online and practice tables: board, end, results and log on the left; controls and side on the right.
import type { ReactNode } from 'react';
import type { EventBatch, GameParts, Names, TablePieces } from '../registry.js';
import { GameLog } from './GameLog.js';

/** What a table page puts around the game's pieces. */
export interface TableFrame {
  /** The final ranking once the game is over. */
  readonly end: ReactNode;
  /** The round's results while they are shown. */
  readonly results: ReactNode;
  /** The right column under the controls: player panels, chat, notes. */
  readonly side: ReactNode;
  readonly batches: readonly EventBatch[];
  readonly parts: GameParts;
  readonly me: number | null;
  readonly names: Names;
}

/**
 * The game's `layout`, as both table pages give it: the board with the end and the round's
 * results under it, then the log (in view beside the board), the game's extra pieces; the
 * controls for this seat's turn at the top of the right column, then the side.
 */
export function tableLayout(f: TableFrame): (pieces: TablePieces) => ReactNode {
  return ({ board, controls, more }) => (
    <div className="table-main">
      <div className="col-board">
        <div className="area-board">{board}</div>
        {f.end}
        {f.results}
        <div className="area-log">
          <GameLog batches={f.batches} parts={f.parts} viewer={f.me} names={f.names} />
        </div>
        {more && <div className="area-more">{more}</div>}
      </div>
      <div className="col-right">
        {controls && <div className="area-controls">{controls}</div>}
        {f.side}
      </div>
    </div>
  );
}
