// Lobby panel listing a signed-in player's seats taken on other devices, each one claimable in this browser.
import { useEffect, useState } from 'react';
import { client, saveSeat, savedSeat } from '../client.js';
import { gameName } from './GamesList.js';
import { useAccount } from './session.js';
import { ErrorLine } from './ErrorLine.js';

/**
 * The account's seats this browser does not hold yet (taken on another device): each can be
 * taken here, and the table opens.
 */
export function AccountSeats() {
  const account = useAccount();
  const [seats, setSeats] = useState<{ table: string; seat: number; game: string }[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!account) return setSeats([]);
    client.mySeats().then(
      (r) => setSeats(r.seats.filter((s) => savedSeat(s.table)?.seat !== s.seat).slice(0, 12)),
      () => setSeats([]),
    );
  }, [account]);
  if (seats.length === 0) return null;
  const take = async (s: { table: string; game: string }) => {
    setError(null);
    try {
      const j = await client.takeSeat(s.table);
      saveSeat(s.table, { token: j.token, seat: j.seat, game: s.game });
      window.location.hash = `#/t/${s.table}`;
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <section className="panel" aria-label="seats on other devices">
      <h2>Your seats on other devices</h2>
      <ul className="tables">
        {seats.map((s) => (
          <li key={`${s.table}/${s.seat}`}>
            <strong>{gameName(s.game)}</strong> · seat {s.seat + 1}{' '}
            <button onClick={() => void take(s)}>Take my seat here</button>{' '}
            <a href={`#/replay/${s.table}`}>replay (once over)</a>
          </li>
        ))}
      </ul>
      <ErrorLine error={error} />
    </section>
  );
}
