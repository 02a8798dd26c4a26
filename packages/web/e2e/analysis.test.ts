/**
 * Post-game analysis in real headless Chromium (issue 20): on a finished game's replay, a
 * player picks a seat, the search runs in a worker with a progress bar, and each decision of
 * that seat is listed with the search's choice and the chances, the costliest marked; a click
 * shows the position. Screenshots: test-artifacts/analysis-*.png.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionsOf, parseRecord } from '@boss-table/core';
import { findGame } from '@boss-table/games';
import type { RunningServer } from '@boss-table/server';
import { createTable, shot, startE2E, stopE2E } from './harness.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2E('boss-e2e-analysis-'));
});

afterAll(() => stopE2E(server, browser));

describe('post-game analysis in a real browser', () => {
  it("lists every decision of the chosen player with the search's choice and the chances, and shows a position on click", async () => {
    const created = await createTable(server, {
      game: 'the-boss',
      options: { players: 2 },
      seats: [
        { kind: 'bot', bot: 'random' },
        { kind: 'bot', bot: 'heuristic' },
      ],
    });
    const page = await (
      await browser.newContext({ viewport: { width: 1366, height: 768 } })
    ).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/#/replay/${created.id}`);
    await page.getByRole('slider', { name: 'move' }).waitFor({ timeout: 60_000 });
    const raw: unknown = await (
      await fetch(`${server.url}/api/tables/${created.id}/record`)
    ).json();
    const record = parseRecord(raw);
    if (!record.ok) throw new Error(record.error.message);
    const decisions = decisionsOf(findGame('the-boss')!, record.value, 0);
    if (!decisions.ok) throw new Error(decisions.error.message);

    const analysis = page.getByRole('region', { name: 'analysis' });
    await analysis.getByLabel('Player').selectOption('0');
    await analysis.getByRole('button', { name: 'Analyse' }).click();
    await analysis.locator('progress').waitFor();
    await analysis.locator('table.analysis-table').waitFor({ timeout: 90_000 });
    const rows = analysis.locator('table.analysis-table tbody tr');
    expect(await rows.count()).toBe(decisions.value.length);
    // Each row names the move made as a player types it, and the chances as percentages.
    const first = await rows.first().textContent();
    expect(first).toMatch(/\d+%/);
    expect(first).not.toMatch(/[{}"]/);
    expect(await analysis.getByText(/decisions; the search agrees with \d+\./).count()).toBe(1);
    expect(await analysis.locator('tr.flagged').count()).toBeLessThanOrEqual(3);
    // A click on a decision shows its position on the replay.
    const d = decisions.value[Math.min(3, decisions.value.length - 1)];
    await rows
      .nth(Math.min(3, decisions.value.length - 1))
      .getByRole('button')
      .click();
    await page.getByText(`Move ${d.index + 1} of`).waitFor();
    await shot(page, 'analysis-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await analysis.scrollIntoViewIfNeeded();
    await shot(page, 'analysis-phone');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 180_000);
});
