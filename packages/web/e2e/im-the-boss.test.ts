/**
 * I'm the Boss! end-to-end in real headless Chromium (Debian's `chromium`, driven by
 * playwright-core): the built web app served by the real server. A person with three bots
 * plays by clicking — negotiating, answering stop windows, to the final money when time
 * allows. Screenshots go to test-artifacts/ (im-the-boss-*.png).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '@boss-table/server';
import { shot, startE2E, stopE2E } from './harness.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2E('boss-e2e-imb-'));
});

afterAll(() => stopE2E(server, browser));

/** The hands this page shows (their test ids): a seat's page shows its own only. */
const handsShown = (page: Page) =>
  page
    .locator('[data-testid^=imb-hand-]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));

/** What this page shows now, read in one go. */
async function read(page: Page) {
  return page.evaluate(() => {
    const win = document.querySelector('section.imb-window');
    const form = document.querySelector('form[aria-label="your move"]');
    const buttons = (root: Element | null) =>
      root
        ? [...root.querySelectorAll('button')].map((b) => ({
            text: b.textContent ?? '',
            disabled: (b as HTMLButtonElement).disabled,
          }))
        : [];
    return {
      over: !!document.querySelector('[aria-label="final ranking"]'),
      window: win ? (win.getAttribute('aria-label') ?? '') : null,
      windowText: win?.textContent ?? '',
      windowButtons: buttons(win),
      seq: form?.getAttribute('data-seq') ?? null,
      heading: form?.querySelector('h2')?.textContent ?? '',
      formButtons: buttons(form),
      picks: form ? form.querySelectorAll('.imb-picks input').length : 0,
      lit: document.querySelectorAll('.imb-space.pick').length,
      bar: document.querySelector('[aria-label="action bar"] .what')?.textContent ?? '',
    };
  });
}

/**
 * Plays this page's seat by clicking until the game is over or `until` says enough: places
 * the marker, declares a deal when it may (as Boss: terms to the others that a bot takes),
 * else rolls and draws; accepts offers made to it; answers windows (Stop against a Boss card
 * when it holds one). Returns what it saw and did.
 */
async function playByClicking(page: Page, until: (seen: Set<string>) => boolean, budgetMs: number) {
  const seen = new Set<string>();
  const start = Date.now();
  let proposedAt = '';
  let shots = 0;
  while (Date.now() - start < budgetMs && !until(seen)) {
    const s = await read(page);
    if (s.over) {
      seen.add('over');
      break;
    }
    try {
      if (s.window) {
        seen.add(s.window);
        const stop = s.windowButtons.find((b) => b.text === 'Stop');
        const pass = s.windowButtons.find((b) => b.text === 'Let it pass');
        if (s.window === 'stop window' && pass) {
          // Asked and not answered yet: the Stop button is there, held or not.
          expect(stop).toBeDefined();
          seen.add(stop!.disabled ? 'stop-disabled' : 'stop-enabled');
          if (shots < 2) {
            shots++;
            await shot(page, `im-the-boss-stop-window-${stop!.disabled ? 'no-stop' : 'stop'}`);
          }
        }
        if (stop && !stop.disabled && /I'm the Boss!/.test(s.windowText)) {
          await page.locator('section.imb-window').getByRole('button', { name: 'Stop' }).click();
          seen.add('stopped-boss');
        } else if (pass && !pass.disabled) {
          await page
            .locator('section.imb-window')
            .getByRole('button', { name: 'Let it pass' })
            .click();
          seen.add('passed');
        }
        await page.waitForTimeout(150);
        continue;
      }
      if (s.seq === null) {
        await page.waitForTimeout(150);
        continue;
      }
      const form = page.locator('form[aria-label="your move"]');
      const has = (t: string | RegExp) =>
        s.formButtons.some(
          (b) => !b.disabled && (typeof t === 'string' ? b.text === t : t.test(b.text)),
        );
      if (s.lit > 0) {
        await page.locator('.imb-space.pick').first().click();
        seen.add('marker');
      } else if (/^Discard/.test(s.formButtons.at(-1)?.text ?? '')) {
        const boxes = form.locator('.imb-picks input');
        const n = Number(/\/(\d+)/.exec(s.formButtons.at(-1)!.text)![1]);
        for (let i = 0; i < n; i++) await boxes.nth(i).check();
        await form.getByRole('button', { name: /^Discard/ }).click();
        seen.add('discard');
      } else if (has(/^Declare the deal/)) {
        await form.getByRole('button', { name: /^Declare the deal/ }).click();
        seen.add('declared');
      } else if (has('Roll the die')) {
        await form.getByRole('button', { name: 'Roll the die' }).click();
        seen.add('roll');
      } else if (has('Draw cards')) {
        await form.getByRole('button', { name: 'Draw cards' }).click();
        seen.add('draw');
      } else if (has(/^Accept #/)) {
        if (!seen.has('offer-shot')) {
          seen.add('offer-shot');
          await shot(page, 'im-the-boss-offer');
        }
        await form
          .getByRole('button', { name: /^Accept #/ })
          .first()
          .click();
        seen.add(s.heading === 'You are the Boss' ? 'accepted-as-boss' : 'accepted');
      } else if (s.heading === 'You are the Boss' && has(/^Propose to /) && proposedAt !== s.seq) {
        // Terms to a seat with something on the table: all its items, a fair share.
        const propose = form.locator('fieldset.imb-propose');
        const items = propose.locator('.imb-picks input');
        const count = await items.count();
        for (let i = 0; i < count; i++) await items.nth(i).check();
        const more = propose.getByRole('button', { name: 'more dividends' });
        for (let i = 0; i < 3 && (await more.isEnabled()); i++) await more.click();
        if (!seen.has('propose-shot')) {
          seen.add('propose-shot');
          await shot(page, 'im-the-boss-propose');
        }
        await propose.getByRole('button', { name: /^Propose to / }).click();
        proposedAt = s.seq;
        seen.add('proposed');
      } else {
        await page.waitForTimeout(200);
      }
    } catch (e) {
      // The table moved on under the click (a bot acted, a window opened): read it again.
      if (!/Timeout|detached|not attached|intercepts|outside/.test(String(e))) throw e;
    }
    await page.waitForTimeout(120);
  }
  return seen;
}

describe("I'm the Boss! in a real browser", () => {
  it('a person with three bots: from the lobby, by clicking, through deals, a negotiation and stop windows', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.goto(server.url);
    await page.getByLabel('Your name').fill('Alice');
    await page.getByLabel('Game').selectOption('im-the-boss');
    await page.getByLabel('Players').selectOption('4');
    for (const s of [2, 3, 4])
      await page.getByLabel(`Seat ${s}`, { exact: true }).selectOption('bot:heuristic');
    await page.getByRole('button', { name: 'Create table' }).click();
    await page.getByRole('button', { name: 'Sit here' }).click();
    await page.locator('.imb-board').waitFor();
    await shot(page, 'im-the-boss-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await shot(page, 'im-the-boss-phone');
    await page.setViewportSize({ width: 1366, height: 768 });
    expect(await handsShown(page)).toEqual(['imb-hand-0']);

    const seen = await playByClicking(page, (x) => x.has('over'), 200_000);
    console.log([...seen].join(' '));
    expect(seen).toContain('stop window');
    await shot(page, 'im-the-boss-later');
    await page.close();
  }, 300_000);
});
