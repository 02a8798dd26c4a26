/**
 * End-to-end in real headless Chromium (Debian's `chromium`, driven by playwright-core):
 * the built web app served by the real server. Screenshots go to test-artifacts/.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '@boss-table/server';
import {
  artifacts,
  createTable,
  openReplay,
  shot,
  startE2E,
  stopE2E,
  takeSeat,
  turnOrEnd,
} from './harness.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2E('boss-e2e-'));
});

afterAll(() => stopE2E(server, browser));

/** Plays this page's seat by clicking until the final ranking shows. */
async function playByClicking(page: Page, screenshots = false): Promise<number> {
  let turns = 0;
  for (;;) {
    const turn = page.getByRole('button', { name: 'Confirm turn' });
    // Stuck: a picture of the page is kept to see why.
    if (!(await turnOrEnd(page, turn, 'stuck', 30_000))) return turns;
    const composer = page.getByRole('form', { name: 'your turn' });
    // Every other turn, place cubes on the first city that takes them.
    if (turns % 2 === 0) {
      const city = composer.locator('fieldset').first().locator('button:not([disabled])').nth(1);
      if (await city.count()) await city.click();
    }
    await composer.locator('fieldset').nth(1).locator('button').first().click();
    if (screenshots && turns === 0) await shot(page, 'table-composer');
    const confirm = composer.getByRole('button', { name: 'Confirm turn' });
    // The composer may still be the previous turn's, waiting for its move's answer: once the
    // new turn's choices arrive, pick again (no cubes, the first card) until it may be sent.
    let ready = !(await confirm.isDisabled());
    for (let tries = 0; !ready && tries < 50; tries++) {
      await page.waitForTimeout(200);
      const again = async () => {
        await composer.getByRole('button', { name: 'No cubes' }).click({ timeout: 2000 });
        await composer
          .locator('fieldset')
          .nth(1)
          .locator('button')
          .first()
          .click({ timeout: 2000 });
        return !(await confirm.isDisabled({ timeout: 2000 }));
      };
      ready = await again().catch(() => false);
      if (!ready && (await page.getByRole('heading', { name: 'Game over' }).count())) break;
    }
    if (!ready) continue; // the game is over, or the turn went elsewhere: look again
    await confirm.click();
    turns++;
    await page.waitForTimeout(30);
  }
}

