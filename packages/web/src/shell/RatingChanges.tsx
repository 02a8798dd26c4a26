// At the end of a rated game: how each player's rating moved, fetched once the server has stored the result.
import { useEffect, useState } from 'react';
import type { FinishedGame } from '@boss-table/client';
import { botName } from '@boss-table/games/bot-names';
import { client } from '../client.js';

/** Each seat's rating change at a finished rated table, in one line per seat. */
export function ratingLines(g: FinishedGame): string[] {
  return [...g.seats]
    .sort((a, b) => a.place - b.place)
    .flatMap((s) => {
      if (s.ratingBefore === undefined || s.ratingAfter === undefined) return [];
      const d = s.ratingAfter - s.ratingBefore;
      const who = s.kind === 'bot' ? `${botName(s.name)} (bot)` : s.name;
      return [`${who}: ${s.ratingBefore} → ${s.ratingAfter} (${d >= 0 ? '+' : '−'}${Math.abs(d)})`];
    });
}

/**
 * At the end of a game: when the table was rated, how each rating moved (the server stores a
 * finished game's results just after its last move, so this asks a few times).
 */
export function RatingChanges({ table, game }: { table: string; game: string }) {
  const [found, setFound] = useState<FinishedGame | null>(null);
  useEffect(() => {
    let live = true;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () =>
      client.finishedGames({ game }).then(
        (r) => {
          if (!live) return;
          const g = r.games.find((x) => x.table === table);
          if (g) setFound(g);
          else if (++tries < 6) timer = setTimeout(() => void ask(), 1000);
        },
        () => {},
      );
    void ask();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [table, game]);
  if (!found?.rated) return null;
  const lines = ratingLines(found);
  return (
    <section className="rating-changes" aria-label="rating changes">
      <h3>Rated game: the ratings move</h3>
      <ul>
        {lines.map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ul>
    </section>
  );
}
