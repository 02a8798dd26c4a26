// The page frame: top bar with nav and account, and the hash router that picks lobby, table, replay or rules.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Lobby } from './Lobby.js';
import { GAMES } from './games.js';
import { AccountBar } from './account/AccountBar.js';
import { UpdateNotice } from './shell/UpdateNotice.js';

// The table, the replay viewer and the rules load on demand: the lobby's first load stays small.
const TablePage = lazy(() => import('./TablePage.js'));
const ReplayPage = lazy(() => import('./ReplayPage.js'));
const PracticePage = lazy(() => import('./PracticePage.js'));
const RulesPage = lazy(() => import('./shell/Rules.js'));
const AccountPage = lazy(() => import('./account/AccountPage.js'));
const ProfilePage = lazy(() => import('./account/ProfilePage.js'));
const RankingsPage = lazy(() => import('./account/RankingsPage.js'));

function useHash(): string {
  const [hash, setHash] = useState(() => window.location.hash);
  useEffect(() => {
    const on = () => setHash(window.location.hash);
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  return hash;
}

export function App() {
  const hash = useHash();
  const table = /^#\/t\/([A-Za-z0-9_-]+)(?:\?invite=([A-Za-z0-9_-]+))?/.exec(hash);
  const practice = /^#\/practice\/([A-Za-z0-9_-]+)/.exec(hash);
  const practiceReplay = /^#\/replay\/practice\/([A-Za-z0-9_-]+)/.exec(hash);
  const replay = /^#\/replay(?:\/([A-Za-z0-9_-]+))?(?:\?(.*))?$/.exec(hash);
  const rules = /^#\/rules(?:\/([A-Za-z0-9_-]+))?/.exec(hash);
  const profile = /^#\/players\/([^/?]+)/.exec(hash);
  const leaderboard = /^#\/leaderboard(?:\/([A-Za-z0-9_-]+))?/.exec(hash);
  const games = /^#\/games(?:\?(.*))?$/.exec(hash);
  return (
    <div className={`app${table || practice ? ' at-table' : ''}`}>
      <header className="top">
        <a href="#/" className="brand">
          Boss Table
        </a>
        <nav>
          <a href="#/">Lobby</a> <a href="#/replay">Replays</a> <a href="#/rules">Rules</a>{' '}
          <a href={`#/leaderboard/${GAMES[0].id}`}>Ratings</a>
        </nav>
        <AccountBar />
      </header>
      <UpdateNotice />
      <main>
        <Suspense fallback={<p>Loading…</p>}>
          {table ? (
            <TablePage key={table[1]} id={table[1]} invite={table[2] ?? null} />
          ) : practice ? (
            <PracticePage key={practice[1]} id={practice[1]} />
          ) : practiceReplay ? (
            <ReplayPage key={`practice/${practiceReplay[1]}`} practice={practiceReplay[1]} />
          ) : replay ? (
            <ReplayPage
              key={replay[1] ?? ''}
              table={replay[1] ?? null}
              autoplay={new URLSearchParams(replay[2] ?? '').has('play')}
            />
          ) : rules ? (
            <RulesPage game={rules[1] ?? GAMES[0].id} />
          ) : hash.startsWith('#/account') ? (
            <AccountPage />
          ) : profile ? (
            <ProfilePage key={profile[1]} name={decodeURIComponent(profile[1])} />
          ) : leaderboard ? (
            <RankingsPage route={{ game: leaderboard[1] ?? GAMES[0].id }} />
          ) : games ? (
            <RankingsPage route={{ query: games[1] ?? '' }} />
          ) : (
            <Lobby />
          )}
        </Suspense>
      </main>
    </div>
  );
}
