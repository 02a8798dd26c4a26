/**
 * The web shell in real headless Chromium (issue 13): what a player used to the big online
 * board-game sites expects — the unknown-table message, the action bar, board and controls
 * on one screen at 1366×768 and on a phone (390×844) with no sideways scroll, player panels
 * with clocks, turn alerts, invite links friends can reach, copying without the clipboard
 * API, refused invites, the lobby's details and "My tables", rules help, the replay's names,
 * slider and pace. Screenshots go to test-artifacts/shell-*.png.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '@boss-table/server';
import { createTable, shot, startE2E, stopE2E, takeSeat } from './harness.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2E('boss-e2e-shell-'));
});

afterAll(() => stopE2E(server, browser));

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

const newPage = async (viewport: { width: number; height: number }) =>
  (await browser.newContext({ viewport })).newPage();

/** Where an element is, against the viewport (scrolled to the top first). */
async function box(page: Page, selector: string) {
  return page.evaluate((sel) => {
    window.scrollTo(0, 0);
    const el = document.querySelector(sel);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return {
      top: r.top,
      bottom: r.bottom,
      left: r.left,
      right: r.right,
      vw: window.innerWidth,
      vh: window.innerHeight,
    };
  }, selector);
}

/** The element is wholly inside the viewport, without scrolling. */
async function expectInView(page: Page, selector: string) {
  const b = await box(page, selector);
  expect(b, `${selector} is on the page`).not.toBeNull();
  expect(b!.top, `${selector} top`).toBeGreaterThanOrEqual(0);
  expect(b!.left, `${selector} left`).toBeGreaterThanOrEqual(0);
  expect(b!.bottom, `${selector} bottom (viewport ${b!.vh})`).toBeLessThanOrEqual(b!.vh);
  expect(b!.right, `${selector} right (viewport ${b!.vw})`).toBeLessThanOrEqual(b!.vw);
}

