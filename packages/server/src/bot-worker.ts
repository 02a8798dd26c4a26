// The worker thread's entry: runs each bot job it is sent and posts back the move or the error.
import { parentPort } from 'node:worker_threads';
import { chooseBotMove, type BotJob } from './bot-job.js';

parentPort!.on('message', (job: BotJob) => {
  try {
    parentPort!.postMessage({ ok: true, move: chooseBotMove(job) });
  } catch (e) {
    parentPort!.postMessage({ ok: false, message: (e as Error).message });
  }
});
