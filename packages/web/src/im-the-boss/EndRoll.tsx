// The brief tumbling-die overlay shown when an end-of-game roll happens live at an I'm the Boss! table.
import { useEffect, useRef, useState } from 'react';
import type { EventBatch } from '../registry.js';

/** The end roll just made (§11: from tile 10 on, after a deal closes). */
export interface EndRollShown {
  readonly batch: number;
  readonly r: number;
  readonly faces: readonly number[];
  readonly ended: boolean;
}

/** The newest end roll among batches that arrived after `since` (a batch id), if any. */
export function newestEndRoll(batches: readonly EventBatch[], since: number): EndRollShown | null {
  for (let i = batches.length - 1; i >= 0 && batches[i].id > since; i--)
    for (const e of batches[i].events as { type?: string; [k: string]: unknown }[])
      if (e?.type === 'endRoll')
        return {
          batch: batches[i].id,
          r: e.r as number,
          faces: (e.faces as number[]) ?? [],
          ended: e.ended === true,
        };
  return null;
}

/** How long the die tumbles, then how long its result stays (ms). */
export const TUMBLE_MS = 900;
export const SHOW_MS = 2600;
/** The faces the tumbling die shows in turn (a look only: the roll is the server's). */
const TUMBLE = [3, 6, 2, 5, 1, 4];
const PIPS = ['', '⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

const facesWords = (faces: readonly number[]) =>
  faces.length === 0
    ? 'no face'
    : faces.length === 6
      ? 'any face'
      : faces.length === 1
        ? `a ${faces[0]}`
        : `${faces[0]}–${faces[faces.length - 1]}`;

const reducedMotion = () =>
  typeof window !== 'undefined' &&
  !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/**
 * The end roll as it happens: a die that tumbles briefly, then its face and what it means.
 * Only rolls that arrive while the table is open are shown (not those of a reloaded past);
 * a click, a key or the Skip button dismisses it; with reduced motion the die does not
 * tumble. The log says the same in words.
 */
export function EndRoll({ batches }: { batches: readonly EventBatch[] }) {
  // Batches present when the table opened are history, not news.
  const since = useRef<number | null>(null);
  if (since.current === null) since.current = batches.at(-1)?.id ?? -1;
  const roll = newestEndRoll(batches, since.current);
  const [done, setDone] = useState<number | null>(null);
  const [tumbling, setTumbling] = useState(0);
  const shown = roll && roll.batch !== done ? roll : null;
  const still = reducedMotion();
  useEffect(() => {
    if (!shown) return;
    setTumbling(still ? 0 : 1);
    const ticks = still ? null : setInterval(() => setTumbling((n) => (n > 0 ? n + 1 : 0)), 90);
    const stop = setTimeout(
      () => {
        if (ticks) clearInterval(ticks);
        setTumbling(0);
      },
      still ? 0 : TUMBLE_MS,
    );
    const hide = setTimeout(() => setDone(shown.batch), (still ? 0 : TUMBLE_MS) + SHOW_MS);
    const skip = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setDone(shown.batch);
    };
    window.addEventListener('keydown', skip);
    return () => {
      if (ticks) clearInterval(ticks);
      clearTimeout(stop);
      clearTimeout(hide);
      window.removeEventListener('keydown', skip);
    };
  }, [shown?.batch, still]);
  if (!shown) return null;
  const face = tumbling > 0 ? TUMBLE[tumbling % TUMBLE.length] : shown.r;
  return (
    <section
      className={`imb-end-roll${tumbling > 0 ? ' tumbling' : ''}`}
      aria-label="end roll"
      onClick={() => setDone(shown.batch)}
    >
      <span className="imb-die" aria-hidden="true">
        {PIPS[face]}
      </span>
      <p role="status">
        {tumbling > 0 ? (
          'The end roll…'
        ) : (
          <>
            The end roll: <strong>{shown.r}</strong> (the game ends on {facesWords(shown.faces)}) —{' '}
            {shown.ended ? 'the game ends.' : 'the game goes on.'}
          </>
        )}
      </p>
      <button type="button" onClick={() => setDone(shown.batch)}>
        {tumbling > 0 ? 'Skip' : 'OK'}
      </button>
    </section>
  );
}
