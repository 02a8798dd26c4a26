/**
 * Players who come back (issue 19) in real headless Chromium: sign up, play a rated game
 * against a bot, see the rating and the game on the profile, sign in on another browser and
 * find them; two signed-in players chat at a table while a spectator's line stays on the
 * spectators' side. Screenshots: test-artifacts/accounts-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BossTableClient, type WebSocketLike } from '@boss-table/client';
import type { RunningServer } from '@boss-table/server';
import { autoPlay } from '../../server/src/testing/test-kit.js';
import { shot, startE2E, stopE2E } from './harness.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2E('boss-e2e-accounts-'));
});

afterAll(() => stopE2E(server, browser));

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
let n = 0;
const uniqueName = (base: string) => `${base}${Date.now().toString(36).slice(-4)}${n++}`;

const newPage = async (viewport = DESKTOP) => (await browser.newContext({ viewport })).newPage();

async function signUp(page: Page, name: string): Promise<void> {
  await page.goto(`${server.url}/#/account`);
  await page.getByRole('tab', { name: 'Create an account' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('link', { name: 'your account' }).filter({ hasText: name }).waitFor();
}

/** Creates a table from the signed-in page (its cookie and CSRF token), as the lobby does. */
async function createFromPage(
  page: Page,
  body: unknown,
): Promise<{ id: string; invites: string[] }> {
  return page.evaluate(async (b) => {
    const me = (await (await fetch('/api/account')).json()) as { csrf: string };
    const res = await fetch('/api/tables', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrf },
      body: JSON.stringify(b),
    });
    const t = (await res.json()) as { id: string; seats: { invite?: string }[] };
    return { id: t.id, invites: t.seats.map((s) => s.invite ?? '') };
  }, body);
}

/** Takes a seat from an invite link in the page, signed in; returns the seat's token. */
async function sit(page: Page, table: string, invite: string): Promise<string> {
  await page.goto(`${server.url}/#/t/${table}?invite=${invite}`);
  await page.getByRole('button', { name: 'Take my seat' }).click();
  await page.getByRole('status', { name: 'action bar' }).waitFor();
  // The action bar can show before the page has stored the seat: wait for the seat itself.
  await page.waitForFunction((id) => localStorage.getItem(`boss-table:seat:${id}`) !== null, table);
  return page.evaluate(
    (id) => (JSON.parse(localStorage.getItem(`boss-table:seat:${id}`)!) as { token: string }).token,
    table,
  );
}

