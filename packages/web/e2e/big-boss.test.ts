/**
 * Big Boss end-to-end in real headless Chromium (Debian's `chromium`, driven by
 * playwright-core): the built web app served by the real server, as in browser.test.ts.
 * Screenshots go to test-artifacts/ (big-boss-*.png).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '@boss-table/server';
import {
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
  ({ server, browser } = await startE2E('boss-e2e-bb-'));
});

afterAll(() => stopE2E(server, browser));

/** The hands this page shows (their test ids): a seat's page shows its own only. */
const handsShown = (page: Page) =>
  page
    .locator('[data-testid^=bb-hand-]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));

/**
 * Plays this page's seat by clicking through the composer until the game is over: plays a
 * card when it can (the first offered, with the composer's first choices; every third turn
 * the last space offered, clicked on the board), else buys a card (row, deck or Level), else
 * sells nothing and passes; in the invest step buys the first share offered every other time.
 */
async function playByClicking(
  page: Page,
  seat: number,
): Promise<{ turns: number; kinds: Set<string> }> {
  let turns = 0;
  const kinds = new Set<string>();
  for (;;) {
    const turn = page.locator('form[aria-label="your turn"]');
    if (!(await turnOrEnd(page, turn, 'big-boss-stuck', 60_000))) return { turns, kinds };
    // Read the composer once (it is this seat's until it moves), then act on that form only.
    const seen = await page.evaluate(() => {
      const form = document.querySelector('form[aria-label="your turn"]');
      const buttons = [...(form?.querySelectorAll('button') ?? [])].map(
        (b) => b.getAttribute('aria-label') ?? b.textContent ?? '',
      );
      return {
        seq: form?.getAttribute('data-seq') ?? null,
        invest: !!form?.querySelector('select[data-share="0"]'),
        play: buttons.find((b) => /^(Found|Expand) with/.test(b)) ?? null,
        buy: buttons.find((b) => /^(Top of the deck|Face-up|Level card)/.test(b)) ?? null,
        pass: buttons.includes('Pass'),
        html: form?.outerHTML.slice(0, 2000) ?? 'no form',
      };
    });
    if (seen.seq === null) continue;
    const seq = seen.seq;
    const composer = page.locator(`form[aria-label="your turn"][data-seq="${seq}"]`);
    if (turns % 25 === 0) expect(await handsShown(page)).toEqual([`bb-hand-${seat}`]);
    if (seen.invest) {
      kinds.add('invest');
      const share = composer.locator('select[data-share="0"]');
      if (turns % 2 === 0 && (await share.locator('option').count()) > 1)
        await share.selectOption({ index: 1 });
    } else if (seen.play) {
      kinds.add(seen.play.startsWith('Found') ? 'found' : 'expand');
      await composer.getByRole('button', { name: seen.play, exact: true }).click();
      if (turns % 3 === 0) {
        const offered = page.locator('[data-space][role=button]');
        const n = await offered.count();
        if (n > 0) await offered.nth(n - 1).click();
      }
      if (kinds.size === 1 && turns < 3) await shot(page, 'big-boss-composer');
      if (turns >= 10 && !kinds.has('phone')) {
        // The same table on a phone: the 9 × 8 track, the composer below it.
        kinds.add('phone');
        await page.setViewportSize({ width: 390, height: 844 });
        await page.waitForFunction(() => {
          const svg = document.querySelector('svg.track');
          return svg?.getAttribute('viewBox') === '0 0 504 448';
        });
        // Nothing sticks out sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          390,
        );
        await shot(page, 'big-boss-phone');
        // The board and the controls on one screen, without scrolling.
        const fit = await page.evaluate(() => {
          window.scrollTo(0, 0);
          const track = document.querySelector('svg.track')!.getBoundingClientRect();
          const form = document.querySelector('form[aria-label="your turn"]')!;
          const confirm = [...form.querySelectorAll('button')].pop()!.getBoundingClientRect();
          return { top: track.top, bottom: confirm.bottom, height: window.innerHeight };
        });
        expect(fit.top).toBeGreaterThanOrEqual(0);
        expect(fit.bottom).toBeLessThanOrEqual(fit.height);
        await page.setViewportSize({ width: 1200, height: 900 });
      }
    } else if (seen.buy) {
      kinds.add('buy');
      await composer.getByRole('button', { name: seen.buy, exact: true }).click();
    } else {
      expect(seen.pass, `a composer with nothing to do: ${seen.html}`).toBe(true);
      kinds.add('pass');
      await composer.getByRole('button', { name: 'Pass', exact: true }).click();
    }
    const confirm = composer.getByRole('button', { name: 'Confirm', exact: true });
    expect(await confirm.isDisabled()).toBe(false);
    await confirm.click();
    turns++;
    // Wait for this move's events: the composer for this seq goes away.
    await page.waitForFunction(
      (s) => !document.querySelector(`form[aria-label="your turn"][data-seq="${s}"]`),
      seq,
      { timeout: 60_000 },
    );
  }
}

