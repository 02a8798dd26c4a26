/**
 * A search thread of `parallelBot` (threads.ts): makes its bot from the recipe, then for each
 * job runs the bot's root search and posts the statistics on its port, then bumps the shared
 * counter and wakes the waiting thread.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { Bot } from './bot.js';
import { Rng } from './rng.js';
import type { BotRecipe, SearchJob, SearchReply } from './threads.js';

const { recipe, port, signal } = workerData as {
  recipe: BotRecipe;
  port: MessagePort;
  signal: Int32Array;
};

async function makeBot(): Promise<Bot> {
  const mod = (await import(recipe.module)) as Record<string, unknown>;
  const make = mod[recipe.exportName];
  if (typeof make !== 'function')
    throw new Error(`${recipe.module} has no function ${recipe.exportName}.`);
  const made = (make as (...args: unknown[]) => unknown)(...recipe.args);
  // A bot, or a Result holding one.
  if (made && typeof made === 'object' && 'ok' in made) {
    const r = made as { ok: boolean; value?: Bot; error?: { message: string } };
    if (!r.ok) throw new Error(r.error?.message ?? 'The recipe made no bot.');
    return r.value!;
  }
  return made as Bot;
}

const ready = makeBot();

function reply(message: SearchReply): void {
  port.postMessage(message);
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
}

parentPort!.on('message', (job: SearchJob) => {
  ready.then(
    (bot) => {
      try {
        const ctx = { rng: Rng.fromSeed(job.seed), deadline: performance.now() + job.ms };
        let result: unknown;
        if (job.kind === 'appraise') {
          if (!bot.appraise) throw new Error(`Bot ${bot.name} cannot appraise moves.`);
          result = bot.appraise(job.view, ctx, job.played, job.best);
        } else {
          if (!bot.searchRoot) throw new Error(`Bot ${bot.name} has no root search.`);
          result = bot.searchRoot(job.view, ctx);
        }
        reply({ id: job.id, ok: true, result });
      } catch (e) {
        reply({ id: job.id, ok: false, message: (e as Error).message });
      }
    },
    (e: Error) => reply({ id: job.id, ok: false, message: e.message }),
  );
});
