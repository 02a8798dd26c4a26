/**
 * The table, second pass (issue 29), in real headless Chromium: the lobby in one line per game
 * and no table timer for a game with its own clocks; a person with bots seated at once; I'm the
 * Boss!'s clocks in view with a warning near their end, what a clock did marked in the log;
 * the Replays menu listing finished games. Screenshots at 1366×768 and 390×844 go to
 * test-artifacts/second-pass-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '@boss-table/server';
import { QUICK_CLOCKS } from '../src/im-the-boss/index.js';
import { artifacts, createTable, startE2E, stopE2E, takeSeat } from './harness.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2E('boss-e2e-second-'));
});

afterAll(() => stopE2E(server, browser));

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

async function both(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(150);
  await page.screenshot({ path: `${artifacts}second-pass-${name}.png` });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(150);
  await page.screenshot({ path: `${artifacts}second-pass-${name}-phone.png` });
  await page.setViewportSize(DESKTOP);
}

describe('the table, second pass', () => {
  it('the lobby says what each game is, hides the timer for a game with clocks, and seats a person with bots at once', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(server.url);
    const intro = page.getByRole('region', { name: 'about Boss Table' });
    expect(await intro.textContent()).toMatch(/I'm the Boss!: deal-making/);
    expect(await page.getByLabel('Timer').count()).toBe(1);
    await page.getByLabel('Game').selectOption('im-the-boss');
    expect(await page.getByLabel('Timer').count()).toBe(0);
    await page.getByLabel('Players').selectOption('3');
    await page.getByLabel('Seat 2', { exact: true }).selectOption('bot:ismcts:easy');
    expect(
      await page.getByLabel('Seat 2', { exact: true }).locator('option:checked').textContent(),
    ).toMatch(/^Bot: Easy search( ≈ \d+| \(not rated yet\))$/);
    await both(page, 'lobby');
    await page.getByLabel('Seat 3', { exact: true }).selectOption('bot:heuristic');
    await page.getByRole('button', { name: 'Create table' }).click();
    // No invite to send, no "Sit here" to find: the table, seated.
    await page.locator('.imb-board').waitFor();
    await page.getByRole('group', { name: 'clocks' }).waitFor();
    expect(page.url()).toMatch(/#\/t\//);
    expect(await page.locator('.who').allTextContents()).toContain('Bot 2 (Easy search)');
    await page.close();
  }, 60_000);

  it("I'm the Boss!: the deal's clocks above the board, a warning near zero, and the breakdown marked as the clock's in the log", async () => {
    const created = await createTable(server, {
      game: 'im-the-boss',
      options: { clocks: { ...QUICK_CLOCKS, idle: 9_000 } },
      seats: [
        { kind: 'human' },
        { kind: 'bot', bot: 'heuristic' },
        { kind: 'bot', bot: 'heuristic' },
      ],
    });
    const page = await browser.newPage({ viewport: DESKTOP });
    await takeSeat(page, server, created, 0, 'Alice');
    await page.locator('.imb-board').waitFor();
    const clocks = page.getByRole('group', { name: 'clocks' });
    // Play my turns until I am the Boss of a deal: place, roll or declare.
    const form = page.locator('form[aria-label="your move"]');
    for (let i = 0; i < 400; i++) {
      if ((await page.locator('.imb-deal h3', { hasText: 'You are the Boss' }).count()) > 0) break;
      try {
        const lit = page.locator('.imb-space.pick');
        const declare = form.getByRole('button', { name: /^Declare the deal/ });
        const roll = form.getByRole('button', { name: 'Roll the die' });
        const draw = form.getByRole('button', { name: 'Draw cards' });
        const discard = form.getByRole('button', { name: /^Discard/ });
        const pass = page
          .locator('section.imb-window')
          .getByRole('button', { name: 'Let it pass' });
        if (await lit.count()) await lit.first().click({ timeout: 2000 });
        else if (await declare.count()) await declare.click({ timeout: 2000 });
        else if (await roll.count()) await roll.click({ timeout: 2000 });
        else if (await draw.count()) await draw.click({ timeout: 2000 });
        else if (await discard.count()) {
          const n = Number(/\/(\d+)/.exec((await discard.textContent()) ?? '')![1]);
          const boxes = form.locator('.imb-picks input');
          for (let k = 0; k < n; k++) await boxes.nth(k).check();
          await discard.click({ timeout: 2000 });
        } else if (await pass.count()) await pass.click({ timeout: 2000 });
        else await page.waitForTimeout(200);
      } catch (e) {
        if (!/Timeout|detached|not attached|intercepts|outside/.test(String(e))) throw e;
      }
      await page.waitForTimeout(100);
    }
    await page.locator('.imb-deal h3', { hasText: 'You are the Boss' }).waitFor();
    await clocks.getByRole('timer').filter({ hasText: 'The deal' }).waitFor();
    expect(await clocks.textContent()).toMatch(/Without progress \d:\d\d/);
    await both(page, 'imb-boss');
    // On a phone the sheet leaves most of the board in view, and Abandon is not where the
    // thumb rests (at the sheet's top, above the terms).
    await page.setViewportSize(PHONE);
    const sheet = (await page.locator('.area-controls').boundingBox())!;
    expect(sheet.height).toBeLessThan(PHONE.height * 0.45);
    const abandon = (await form.getByRole('button', { name: 'Abandon the deal' }).boundingBox())!;
    const propose = (await form.getByRole('button', { name: /^Propose to / }).boundingBox())!;
    expect(abandon.y).toBeLessThan(propose.y);
    await page.setViewportSize(DESKTOP);
    // Nobody moves: the progress clock turns red and says what happens at zero.
    const low = clocks.locator('.imb-clock.low');
    // (bots' offers count as progress: then the deal's own clock gets there first)
    await low.waitFor({ timeout: 60_000 });
    expect(await low.first().textContent()).toMatch(/then the deal breaks down/);
    await both(page, 'imb-clock-low');
    // The deal ends (nobody here accepts): by a clock, unless a bot took it over and closed
    // it. A breakdown by a clock is marked as the clock's in the log, in words.
    await page.locator('.imb-deal').waitFor({ state: 'detached', timeout: 90_000 });
    const lines = await page.locator('.log li').allTextContents();
    const last = lines.findLastIndex((l) => /The deal (breaks down|closes)/.test(l));
    expect(last).toBeGreaterThan(0);
    if (/breaks down/.test(lines[last])) {
      expect(lines[last - 1]).toMatch(/^Time ran out: /);
      expect(lines[last]).toMatch(
        /The deal breaks down: (nobody made progress in time|the deal's time ran out)\./,
      );
      const marked = page.locator('.log li.log-clock');
      expect(await marked.count()).toBeGreaterThan(0);
    }
    expect(lines.join('\n')).not.toMatch(/idle-limit|deal-limit|action-limit|\(#?\w+-\w+\)/);
    await both(page, 'imb-after-deal');
    await page.close();
  }, 180_000);

  it('the Replays menu lists finished games beside the file picker', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${server.url}/#/replay`);
    await page.getByRole('region', { name: 'finished games' }).waitFor();
    expect(await page.locator('input[type=file]').count()).toBe(1);
    await both(page, 'replays');
    await page.close();
  }, 60_000);
});

/** The Boss: one turn by clicking (cubes on a city every other turn, then the first card). */
async function theBossTurn(page: Page, n: number): Promise<boolean> {
  const composer = page.getByRole('form', { name: 'your turn' });
  try {
    if (n % 2 === 0) {
      const city = composer.locator('fieldset').first().locator('button:not([disabled])').nth(1);
      if (await city.count()) await city.click({ timeout: 2000 });
    }
    await composer.locator('fieldset').nth(1).locator('button').first().click({ timeout: 2000 });
    const confirm = composer.getByRole('button', { name: 'Confirm turn' });
    if (await confirm.isDisabled({ timeout: 2000 })) {
      await composer.getByRole('button', { name: 'No cubes' }).click({ timeout: 2000 });
      await composer.locator('fieldset').nth(1).locator('button').first().click({ timeout: 2000 });
    }
    if (await confirm.isDisabled({ timeout: 2000 })) return false;
    await confirm.click({ timeout: 2000 });
    return true;
  } catch {
    return false;
  }
}

