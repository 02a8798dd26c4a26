// A worker thread of `boss arena`: plays the tournament games it is sent and posts each result back.
import { parentPort } from 'node:worker_threads';
import type { Bot } from '@boss-table/core';
import { playArenaGame, type ArenaJob } from './arena-games.js';

// A tournament worker: plays the games it is sent, one at a time, and posts each result.
const cache = new Map<string, Bot>();
parentPort!.on('message', (job: ArenaJob | null) => {
  if (job === null) {
    parentPort!.close();
    return;
  }
  try {
    parentPort!.postMessage({ ok: true, result: playArenaGame(job, cache) });
  } catch (e) {
    parentPort!.postMessage({ ok: false, message: (e as Error).message });
  }
});
