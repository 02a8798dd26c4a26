// The metrics' text: each family's samples under its own HELP and TYPE, and the event loop's delay.
import { describe, expect, it } from 'vitest';
import { Metrics } from './metrics.js';

/** Each sample's family (its name without a histogram's or summary's suffix). */
const family = (line: string) => line.split(/[{ ]/)[0].replace(/_(bucket|sum|count)$/, '');

describe('Metrics.render', () => {
  it("keeps every family's samples together, right under its HELP and TYPE", () => {
    const m = new Metrics();
    m.http(200);
    m.http(404);
    m.observeMove(0.002);
    m.observeBot('people', 0.3);
    const lines = m.render({ running: 1 }).trim().split('\n');
    let current = '';
    const seen = new Set<string>();
    for (const line of lines) {
      const help = /^# HELP (\S+)/.exec(line);
      if (help) {
        expect(seen.has(help[1]), `${help[1]} described twice`).toBe(false);
        seen.add(help[1]);
        current = help[1];
        continue;
      }
      if (line.startsWith('# TYPE')) {
        expect(line.split(' ')[2]).toBe(current);
        continue;
      }
      expect(family(line), line).toBe(current);
    }
    expect(lines).toContain('boss_http_requests_total{status="404"} 1');
  });

  it('reports how late the event loop ran since the last scrape, in seconds', async () => {
    const m = new Metrics();
    m.render({});
    await new Promise((r) => setTimeout(r, 30)); // the monitor's timer running
    const until = Date.now() + 300;
    while (Date.now() < until); // the loop held for 300 ms
    await new Promise((r) => setTimeout(r, 30));
    const late = (text: string, q: string) =>
      Number(
        new RegExp(`boss_event_loop_delay_seconds\\{quantile="${q}"\\} (\\S+)`).exec(text)![1],
      );
    const first = m.render({});
    expect(late(first, '1')).toBeGreaterThan(0.28);
    expect(late(first, '0.5')).toBeLessThanOrEqual(late(first, '1'));
    // Started afresh: the held loop is not in the next scrape.
    await new Promise((r) => setTimeout(r, 50));
    expect(late(m.render({}), '1')).toBeLessThan(0.28);
  });
});
