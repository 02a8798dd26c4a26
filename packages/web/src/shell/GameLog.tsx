// The table's move log in words, for any game: what this seat saw, clock timeouts and bot stand-ins marked.
import { useLayoutEffect, useMemo, useRef } from 'react';
import type { EventBatch, GameParts, Names } from '../registry.js';

/** Why a bot stood in for a person, in words. */
export const STAND_IN_WORDS: Readonly<Record<string, string>> = {
  timeout: 'time ran out: a bot played this turn',
  disconnected: 'the player was away: a bot played this turn',
};

/** The events this seat saw, in words, in order; the newest line kept in view. */
export function logLines(
  batches: readonly EventBatch[],
  parts: Pick<GameParts, 'describe' | 'clockNote'>,
  viewer: number | null,
  names: Names,
): { id: string; text: string; clock?: boolean }[] {
  const out: { id: string; text: string; clock?: boolean }[] = [];
  for (const b of batches) {
    if (b.byClock)
      out.push({
        id: `${b.id}.clock`,
        text: parts.clockNote?.(b.events, viewer, names) ?? 'Time ran out.',
        clock: true,
      });
    b.events.forEach((e, i) => {
      const text = parts.describe(e, viewer, names);
      if (text)
        out.push({
          id: `${b.id}.${i}`,
          text: b.standIn ? `${text} (${STAND_IN_WORDS[b.standIn] ?? 'a bot played'})` : text,
        });
    });
  }
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
          <li key={l.id} className={l.clock ? 'log-clock' : undefined}>
            {l.text}
          </li>
        ))}
      </ol>
    </section>
  );
}
