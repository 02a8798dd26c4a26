// The service worker's registration, and the news that a new version of the app is ready to use.
import { useEffect, useState } from 'react';

/** A new version that finished installing and waits for this page's word to take over. */
let waiting: ServiceWorker | null = null;
/** The player asked for the new version: its taking over reloads the page. */
let asked = false;
const listeners = new Set<(ready: boolean) => void>();

function announce(next: ServiceWorker): void {
  waiting = next;
  for (const l of listeners) l(true);
}

/** Once a new worker has installed, tells the page — unless it is the first (nothing to update). */
function watch(reg: ServiceWorkerRegistration, next: ServiceWorker | null): void {
  if (!next) return;
  const settle = () => {
    if (next.state === 'installed' && navigator.serviceWorker.controller) announce(next);
  };
  next.addEventListener('statechange', settle);
  settle();
}

/**
 * Registers the built app's service worker (`src/sw.js`): after one visit the site opens and
 * plays practice games with no network. A new version installs in the background when the
 * site is online (looked for at load, when the tab is shown again, and hourly) and waits until
 * the player chooses to reload. The dev server has no sw.js: registration fails quietly.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const sw = navigator.serviceWorker;
  sw.addEventListener('controllerchange', () => {
    if (asked) window.location.reload();
  });
  sw.register('./sw.js')
    .then((reg) => {
      if (reg.waiting && sw.controller) announce(reg.waiting);
      watch(reg, reg.installing);
      reg.addEventListener('updatefound', () => watch(reg, reg.installing));
      const check = () => void reg.update().catch(() => {});
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
      setInterval(check, 60 * 60 * 1000);
    })
    .catch(() => {});
}

/** Whether a new version of the app is ready (installed, waiting for a reload). */
export function useUpdateReady(): boolean {
  const [ready, setReady] = useState(waiting !== null);
  useEffect(() => {
    listeners.add(setReady);
    setReady(waiting !== null);
    return () => void listeners.delete(setReady);
  }, []);
  return ready;
}

/** Lets the waiting version take over; the page reloads when it has. */
export function takeNewVersion(): void {
  asked = true;
  waiting?.postMessage({ type: 'skip-waiting' });
}