describe('The Boss at 1366×768', () => {
  it('the log and the round results in view beside the board; the round end held; the last rewards at the end', async () => {
    const created = await createTable(server, {
      game: 'the-boss',
      options: {},
      seats: [
        { kind: 'human' },
        { kind: 'bot', bot: 'heuristic' },
        { kind: 'bot', bot: 'heuristic' },
      ],
    });
    const page = await browser.newPage({ viewport: DESKTOP });
    await takeSeat(page, server, created, 0, 'Alice');
    const over = page.getByRole('heading', { name: 'Game over' });
    const results = page.getByRole('region', { name: 'round results' });
    let shots = 0;
    for (let n = 0; n < 400 && !(await over.count()); n++) {
      if ((await results.count()) && shots === 0 && !(await over.count())) {
        shots++;
        // The round's end stays on the board, rewards revealed, with its results and the log
        // in view at 1366×768 (nothing below the fold to find them).
        await page.locator('.round-end-note').waitFor();
        expect(await page.locator('.reward-face').count()).toBeGreaterThan(0);
        for (const area of [results, page.getByRole('region', { name: 'game log' })]) {
          const box = (await area.boundingBox())!;
          expect(box.y).toBeLessThan(DESKTOP.height - 60);
        }
        await both(page, 'the-boss-round-end');
        // Held until the player moves on.
        await page.waitForTimeout(9_000);
        expect(await results.count()).toBe(1);
        await results.getByRole('button', { name: 'Next round' }).click();
        expect(await page.locator('.round-end-note').count()).toBe(0);
      }
      const confirm = page.getByRole('button', { name: 'Confirm turn' });
      if (await confirm.count()) {
        // A round that a bot's move just ended may still be drawing its results: give them a
        // moment, so that the player's own move does not close them before they are seen.
        if (shots === 0) {
          await page.waitForTimeout(300);
          if ((await results.count()) && !(await over.count())) continue;
        }
        await theBossTurn(page, n);
      } else await page.waitForTimeout(100);
    }
    await over.waitFor({ timeout: 60_000 });
    await page.waitForTimeout(500);
    // The end shows the last rewards on the cities, not blank tiles.
    expect(await page.locator('.reward-face').count()).toBeGreaterThan(0);
    expect(shots).toBe(1);
    await both(page, 'the-boss-end');
    await page.close();
  }, 240_000);
});

describe('Big Boss at 1366×768', () => {
  it('the log beside or under the board, within reach', async () => {
    const created = await createTable(server, {
      game: 'big-boss',
      options: {},
      seats: [
        { kind: 'human' },
        { kind: 'bot', bot: 'heuristic' },
        { kind: 'bot', bot: 'heuristic' },
      ],
    });
    const page = await browser.newPage({ viewport: DESKTOP });
    await takeSeat(page, server, created, 0, 'Alice');
    await page.getByRole('region', { name: 'game log' }).waitFor();
    await page.waitForTimeout(1500);
    const box = (await page.getByRole('region', { name: 'game log' }).boundingBox())!;
    expect(box.y).toBeLessThan(DESKTOP.height);
    await both(page, 'big-boss-table');
    await page.close();
  }, 60_000);
});
