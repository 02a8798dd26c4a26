/// <reference lib="webworker" />
// The worker behind a practice table: the game's rules and bots run here, off the page, and only the person's seat's view goes out.
import { findEntry } from '@boss-table/games';
import { makeBot } from '@boss-table/games/bots';
import type { FromWorker, ToWorker } from './protocol.js';
import { PracticeTable } from './table.js';

const post = (m: FromWorker) => (self as unknown as Worker).postMessage(m);
let table: PracticeTable | null = null;

self.onmessage = (e: MessageEvent<ToWorker>) => {
  const m = e.data;
  try {
    if (m.kind === 'open') {
      const entry = findEntry(m.game.game);
      if (!entry) return post({ kind: 'error', message: `Unknown game "${m.game.game}".` });
      table = new PracticeTable(
        entry.game,
        (spec) => {
          const bot = makeBot(entry.game.id, spec);
          if (!bot.ok) throw new Error(bot.error.message);
          return bot.value;
        },
        m.game,
        {
          post,
          now: () => performance.now(),
          wall: () => Date.now(),
          setTimer: (fn, ms) => setTimeout(fn, ms),
          clearTimer: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
        },
        true,
        m.game.paceMs,
      );
    } else if (m.kind === 'move') table?.play(m.id, m.move);
    else table?.setVisible(m.visible);
  } catch (err) {
    post({ kind: 'error', message: (err as Error).message });
  }
};
