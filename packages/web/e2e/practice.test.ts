// Browser test of practice against bots: The Boss played to its end in the page, kept over a reload, replayed; and offline after one visit.
/**
 * End-to-end: a practice game of The Boss against bots, run in the page's worker, played to
 * its end by clicking with the browser offline, with a reload in the middle that keeps it,
 * then found under Replays.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '@boss-table/server';
import { shot, startE2E, stopE2E, turnOrEnd } from './harness.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2E('boss-e2e-practice-'));
});

afterAll(() => stopE2E(server, browser));

/** Waits for this seat's turn (true) or the end of the game (false). */
const myTurnOrEnd = (page: Page) =>
  turnOrEnd(page, page.getByRole('button', { name: 'Confirm turn' }), 'practice-stuck', 30_000);

/** One turn of The Boss by clicking: cubes on a city every other turn, then the first card. */
async function playTurn(page: Page, turn: number): Promise<boolean> {
  const composer = page.getByRole('form', { name: 'your turn' });
  const confirm = composer.getByRole('button', { name: 'Confirm turn' });
  for (let tries = 0; tries < 50; tries++) {
    try {
      if (turn % 2 === 0 && tries === 0) {
        const city = composer.locator('fieldset').first().locator('button:not([disabled])').nth(1);
        if (await city.count()) await city.click({ timeout: 2000 });
      } else if (tries > 0)
        await composer.getByRole('button', { name: 'No cubes' }).click({ timeout: 2000 });
      await composer.locator('fieldset').nth(1).locator('button').first().click({ timeout: 2000 });
      if (!(await confirm.isDisabled({ timeout: 2000 }))) {
        await confirm.click({ timeout: 2000 });
        // Taken: the composer goes while the bots play (unless this seat plays again at once).
        await confirm.waitFor({ state: 'hidden', timeout: 3000 }).catch(() => {});
        return true;
      }
    } catch {
      // The composer changed under the click (the turn moved on): look again.
    }
    if (await page.getByRole('heading', { name: 'Game over' }).count()) return false;
    await page.waitForTimeout(200);
  }
  return false;
}

