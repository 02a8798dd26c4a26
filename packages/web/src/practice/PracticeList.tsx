// The practice games kept in this browser, listed: unfinished ones to continue (lobby), finished ones to replay (Replays).
import { useEffect, useState } from 'react';
import { botName } from '@boss-table/games/bot-names';
import { findWebGame } from '../games.js';
import { practiceStore, type PracticeGame } from './store.js';

/** Who the person played against, in words. */
const against = (g: PracticeGame) =>
  g.bots
    .filter((b): b is string => b !== null)
    .map((b) => botName(b))
    .join(', ');

/** A record file's download link, made when clicked. */
function download(g: PracticeGame) {
  const url = URL.createObjectURL(
    new Blob([JSON.stringify(g.record, null, 1)], { type: 'application/json' }),
  );
  const a = document.createElement('a');
  a.href = url;
  a.download = `boss-table-practice-${g.id}.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * This browser's practice games: `finished` false, those to continue (the lobby); true, those
 * to replay or download (Replays). Nothing when there are none.
 */
export function PracticeList({ finished }: { finished: boolean }) {
  const [games, setGames] = useState<PracticeGame[] | null>(null);
  useEffect(() => {
    let live = true;
    practiceStore()
      ?.list()
      .then(
        (all) => live && setGames(all.filter((g) => g.finished === finished)),
        () => live && setGames([]),
      );
    return () => {
      live = false;
    };
  }, [finished]);
  if (!games?.length) return null;
  const title = finished ? 'Practice games in this browser' : 'Practice games to finish';
  return (
    <section className="panel practice-list" aria-label={title.toLowerCase()}>
      <h2>{title}</h2>
      <ul className="tables">
        {games.slice(0, 30).map((g) => (
          <li key={g.id} data-practice={g.id}>
            <strong>{findWebGame(g.game)?.name ?? g.game}</strong> · against {against(g)} ·{' '}
            {(g.record.moves as unknown[]).length} moves · {new Date(g.updatedAt).toLocaleString()}{' '}
            {finished ? (
              <>
                <a href={`#/replay/practice/${g.id}`}>Replay</a>{' '}
                <button type="button" onClick={() => download(g)}>
                  Download the record
                </button>
              </>
            ) : (
              <>
                <a href={`#/practice/${g.id}`}>Continue</a>{' '}
                <button
                  type="button"
                  onClick={() =>
                    void practiceStore()
                      ?.delete(g.id)
                      .then(() => setGames((old) => old?.filter((x) => x.id !== g.id) ?? null))
                  }
                >
                  Discard
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
