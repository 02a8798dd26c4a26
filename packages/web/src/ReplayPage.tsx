import { useEffect, useState } from 'react';
import { Board } from './Board.js';
import { replaySteps, type ReplayStep } from './replay-logic.js';

/** Step through or scrub a finished game from its record, everything revealed. */
export default function ReplayPage() {
  const [steps, setSteps] = useState<ReplayStep[] | null>(null);
  const [at, setAt] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [record, setRecord] = useState<string | null>(null);

  const load = (text: string) => {
    setError(null);
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return setError('That file is not JSON.');
    }
    const r = replaySteps(raw);
    if ('error' in r) return setError(r.error);
    setSteps(r.steps);
    setRecord(text);
    setAt(0);
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!steps) return;
      if (e.key === 'ArrowRight') setAt((a) => Math.min(steps.length - 1, a + 1));
      if (e.key === 'ArrowLeft') setAt((a) => Math.max(0, a - 1));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [steps]);

  const step = steps?.[at];
  return (
    <div className="replay">
      <section className="panel">
        <h1>Replay a game</h1>
        <label>
          Open a record (from a finished table or <code>boss selfplay</code>):{' '}
          <input
            type="file"
            accept="application/json,.json"
            onChange={(e) => void e.target.files?.[0]?.text().then(load)}
          />
        </label>
        {record && (
          <a
            href={URL.createObjectURL(new Blob([record], { type: 'application/json' }))}
            download="record.json"
          >
            Download this record
          </a>
        )}
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
      </section>
      {steps && step && (
        <>
          <div className="panel controls">
            <button onClick={() => setAt(0)} disabled={at === 0}>
              ⏮
            </button>
            <button
              onClick={() => setAt(Math.max(0, at - 1))}
              disabled={at === 0}
              aria-label="previous move"
            >
              ◀
            </button>
            <input
              type="range"
              min={0}
              max={steps.length - 1}
              value={at}
              onChange={(e) => setAt(Number(e.target.value))}
              aria-label="move"
            />
            <button
              onClick={() => setAt(Math.min(steps.length - 1, at + 1))}
              disabled={at === steps.length - 1}
              aria-label="next move"
            >
              ▶
            </button>
            <span>
              Move {at} of {steps.length - 1}
            </span>
          </div>
          <Board view={step.view} names={(s) => `Seat ${s}`} allHands={step.hands} />
          <section className="panel log">
            <h2>This step</h2>
            <ul>
              {step.lines.map((l, i) => (
                <li key={i}>{l}</li>
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}