describe('Big Boss in a real browser', () => {
  it('creates a table from the lobby, plays a whole game against a bot by clicking, and sees the final money', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(server.url);
    await page.getByLabel('Your name').fill('Alice');
    await page.getByLabel('Game').selectOption('big-boss');
    await page.getByLabel('Players').selectOption('2');
    await page.getByLabel('Seat 2', { exact: true }).selectOption('bot:random');
    await page.getByLabel('First player').selectOption('0');
    await page.getByRole('heading', { name: 'New table of Big Boss' }).waitFor();
    await shot(page, 'big-boss-lobby');
    await page.getByRole('button', { name: 'Create table' }).click();
    // One person and bots: the lobby seats its creator at once.
    await page.getByRole('group', { name: 'track of 72 spaces' }).waitFor();
    await page.locator('[data-testid=bb-hand-0] .card').first().waitFor();
    const id = /#\/t\/([A-Za-z0-9_-]+)/.exec(page.url())![1];

    // A spectator on a phone sees the table and no hand at all.
    const spectator = await (
      await browser.newContext({ viewport: { width: 390, height: 844 } })
    ).newPage();
    await spectator.goto(`${server.url}/#/t/${id}`);
    await spectator.getByRole('group', { name: 'track of 72 spaces' }).waitFor();
    expect(await handsShown(spectator)).toEqual([]);
    await shot(spectator, 'big-boss-spectator-phone');

    const { turns, kinds } = await playByClicking(page, 0);
    expect(turns).toBeGreaterThan(5);
    expect(kinds).toContain('found');
    expect(kinds).toContain('invest');
    const ranking = page.getByRole('region', { name: 'final ranking' });
    const money = ranking.getByRole('table', { name: 'final money' });
    expect(await money.locator('tbody tr').count()).toBe(2);
    expect(await money.textContent()).toMatch(/winner/);
    expect(await ranking.textContent()).toMatch(/Decided by/);
    expect(await handsShown(page)).toEqual(['bb-hand-0']);
    expect(await page.getByRole('list').filter({ hasText: 'Game over' }).count()).toBeGreaterThan(
      0,
    );
    await shot(page, 'big-boss-game-over');
    // A reload keeps the whole log (the snapshot brings every past move's events), word for word.
    const log = page.getByRole('region', { name: 'game log' });
    const logBefore = (await log.textContent()) ?? '';
    const linesBefore = await log.locator('li').count();
    expect(linesBefore).toBeGreaterThan(turns);
    await page.reload();
    await page.getByRole('heading', { name: 'Game over' }).waitFor();
    await page.waitForFunction(
      (n) => document.querySelectorAll('[aria-label="game log"] li').length >= n,
      linesBefore,
    );
    expect(await log.textContent()).toBe(logBefore);
    await spectator.getByRole('heading', { name: 'Game over' }).waitFor();
    expect(await handsShown(spectator)).toEqual([]);

    // The finished game replays step by step from its record, every hand shown.
    const { slider, moves } = await openReplay(page, server, id);
    expect(Number(await slider.getAttribute('max'))).toBe(moves);
    expect(await handsShown(page)).toEqual(['bb-hand-0', 'bb-hand-1']);
    await page.getByRole('button', { name: 'next move' }).click();
    await page.getByText('Move 1 of').waitFor();
    await slider.fill(String(moves));
    await page.getByRole('table', { name: 'final money' }).waitFor();
    await shot(page, 'big-boss-replay');
    await page.close();
  }, 240_000);

  it('plays a whole original-rules game by clicking, to the final money', async () => {
    const created = await createTable(server, {
      game: 'big-boss',
      options: { rules: 'original' },
      seats: [{ kind: 'human' }, { kind: 'bot', bot: 'heuristic' }],
    });
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await takeSeat(page, server, created, 0, 'Orla');
    await page.locator('[data-testid=bb-hand-0] .card').first().waitFor();
    // Original rules: twelve cards, no face-up row or Level stack to buy from.
    expect(await page.locator('[data-testid=bb-hand-0] .card').count()).toBe(12);
    const { turns, kinds } = await playByClicking(page, 0);
    expect(turns).toBeGreaterThan(3);
    expect(kinds).toContain('invest');
    const money = page
      .getByRole('region', { name: 'final ranking' })
      .getByRole('table', { name: 'final money' });
    expect(await money.locator('tbody tr').count()).toBe(2);
    expect(await money.textContent()).toMatch(/winner/);
    await shot(page, 'big-boss-original-game-over');
    await page.close();
  }, 240_000);

  it('two people at one table each see only their own hand (the others a count), and it comes back on reload', async () => {
    const created = await createTable(server, {
      game: 'big-boss',
      options: { rules: 'original' },
      seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', bot: 'random' }],
    });
    const pages: Page[] = [];
    const hands: string[] = [];
    for (const [seat, name] of [
      [0, 'Ann'],
      [1, 'Bob'],
    ] as const) {
      const page = await (
        await browser.newContext({ viewport: { width: 390, height: 844 } })
      ).newPage();
      await takeSeat(page, server, created, seat, name);
      await page.locator(`[data-testid=bb-hand-${seat}] .card`).first().waitFor();
      hands.push((await page.locator(`[data-testid=bb-hand-${seat}]`).textContent()) ?? '');
      pages.push(page);
    }
    for (const [seat, page] of pages.entries()) {
      expect(await handsShown(page)).toEqual([`bb-hand-${seat}`]);
      // Original rules: 12 cards each, and the other seat's row shows only a count.
      expect(await page.locator(`[data-testid=bb-hand-${seat}] .card`).count()).toBe(12);
      const other = page.locator(`[data-seat-panel="${1 - seat}"]`);
      expect(await other.locator('.card').count()).toBe(0);
      expect(await other.textContent()).toMatch(/12 cards/);
    }
    // After a reload the seat's own hand comes back, the same cards.
    await pages[1].reload();
    await pages[1].locator('[data-testid=bb-hand-1] .card').first().waitFor();
    expect(await pages[1].locator('[data-testid=bb-hand-1]').textContent()).toBe(hands[1]);
    await shot(pages[1], 'big-boss-second-seat-phone');
    for (const page of pages) await page.context().close();
  }, 120_000);
});
