/**
 * What the end-to-end suites share: the real server serving the built web app, Debian's
 * headless Chromium (driven by playwright-core) and screenshots in test-artifacts/.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { silentLogger, startServer, type RunningServer } from '@boss-table/server';

/** The built web app (`npm run build`). */
export const webRoot = fileURLToPath(new URL('../dist/', import.meta.url));
export const artifacts = fileURLToPath(new URL('../../../test-artifacts/', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';

/** Starts the server (data in a fresh temp folder named after `tmpPrefix`) and the browser. */
export async function startE2E(
  tmpPrefix: string,
  opts: { webRoot?: string } = {},
): Promise<{ server: RunningServer; browser: Browser }> {
  // Missing pieces fail the suite with a reason, never skip it silently.
  const missing = !existsSync(join(webRoot, 'index.html'))
    ? 'the web app is not built: run `npm run build` first'
    : !existsSync(CHROMIUM)
      ? 'Debian chromium is missing: `apt-get install -y chromium` (.ci/run does it)'
      : null;
  if (missing) throw new Error(`Browser tests cannot run: ${missing}.`);
  mkdirSync(artifacts, { recursive: true });
  const server = await startServer({
    port: 0,
    dataDir: mkdtempSync(join(tmpdir(), tmpPrefix)),
    log: silentLogger,
    webRoot: opts.webRoot ?? webRoot,
    botBudgetMs: 5,
    // Every browser of these tests comes from one address (loopback), and the tables they
    // leave to stand-ins would count against the per-address cap of tables with bot seats
    // (the limits have tests of their own, packages/server/src/limits.test.ts).
    botTablesPerAddress: 0,
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return { server, browser };
}

export async function stopE2E(
  server: RunningServer | undefined,
  browser: Browser | undefined,
): Promise<void> {
  await browser?.close();
  await server?.close();
}

/** A full-page screenshot in test-artifacts/<name>.png. */
export const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });

/**
 * Waits for this seat's turn (`turn` shows: true) or the end of the game (false). A page that
 * shows neither within `timeoutMs` is kept as `<stuck>-<time>.png` and the wait fails.
 */
export async function turnOrEnd(
  page: Page,
  turn: Locator,
  stuck: string,
  timeoutMs: number,
): Promise<boolean> {
  const which = await Promise.race([
    turn.waitFor({ timeout: timeoutMs }).then(() => 'turn'),
    page
      .getByRole('heading', { name: 'Game over' })
      .waitFor({ timeout: timeoutMs })
      .then(() => 'over'),
  ]).catch(async (e: unknown) => {
    await shot(page, `${stuck}-${Date.now()}`);
    throw e;
  });
  return which === 'turn';
}

export interface CreatedTable {
  readonly id: string;
  readonly seats: readonly { readonly invite?: string }[];
}

/** Creates a table through the HTTP API, as the lobby would. */
export async function createTable(server: RunningServer, body: unknown): Promise<CreatedTable> {
  const res = await fetch(`${server.url}/api/tables`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  return (await res.json()) as CreatedTable;
}

/** Opens a seat's invite link on `page` and takes the seat under `name`. */
export async function takeSeat(
  page: Page,
  server: RunningServer,
  table: CreatedTable,
  seat: number,
  name: string,
): Promise<void> {
  await page.goto(`${server.url}/#/t/${table.id}?invite=${table.seats[seat].invite}`);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Take my seat' }).click();
}

/**
 * Downloads a finished table's record and opens it in the replay page on `page`; returns the
 * move slider (already shown) and the record's number of moves.
 */
export async function openReplay(
  page: Page,
  server: RunningServer,
  tableId: string,
): Promise<{ slider: Locator; moves: number }> {
  const record = await (await fetch(`${server.url}/api/tables/${tableId}/record`)).text();
  const file = join(mkdtempSync(join(tmpdir(), 'boss-record-')), 'record.json');
  writeFileSync(file, record);
  await page.goto(`${server.url}/#/replay`);
  await page.locator('input[type=file]').setInputFiles(file);
  const slider = page.getByRole('slider', { name: 'move' });
  await slider.waitFor();
  return { slider, moves: (JSON.parse(record) as { moves: unknown[] }).moves.length };
}
