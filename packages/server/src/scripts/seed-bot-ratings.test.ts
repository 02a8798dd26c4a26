// Tests seeding bot levels' ratings from an arena run, keeping existing ratings unless --replace is given.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AccountStore } from '../account-store.js';
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
    expect(said).toBe('ismcts:medium: rated\nrandom: rated\n');
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
  });
});
