// Browser tests of practice Big Boss, Boss Cards and I'm the Boss!: whole games offline, and the rules' clocks run in the page.
/**
 * End-to-end: practice games of Big Boss, Boss Cards and I'm the Boss! (four rounds, quick
 * clocks) against a bot, from the new-table form's "Practice these seats offline", run in the
 * page's worker and played to their end by clicking with the browser offline, a reload in
 * the middle; then the replay and its Analysis.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '@boss-table/server';
import { shot, startE2E, stopE2E, turnOrEnd } from './harness.js';
import { playByClicking } from './imb-clicks.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2E('boss-e2e-practice-games-'));
});

afterAll(() => stopE2E(server, browser));

/** This seat's composer (true) or the end of the game (false). */
const myTurn = (page: Page, name: string) =>
  turnOrEnd(page, page.locator('form[aria-label="your turn"]'), `practice-${name}-stuck`, 60_000);

/** Waits for the move of the composer numbered `seq` to be taken (its composer goes). */
const taken = (page: Page, seq: string) =>
  page.waitForFunction(
    (s) => !document.querySelector(`form[aria-label="your turn"][data-seq="${s}"]`),
    seq,
    { timeout: 60_000 },
  );

/** Big Boss: plays a card when it can, else buys one, else passes; invests nothing. */
async function playBigBoss(page: Page, midway: () => Promise<void>): Promise<number> {
  let turns = 0;
  while (await myTurn(page, 'big-boss')) {
    if (turns === 3) await midway();
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
      };
    });
    if (seen.seq === null) continue;
    const composer = page.locator(`form[aria-label="your turn"][data-seq="${seen.seq}"]`);
    if (!seen.invest) {
      const pick = seen.play ?? seen.buy ?? 'Pass';
      await composer.getByRole('button', { name: pick, exact: true }).click();
    }
    await composer.getByRole('button', { name: 'Confirm', exact: true }).click();
    turns++;
    await taken(page, seen.seq);
  }
  return turns;
}

/** Boss Cards: plays a plain card or an ace if it can, else a Boss card naming clubs, else draws, else passes. */
async function playBossCards(page: Page, midway: () => Promise<void>): Promise<number> {
  let turns = 0;
  while (await myTurn(page, 'boss-cards')) {
    if (turns === 3) await midway();
    const state = await page.evaluate(() => {
      const form = document.querySelector('form[aria-label="your turn"]');
      const cards = [...document.querySelectorAll('[data-testid=bc-hand-0] button[data-card]')];
      const labels = [...(form?.querySelectorAll('button') ?? [])].map((b) => b.textContent);
      return {
        seq: form?.getAttribute('data-seq') ?? null,
        playable: cards
          .filter((c) => c.getAttribute('data-playable') === 'true')
          .map((c) => c.getAttribute('data-card')!),
        draw: labels.includes('Draw a card'),
      };
    });
    if (state.seq === null) continue;
    const form = page.locator(`form[aria-label="your turn"][data-seq="${state.seq}"]`);
    const hand = page.locator('[data-testid=bc-hand-0]');
    const rank = (c: string) => /^(10|[2-9JQKA])/.exec(c)![1];
    const plain = state.playable.find((c) => !'JQK'.includes(rank(c)));
    const boss = state.playable.find((c) => 'JQK'.includes(rank(c)));
    if (plain) await hand.locator(`button[data-card="${plain}"]`).click();
    else if (boss) {
      await hand.locator(`button[data-card="${boss}"]`).click();
      await form.getByRole('button', { name: 'Name clubs' }).click();
    } else if (state.draw) await form.getByRole('button', { name: 'Draw a card' }).click();
    else await form.getByRole('button', { name: 'Pass' }).click();
    turns++;
    await taken(page, state.seq);
  }
  return turns;
}

/** I'm the Boss!: the online test's clicking player, with no advice and no screenshots. */
async function playImTheBoss(page: Page, midway: () => Promise<void>): Promise<number> {
  const counts: Record<string, number> = {};
  const opts = { shots: false, counts };
  const acted = () => Object.values(counts).reduce((a, b) => a + b, 0);
  // Three actions of the person's, then a reload, then on to the end.
  const first = await playByClicking(
    page,
    (x) => acted() >= 3 || x.has('over'),
    120_000,
    undefined,
    opts,
  );
  if (!first.has('over')) await midway();
  const seen = first.has('over')
    ? first
    : await playByClicking(page, (x) => x.has('over'), 240_000, undefined, opts);
  expect(seen.has('over')).toBe(true);
  return acted();
}

const GAMES = [
  {
    id: 'big-boss',
    name: 'Big Boss',
    ready: (page: Page) => page.getByRole('group', { name: 'track of 72 spaces' }).waitFor(),
    play: playBigBoss,
  },
  {
    id: 'boss-cards',
    name: 'Boss Cards',
    ready: (page: Page) =>
      page.locator('[data-testid=bc-hand-0] button[data-card]').first().waitFor(),
    play: playBossCards,
    options: async (page: Page) => {
      // 10 points: a game of 2–5 rounds (at 20 a seed may run 9 rounds, five minutes here).
      await page.getByLabel('Target').selectOption('10');
    },
  },
  {
    id: 'im-the-boss',
    name: "I'm the Boss!",
    ready: (page: Page) => page.locator('.imb-board').waitFor(),
    play: playImTheBoss,
    options: async (page: Page) => {
      await page.getByLabel('Length').selectOption('4');
      await page.getByLabel('Pace').selectOption('quick');
    },
  },
];

