// Tells a player it is their turn: tab title and favicon dot, an optional beep, a notification when hidden.
import { useEffect, useRef } from 'react';

const TITLE = 'Boss Table';

/** The tab's icon: the brand square, with a red dot when it is your turn. */
function favicon(alert: boolean): string {
  const dot = alert
    ? '<circle cx="24" cy="8" r="7" fill="#e53935" stroke="#fff" stroke-width="2"/>'
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="2" y="4" width="24" height="24" rx="5" fill="#8b1e1e"/><text x="14" y="22" font-size="15" font-family="sans-serif" font-weight="700" fill="#fff" text-anchor="middle">B</text>${dot}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

export function setFavicon(alert: boolean): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.href = favicon(alert);
  link.dataset.alert = alert ? 'turn' : 'none';
}

let audio: AudioContext | null = null;

/** A short tone (no file to load): higher for your turn, lower and doubled for a low clock. */
export function beep(kind: 'turn' | 'low'): void {
  try {
    audio ??= new AudioContext();
    const ctx = audio;
    const times = kind === 'turn' ? [0] : [0, 0.22];
    for (const t of times) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = kind === 'turn' ? 880 : 440;
      gain.gain.setValueAtTime(0.15, ctx.currentTime + t);
      gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + t + 0.18);
      osc.connect(gain).connect(ctx.destination);
      osc.start(ctx.currentTime + t);
      osc.stop(ctx.currentTime + t + 0.2);
    }
  } catch {
    // No audio here: the title and the icon still tell.
  }
}

/**
 * Tells the player it is their turn: the tab's title and icon change; optionally a tone and,
 * when the tab is hidden, a browser notification; a second tone when the clock runs low.
 */
export function useTurnAlerts(opts: {
  myTurn: boolean;
  low: boolean;
  what: string;
  sound: boolean;
  notify: boolean;
}): void {
  const { myTurn, low, what, sound, notify } = opts;
  const wasMine = useRef(false);
  const wasLow = useRef(false);
  useEffect(() => {
    document.title = myTurn ? `Your turn — ${TITLE}` : TITLE;
    setFavicon(myTurn);
    if (myTurn && !wasMine.current) {
      if (sound) beep('turn');
      if (notify && document.hidden && 'Notification' in window)
        try {
          new Notification('Your turn at Boss Table', { body: what, tag: 'boss-table-turn' });
        } catch {
          // Some browsers allow notifications only from a service worker.
        }
    }
    wasMine.current = myTurn;
  }, [myTurn, what, sound, notify]);
  useEffect(() => {
    if (low && !wasLow.current && sound) beep('low');
    wasLow.current = low;
  }, [low, sound]);
  useEffect(
    () => () => {
      document.title = TITLE;
      setFavicon(false);
    },
    [],
  );
}