describe('in a real browser', () => {
  it('creates a table with three bots and plays a whole game by clicking', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(server.url);
    await page.getByLabel('Your name').fill('Alice');
    await shot(page, 'lobby');
    await page.getByRole('button', { name: 'Create table' }).click();
    // One person and bots: the lobby seats its creator at once.
    await page.getByRole('list', { name: 'cities, left to right' }).waitFor();
    const turns = await playByClicking(page, true);
    expect(turns).toBeGreaterThan(5);
    // The last round's results show beside the board.
    const results = page.getByRole('region', { name: 'round results' });
    expect(await results.count()).toBe(1);
    const ranking = page.getByRole('region', { name: 'final ranking' });
    expect(await ranking.locator('.ranking-list li').count()).toBe(4);
    // The end explained in words: points per round and city, how the winner was found.
    const rounds = ranking.getByRole('table', { name: 'points per round' });
    expect(await rounds.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await ranking.textContent()).toMatch(/had the most points|Tied on points/);
    expect(await page.locator('body').textContent()).not.toMatch(
      /cubes-available|last-round-points|decided by/,
    );
    await shot(page, 'game-over');
    // The log overflows its column, and its newest line is in view.
    const log = await page.evaluate(() => {
      const ol = document.querySelector('[aria-label="game log"] ol')!;
      return {
        overflows: ol.scrollHeight > ol.clientHeight,
        last: ol.lastElementChild!.getBoundingClientRect().bottom,
        bottom: ol.getBoundingClientRect().bottom,
      };
    });
    expect(log.overflows).toBe(true);
    expect(log.last).toBeLessThanOrEqual(log.bottom + 1);
    const id = /#\/t\/([A-Za-z0-9_-]+)/.exec(page.url())![1];
    // Held for the player until they move on.
    await results.getByRole('button', { name: 'Close' }).click();
    await results.waitFor({ state: 'detached', timeout: 5_000 });
    // "Replay" opens the replay at once, with the players' names.
    await page.getByRole('link', { name: 'Replay', exact: true }).click();
    await page.getByRole('slider', { name: 'move' }).waitFor();
    expect(await page.locator('[data-seat-panel="0"] .who').textContent()).toBe('Alice');
    // Timings for docs/benchmarks.md (recorded, not asserted: no timed tests).
    const perf = await page.evaluate(() => (globalThis as { __bossPerf?: unknown }).__bossPerf);
    writeFileSync(join(artifacts, 'web-perf.json'), JSON.stringify(perf));
    expect((perf as { eventsToFrame: number[] }).eventsToFrame.length).toBeGreaterThan(turns);
    // Every move's events reached the page before the browser drew its next frame (not a
    // timing: the table puts them in the page in the task they arrive in).
    expect((perf as { eventsMissedFrame: number }).eventsMissedFrame).toBe(0);
    // The finished game replays step by step from its record, everything revealed.
    const { slider, moves } = await openReplay(page, server, id);
    expect(Number(await slider.getAttribute('max'))).toBe(moves);
    expect(await page.locator('.hand .card:not(.back)').count()).toBeGreaterThan(4 * 4); // every hand shown
    await page.getByRole('button', { name: 'next move' }).click();
    await page.getByText('Move 1 of').waitFor();
    await shot(page, 'replay');
    await page.close();
  }, 120_000);

  it('shows each player only their own hand, a spectator none, and restores a table on reload', async () => {
    const created = await createTable(server, {
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', bot: 'random' }],
    });
    const pages: Page[] = [];
    for (const [seat, name] of [
      [0, 'Ann'],
      [1, 'Bob'],
    ] as const) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } }); // a phone
      const page = await context.newPage();
      await takeSeat(page, server, created, seat, name);
      await page.locator(`[data-testid=hand-${seat}] .card:not(.back)`).first().waitFor();
      pages.push(page);
    }
    const spectator = await (await browser.newContext()).newPage();
    await spectator.goto(`${server.url}/#/t/${created.id}`);
    await spectator.locator('[data-testid=hand-0] .card').first().waitFor();
    for (const [seat, page] of pages.entries()) {
      const other = 1 - seat;
      expect(
        await page.locator(`[data-testid=hand-${seat}] .card:not(.back)`).count(),
      ).toBeGreaterThan(0);
      expect(await page.locator(`[data-testid=hand-${other}] .card:not(.back)`).count()).toBe(0);
      expect(await page.locator(`[data-testid=hand-2] .card:not(.back)`).count()).toBe(0);
    }
    expect(await spectator.locator('.hand .card:not(.back)').count()).toBe(0);
    await shot(pages[0], 'two-players-phone');
    await shot(spectator, 'spectator');
    // Reload mid-game: the seat comes back from this browser's storage.
    const before = await pages[0].locator('[data-testid=hand-0]').textContent();
    await pages[0].reload();
    await pages[0].locator('[data-testid=hand-0] .card:not(.back)').first().waitFor();
    expect(await pages[0].locator('[data-testid=hand-0]').textContent()).toBe(before);
    // Both play to the end; then each sees the ranking.
    await Promise.all(pages.map((p) => playByClicking(p)));
    for (const p of [...pages, spectator])
      await p.getByRole('heading', { name: 'Game over' }).waitFor();
    await shot(spectator, 'spectator-end');
    // The end on a phone (ranking, points per round) does not scroll sideways.
    expect(
      await pages[0].evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await shot(pages[0], 'game-over-phone');
    // Ann asks for a rematch; Bob is offered it and joins.
    await pages[0].getByRole('button', { name: 'Rematch' }).click();
    await pages[0].waitForURL((u) => !u.hash.includes(created.id));
    const offer = pages[1].getByRole('button', { name: 'Join the rematch' });
    await offer.waitFor();
    await shot(pages[1], 'rematch-offer');
    await offer.click();
    await pages[1].waitForURL((u) => !u.hash.includes(created.id));
    expect(pages[1].url()).toBe(pages[0].url());
    await pages[1].locator('[data-testid=hand-1] .card:not(.back)').first().waitFor();
  }, 180_000);
});
