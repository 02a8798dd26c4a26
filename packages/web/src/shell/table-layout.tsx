// The table's frame, shared by online and practice tables: board, end, results and log on the left; controls and side on the right; the action bar and the end panel.
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

/** The action bar's words once the game is over: who won. */
export function gameOverText(winners: readonly number[], names: Names): string {
  const who = winners.map(names);
  return `Game over: ${who.join(' and ')} ${who.length === 1 && who[0] !== 'You' ? 'wins' : 'win'}.`;
}

/**
 * The bar at the top of a table: a tag (rated, practice), what is happening, then the
 * page's own pieces (a clock, a warning) and its tools at the right end.
 */
export function ActionBar(p: {
  readonly mine: boolean;
  readonly low?: boolean;
  readonly tag?: ReactNode;
  readonly text: string;
  readonly children?: ReactNode;
  readonly tools: ReactNode;
}) {
  return (
    <div
      className={`action-bar${p.mine ? ' mine' : ''}${p.low ? ' low' : ''}`}
      role="status"
      aria-label="action bar"
    >
      {p.tag}
      <span className="what">{p.text}</span>
      {p.children}
      <span className="bar-tools">{p.tools}</span>
    </div>
  );
}

/** The final ranking under the board: the game's own end, then the page's actions. */
export function EndPanel(p: {
  readonly parts: GameParts;
  readonly view: unknown;
  readonly names: Names;
  readonly batches: readonly EventBatch[];
  /** Between the game's end and the actions (the rating changes online). */
  readonly extra?: ReactNode;
  readonly actions: ReactNode;
  readonly children?: ReactNode;
}) {
  const { End } = p.parts;
  return (
    <section className="panel ranking area-end" aria-label="final ranking">
      <h2>Game over</h2>
      <End view={p.view} names={p.names} batches={p.batches} />
      {p.extra}
      <p className="end-actions">{p.actions}</p>
      {p.children}
    </section>
  );
}
