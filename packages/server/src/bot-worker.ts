import { parentPort } from 'node:worker_threads';
import { chooseBotMove, type BotJob } from './bot-job.js';

parentPort!.on('message', (job: BotJob) => {
  try {
    parentPort!.postMessage({ ok: true, move: chooseBotMove(job) });
  } catch (e) {
    parentPort!.postMessage({ ok: false, message: (e as Error).message });
  }
});