/** Nothing sticks out sideways. */
async function expectNoSideways(page: Page) {
  const { scroll, inner, wide } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
    // The outermost elements that stick out, to say what to fix.
    wide: [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
      .filter((e) => !(e.parentElement!.getBoundingClientRect().right > window.innerWidth + 1))
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}.${e.className}`),
  }));
  expect(scroll, `sticking out: ${wide.join(', ')}`).toBeLessThanOrEqual(inner);
}

/** No emoji anywhere in the page's text (they show as boxes without an emoji font). */
async function expectNoEmoji(page: Page) {
  const text = (await page.locator('body').textContent()) ?? '';
  expect(text).not.toMatch(/\p{Extended_Pictographic}/u);
}

const composer = (page: Page) => page.locator('form[aria-label="your turn"]');
const myTurn = (page: Page) =>
  composer(page)
    .waitFor({ timeout: 60_000 })
    .then(() => page);

/** The Boss: plays one turn with this page's composer (reveals its first card, no cubes). */
async function playBossTurn(page: Page) {
  const form = composer(page);
  await form.getByRole('button', { name: 'No cubes' }).click();
  await form.locator('fieldset').nth(1).locator('button').first().click();
  await form.getByRole('button', { name: 'Confirm turn' }).click();
  await form.waitFor({ state: 'detached' });
}

describe('the web shell in a real browser', () => {
  it("keeps the lobby's chunk small: no game's table, composer or replay in it", () => {
    const assets = fileURLToPath(new URL('../dist/assets/', import.meta.url));
    const entry = readdirSync(assets).filter((f) => /^index-.*\.js$/.test(f));
    expect(entry).toHaveLength(1);
    const code = readFileSync(join(assets, entry[0]), 'utf8');
    for (const text of ['Confirm turn', 'Deduction helper', 'track of 72 spaces', 'Replay a game'])
      expect(code).not.toContain(text);
  });

  it('tells at once that a table does not exist, with a way back to the lobby', async () => {
    const page = await newPage(PHONE);
    await page.goto(`${server.url}/#/t/no-such-table`);
    await page.getByRole('heading', { name: /There is no table/ }).waitFor({ timeout: 10_000 });
    await shot(page, 'shell-unknown-table');
    await page.getByRole('link', { name: 'Back to the lobby' }).click();
    await page.getByRole('button', { name: 'Create table' }).waitFor();
    await page.context().close();
  });

  it('The Boss: action bar, board and controls on one screen at 1366×768 and on a phone; clocks for all; the title tells whose turn', async () => {
    const created = await createTable(server, {
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', bot: 'heuristic' }],
      timer: { mode: 'realtime', turnSeconds: 300, bankSeconds: 600 },
    });
    const ann = await newPage(DESKTOP);
    const bob = await newPage(PHONE);
    await takeSeat(ann, server, created, 0, 'Ann');
    await takeSeat(bob, server, created, 1, 'Bob');
    for (const page of [ann, bob]) await page.locator('[data-seat-panel="2"]').waitFor();
    const checked = new Set<Page>();
    for (let turn = 0; checked.size < 2 && turn < 6; turn++) {
      const page = await Promise.race([myTurn(ann), myTurn(bob)]);
      const other = page === ann ? bob : ann;
      const size = page === ann ? 'desktop' : 'phone';
      if (!checked.has(page)) {
        checked.add(page);
        const bar = page.getByRole('status', { name: 'action bar' });
        expect(await bar.textContent()).toMatch(/Your turn: Place cubes and reveal a card/);
        await expectInView(page, '.action-bar');
        await expectInView(page, 'ol[aria-label="cities, left to right"]');
        await expectInView(page, 'form[aria-label="your turn"]');
        await expectNoSideways(page);
        // The tab tells: title and icon; the other player's tab does not.
        expect(await page.title()).toMatch(/^Your turn/);
        expect(await page.locator('link[rel=icon]').getAttribute('data-alert')).toBe('turn');
        expect(await other.title()).toBe('Boss Table');
        expect(await other.locator('link[rel=icon]').getAttribute('data-alert')).toBe('none');
        expect(await other.getByRole('status', { name: 'action bar' }).textContent()).toMatch(
          /Waiting for/,
        );
        // Every player's clock as m:ss; the player to act is marked.
        const clocks = await page.locator('[data-seat-panel] .clock').allTextContents();
        expect(clocks).toHaveLength(3);
        for (const c of clocks) expect(c).toMatch(/^\d{1,2}:\d\d$/);
        expect(await page.locator('.player-panel.active .who').textContent()).toBe('You');
        // Hospital, prison and dead cubes stay visible on a phone too.
        expect(await page.locator('[data-seat-panel="0"]').textContent()).toMatch(
          /Hospital \d+.*Prison \d+.*Dead \d+/,
        );
        await expectNoEmoji(page);
        await shot(page, `shell-the-boss-${size}`);
      }
      await playBossTurn(page);
      expect(await page.title()).toBe('Boss Table');
    }
    expect(checked.size).toBe(2);
    // The log keeps its newest line in view.
    const log = await ann.evaluate(() => {
      const ol = document.querySelector('[aria-label="game log"] ol')!;
      const last = ol.lastElementChild!.getBoundingClientRect();
      const box = ol.getBoundingClientRect();
      return { last: last.bottom, box: box.bottom, lines: ol.children.length };
    });
    expect(log.lines).toBeGreaterThanOrEqual(2);
    expect(log.last).toBeLessThanOrEqual(log.box + 1);
    // The seats come back from the lobby's "My tables".
    await bob.goto(`${server.url}/#/`);
    const mine = bob.getByRole('region', { name: 'my tables' });
    await mine.getByRole('link', { name: 'Back to the table' }).click();
    await bob.locator('[data-seat-panel="1"]').waitFor();
    expect(await bob.locator('[data-seat-panel="1"] .who').textContent()).toBe('You');
    await expectNoSideways(bob);
    await ann.context().close();
    await bob.context().close();
  }, 240_000);

  it('The Boss with six players (nine cities) still fits a phone', async () => {
    const created = await createTable(server, {
      game: 'the-boss',
      options: { rules: 'arena' },
      seats: [
        { kind: 'human' },
        ...Array.from({ length: 5 }, () => ({ kind: 'bot' as const, bot: 'random' })),
      ],
    });
    const page = await newPage(PHONE);
    await takeSeat(page, server, created, 0, 'Ann');
    await myTurn(page);
    // The longest composer: cubes on a city open the big and small counts.
    const form = composer(page);
    const city = form.locator('fieldset').first().locator('button:not([disabled])').nth(1);
    await city.click();
    await shot(page, 'shell-the-boss-six-phone');
    await expectInView(page, 'ol[aria-label="cities, left to right"]');
    await expectInView(page, 'form[aria-label="your turn"]');
    await expectNoSideways(page);
    await page.context().close();
  });

  it('Big Boss: board and controls on one screen at 1366×768 and on a phone, players without sideways scroll', async () => {
    const created = await createTable(server, {
      game: 'big-boss',
      seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    const ann = await newPage(DESKTOP);
    const bob = await newPage(PHONE);
    await takeSeat(ann, server, created, 0, 'Ann');
    await takeSeat(bob, server, created, 1, 'Bob');
    const checked = new Set<Page>();
    for (let turn = 0; checked.size < 2 && turn < 8; turn++) {
      const page = await Promise.race([myTurn(ann), myTurn(bob)]);
      const size = page === ann ? 'desktop' : 'phone';
      const form = composer(page);
      const phase = (await page.getByRole('status', { name: 'action bar' }).textContent()) ?? '';
      if (!checked.has(page) && /Buy or play a card/.test(phase)) {
        checked.add(page);
        await shot(page, `shell-big-boss-${size}`);
        await expectInView(page, 'svg.track');
        await expectInView(page, 'form[aria-label="your turn"]');
        await expectNoSideways(page);
        expect(await page.title()).toMatch(/^Your turn/);
        expect(await page.locator('[data-seat-panel="0"]').textContent()).toMatch(/\$\d+/);
        await expectNoEmoji(page);
      }
      // Buy a card when that is offered, else play the first card, else pass; confirm.
      const buttons = await form
        .locator('button')
        .evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label') ?? b.textContent ?? ''));
      const buy = buttons.find((b) => /^(Top of the deck|Face-up|Level card)/.test(b));
      const play = buttons.find((b) => /^(Found|Expand) with/.test(b));
      if (buy) await form.getByRole('button', { name: buy, exact: true }).click();
      else if (play) await form.getByRole('button', { name: play, exact: true }).click();
      else if (buttons.includes('Pass'))
        await form.getByRole('button', { name: 'Pass', exact: true }).click();
      await form.getByRole('button', { name: 'Confirm', exact: true }).click();
      await form.waitFor({ state: 'detached' });
    }
    expect(checked.size).toBe(2);
    await ann.context().close();
    await bob.context().close();
  }, 240_000);

  it('your turn is announced: a tone when Sound is on, a notification while the tab is hidden', async () => {
    const created = await createTable(server, {
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    const context = await browser.newContext({ viewport: DESKTOP });
    // Count tones and notifications; the page may notify (the permission is granted).
    await context.addInitScript(() => {
      const w = window as unknown as { __tones: number; __notes: string[] };
      w.__tones = 0;
      w.__notes = [];
      const make = AudioContext.prototype.createOscillator;
      AudioContext.prototype.createOscillator = function (this: AudioContext) {
        w.__tones++;
        return make.call(this);
      };
      class FakeNotification {
        static permission = 'granted';
        static requestPermission = () => Promise.resolve('granted');
        constructor(title: string) {
          w.__notes.push(title);
        }
      }
      Object.defineProperty(window, 'Notification', { value: FakeNotification });
    });
    const ann = await context.newPage();
    const bob = await newPage(DESKTOP);
    await takeSeat(ann, server, created, 0, 'Ann');
    await takeSeat(bob, server, created, 1, 'Bob');
    await ann.getByRole('button', { name: 'Sound' }).click();
    await ann.getByRole('button', { name: 'Notify' }).click();
    expect(await ann.getByRole('button', { name: 'Notify' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    // Ann's tab goes to the background.
    await ann.evaluate(() => Object.defineProperty(document, 'hidden', { get: () => true }));
    const counts = () =>
      ann.evaluate(() => {
        const w = window as unknown as { __tones: number; __notes: string[] };
        return { tones: w.__tones, notes: w.__notes.length };
      });
    // Whoever starts, play until Ann's turn begins after Bob's.
    for (let i = 0; i < 4; i++) {
      const page = await Promise.race([myTurn(ann), myTurn(bob)]);
      if (page === bob) break;
      await playBossTurn(ann);
    }
    const before = await counts();
    await playBossTurn(bob);
    await myTurn(ann);
    await ann.waitForFunction(
      (n) => (window as unknown as { __notes: string[] }).__notes.length > n,
      before.notes,
    );
    const after = await counts();
    expect(after.tones).toBeGreaterThan(before.tones);
    expect(after.notes).toBe(before.notes + 1);
    await context.close();
    await bob.context().close();
  }, 120_000);

  it('warns when your clock runs low', async () => {
    const created = await createTable(server, {
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }],
      timer: { mode: 'realtime', turnSeconds: 14, bankSeconds: 0 },
    });
    const page = await newPage(DESKTOP);
    await takeSeat(page, server, created, 0, 'Ann');
    await myTurn(page);
    await page.locator('.low-warning').waitFor({ timeout: 30_000 });
    expect(await page.locator('.action-bar.low').count()).toBe(1);
    await shot(page, 'shell-low-clock');
    await page.context().close();
  }, 90_000);

  it('the lobby on a phone: no sideways scroll; invite links use the address friends reach; Copy works without the clipboard API; tables show their details', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    // Plain http on a LAN address has no clipboard API: take it away.
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined });
    });
    const page = await context.newPage();
    await page.route('**/api/server-info', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          publicUrl: null,
          addresses: ['http://192.168.1.20:8080', 'http://10.0.0.7:8080'],
        }),
      }),
    );
    await page.goto(server.url);
    await page.getByLabel('Your name').fill('Hostess');
    await page.getByLabel('Players').selectOption('5');
    await page.getByLabel('Seat 2', { exact: true }).selectOption('human');
    await page.getByLabel('Timer').selectOption('realtime');
    await shot(page, 'shell-lobby-phone-form');
    await expectNoSideways(page);
    expect(await page.locator('body').textContent()).not.toMatch(/Seat 0/);
    await page.getByRole('button', { name: 'Create table' }).click();
    const link = page.getByLabel('Invite link for seat 1');
    await link.waitFor();
    expect(await link.inputValue()).toMatch(
      /^http:\/\/192\.168\.1\.20:8080\/#\/t\/[\w-]+\?invite=/,
    );
    // The host picks another of the server's addresses.
    await page.getByLabel('Address your friends can reach').selectOption('http://10.0.0.7:8080');
    expect(await link.inputValue()).toMatch(/^http:\/\/10\.0\.0\.7:8080\/#\/t\//);
    await expectNoSideways(page);
    // Copy confirms, without the clipboard API.
    expect(await page.evaluate(() => 'clipboard' in navigator && !!navigator.clipboard)).toBe(
      false,
    );
    await page.locator('.invites li').first().getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Copied').waitFor();
    // The table is listed with its rules, cities, timer and kind.
    const listed = page.getByRole('region', { name: 'open tables' }).locator('li').first();
    await listed.waitFor();
    const text = (await listed.textContent()) ?? '';
    expect(text).toMatch(/The Boss/);
    expect(text).toMatch(/arena rules/);
    expect(text).toMatch(/cities drawn at random/);
    expect(text).toMatch(/60 s a turn/);
    expect(text).toMatch(/public/);
    await shot(page, 'shell-lobby-phone');
    // The host sits down: the links of the seats still free stay at hand at the table.
    await page.locator('.invites li').first().getByRole('button', { name: 'Sit here' }).click();
    const invites = page.getByRole('region', { name: 'invite your friends' });
    await invites.waitFor();
    const second = invites.getByLabel('Invite link for seat 2');
    await expect
      .poll(() => second.inputValue())
      .toMatch(/^http:\/\/192\.168\.1\.20:8080\/#\/t\/[\w-]+\?invite=/);
    expect(await invites.getByLabel('Invite link for seat 1').count()).toBe(0);
    await expectNoSideways(page);
    await shot(page, 'shell-host-invites-phone');
    await context.close();
  });

  it('the lobby makes invite-only seats and private tables: no Join without the invite', async () => {
    const page = await newPage(DESKTOP);
    await page.goto(server.url);
    await page.getByLabel('Players').selectOption('2');
    await page.getByLabel('Seat 1', { exact: true }).selectOption('human-reserved');
    await page.getByLabel('Seat 2', { exact: true }).selectOption('bot:random');
    await page.getByRole('button', { name: 'Create table' }).click();
    const link = page.getByLabel('Invite link for seat 1');
    await link.waitFor();
    const reservedId = /#\/t\/([\w-]+)/.exec(await link.inputValue())![1];
    const listed = page.locator(`li[data-table="${reservedId}"]`);
    await listed.waitFor();
    expect(await listed.textContent()).toMatch(/invited/);
    expect(await listed.getByRole('button', { name: 'Join' }).count()).toBe(0);
    // A private table: not listed; its page offers no seat to a stranger.
    await page.getByLabel('Who can join').selectOption('private');
    await page.getByLabel('Seat 1', { exact: true }).selectOption('human');
    // Two people: one person with bots would be seated at once, without links.
    await page.getByLabel('Seat 2', { exact: true }).selectOption('human');
    await page.getByRole('button', { name: 'Create table' }).click();
    await page.waitForFunction(
      (old) =>
        !document
          .querySelector('[aria-label="Invite link for seat 1"]')
          ?.getAttribute('value')
          ?.includes(old),
      reservedId,
    );
    const privateId = /#\/t\/([\w-]+)/.exec(await link.inputValue())![1];
    await page
      .getByRole('region', { name: 'open tables' })
      .locator(`li[data-table="${reservedId}"]`)
      .waitFor();
    expect(await page.locator(`li[data-table="${privateId}"]`).count()).toBe(0);
    const stranger = await newPage(PHONE);
    await stranger.goto(`${server.url}/#/t/${privateId}`);
    await stranger.locator('[data-seat-panel="1"]').waitFor();
    expect(await stranger.getByRole('button', { name: 'Join' }).count()).toBe(0);
    await page.context().close();
    await stranger.context().close();
  });

  it('invite links use the PUBLIC_URL when the server has one', async () => {
    const page = await newPage(DESKTOP);
    await page.route('**/api/server-info', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ publicUrl: 'https://boss.example.org', addresses: [] }),
      }),
    );
    await page.goto(server.url);
    await page.getByLabel('Seat 2', { exact: true }).selectOption('human');
    await page.getByRole('button', { name: 'Create table' }).click();
    const link = page.getByLabel('Invite link for seat 1');
    await link.waitFor();
    expect(await link.inputValue()).toMatch(/^https:\/\/boss\.example\.org\/#\/t\//);
    await page.context().close();
  });

  it("the server's own addresses reach the lobby (GET /api/server-info)", async () => {
    const info = (await (await fetch(`${server.url}/api/server-info`)).json()) as {
      publicUrl: string | null;
      addresses: string[];
    };
    expect(Array.isArray(info.addresses)).toBe(true);
    const page = await newPage(DESKTOP);
    await page.goto(server.url);
    await page.getByLabel('Seat 2', { exact: true }).selectOption('human');
    await page.getByRole('button', { name: 'Create table' }).click();
    const link = page.getByLabel('Invite link for seat 1');
    await link.waitFor();
    const expected = info.publicUrl ?? info.addresses[0] ?? server.url;
    expect(await link.inputValue()).toContain(`${expected.replace(/\/$/, '')}/#/t/`);
    await page.context().close();
  });

  it('a claimed or wrong invite says so beside the form and offers to watch', async () => {
    const created = await createTable(server, {
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', bot: 'random' }],
    });
    const ann = await newPage(DESKTOP);
    await takeSeat(ann, server, created, 0, 'Ann');
    await ann.locator('[data-seat-panel="0"]').waitFor();
    // Someone else opens Ann's link.
    const eve = await newPage(PHONE);
    await eve.goto(`${server.url}/#/t/${created.id}?invite=${created.seats[0].invite}`);
    await eve.getByLabel('Your name').fill('Eve');
    await eve.getByRole('button', { name: 'Take my seat' }).click();
    const refusal = eve.locator('.join [role=alert]');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/already been used/);
    await shot(eve, 'shell-claimed-invite');
    await refusal.getByRole('button', { name: 'Watch instead' }).click();
    await eve.locator('.join').waitFor({ state: 'detached' });
    await eve.getByRole('list', { name: 'cities, left to right' }).waitFor();
    expect(eve.url()).not.toMatch(/invite=/);
    // A made-up invite.
    await eve.goto(`${server.url}/#/t/${created.id}?invite=not-a-real-invite`);
    await eve.reload();
    await eve.getByRole('button', { name: 'Take my seat' }).click();
    await eve.locator('.join [role=alert]').waitFor();
    expect(await eve.locator('.join [role=alert]').textContent()).toMatch(/not valid/);
    await ann.context().close();
    await eve.context().close();
  });

  it('rules help from the lobby and from the table, for each game', async () => {
    const page = await newPage(PHONE);
    await page.goto(server.url);
    await page.getByRole('link', { name: 'How to play The Boss' }).click();
    await page.getByRole('heading', { name: 'The Boss', exact: true }).waitFor();
    expect(await page.locator('.rules-text').textContent()).toMatch(/Chicago/);
    await expectNoSideways(page);
    await shot(page, 'shell-rules-the-boss');
    await page.getByRole('link', { name: 'Big Boss' }).click();
    await page.getByRole('heading', { name: 'Big Boss', exact: true }).waitFor();
    expect(await page.locator('.rules-text').textContent()).toMatch(/merge/i);
    const created = await createTable(server, {
      game: 'big-boss',
      seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }],
    });
    await page.goto(`${server.url}/#/t/${created.id}`);
    await page.getByRole('button', { name: 'Rules', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'rules' });
    await drawer.waitFor();
    expect(await drawer.textContent()).toMatch(/share/);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('watching the bots: a pace control, the replay named and versioned, one step per arrow key', async () => {
    const page = await newPage(DESKTOP);
    await page.goto(server.url);
    await page.getByLabel('Players').selectOption('2');
    await page.getByLabel('Seat 1', { exact: true }).selectOption('bot:random');
    await page.getByLabel('Seat 2', { exact: true }).selectOption('bot:heuristic');
    await page.getByRole('button', { name: 'Create table' }).click();
    const watch = await page
      .getByRole('link', { name: 'Watch the bots play' })
      .getAttribute('href');
    expect(watch).toMatch(/^#\/replay\/[\w-]+\?play$/);
    // The bots' table itself offers the same: watching at one's own pace.
    await page.getByRole('link', { name: 'Open the table' }).click();
    const pace = page.getByRole('link', { name: 'Watch at your pace' });
    expect(await pace.getAttribute('href')).toBe(watch);
    await pace.click();
    const slider = page.getByRole('slider', { name: 'move' });
    await slider.waitFor({ timeout: 60_000 });
    await page.getByLabel('Pace').selectOption('fast');
    await page.getByText(/^Move [1-9]\d* of/).waitFor();
    await page.getByRole('button', { name: 'pause' }).click();
    // The record carries the players and its format version.
    const id = /#\/replay\/([\w-]+)/.exec(page.url())![1];
    const record = (await (await fetch(`${server.url}/api/tables/${id}/record`)).json()) as {
      version: number;
      players: { bot?: string; name?: string }[];
    };
    expect(record.version).toBe(1);
    expect(record.players.map((p) => p.bot)).toEqual(['random', 'heuristic']);
    expect(await page.locator('[data-seat-panel="0"] .who').textContent()).toBe('Bot 1 (Random)');
    // One step per arrow key on the slider.
    await page.getByRole('button', { name: 'first move' }).click();
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await page.getByText('Move 1 of').waitFor();
    await page.keyboard.press('ArrowRight');
    await page.getByText('Move 2 of').waitFor();
    // A replay reveals everything: every city's face-down reward, every hand.
    expect(await page.locator('.reward-face').count()).toBeGreaterThan(0);
    expect(await page.locator('.reward').filter({ hasText: 'hidden reward' }).count()).toBe(0);
    await expectNoEmoji(page);
    await shot(page, 'shell-replay-bots');
    await page.setViewportSize(PHONE);
    await expectNoSideways(page);
    await shot(page, 'shell-replay-bots-phone');
    // A record from a newer version of the app says so.
    const file = join(mkdtempSync(join(tmpdir(), 'boss-record-')), 'newer.json');
    writeFileSync(file, JSON.stringify({ ...record, version: 99 }));
    await page.goto(`${server.url}/#/replay`);
    await page.locator('input[type=file]').setInputFiles(file);
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/newer version/);
    await page.context().close();
  }, 120_000);
});
