/**
 * Boss Cards end-to-end in real headless Chromium (Debian's `chromium`, driven by
 * playwright-core): the built web app served by the real server, as in browser.test.ts.
 * Screenshots go to test-artifacts/ (boss-cards-*.png).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '@boss-table/server';
import { cardWords } from '@boss-table/boss-cards';
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
  ({ server, browser } = await startE2E('boss-e2e-bc-'));
});

afterAll(() => stopE2E(server, browser));

/** The hands this page shows face up (their test ids): a seat's page shows its own only. */
const handsShown = (page: Page) =>
  page
    .locator('[data-testid^=bc-hand-]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));

/** Board and controls on one screen: from the top of the table to the last control. */
async function fitsOnScreen(page: Page): Promise<{ top: number; bottom: number; height: number }> {
  return page.evaluate(() => {
    window.scrollTo(0, 0);
    const board = document.querySelector('.bc-board')!.getBoundingClientRect();
    const hand = document.querySelector('.bc-fan')!.getBoundingClientRect();
    const form = document.querySelector('form[aria-label="your turn"]');
    const last = form ? [...form.querySelectorAll('button')].pop()!.getBoundingClientRect() : hand;
    return {
      top: board.top,
      bottom: Math.max(hand.bottom, last.bottom),
      height: window.innerHeight,
    };
  });
}

/**
 * Plays this page's seat by clicking until the game is over: a plain card that follows when
 * there is one, else an ace, else a Boss card naming the suit it holds most of, else draws,
 * else passes (the first Boss card it holds it plays at once). Once, it first clicks a card that cannot be played and reads why. Takes the
 * phone and desktop screenshots along the way.
 */
async function playByClicking(page: Page, seat: number) {
  const seen = new Set<string>();
  let turns = 0;
  for (;;) {
    const turn = page.locator('form[aria-label="your turn"]');
    if (!(await turnOrEnd(page, turn, 'boss-cards-stuck', 60_000))) return { turns, seen };
    const state = await page.evaluate((s) => {
      const form = document.querySelector('form[aria-label="your turn"]');
      const cards = [...document.querySelectorAll(`[data-testid=bc-hand-${s}] button[data-card]`)];
      return {
        seq: form?.getAttribute('data-seq') ?? null,
        hand: cards.map((c) => c.getAttribute('data-card')!),
        playable: cards
          .filter((c) => c.getAttribute('data-playable') === 'true')
          .map((c) => c.getAttribute('data-card')!),
        draw:
          !!form &&
          [...form.querySelectorAll('button')].some((b) => b.textContent === 'Draw a card'),
        pass: !!form && [...form.querySelectorAll('button')].some((b) => b.textContent === 'Pass'),
        bar: document.querySelector('[aria-label="action bar"] .what')?.textContent ?? '',
      };
    }, seat);
    if (state.seq === null) continue;
    const seq = state.seq;
    expect(state.bar).toMatch(/^Your turn: /);
    const form = page.locator(`form[aria-label="your turn"][data-seq="${seq}"]`);
    const hand = page.locator(`[data-testid=bc-hand-${seat}]`);
    if (turns % 10 === 0) expect(await handsShown(page)).toEqual([`bc-hand-${seat}`]);

    const blocked = state.hand.find((c) => !state.playable.includes(c));
    if (blocked && !seen.has('why')) {
      seen.add('why');
      // aria-disabled: Playwright will not click it unless forced; a person can.
      await hand.locator(`button[data-card="${blocked}"]`).click({ force: true });
      await page.getByText(/does not follow/).waitFor();
    }
    if (turns === 2 && !seen.has('phone')) {
      seen.add('phone');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForTimeout(150);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      const fit = await fitsOnScreen(page);
      expect(fit.top).toBeGreaterThanOrEqual(0);
      expect(fit.bottom).toBeLessThanOrEqual(fit.height);
      await shot(page, 'boss-cards-phone');
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.waitForTimeout(150);
      const wide = await fitsOnScreen(page);
      expect(wide.bottom).toBeLessThanOrEqual(wide.height);
      await shot(page, 'boss-cards-desktop');
    }

    const rank = (c: string) => /^(10|[2-9JQKA])/.exec(c)![1];
    const plain = state.playable.find((c) => !'JQKA'.includes(rank(c)));
    const ace = state.playable.find((c) => rank(c) === 'A');
    const boss = state.playable.find((c) => 'JQK'.includes(rank(c)));
    // The first Boss card held is played at once (it always may be), to name a demand.
    const firstBoss = !!boss && !seen.has('boss');
    if ((plain ?? ace) && !firstBoss) {
      seen.add(plain ? 'plain' : 'ace');
      await hand.locator(`button[data-card="${plain ?? ace}"]`).click();
    } else if (boss) {
      seen.add('boss');
      await hand.locator(`button[data-card="${boss}"]`).click();
      // The action bar follows the step: now name the demand.
      await page
        .locator('[aria-label="action bar"] .what', {
          hasText: /^Your turn: name a suit or a rank for the /,
        })
        .waitFor();
      const suits = ['C', 'D', 'H', 'S'];
      const words = ['clubs', 'diamonds', 'hearts', 'spades'];
      const count = suits.map((s) => state.hand.filter((c) => c !== boss && c.endsWith(s)).length);
      const best = count.indexOf(Math.max(...count));
      if (!seen.has('boss-shot')) {
        seen.add('boss-shot');
        await shot(page, 'boss-cards-naming');
        // On a phone too: the board, the hand and every name to choose on one screen.
        await page.setViewportSize({ width: 390, height: 844 });
        await page.waitForTimeout(150);
        const fit = await fitsOnScreen(page);
        expect(fit.bottom).toBeLessThanOrEqual(fit.height);
        await shot(page, 'boss-cards-naming-phone');
        await page.setViewportSize({ width: 1366, height: 768 });
      }
      await form.getByRole('button', { name: `Name ${words[best]}` }).click();
    } else if (state.draw) {
      seen.add('draw');
      await form.getByRole('button', { name: 'Draw a card' }).click();
    } else {
      expect(state.pass).toBe(true);
      seen.add('pass');
      await form.getByRole('button', { name: 'Pass' }).click();
    }
    turns++;
    await page.waitForFunction(
      (s) => !document.querySelector(`form[aria-label="your turn"][data-seq="${s}"]`),
      seq,
      { timeout: 60_000 },
    );
  }
}

describe('Boss Cards in a real browser', () => {
  it('creates a table from the lobby, plays a whole game against a bot by clicking, to the final scores', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.goto(server.url);
    await page.getByLabel('Your name').fill('Alice');
    await page.getByLabel('Game').selectOption('boss-cards');
    await page.getByLabel('Players').selectOption('2');
    await page.getByLabel('Seat 2', { exact: true }).selectOption('bot:heuristic');
    await page.getByLabel('Target').selectOption('20');
    await page.getByRole('heading', { name: 'New table of Boss Cards' }).waitFor();
    await page.getByRole('button', { name: 'Create table' }).click();
    // One person and bots: the lobby seats its creator at once.
    await page.locator('[data-testid=bc-hand-0] button[data-card]').first().waitFor();
    const id = /#\/t\/([A-Za-z0-9_-]+)/.exec(page.url())![1];
    expect(await page.locator('[data-testid=bc-demand]').textContent()).toMatch(
      // A suit and a rank (a plain card on top), a suit (an ace or a named one) or a rank.
      /^([♣♦♥♠] \w+( or an? \d+)?|an? \d+ \(any suit\))$/,
    );

    // The rules help opens beside the table, with examples, and closes.
    await page.getByRole('button', { name: 'Rules', exact: true }).click();
    const rules = page.getByRole('dialog', { name: 'rules' });
    await rules.getByRole('heading', { name: 'Aces and Boss cards' }).waitFor();
    expect(await rules.locator('blockquote.example').count()).toBeGreaterThan(2);
    await shot(page, 'boss-cards-rules');
    await page.getByRole('button', { name: 'close the rules' }).click();

    // A spectator on a phone sees the table, every hand's count, and no hand at all.
    const spectator = await (
      await browser.newContext({ viewport: { width: 390, height: 844 } })
    ).newPage();
    await spectator.goto(`${server.url}/#/t/${id}`);
    await spectator.getByRole('region', { name: 'Boss Cards table' }).waitFor();
    expect(await handsShown(spectator)).toEqual([]);
    expect(await spectator.locator('[data-card]').count()).toBe(0);
    expect(await spectator.locator('.bc-seats li').count()).toBe(2);
    await shot(spectator, 'boss-cards-spectator-phone');

    const { turns, seen } = await playByClicking(page, 0);
    expect(turns).toBeGreaterThan(3);
    expect(seen).toContain('plain');
    expect(seen).toContain('why');
    expect(seen).toContain('phone');
    expect(seen).toContain('boss');

    const ranking = page.getByRole('region', { name: 'final ranking' });
    const scores = ranking.getByRole('table', { name: 'scores by round' });
    expect(await scores.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await ranking.textContent()).toMatch(/wins? with \d+ points/);
    expect(await ranking.textContent()).toMatch(/collected \d+ cards? from the other hands/);
    // Its own hand only (none at all when it won the last round by emptying it).
    expect((await handsShown(page)).filter((h) => h !== 'bc-hand-0')).toEqual([]);
    await shot(page, 'boss-cards-game-over');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'boss-cards-game-over-phone');
    await spectator.getByRole('heading', { name: 'Game over' }).waitFor();
    expect(await handsShown(spectator)).toEqual([]);

    // The finished game replays step by step from its record, every hand shown.
    await page.setViewportSize({ width: 1366, height: 768 });
    const { slider, moves } = await openReplay(page, server, id);
    expect(Number(await slider.getAttribute('max'))).toBe(moves);
    expect(await handsShown(page)).toEqual(['bc-hand-0', 'bc-hand-1']);
    await page.getByRole('button', { name: 'next move' }).click();
    await page.getByText('Move 1 of').waitFor();
    await shot(page, 'boss-cards-replay');
    await slider.fill(String(moves));
    await page.getByText(/wins the game/).waitFor();
    await page.close();
  }, 300_000);

  it('two people at a table of six each see only their own hand (the others a count)', async () => {
    // Six seats: two decks (ids like QS#2) and six hands' counts on a phone.
    const created = await createTable(server, {
      game: 'boss-cards',
      options: {},
      seats: [
        { kind: 'human' },
        { kind: 'human' },
        ...Array.from({ length: 4 }, () => ({ kind: 'bot', bot: 'heuristic' })),
      ],
    });
    const pages: Page[] = [];
    const hands: string[][] = [];
    for (const [seat, name] of [
      [0, 'Ann'],
      [1, 'Bob'],
    ] as const) {
      const page = await (
        await browser.newContext({ viewport: { width: 390, height: 844 } })
      ).newPage();
      await takeSeat(page, server, created, seat, name);
      await page.locator(`[data-testid=bc-hand-${seat}] [data-card]`).first().waitFor();
      hands.push(
        await page
          .locator(`[data-testid=bc-hand-${seat}] [data-card]`)
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')!)),
      );
      pages.push(page);
    }
    expect(hands[0]).toHaveLength(7);
    expect(hands[1]).toHaveLength(7);
    expect(hands[0].filter((c) => hands[1].includes(c))).toEqual([]);
    for (const [seat, page] of pages.entries()) {
      expect(await handsShown(page)).toEqual([`bc-hand-${seat}`]);
      expect(await page.locator('[data-card]').count()).toBe(7);
      for (let p = 0; p < 6; p++)
        expect(
          await page.locator(`.bc-seats li[data-seat="${p}"]`).getAttribute('aria-label'),
        ).toMatch(/7 cards in hand/);
      expect(hands[seat].every((c) => /#[12]$/.test(c))).toBe(true);
      // None of the other seat's cards appears anywhere on this page, as a card or in words.
      const text = (await page.locator('body').textContent()) ?? '';
      for (const c of hands[1 - seat]) {
        expect(await page.locator(`[data-card="${c}"]`).count()).toBe(0);
        expect(text).not.toContain(cardWords(c));
      }
    }
    // Seat 1 leads (the dealer is seat 0): its page says so, the other waits.
    expect(await pages[1].locator('[aria-label="action bar"] .what').textContent()).toMatch(
      /^Your turn/,
    );
    expect(await pages[0].locator('[aria-label="action bar"] .what').textContent()).toMatch(
      /^Waiting for Bob/,
    );
    await shot(pages[1], 'boss-cards-second-seat-phone');
    for (const page of pages) await page.context().close();
  }, 120_000);
});
