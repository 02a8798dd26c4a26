// A player's or bot level's profile page: ratings per game with a plot over time, record and last games.
import { useEffect, useState } from 'react';
import type { Profile } from '@boss-table/client';
import { client } from '../client.js';
import { gameName, GamesList } from './GamesList.js';
import { botAbout, botName } from '@boss-table/games/bot-names';

/** Below this many rated games a player's rating is still finding its level: shown with "?". */
export const PROVISIONAL_GAMES = 10;

/** A rating as shown: "1520", or "1520?" while provisional. */
export const ratingShown = (rating: number, games: number, bot = false): string =>
  !bot && games < PROVISIONAL_GAMES ? `${rating}?` : String(rating);

const day = (at: number) =>
  new Date(at).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });

/**
 * A rating over time, one point per rated game: the rating on a scale at the left (lowest and
 * highest), the first and last dates below, each point's value and date on hover.
 */
export function RatingPlot({ points }: { points: readonly { at: number; rating: number }[] }) {
  const w = 320;
  const h = 120;
  const left = 40;
  const bottom = 18;
  if (points.length === 0) return null;
  const values = points.map((p) => p.rating);
  const lo = Math.min(...values) - 10;
  const hi = Math.max(...values) + 10;
  const x = (i: number) =>
    points.length === 1 ? (left + w) / 2 : left + 4 + (i * (w - left - 8)) / (points.length - 1);
  const y = (v: number) => h - bottom - 4 - ((v - lo) * (h - bottom - 8)) / (hi - lo);
  const path = values.map((v, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`);
  const top = Math.max(...values);
  const low = Math.min(...values);
  return (
    <svg
      className="rating-plot"
      viewBox={`0 0 ${w} ${h}`}
      width={w}
      height={h}
      role="img"
      aria-label={`rating over ${points.length} rated games, from ${values[0]} on ${day(points[0].at)} to ${values.at(-1)} on ${day(points.at(-1)!.at)}`}
    >
      <line x1={left} y1={4} x2={left} y2={h - bottom} stroke="#999" />
      <line x1={left} y1={h - bottom} x2={w} y2={h - bottom} stroke="#999" />
      <text x={left - 4} y={y(top) + 4} textAnchor="end" fontSize="10">
        {top}
      </text>
      {low !== top && (
        <text x={left - 4} y={y(low) + 4} textAnchor="end" fontSize="10">
          {low}
        </text>
      )}
      <text x={left} y={h - 4} fontSize="10">
        {day(points[0].at)}
      </text>
      {points.length > 1 && (
        <text x={w} y={h - 4} textAnchor="end" fontSize="10">
          {day(points.at(-1)!.at)}
        </text>
      )}
      <path d={path.join(' ')} fill="none" stroke="currentColor" strokeWidth="2" />
      {values.map((v, i) => (
        <circle key={i} cx={x(i)} cy={y(v)} r="3" fill="currentColor">
          <title>{`${v} on ${day(points[i].at)}`}</title>
        </circle>
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
                {ratingShown(r.rating, r.games, profile.kind === 'bot')}
              </span>{' '}
              {profile.kind !== 'bot' && r.games < PROVISIONAL_GAMES && (
                <span className="muted">(provisional until {PROVISIONAL_GAMES} rated games) </span>
              )}
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
