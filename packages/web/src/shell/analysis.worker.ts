/// <reference lib="webworker" />
// Background worker behind the replay's Analysis panel: appraises one seat's decisions off the page's thread.
import { appraiseDecision, decisionsOf, flagCostliest, parseRecord } from '@boss-table/core';
import { findEntry } from '@boss-table/games';
import { makeBot } from '@boss-table/games/bots';
import type { AnalysisRequest, AnalysisMessage, AnalysedDecision } from './analysis-types.js';

// Post-game analysis off the page's thread: each decision of one seat appraised by a searching
// bot from that seat's view only (core's analysis), posted as it is done.
/** A game whose search does not judge moves yet: said plainly. */
export const unavailable = (game: string) =>
  `Analysis is not available for ${game} yet: its search bot does not judge moves so far.`;

const post = (m: AnalysisMessage) => (self as unknown as Worker).postMessage(m);

self.onmessage = (e: MessageEvent<AnalysisRequest>) => {
  try {
    const { text, seat, bot: spec } = e.data;
    const record = parseRecord(JSON.parse(text));
    if (!record.ok) return post({ kind: 'error', message: record.error.message });
    const entry = findEntry(record.value.game);
    if (!entry) return post({ kind: 'error', message: `Unknown game "${record.value.game}".` });
    const bot = makeBot(entry.game.id, spec);
    if (!bot.ok) return post({ kind: 'error', message: bot.error.message });
    if (!bot.value.appraise) return post({ kind: 'error', message: unavailable(entry.game.name) });
    const decisions = decisionsOf(entry.game, record.value, seat);
    if (!decisions.ok) return post({ kind: 'error', message: decisions.error.message });
    const total = decisions.value.length;
    post({ kind: 'progress', done: 0, total });
    const reports = [];
    for (const d of decisions.value) {
      reports.push(appraiseDecision(bot.value, d, 30_000, record.value.seed));
      post({ kind: 'progress', done: reports.length, total });
    }
    flagCostliest(reports);
    const say = (move: unknown, view: unknown) =>
      entry.terminal ? entry.terminal.formatMove(move, view) : JSON.stringify(move);
    const out: AnalysedDecision[] = reports.map((r, i) => ({
      index: r.index,
      played: say(r.played, decisions.value[i].view),
      best: say(r.best, decisions.value[i].view),
      before: r.before,
      after: r.after,
      loss: r.loss,
      sameAsBest: r.sameAsBest,
      flagged: r.flagged,
    }));
    post({ kind: 'done', decisions: out });
  } catch (err) {
    post({ kind: 'error', message: (err as Error).message });
  }
};
