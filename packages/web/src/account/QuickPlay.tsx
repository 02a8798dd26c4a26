// The lobby's "Play now" box: pick a game and a wait, get a seat at a table that bots fill if nobody comes.
import { useState } from 'react';
import { client, playerName, saveSeat, savePlayerName } from '../client.js';
import { GAMES } from '../games.js';
import { useAccount } from './session.js';
import { ErrorLine } from './ErrorLine.js';

const WAITS = [15, 30, 60, 120];

/**
 * "Play now": a seat at a table of that game waiting for people, or a new one that bots of
 * about your rating fill after the wait you choose.
 */
export function QuickPlay() {
  const account = useAccount();
  const [game, setGame] = useState(GAMES[0].id);
  const web = GAMES.find((g) => g.id === game) ?? GAMES[0];
  const [players, setPlayers] = useState(Math.min(4, web.maxPlayers));
  const [wait, setWait] = useState(30);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const count = Math.max(web.minPlayers, Math.min(web.maxPlayers, players));

  const play = async () => {
    setError(null);
    setBusy(true);
    try {
      const name = account?.name ?? (playerName().trim() || 'Player');
      savePlayerName(name);
      const j = await client.quickPlay({ game, players: count, waitSeconds: wait, name });
      saveSeat(j.table, { token: j.token, seat: j.seat, game });
      window.location.hash = `#/t/${j.table}`;
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="panel quick-play" aria-label="play now">
      <h2>Play now</h2>
      <div className="row">
        <label>
          Play{' '}
          <select value={game} onChange={(e) => setGame(e.target.value)}>
            {GAMES.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Table of{' '}
          <select value={count} onChange={(e) => setPlayers(Number(e.target.value))}>
            {Array.from({ length: web.maxPlayers - web.minPlayers + 1 }, (_, i) => (
              <option key={i} value={web.minPlayers + i}>
                {web.minPlayers + i}
              </option>
            ))}
          </select>
        </label>
        <label>
          Wait for people{' '}
          <select value={wait} onChange={(e) => setWait(Number(e.target.value))}>
            {WAITS.map((s) => (
              <option key={s} value={s}>
                {s < 60 ? `${s} s` : `${s / 60} min`}
              </option>
            ))}
          </select>
        </label>
        <button disabled={busy} onClick={() => void play()}>
          Play now
        </button>
      </div>
      <p className="hint">
        {account
          ? 'A rated table: you meet other signed-in players, then bots of about your rating take the free seats.'
          : 'A casual table with other guests, then bots take the free seats. Sign in to play rated.'}
      </p>
      <ErrorLine error={error} />
    </section>
  );
}