describe('practice against bots in the browser', () => {
  it('plays The Boss to its end against bots in the page, keeps it over a reload, and lists it under Replays', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    // The practice table sends nothing: every request to the server's API from its page is
    // counted (but the top bar's question of who is signed in), and every WebSocket.
    const api: string[] = [];
    page.on('request', (r) => {
      const u = r.url();
      if (u.includes('/api/') && !u.endsWith('/api/account') && page.url().includes('#/practice/'))
        api.push(u);
    });
    page.on('websocket', (ws) => page.url().includes('#/practice/') && api.push(ws.url()));
    await page.goto(server.url);
    // One online visit: the service worker keeps every built file and takes the page over.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: 30_000,
    });
    await page.getByLabel('Your name').fill('Ann');
    await page.getByRole('region', { name: 'practice against bots' }).waitFor();
    await shot(page, 'practice-lobby');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'practice-lobby-phone');
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByRole('button', { name: 'Practice The Boss' }).click();
    await page.waitForURL(/#\/practice\/p/);
    const url = page.url();
    await page.getByRole('list', { name: 'cities, left to right' }).waitFor();
    expect(await page.getByText('Practice', { exact: true }).count()).toBe(1);
    expect(await page.locator('[data-seat-panel="0"]').textContent()).toContain('You');

    // Once the table has loaded, the game needs no network: the browser goes offline.
    await context.setOffline(true);
    let turns = 0;
    let reloaded = false;
    while (await myTurnOrEnd(page)) {
      if (turns === 3 && !reloaded) {
        // Mid-game, on this seat's turn (nothing moves until it plays): a reload keeps it.
        await shot(page, 'practice-table');
        const hand = await page.locator('[data-testid=hand-0]').textContent();
        const log = await page.locator('.area-log li').count();
        // With the network off: the service worker brings the page back.
        await page.reload();
        await page.getByRole('button', { name: 'Confirm turn' }).waitFor();
        expect(page.url()).toBe(url);
        expect(await page.locator('[data-testid=hand-0]').textContent()).toBe(hand);
        // The log is rebuilt from the record.
        expect(await page.locator('.area-log li').count()).toBeGreaterThanOrEqual(log);
        reloaded = true;
        // The same table on a phone: nothing sticks out sideways.
        await page.setViewportSize({ width: 390, height: 844 });
        await page.waitForTimeout(150);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          390,
        );
        await shot(page, 'practice-table-phone');
        await page.setViewportSize({ width: 1366, height: 768 });
      }
      if (await playTurn(page, turns)) turns++;
      await page.waitForTimeout(30);
    }
    expect(reloaded).toBe(true);
    expect(turns).toBeGreaterThan(5);
    const ranking = page.getByRole('region', { name: 'final ranking' });
    expect(await ranking.locator('.ranking-list li').count()).toBe(4);
    await shot(page, 'practice-end');
    expect(api).toEqual([]);
    await context.setOffline(false);

    // The finished game: a record file to download, and its replay with every hand shown.
    const download = page.waitForEvent('download');
    await ranking.getByRole('link', { name: 'Download the record' }).click();
    const file = await (await download).path();
    expect(file).toBeTruthy();
    await ranking.getByRole('link', { name: 'Replay', exact: true }).click();
    const slider = page.getByRole('slider', { name: 'move' });
    await slider.waitFor();
    expect(Number(await slider.getAttribute('max'))).toBeGreaterThan(turns);
    expect(await page.locator('[data-seat-panel="0"] .who').textContent()).toBe('Ann');

    // Under Replays, beside the server's games.
    await page.goto(`${server.url}/#/replay`);
    const kept = page.getByRole('region', { name: 'practice games in this browser' });
    await kept.waitFor();
    expect(await kept.locator('li').count()).toBe(1);
    await kept.getByRole('link', { name: 'Replay' }).click();
    await page.getByRole('slider', { name: 'move' }).waitFor();
    // Its Analysis runs, as for a server's game.
    const analysis = page.getByRole('region', { name: 'analysis' });
    await analysis.getByLabel('Player').selectOption('0');
    await analysis.getByRole('button', { name: 'Analyse' }).click();
    await analysis.locator('table.analysis-table').waitFor({ timeout: 180_000 });
    // One row per decision of the person's (a forced move is no decision).
    expect(await analysis.locator('table.analysis-table tbody tr').count()).toBeGreaterThan(
      turns / 2,
    );
    await shot(page, 'practice-replay');
    // No game left to finish in the lobby.
    await page.goto(server.url);
    await page.getByRole('region', { name: 'practice against bots' }).waitFor();
    await page.waitForTimeout(300);
    expect(await page.getByRole('region', { name: 'practice games to finish' }).count()).toBe(0);
    // A game left unfinished is listed in the lobby to continue, or to discard.
    await page.getByRole('button', { name: 'Practice Big Boss' }).click();
    await page.getByRole('group', { name: 'track of 72 spaces' }).waitFor();
    await page.goto(server.url);
    const unfinished = page.getByRole('region', { name: 'practice games to finish' });
    await unfinished.waitFor();
    expect(await unfinished.locator('li').count()).toBe(1);
    await unfinished.getByRole('link', { name: 'Continue' }).click();
    await page.getByRole('group', { name: 'track of 72 spaces' }).waitFor();
    await page.goto(server.url);
    await unfinished.getByRole('button', { name: 'Discard' }).click();
    await unfinished.waitFor({ state: 'detached' });
    await context.close();
  }, 480_000);
  it('after one visit, opens and plays a practice game with the network off, a reload included (service worker)', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await page.goto(server.url);
    // The service worker keeps every built file once installed, then takes the page over.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: 30_000,
    });
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('button', { name: 'Practice The Boss' }).click();
    await page.getByRole('list', { name: 'cities, left to right' }).waitFor();
    for (let turn = 0; turn < 2; turn++) {
      expect(await myTurnOrEnd(page)).toBe(true);
      expect(await playTurn(page, turn)).toBe(true);
    }
    expect(await myTurnOrEnd(page)).toBe(true);
    const hand = await page.locator('[data-testid=hand-0]').textContent();
    await page.reload();
    await page.getByRole('button', { name: 'Confirm turn' }).waitFor();
    expect(await page.locator('[data-testid=hand-0]').textContent()).toBe(hand);
    await shot(page, 'practice-offline');
    await context.close();
  }, 120_000);
});
