import { lazy, Suspense, useEffect, useState } from 'react';
import { Lobby } from './Lobby.js';

// The table and the replay viewer load on demand: the lobby's first load stays small.
const TablePage = lazy(() => import('./TablePage.js'));
const ReplayPage = lazy(() => import('./ReplayPage.js'));

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
  return (
    <div className="app">
      <header className="top">
        <a href="#/" className="brand">
          Boss Table
        </a>
        <nav>
          <a href="#/">Lobby</a> <a href="#/replay">Replays</a>
        </nav>
      </header>
      <main>
        <Suspense fallback={<p>Loading…</p>}>
          {table ? (
            <TablePage key={table[1]} id={table[1]} invite={table[2] ?? null} />
          ) : hash.startsWith('#/replay') ? (
            <ReplayPage />
          ) : (
            <Lobby />
          )}
        </Suspense>
      </main>
    </div>
  );
}
