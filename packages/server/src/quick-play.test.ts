// Quick play's bots: the level nearest the player's rating, among the levels the game offers.
import { describe, expect, it } from 'vitest';
import { findMeta } from '@boss-table/games/meta';
import type { AccountStore, RatingRow } from './account-store.js';
import type { Logger } from './log.js';
import { QuickPlay } from './quick-play.js';
import type { Storage } from './storage.js';
import type { TableService } from './table-service.js';

/** A store whose bots hold the ratings of the game's measured ladder, and no player rating. */
function ladderStore(game: string): AccountStore {
  const rows: RatingRow[] = (findMeta(game)?.ladder?.rungs ?? []).map((r) => ({
    subject: `bot:${r.bot}`,
    game,
    mu: r.mu,
    sigma: r.sigma,
    games: r.games,
    wins: r.wins,
  }));
  return {
    ratingsOf: async () => [],
    leaderboard: async () => rows,
  } as unknown as AccountStore;
}

const quickPlay = (game: string) =>
  new QuickPlay({} as TableService, {} as Storage, ladderStore(game), {} as Logger);

describe('quick play seats bots the game offers', () => {
  it("never seats a level the game unlisted, even when its rating is the player's nearest", async () => {
    // I'm the Boss!'s medium search (≈ 2330) is nearer a new player (1500) than any offered
    // level, but the game no longer offers it.
    const unlisted = findMeta('im-the-boss')?.unlisted ?? [];
    expect(unlisted).toContain('ismcts:medium');
    const bot = await quickPlay('im-the-boss').botNear('im-the-boss', undefined);
    expect(unlisted).not.toContain(bot);
    expect(bot).toBe('heuristic');
  });

  it('seats the nearest offered level where nothing is unlisted', async () => {
    // The Boss: easy (≈ 2462) is the offered level nearest a new player (1500); random is never seated.
    expect(await quickPlay('the-boss').botNear('the-boss', undefined)).toBe('ismcts:easy');
  });
});
