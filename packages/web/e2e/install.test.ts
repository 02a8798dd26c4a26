// Browser test of the installable app: its manifest and icons as Chromium judges them, and the notice that a new version is ready.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '@boss-table/server';
import { shot, startE2E, stopE2E, webRoot } from './harness.js';

let server: RunningServer;
let browser: Browser;
/** A copy of the built app the server serves: the test puts a new version in it. */
let root: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'boss-e2e-install-web-'));
  cpSync(webRoot, root, { recursive: true });
  ({ server, browser } = await startE2E('boss-e2e-install-', { webRoot: root }));
});

afterAll(() => stopE2E(server, browser));

describe('the installable app', () => {
  it('has a manifest and icons Chromium accepts for installing', async () => {
    const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
    const page = await context.newPage();
    await page.goto(server.url);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: 30_000,
    });
    const cdp = await context.newCDPSession(page);
    const { errors } = (await cdp.send('Page.getAppManifest')) as {
      errors: { message: string }[];
    };
    expect(errors).toEqual([]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // A test's browser context is incognito, where nothing installs: every other reason counts.
    const reasons = installabilityErrors.map((e) => e.errorId);
    expect(reasons.filter((r) => r !== 'in-incognito')).toEqual([]);
    const manifest = await page.evaluate(async () => {
      const res = await fetch('./manifest.webmanifest');
      return { type: res.headers.get('content-type'), body: await res.json() };
    });
    expect(manifest.type).toBe('application/manifest+json');
    expect(manifest.body).toMatchObject({ name: 'Boss Table', display: 'standalone' });
    // Each PNG icon is the size the manifest says (a phone's home screen takes 192 and 512).
    const icons = manifest.body.icons as {
      src: string;
      sizes: string;
      type: string;
      purpose: string;
    }[];
    for (const icon of icons.filter((i) => i.type === 'image/png')) {
      const size = await page.evaluate(async (src) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        return `${img.naturalWidth}x${img.naturalHeight}`;
      }, icon.src);
      expect(size, icon.src).toBe(icon.sizes);
    }
    expect(icons.some((i) => i.purpose === 'maskable' && i.sizes === '512x512')).toBe(true);
    await context.close();
  }, 60_000);

  it('tells the player when a new version is ready, and reloads into it when asked', async () => {
    for (const [name, viewport] of [
      ['desktop', { width: 1366, height: 768 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(server.url);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
        timeout: 30_000,
      });
      const notice = page.getByRole('status').filter({ hasText: 'A new version' });
      expect(await notice.count()).toBe(0);
      // A new version is deployed: the service worker's file changes (its version with it).
      const file = join(root, 'sw.js');
      const old = readFileSync(file, 'utf8');
      const version = /boss-table-\$\{"([0-9a-z-]+)"\}/.exec(old)?.[1];
      expect(version).toBeDefined();
      const next = `e2e-${name}`;
      writeFileSync(file, old.replace(`"${version}"`, `"${next}"`));
      // The page looks for it when the player comes back to the tab.
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await notice.waitFor({ timeout: 30_000 });
      await shot(page, `update-notice-${name}`);
      await Promise.all([
        page.waitForEvent('load', { timeout: 30_000 }),
        notice.getByRole('button', { name: 'Reload now' }).click(),
      ]);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      // The new version serves the page, and the old one's kept files are gone.
      await expect
        .poll(() => page.evaluate(() => caches.keys()), { timeout: 10_000 })
        .toEqual([`boss-table-${next}`]);
      expect(await notice.count()).toBe(0);
      await context.close();
    }
  }, 120_000);
});
