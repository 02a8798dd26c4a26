// The worker of `bot-timing.mjs`: plays games with one bot level in seat 0 and times each of its decisions.
/// <reference lib="webworker" />
import { botContext, Driver, randomPlayerMove, Rng } from '@boss-table/core';
import { findEntry } from '@boss-table/games';
import { makeBot } from '@boss-table/games/bots';

interface Job {
  readonly game: string;
  readonly spec: string;
  readonly players: number;
  readonly decisions: number;
  readonly budgetMs: number;
}

const botOf = (game: string, spec: string) => {
  const made = makeBot(game, spec);
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
};

/** Seat 0 plays `spec`, the others the rules of thumb, in virtual time, as a practice table. */
function run(job: Job): number[] {
  const entry = findEntry(job.game);
  if (!entry) throw new Error(`No game ${job.game}`);
  const specs = Array.from({ length: job.players }, (_, i) => (i === 0 ? job.spec : 'heuristic'));
  const bots = specs.map((s) => botOf(job.game, s));
  const times: number[] = [];
  for (let g = 0; times.length < job.decisions && g < 50; g++) {
    const started = Driver.start(entry.game, { players: job.players }, `timing-${g}`, {
      bots: specs.map((name) => ({ name })),
      budgetMs: job.budgetMs,
    });
    if (!started.ok) throw new Error(started.error.message);
    const d = started.value.driver;
    let now = 0;
    for (let steps = 0; !d.over && steps < 100_000 && times.length < job.decisions; steps++) {
      const due = d.next(now);
      for (const r of due.ask) {
        const t0 = performance.now();
        const move = bots[r.seat].chooseMove(r.view, botContext(r.seed, r.budgetMs));
        if (r.seat === 0) times.push(performance.now() - t0);
        const answered = d.answer(r, move, now);
        if (!answered.ok) {
          const fallback = randomPlayerMove(entry.game, d.state, r.seat, Rng.fromSeed(r.seed));
          if (fallback !== undefined) d.play(r.seat, fallback, now);
        }
      }
      if (due.ask.length === 0) {
        if (due.wakeAt === null) break;
        now = Math.max(now + 1, due.wakeAt);
        d.wake(now);
      }
    }
  }
  return times;
}

self.onmessage = (e: MessageEvent<Job>) => {
  try {
    self.postMessage({ ok: true, times: run(e.data) });
  } catch (err) {
    self.postMessage({ ok: false, error: String(err) });
  }
};
