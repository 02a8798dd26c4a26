import { useLayoutEffect, useMemo, useRef } from 'react';
import type { EventBatch, GameParts, Names } from '../registry.js';

/** The events this seat saw, in words, in order; the newest line kept in view. */
export function logLines(
  batches: readonly EventBatch[],
  parts: Pick<GameParts, 'describe'>,
  viewer: number | null,
  names: Names,
): { id: string; text: string }[] {
  const out: { id: string; text: string }[] = [];
  for (const b of batches)
    b.events.forEach((e, i) => {
      const text = parts.describe(e, viewer, names);
      if (text)
        out.push({
          id: `${b.id}.${i}`,
          text: b.standIn ? `${text} (a bot played: ${b.standIn})` : text,
        });
    });
  return out;
}

export function GameLog({
  batches,
  parts,
  viewer,
  names,
}: {
  batches: readonly EventBatch[];
  parts: GameParts;
  viewer: number | null;
  names: Names;
}) {
  const lines = useMemo(
    () => logLines(batches, parts, viewer, names),
    [batches, parts, viewer, names],
  );
  const box = useRef<HTMLOListElement>(null);
  useLayoutEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lines.length]);
  return (
    <section className="panel log" aria-label="game log">
      <h2>Log</h2>
      <ol ref={box}>
        {lines.map((l) => (
          <li key={l.id}>{l.text}</li>
        ))}
      </ol>
    </section>
  );
}
