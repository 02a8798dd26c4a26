/**
 * I'm the Boss! end-to-end in real headless Chromium (Debian's `chromium`, driven by
 * playwright-core): the built web app served by the real server. A person with three bots
 * plays by clicking — negotiating, answering stop windows, to the final money when time
 * allows. Screenshots go to test-artifacts/ (im-the-boss-*.png).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '@boss-table/server';
import { QUICK_CLOCKS } from '../src/im-the-boss/index.js';
import { createTable, openReplay, shot, startE2E, stopE2E, takeSeat } from './harness.js';

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
      deal: `${document.querySelector('.imb-deal h3')?.textContent ?? ''}|${document.querySelector('.imb-status')?.textContent ?? ''}`,
      bar: document.querySelector('[aria-label="action bar"] .what')?.textContent ?? '',
      tilesLeft: Number(
        /Tiles left: (\d+)/.exec(document.querySelector('.imb-status')?.textContent ?? '')?.[1] ??
          -1,
      ),
    };
  });
}

/**
 * Plays this page's seat by clicking until the game is over or `until` says enough: places
 * the marker, declares a deal when it may (as Boss: terms to the others that a bot takes),
 * else rolls and draws; accepts offers made to it; answers windows (Stop against a Boss card
 * when it holds one). Returns what it saw and did.
 */
