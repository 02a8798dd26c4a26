// The replay's Analysis panel: a search bot rates one player's decisions and flags the costliest moves.
import { useEffect, useRef, useState } from 'react';
import type { Names } from '../registry.js';
import type { AnalysedDecision, AnalysisMessage, AnalysisRequest } from './analysis-types.js';

const percent = (p: number) => `${Math.round(p * 100)}%`;

/**
 * "Analysis" on a replay: pick a seat, and a searching bot (in a worker) judges each of its
 * decisions from what that seat knew then — its choice, the chance to win with it and with the
 * move made — the costliest flagged; a click shows the position on the replay.
 */
export function Analysis({
  text,
  seats,
  names,
  onShow,
}: {
  text: string;
  seats: number;
  names: Names;
  /** Shows the decision's move on the replay (the move's index in the record). */
  onShow: (moveIndex: number) => void;
}) {
  const [seat, setSeat] = useState(0);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<readonly AnalysedDecision[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const worker = useRef<Worker | null>(null);
  useEffect(() => () => worker.current?.terminate(), []);
  useEffect(() => {
    worker.current?.terminate();
    worker.current = null;
    setProgress(null);
    setResult(null);
    setError(null);
  }, [text]);

  const start = () => {
    worker.current?.terminate();
    setResult(null);
    setError(null);
    setProgress({ done: 0, total: 0 });
    const w = new Worker(new URL('./analysis.worker.ts', import.meta.url), { type: 'module' });
    worker.current = w;
    w.onmessage = (e: MessageEvent<AnalysisMessage>) => {
      const m = e.data;
      if (m.kind === 'progress') setProgress({ done: m.done, total: m.total });
      else {
        if (m.kind === 'done') setResult(m.decisions);
        else setError(m.message);
        setProgress(null);
        w.terminate();
        worker.current = null;
      }
    };
    w.onerror = () => {
      setError('The analysis stopped with an error.');
      setProgress(null);
    };
    w.postMessage({ text, seat, bot: 'ismcts:medium' } satisfies AnalysisRequest);
  };

  const flagged = result?.filter((d) => d.flagged) ?? [];
  return (
    <section className="panel analysis" aria-label="analysis">
      <h2>Analysis</h2>
      <p className="hint">
        A searching bot judges each decision of one player from what that player knew then (never
        the hidden cards): its own choice, and the chance to win with it and with the move made.
        Moves are written as they are typed in the terminal (<code>boss play</code>); a move number
        shows that move on the board.
      </p>
      <div className="row">
        <label>
          Player{' '}
          <select value={seat} onChange={(e) => setSeat(Number(e.target.value))}>
            {Array.from({ length: seats }, (_, s) => (
              <option key={s} value={s}>
                {names(s)}
              </option>
            ))}
          </select>
        </label>
        <button onClick={start} disabled={progress !== null}>
          {progress ? 'Analysing…' : 'Analyse'}
        </button>
      </div>
      {progress && (
        <p role="status">
          <progress value={progress.done} max={Math.max(1, progress.total)} />{' '}
          {progress.total ? `${progress.done} of ${progress.total} decisions` : 'Starting…'}
        </p>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {result && (
        <>
          <p role="status">
            {result.length} decisions; the search agrees with{' '}
            {result.filter((d) => d.sameAsBest).length}.{' '}
            {flagged.length
              ? `Costliest: ${flagged.map((d) => `move ${d.index + 1} (−${percent(d.loss)})`).join(', ')}.`
              : 'No decision cost a clear chance to win.'}
          </p>
          <table className="analysis-table">
            <thead>
              <tr>
                <th>Move</th>
                <th>Played</th>
                <th>Search</th>
                <th title="chance to win with the search's choice → with the move made">Chance</th>
              </tr>
            </thead>
            <tbody>
              {result.map((d) => (
                <tr key={d.index} className={d.flagged ? 'flagged' : undefined}>
                  <td>
                    <button className="link" onClick={() => onShow(d.index)}>
                      {d.index + 1}
                    </button>
                    {d.flagged && <span className="costly">costly</span>}
                  </td>
                  <td>
                    <code>{d.played}</code>
                  </td>
                  <td>{d.sameAsBest ? 'agrees' : <code>{d.best}</code>}</td>
                  <td>
                    {d.sameAsBest
                      ? percent(d.before)
                      : `${percent(d.before)} → ${percent(d.after)}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
