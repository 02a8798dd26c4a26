import { useEffect, useState } from 'react';
import { Board } from './Board.js';
import { replaySteps, type ReplayStep } from './replay-logic.js';
import { BigBossBoard } from './big-boss/BigBossBoard.js';
import { FinalMoney } from './big-boss/BigBossTable.js';
import { bigBossReplaySteps, type BigBossReplayStep } from './big-boss/replay.js';

type Steps =
  | { readonly game: 'the-boss'; readonly steps: ReplayStep[] }
  | { readonly game: 'big-boss'; readonly steps: BigBossReplayStep[] };

/** Step through or scrub a finished game from its record, everything revealed. */
export default function ReplayPage() {
  const [loaded, setLoaded] = useState<Steps | null>(null);
  const steps = loaded?.steps ?? null;
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
    const bb = (raw as { game?: unknown } | null)?.game === 'big-boss';
    const r = bb ? bigBossReplaySteps(raw) : replaySteps(raw);
    if ('error' in r) return setError(r.error);
    setLoaded(
      bb
        ? { game: 'big-boss', steps: r.steps as BigBossReplayStep[] }
        : { game: 'the-boss', steps: r.steps as ReplayStep[] },
    );
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
      {loaded && steps && step && (
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
          {loaded.game === 'big-boss' ? (
            <>
              <BigBossBoard
                view={(step as BigBossReplayStep).view}
                names={(s) => `Seat ${s}`}
                allHands={(step as BigBossReplayStep).hands}
              />
              {(step as BigBossReplayStep).view.outcome && (
                <section className="panel ranking" aria-label="final ranking">
                  <h2>Game over</h2>
                  <FinalMoney view={(step as BigBossReplayStep).view} names={(s) => `Seat ${s}`} />
                </section>
              )}
            </>
          ) : (
            <Board
              view={(step as ReplayStep).view}
              names={(s) => `Seat ${s}`}
              allHands={(step as ReplayStep).hands}
            />
          )}
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