describe('practice games of the other games', () => {
  for (const g of GAMES)
    it(`plays ${g.name} against a bot to its end, offline, from the new-table form`, async () => {
      const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
      const page = await context.newPage();
      await page.goto(server.url);
      // One online visit: the service worker keeps every built file, then takes the page over,
      // so the whole game below, its reload included, runs with the network off.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
        timeout: 30_000,
      });
      await page.getByLabel('Your name').fill('Ann');
      await page.getByLabel('Game').selectOption(g.id);
      await page.getByRole('heading', { name: `New table of ${g.name}` }).waitFor();
      await page.getByLabel('Players').selectOption('2');
      await page.getByLabel('Seat 2', { exact: true }).selectOption('bot:heuristic');
      await g.options?.(page);
      await page.getByRole('button', { name: 'Practice these seats offline' }).click();
      await page.waitForURL(/#\/practice\/p/);
      await g.ready(page);
      await context.setOffline(true);
      expect(await page.locator('[data-seat-panel="1"]').textContent()).toContain('Rules of thumb');
      const url = page.url();
      let reloaded = false;
      // Mid-game: a reload with the network off (the page comes from the service worker)
      // brings back the same game, its log rebuilt from the record.
      const midway = async () => {
        const log = await page.locator('.area-log li').count();
        await page.reload();
        await g.ready(page);
        expect(page.url()).toBe(url);
        expect(await page.locator('.area-log li').count()).toBeGreaterThanOrEqual(log);
        reloaded = true;
      };
      const turns = await g.play(page, midway);
      expect(turns).toBeGreaterThan(3);
      expect(reloaded).toBe(true);
      const ranking = page.getByRole('region', { name: 'final ranking' });
      await ranking.waitFor();
      await shot(page, `practice-${g.id}-end`);
      // Still offline: the replay comes from the browser's store, its Analysis from the page.
      await ranking.getByRole('link', { name: 'Replay', exact: true }).click();
      await page.getByRole('slider', { name: 'move' }).waitFor();
      // Its Analysis runs in the page, as for a server's game: a row per decision of the person's.
      const analysis = page.getByRole('region', { name: 'analysis' });
      await analysis.getByLabel('Player').selectOption('0');
      await analysis.getByRole('button', { name: 'Analyse' }).click();
      await analysis.locator('table.analysis-table').waitFor({ timeout: 180_000 });
      expect(await analysis.locator('table.analysis-table tbody tr').count()).toBeGreaterThan(0);
      await shot(page, `practice-${g.id}-analysis`);
      await context.close();
    }, 540_000);
});

/** The seconds left on the first of the rules' clocks that mentions this seat's turn. */
const secondsLeft = async (page: Page): Promise<number> => {
  const text = await page
    .getByRole('group', { name: 'clocks' })
    .getByRole('timer')
    .filter({ hasText: /your turn/i })
    .first()
    .textContent();
  const m = /(\d+):(\d\d)/.exec(text ?? '')!;
  return Number(m[1]) * 60 + Number(m[2]);
};

/** Tells the page its tab was hidden or shown (as the browser does when switching tabs). */
const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate((h) => {
    Object.defineProperty(document, 'visibilityState', {
      value: h ? 'hidden' : 'visible',
      configurable: true,
    });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);

describe("practice I'm the Boss!", () => {
  it('runs the rules’ clocks in the page: they stand still while the tab is hidden, and move for the person when they run out', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await page.goto(server.url);
    await page.getByRole('button', { name: "Practice I'm the Boss!" }).click();
    await page.waitForURL(/#\/practice\/p/);
    // The seat that places the marker is drawn from the game's seed, so the person's first
    // turn may come after the bots' first moves: wait for a clock that is the person's.
    await page
      .getByRole('group', { name: 'clocks' })
      .getByRole('timer')
      .filter({ hasText: /your turn/i })
      .first()
      .waitFor({ timeout: 60_000 });
    await context.setOffline(true);
    const before = await secondsLeft(page);
    await setHidden(page, true);
    await page.waitForTimeout(4000);
    await setHidden(page, false);
    await page.waitForTimeout(500);
    const after = await secondsLeft(page);
    // Hidden for 4 s and shown for about half a second: the clock lost no more than that.
    expect(before - after).toBeLessThanOrEqual(2);
    await shot(page, 'practice-im-the-boss');
    // Left alone, the clock runs out and the rules move for the person.
    await page
      .locator('.area-log')
      .getByText(/Time ran out/)
      .first()
      .waitFor({ timeout: (after + 15) * 1000 });
    await context.close();
  }, 120_000);
});
