// Tests seeding bot levels' ratings from an arena run, keeping existing ratings unless --replace is given.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AccountStore } from '../account-store.js';
import { GAME_METAS } from '@boss-table/games/meta';
import { main } from './seed-bot-ratings.js';
import { SqliteSql } from '../sql.js';
import { tempDataDir } from '../testing/test-kit.js';

describe('seed-bot-ratings', () => {
  it("gives bot levels an arena run's ratings, keeping ratings they have unless --replace", async () => {
    const dataDir = tempDataDir();
    const file = join(dataDir, 'arena.json');
    const arena = (mu: number) => ({
      games: 60,
      ratings: [
        { name: 'ismcts:medium', rating: 2540, mu, sigma: 1.2 },
        { name: 'random', rating: 649, mu: 9, sigma: 1.5 },
      ],
      bots: [
        { name: 'ismcts:medium', games: 60, wins: 30 },
        { name: 'random', games: 60, wins: 2 },
      ],
    });
    writeFileSync(file, JSON.stringify(arena(65)));
    let said = '';
    const out = (t: string) => (said += t);
    expect(await main(['--game', 'the-boss', file], { DATA_DIR: dataDir }, out)).toBe(0);
    expect(said).toBe('the-boss ismcts:medium: rated\nthe-boss random: rated\n');
    writeFileSync(file, JSON.stringify(arena(70)));
    said = '';
    await main(['--game', 'the-boss', file], { DATA_DIR: dataDir }, out);
    expect(said).toMatch(/ismcts:medium: kept its rating/);
    await main(['--game', 'the-boss', file, '--replace'], { DATA_DIR: dataDir }, out);
    const store = new AccountStore(new SqliteSql(dataDir));
    try {
      expect(await store.ratingsOf('bot:ismcts:medium')).toEqual([
        { subject: 'bot:ismcts:medium', game: 'the-boss', mu: 70, sigma: 1.2, games: 60, wins: 30 },
      ]);
    } finally {
      await store.sql.close();
    }
    expect(await main(['--game', 'nope', file], { DATA_DIR: dataDir }, out)).toBe(2);
    expect(await main([file], { DATA_DIR: dataDir }, out)).toBe(2);
    expect(await main(['--game', 'the-boss'], { DATA_DIR: dataDir }, out)).toBe(2);
    expect(await main(['--games', 'x'], { DATA_DIR: dataDir }, out)).toBe(2);
    writeFileSync(file, JSON.stringify({ ratings: [] }));
    said = '';
    expect(await main(['--game', 'the-boss', file], { DATA_DIR: dataDir }, out)).toBe(1);
    expect(said).toMatch(/has no ratings/);
  });

  it("without a file, starts every game's bots from its measured ladder", async () => {
    const dataDir = tempDataDir();
    let said = '';
    expect(await main([], { DATA_DIR: dataDir }, (t) => (said += t))).toBe(0);
    const ladders = GAME_METAS.filter((m) => m.ladder);
    expect(ladders.length).toBeGreaterThan(0);
    const store = new AccountStore(new SqliteSql(dataDir));
    try {
      for (const meta of ladders) {
        const board = await store.leaderboard(meta.id, 20);
        const rungs = meta.ladder!.rungs;
        // The leaderboard orders by μ − 3σ: the ladder's order, every level rated.
        expect(board.map((r) => r.subject)).toEqual(rungs.map((r) => `bot:${r.bot}`));
        expect(board[0]).toMatchObject({
          mu: rungs[0].mu,
          sigma: rungs[0].sigma,
          games: rungs[0].games,
        });
        for (const r of rungs) expect(said).toContain(`${meta.id} ${r.bot}: rated`);
      }
    } finally {
      await store.sql.close();
    }
  });
});
