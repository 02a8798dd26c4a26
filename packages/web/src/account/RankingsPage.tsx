// The ratings pages: each game's leaderboard of players and bots, and the searchable list of finished games.
import { useEffect, useState } from 'react';
import type { FinishedGame, Leaderboard } from '@boss-table/client';
import { client } from '../client.js';
import { GAMES } from '../games.js';
import { GamesList } from './GamesList.js';
import { PROVISIONAL_GAMES, ratingShown } from './ProfilePage.js';
import { botAbout, botName } from '@boss-table/games/bot-names';

/** `#/leaderboard/:game`: the best players and bot levels of a game. */
export function LeaderboardPage({ game }: { game: string }) {
  const [board, setBoard] = useState<Leaderboard | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setBoard(null);
    client.leaderboard(game).then(setBoard, (e: Error) => setError(e.message));
  }, [game]);
  return (
    <section className="panel leaderboard" aria-label="leaderboard">
      <h1>Leaderboard</h1>
      <nav className="tabs">
        {GAMES.map((g) => (
          <a key={g.id} href={`#/leaderboard/${g.id}`} aria-current={g.id === game}>
            {g.name}
          </a>
        ))}
      </nav>
      {error && <p className="error">{error}</p>}
      {board && board.players.length === 0 && <p>No rated game of this one yet.</p>}
      {board && board.players.length > 0 && (
        <table>
          <thead>
            <tr>
              <th>#</th>
              <th>Name</th>
              <th>Rating</th>
              <th>Games</th>
              <th>Won</th>
            </tr>
          </thead>
          <tbody>
            {board.players.map((p, i) => (
              <tr key={p.name}>
                <td>{i + 1}</td>
                <td>
                  <a href={`#/players/${encodeURIComponent(p.name)}`}>
                    {p.kind === 'bot' ? botName(p.name) : p.name}
                  </a>
                  {p.kind === 'bot' && (
                    <span className="tag" title={botAbout(p.name)}>
                      {' '}
                      bot
                    </span>
                  )}
                </td>
                <td
                  title={
                    p.kind !== 'bot' && p.games < PROVISIONAL_GAMES
                      ? 'provisional: fewer than 10 rated games'
                      : undefined
                  }
                >
                  {ratingShown(p.rating, p.games, p.kind === 'bot')}
                </td>
                <td>{p.games}</td>
                <td>{p.wins}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p>
        <a href={`#/games?game=${game}`}>Finished games</a>
      </p>
    </section>
  );
}

/** `#/games?game=&player=`: finished games, filtered by game and player. */
export function GamesPage({ query }: { query: string }) {
  const params = new URLSearchParams(query);
  const [game, setGame] = useState(params.get('game') ?? '');
  const [player, setPlayer] = useState(params.get('player') ?? '');
  const [games, setGames] = useState<FinishedGame[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = (g: string, p: string) => {
    setError(null);
    client
      .finishedGames({ ...(g ? { game: g } : {}), ...(p.trim() ? { player: p.trim() } : {}) })
      .then(
        (r) => setGames(r.games),
        (e: Error) => setError(e.message),
      );
  };
  useEffect(() => load(game, player), []);
  return (
    <section className="panel finished-games" aria-label="finished games">
      <h1>Finished games</h1>
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          load(game, player);
        }}
      >
        <label>
          Game{' '}
          <select value={game} onChange={(e) => setGame(e.target.value)}>
            <option value="">every game</option>
            {GAMES.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </label>{' '}
        <label>
          Player <input value={player} onChange={(e) => setPlayer(e.target.value)} />
        </label>{' '}
        <button>Show</button>
      </form>
      {error && <p className="error">{error}</p>}
      {games && <GamesList games={games} you={player} />}
    </section>
  );
}

export default function RankingsPage({ route }: { route: { game?: string; query?: string } }) {
  return route.game !== undefined ? (
    <LeaderboardPage game={route.game} />
  ) : (
    <GamesPage query={route.query ?? ''} />
  );
}
