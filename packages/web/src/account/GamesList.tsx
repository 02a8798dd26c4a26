// The list of finished games on profile and games pages: places, rating changes and a replay link for each.
import type { FinishedGame } from '@boss-table/client';
import { findWebGame } from '../games.js';
import { botName } from '@boss-table/games/bot-names';

const gameName = (id: string) => findWebGame(id)?.name ?? id;

const when = (at: number) =>
  new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Whose page a seat links to: a player's or a bot level's profile; a guest has none. */
function SeatName({ seat }: { seat: FinishedGame['seats'][number] }) {
  if (seat.kind === 'guest') return <>{seat.name}</>;
  const profile = seat.kind === 'bot' ? `bot:${seat.name}` : seat.name;
  return (
    <a href={`#/players/${encodeURIComponent(profile)}`}>
      {seat.kind === 'bot' ? `${botName(seat.name)} (bot)` : seat.name}
    </a>
  );
}

/** Finished games, newest first: places, rating changes, and a link to each replay. */
export function GamesList({ games, you }: { games: readonly FinishedGame[]; you?: string }) {
  if (games.length === 0) return <p>No finished games yet.</p>;
  return (
    <ul className="games-list">
      {games.map((g) => (
        <li key={g.table}>
          <a className="button" href={`#/replay/${g.table}`}>
            Replay
          </a>{' '}
          <strong>{gameName(g.game)}</strong> · {g.players} players · {g.rated ? 'rated' : 'casual'}{' '}
          · {when(g.finishedAt)}
          <ol className="places">
            {[...g.seats]
              .sort((a, b) => a.place - b.place)
              .map((s) => (
                <li key={s.seat} className={s.name === you ? 'you' : undefined}>
                  {s.place}. <SeatName seat={s} />
                  {s.ratingAfter !== undefined && s.ratingBefore !== undefined && (
                    <span className="delta">
                      {' '}
                      {s.ratingAfter} ({s.ratingAfter >= s.ratingBefore ? '+' : ''}
                      {s.ratingAfter - s.ratingBefore})
                    </span>
                  )}
                </li>
              ))}
          </ol>
        </li>
      ))}
    </ul>
  );
}

export { gameName };
