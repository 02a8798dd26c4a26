// Tests `boss replay` on a Big Boss record: money, companies and winners where the game ends.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from './main.js';

const fixture = fileURLToPath(
  new URL('../../big-boss/fixtures/modern-3-players.json', import.meta.url),
);

describe('boss replay with a Big Boss record', () => {
  it('prints where the game ends: money, companies and winners', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(['replay', fixture, '--json'], {
      out: (t) => out.push(t),
      err: (t) => err.push(t),
    });
    expect(err).toEqual([]);
    expect(code).toBe(0);
    const summary = JSON.parse(out.join('\n'));
    expect(summary).toMatchObject({ over: true, rules: 'modern', piecesLeft: 0, winners: [1] });
    expect(summary.players.map((p: { money: { total: number } }) => p.money.total)).toEqual([
      644, 916, 610,
    ]);
    expect(summary.companies).toHaveLength(8);
  });
});
