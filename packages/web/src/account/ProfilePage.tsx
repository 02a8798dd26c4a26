import { useEffect, useState } from 'react';
import type { Profile } from '@boss-table/client';
import { client } from '../client.js';
import { gameName, GamesList } from './GamesList.js';
import { botAbout, botName } from '@boss-table/games/bot-names';

/** A rating over time: one point per rated game, as a small SVG line. */
export function RatingPlot({ points }: { points: readonly { at: number; rating: number }[] }) {
  const w = 240;
  const h = 60;
  if (points.length === 0) return null;
  const values = points.map((p) => p.rating);
  const lo = Math.min(...values) - 10;
  const hi = Math.max(...values) + 10;
  const x = (i: number) => (points.length === 1 ? w / 2 : 4 + (i * (w - 8)) / (points.length - 1));
  const y = (v: number) => h - 4 - ((v - lo) * (h - 8)) / (hi - lo);
  const path = values.map((v, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`);
  return (
    <svg
      className="rating-plot"
      viewBox={`0 0 ${w} ${h}`}
      width={w}
      height={h}
      role="img"
      aria-label={`rating over ${points.length} rated games, from ${values[0]} to ${values.at(-1)}`}
    >
      <path d={path.join(' ')} fill="none" stroke="currentColor" strokeWidth="2" />
      {values.map((v, i) => (
        <circle key={i} cx={x(i)} cy={y(v)} r="2.5" fill="currentColor" />
      ))}
    </svg>
  );
}

/** `#/players/:name`: a player's (or a bot level's) ratings, record and last games. */
export default function ProfilePage({ name }: { name: string }) {
  const [profile, setProfile] = useState<Profile | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    client.profile(name).then(setProfile, (e: Error) => setError(e.message));
  }, [name]);
  if (error)
    return (
      <p className="panel error" role="alert">
        {error}
      </p>
    );
  if (!profile) return <p className="panel">Loading…</p>;
  return (
    <section className="panel profile" aria-label="profile">
      <h1>
        {profile.kind === 'bot' ? botName(profile.name) : profile.name}
        {profile.kind === 'bot' && <span className="tag"> bot</span>}
      </h1>
      {profile.kind === 'bot' && botAbout(profile.name) && (
        <p className="muted">This bot {botAbout(profile.name)}.</p>
      )}
      <p>
        {profile.played} {profile.played === 1 ? 'game' : 'games'} played, {profile.won} won
        {profile.since !== undefined &&
          ` · playing since ${new Date(profile.since).toLocaleDateString()}`}
      </p>
      <h2>Ratings</h2>
      {profile.ratings.length === 0 ? (
        <p>No rated game yet.</p>
      ) : (
        <ul className="ratings">
          {profile.ratings.map((r) => (
            <li key={r.game}>
              <strong>{gameName(r.game)}</strong>{' '}
              <span className="rating" aria-label={`${gameName(r.game)} rating`}>
                {r.rating}
              </span>{' '}
              · {r.games} rated {r.games === 1 ? 'game' : 'games'}, {r.wins} won{' '}
              <a href={`#/leaderboard/${r.game}`}>leaderboard</a>
              <RatingPlot points={r.history} />
            </li>
          ))}
        </ul>
      )}
      <h2>Last games</h2>
      <GamesList games={profile.games} you={profile.name} />
      <p>
        <a href={`#/games?player=${encodeURIComponent(name)}`}>All of {profile.name}’s games</a>
      </p>
    </section>
  );
}