describe('accounts in the browser', () => {
  it('signs up, plays a rated game against a bot, and finds rating and game on another browser', async () => {
    const page = await newPage();
    const name = uniqueName('ada');
    await signUp(page, name);
    await page.goto(`${server.url}/#/`);
    await page.getByRole('region', { name: 'play now' }).waitFor();
    await shot(page, 'accounts-lobby-signed-in');
    const t = await createFromPage(page, {
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }],
      rated: true,
    });
    const token = await sit(page, t.id, t.invites[0]);
    // A rated table says so: in its summary (the lobby's list tags it) and at the table.
    const summary = (await (await fetch(`${server.url}/api/tables/${t.id}`)).json()) as {
      rated?: boolean;
    };
    expect(summary.rated).toBe(true);
    await page.locator('.action-bar .tag.rated').waitFor();
    await page.getByLabel('message to the table').fill('Have a good game, bot');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('region', { name: 'table chat' }).getByText('Have a good game').waitFor();
    // The seat's moves come from a script holding the seat's token (the game is the point
    // here, not the board): the browser's session tied the seat to the account.
    const bot = new BossTableClient({
      baseUrl: server.url,
      webSocket: (url) => new WebSocket(url) as unknown as WebSocketLike,
    });
    const conn = bot.connect(t.id, { token });
    autoPlay(conn, 'e2e');
    await page
      .getByText(/^Game over/)
      .first()
      .waitFor({ timeout: 60_000 });
    conn.close();
    // The end of a rated game says how each rating moved.
    const changes = page.getByRole('region', { name: 'rating changes' });
    await changes.waitFor({ timeout: 15_000 });
    expect(await changes.textContent()).toMatch(new RegExp(`${name}: 1500 → \\d+ \\([+−]\\d+\\)`));
    expect(await changes.textContent()).toMatch(/Random \(bot\): \d+ → \d+/);
    await shot(page, 'accounts-rated-game-over');

    // Another browser: sign in, open the profile.
    const other = await newPage(PHONE);
    await other.goto(`${server.url}/#/account`);
    await other.getByLabel('Name').fill(name);
    await other.getByLabel('Password').fill('correct horse battery');
    await other.getByRole('button', { name: 'Sign in' }).click();
    await other.getByRole('link', { name: 'Your profile' }).click();
    const rating = other.getByLabel('The Boss rating');
    await rating.waitFor({ timeout: 15_000 });
    // One rated game: provisional, marked with "?".
    expect(await rating.textContent()).toMatch(/^\d+\?$/);
    expect(Number((await rating.textContent())!.replace('?', ''))).not.toBe(1500);
    await expect.poll(() => other.locator('.games-list > li').count(), { timeout: 10_000 }).toBe(1);
    expect(await other.locator('.games-list').textContent()).toContain('rated');
    expect(await other.locator('svg.rating-plot').count()).toBe(1);
    await shot(other, 'accounts-profile-phone');
    // The game opens in the replay viewer.
    await other.getByRole('link', { name: 'Replay', exact: true }).first().click();
    await other.getByRole('slider', { name: 'move' }).waitFor();
    // The table's chat is part of its replay.
    await other
      .getByRole('region', { name: 'chat of this game' })
      .getByText('Have a good game, bot')
      .waitFor();
    await other.context().close();
    await page.context().close();
  });

  it('seats two signed-in players together with quick play; they chat while a spectator’s line stays with spectators', async () => {
    const ann = await newPage();
    const bob = await newPage(PHONE);
    const eve = await newPage();
    const names = [uniqueName('ann'), uniqueName('bob'), uniqueName('eve')];
    await Promise.all([signUp(ann, names[0]), signUp(bob, names[1]), signUp(eve, names[2])]);
    // Both ask to play now: The Boss, 2 players. They land at the same table.
    for (const p of [ann, bob]) {
      await p.goto(`${server.url}/#/`);
      const quick = p.getByRole('region', { name: 'play now' });
      await quick.getByLabel('Table of').selectOption('2');
      await quick.getByRole('button', { name: 'Play now' }).click();
      await p.waitForURL(/#\/t\//);
    }
    const table = (p: Page) => new URL(p.url()).hash.slice('#/t/'.length);
    expect(table(bob)).toBe(table(ann));
    await ann
      .getByText('Your turn', { exact: false })
      .or(ann.getByText('Waiting for'))
      .first()
      .waitFor();
    await eve.goto(`${server.url}/#/t/${table(ann)}`);
    const chatOf = (p: Page) => p.getByRole('region', { name: 'table chat' });
    await chatOf(eve).waitFor();

    await eve.getByLabel('message to the spectators').fill('spectators only: watch seat 2');
    await eve.getByRole('button', { name: 'Send' }).click();
    await ann.getByLabel('message to the table').fill('Good luck, Bob!');
    await ann.getByRole('button', { name: 'Send' }).click();

    await chatOf(bob).getByText('Good luck, Bob!').waitFor();
    await chatOf(eve).getByText('Good luck, Bob!').waitFor();
    await chatOf(eve).getByText('spectators only: watch seat 2').waitFor();
    await bob.getByLabel('message to the table').fill('Thanks!');
    await bob.getByRole('button', { name: 'Send' }).click();
    await chatOf(ann).getByText('Thanks!').waitFor();
    expect(await chatOf(ann).textContent()).not.toContain('spectators only');
    expect(await chatOf(bob).textContent()).not.toContain('spectators only');

    // Muting a name hides its lines in this browser.
    await chatOf(ann).getByRole('button', { name: names[1] }).first().click();
    expect(await chatOf(ann).locator('.chat-lines').textContent()).not.toContain('Thanks!');
    await shot(ann, 'accounts-chat-desktop');
    await shot(bob, 'accounts-chat-phone');
    await shot(eve, 'accounts-chat-spectator');
    const scroll = await bob.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(scroll, 'no sideways scroll on a phone').toBeLessThanOrEqual(0);
    for (const p of [ann, bob, eve]) await p.context().close();
  });
});
