// A worker thread of `boss analyze`: appraises the decisions it is sent and posts each report back.
import { parentPort } from 'node:worker_threads';
import { appraiseDecision, decisionsOf, parseRecord, recordedMoveJson } from '@boss-table/core';
import { findEntry } from '@boss-table/games';
import { makeBot } from '@boss-table/games/bots';
import type { AnalysisJob } from './analyze.js';

// An analysis worker: appraises the decisions it is sent (by index), posting each report.
parentPort!.on('message', (job: AnalysisJob | null) => {
  if (job === null) {
    parentPort!.close();
    return;
  }
  try {
    // The job carries the record as parsed (a clock's moves have seat -1): written back as
    // JSON holds it ("clock") before it is checked again here.
    const record = parseRecord({
      ...job.record,
      moves: job.record.moves.map(({ seat, ...move }) => recordedMoveJson(seat, move)),
    });
    const entry = record.ok ? findEntry(record.value.game) : undefined;
    const bot = entry ? makeBot(entry.game.id, job.bot) : undefined;
    if (!record.ok || !entry || !bot?.ok) throw new Error('The analysis job is not valid.');
    const decisions = decisionsOf(entry.game, record.value, job.seat);
    if (!decisions.ok) throw new Error(decisions.error.message);
    for (const d of decisions.value)
      if (job.indices.includes(d.index))
        parentPort!.postMessage({
          ok: true,
          report: appraiseDecision(bot.value, d, job.budgetMs, job.seed),
        });
    parentPort!.postMessage({ ok: true, done: true });
  } catch (e) {
    parentPort!.postMessage({ ok: false, message: (e as Error).message });
  }
});