async function playByClicking(
  page: Page,
  until: (seen: Set<string>) => boolean,
  budgetMs: number,
  reloadInWindow = false,
) {
  const seen = new Set<string>();
  const start = Date.now();
  const asked = new Set<string>();
  let lastProposal = 0;
  let firstTiles = -1;
  let shots = 0;
  while (Date.now() - start < budgetMs && !until(seen)) {
    const s = await read(page);
    if (firstTiles < 0) firstTiles = s.tilesLeft;
    if (s.tilesLeft >= 0 && s.tilesLeft < firstTiles) seen.add('deal-closed');
    if (s.over) {
      seen.add('over');
      break;
    }
    try {
      if (s.window) {
        seen.add(s.window);
        if (reloadInWindow && !seen.has('reloaded') && s.window === 'stop window') {
          // A reload mid-window: the prompt, its countdown, the deal and the log come back.
          seen.add('reloaded');
          await page.reload();
          await page.locator('.imb-board').waitFor();
          if (await page.locator('section.imb-window').count()) {
            seen.add('window-after-reload');
            await page.getByLabel('window clock').waitFor();
            await page.locator('.imb-deal').waitFor();
            expect(await page.locator('.log li').count()).toBeGreaterThan(3);
          }
          continue;
        }
        const stop = s.windowButtons.find((b) => b.text === 'Stop');
        const pass = s.windowButtons.find((b) => b.text === 'Let it pass');
        if (s.window === 'stop window' && pass) {
          // Asked and not answered yet: the Stop button is there, held or not.
          expect(stop).toBeDefined();
          seen.add(stop!.disabled ? 'stop-disabled' : 'stop-enabled');
          if (shots < 2) {
            shots++;
            await shot(page, `im-the-boss-stop-window-${stop!.disabled ? 'no-stop' : 'stop'}`);
            if (shots === 1) {
              await page.setViewportSize({ width: 390, height: 844 });
              await shot(page, 'im-the-boss-stop-window-phone');
              await page.setViewportSize({ width: 1366, height: 768 });
            }
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
      const bar = page.getByRole('region', { name: 'offers to accept' });
      if (await bar.count()) {
        if (!seen.has('offer-shot')) {
          seen.add('offer-shot');
          await shot(page, 'im-the-boss-offer');
        }
        await bar.getByRole('button', { name: 'Accept' }).first().click();
        seen.add(s.heading === 'You are the Boss' ? 'accepted-as-boss' : 'accepted');
        await page.waitForTimeout(150);
        continue;
      }
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
      } else if (s.heading === 'You are the Boss' && has(/^Propose to /)) {
        // Terms to each seat once a deal: all its items, a fair share of what is left.
        const deal = s.deal;
        const chips = form.getByRole('group', { name: 'propose to' }).getByRole('button');
        const seatsToAsk = await chips.allTextContents();
        const next = seatsToAsk.find((n) => !asked.has(`${deal}|${n}`));
        if (next) {
          asked.add(`${deal}|${next}`);
          await chips.filter({ hasText: next }).click();
          const propose = form.locator('fieldset.imb-propose');
          const items = propose.locator('.imb-picks input');
          const count = await items.count();
          if (count === 0) continue;
          for (let i = 0; i < count; i++) await items.nth(i).check();
          const more = propose.getByRole('button', { name: 'more dividends' });
          for (let i = 0; i < 2 && (await more.isEnabled()); i++) await more.click();
          if (!seen.has('propose-shot')) {
            seen.add('propose-shot');
            await shot(page, 'im-the-boss-propose');
            await page.setViewportSize({ width: 390, height: 844 });
            await shot(page, 'im-the-boss-propose-phone');
            await page.setViewportSize({ width: 1366, height: 768 });
          }
          await propose.getByRole('button', { name: /^Propose to / }).click();
          seen.add('proposed');
          lastProposal = Date.now();
        } else if (Date.now() - lastProposal > 8000 && has('Abandon the deal')) {
          // Nobody took the terms: give the deal up rather than wait for its idle clock.
          await form.getByRole('button', { name: 'Abandon the deal' }).click();
          seen.add('abandoned');
        } else await page.waitForTimeout(200);
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
    await page.getByLabel('Short game (12 tiles)').check();
    await page.getByLabel('Pace').selectOption('quick');
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

    // The rules help opens, says what was reconstructed, and closes.
    await page.getByRole('button', { name: 'Rules' }).click();
    await page
      .getByRole('dialog', { name: 'rules' })
      .getByText(/reconstruct/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'close the rules' }).click();

    // Until a deal has closed and everything below was seen (or the game ends).
    const want = ['stop window', 'proposed', 'reloaded', 'deal-closed', 'last call'];
    const seen = await playByClicking(
      page,
      (x) => x.has('over') || want.every((w) => x.has(w)),
      300_000,
      true,
    );
    console.log([...seen].join(' '));
    await shot(page, 'im-the-boss-later');
    for (const w of want) expect(seen).toContain(w);
    expect(await handsShown(page)).toEqual(['imb-hand-0']);
    await page.close();
  }, 360_000);

  it('a short game (two rounds) played by clicking to the final money, then replayed', async () => {
    const created = await createTable(server, {
      game: 'im-the-boss',
      options: { shortGame: true, maxRounds: 2, clocks: QUICK_CLOCKS },
      seats: [
        { kind: 'human' },
        ...Array.from({ length: 3 }, () => ({ kind: 'bot', bot: 'heuristic' })),
      ],
    });
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await takeSeat(page, server, created, 0, 'Alice');
    await page.locator('.imb-board').waitFor();
    const id = created.id;
    const seen = await playByClicking(page, (x) => x.has('over'), 300_000);
    console.log([...seen].join(' '));
    expect(seen).toContain('over');
    const ranking = page.getByRole('region', { name: 'final ranking' });
    expect(await ranking.textContent()).toMatch(/The game ended because/);
    expect(await ranking.locator('tbody tr').count()).toBe(4);
    expect(await handsShown(page)).toEqual(['imb-hand-0']);
    await shot(page, 'im-the-boss-game-over');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'im-the-boss-game-over-phone');

    // The finished game replays move by move, every negotiation move a step.
    await page.setViewportSize({ width: 1366, height: 768 });
    const { slider, moves } = await openReplay(page, server, id);
    expect(Number(await slider.getAttribute('max'))).toBe(moves);
    await page.getByRole('button', { name: 'next move' }).click();
    await page.getByText('Move 1 of').waitFor();
    await shot(page, 'im-the-boss-replay');
    await page.close();
  }, 360_000);

  it('two people at one table negotiate with each other while bots play, each seeing only its own hand', async () => {
    const created = await createTable(server, {
      game: 'im-the-boss',
      options: {},
      seats: [
        { kind: 'human' },
        { kind: 'human' },
        { kind: 'bot', bot: 'heuristic' },
        { kind: 'bot', bot: 'heuristic' },
      ],
    });
    const pages: Page[] = [];
    for (const [seat, who] of [
      [0, 'Ann'],
      [1, 'Bob'],
    ] as const) {
      const ctx = await browser.newContext({
        viewport: seat === 0 ? { width: 1366, height: 768 } : { width: 390, height: 844 },
      });
      const page = await ctx.newPage();
      await takeSeat(page, server, created, seat, who);
      await page.locator('.imb-board').waitFor();
      pages.push(page);
    }
    expect(await handsShown(pages[0])).toEqual(['imb-hand-0']);
    expect(await handsShown(pages[1])).toEqual(['imb-hand-1']);
    // Play on both pages until one person has accepted terms (from the other or a bot).
    const done = { v: false };
    const stopWhen = (x: Set<string>) => {
      if (x.has('accepted') || x.has('accepted-as-boss')) done.v = true;
      return done.v;
    };
    const [a, b] = await Promise.all(pages.map((p) => playByClicking(p, stopWhen, 150_000)));
    console.log([...a].join(' '), '|', [...b].join(' '));
    expect([...a, ...b]).toContain('proposed');
    expect(done.v).toBe(true);
    expect(await handsShown(pages[0])).toEqual(['imb-hand-0']);
    expect(await handsShown(pages[1])).toEqual(['imb-hand-1']);
    await shot(pages[1], 'im-the-boss-two-people-phone');
    for (const p of pages) await p.context().close();
  }, 240_000);
});
