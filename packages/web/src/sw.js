// The service worker: keeps every file of the built app (the shell, each game's code, the workers) so that after one visit the site opens and plays practice games offline.
/* global self, caches, fetch, Response, URL */
/** Filled in by the build (vite.config.ts): the built files, and a version that changes with them. */
const FILES = self.__FILES__;
const CACHE = `boss-table-${self.__VERSION__}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(['./', ...FILES.filter((f) => f !== 'index.html')])),
  );
});

// A new version installs beside the one in use and waits: the page asks it to take over when
// the player chooses to reload (src/shell/app-update.ts).
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'skip-waiting') self.skipWaiting();
});

// An older version's files are dropped once this one takes over.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((k) => k.startsWith('boss-table-') && k !== CACHE)
            .map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

// The page: from the network when it answers (a new version at once), else the kept one. The
// built files (their names change with their content): kept first. The API is never kept.
self.addEventListener('fetch', (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/ws')) return;
  if (req.mode === 'navigate') {
    event.respondWith(
      fetch(req).catch(() =>
        caches.match('./', { ignoreSearch: true }).then((hit) => hit ?? Response.error()),
      ),
    );
    return;
  }
  event.respondWith(caches.match(req).then((hit) => hit ?? fetch(req)));
});
