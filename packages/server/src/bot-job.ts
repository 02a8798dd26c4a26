// One bot turn, run in a worker thread or in-thread: build the game's bot, seed it, let it choose a move.
import { Rng, deadlineIn, type Bot } from '@boss-table/core';
import { makeBot } from '@boss-table/games/bots';

/** A bot's turn: everything it may know is the view. */
export interface BotJob {
  readonly gameId: string;
  readonly spec: string;
  readonly view: unknown;
  readonly seed: string;
  readonly budgetMs: number;
}

const cache = new Map<string, Bot>();

export function chooseBotMove(job: BotJob): unknown {
  const key = `${job.gameId}/${job.spec}`;
  let bot = cache.get(key);
  if (!bot) {
    const made = makeBot(job.gameId, job.spec);
    if (!made.ok) throw new Error(made.error.message);
    bot = made.value;
    cache.set(key, bot);
  }
  return bot.chooseMove(job.view, {
    rng: Rng.fromSeed(job.seed),
    deadline: deadlineIn(job.budgetMs),
  });
}
