// Playing I'm the Boss! by clicking, as a person would: the online table's and the practice table's tests share it.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ImbMove } from '@boss-table/im-the-boss';
import { artifacts, shot } from './harness.js';

/** What the person means to do next: its turn's move, or as Boss the seats to make terms to. */
export interface Advice {
  readonly turn?: ImbMove;
  /** The clan cards (their words) to commit when declaring. */
  readonly commit?: readonly string[];
  readonly ask?: readonly string[];
  /** The dividends a seat asks for its item: its fair share, one more from the leader. */
  readonly share?: number;
}

/**
 * On a phone, with the page at its top (the board there), each control is on the screen and
 * is what a thumb there would touch (nothing covers it), at most after scrolling the panel's
 * own sheet — never the page past the board. Retried briefly: the bots act meanwhile.
 */
export async function expectInThumbReach(page: Page, controls: Locator[]) {
  const { height } = page.viewportSize()!;
  for (const c of controls)
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, 0));
          return c.evaluate((el, h) => {
            const sheet = el.closest('.area-controls');
            if (sheet && sheet.scrollHeight > sheet.clientHeight)
              sheet.scrollTop +=
                el.getBoundingClientRect().top - sheet.getBoundingClientRect().top - 60;
            if (window.scrollY !== 0) return `the page scrolled to ${window.scrollY}`;
            const r = el.getBoundingClientRect();
            if (r.top < 0 || r.bottom > h) return `off the screen at ${r.top}–${r.bottom}`;
            const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
            return hit && el.contains(hit)
              ? 'in reach'
              : `covered by ${hit?.outerHTML.slice(0, 120)}`;
          }, height);
        },
        { timeout: 5000 },
      )
      .toBe('in reach');
}

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
 * the marker, declares a deal (where `advise` says, else whenever it may), else rolls and
 * draws; as Boss makes terms a bot takes (to the seats `advise` names, else to each), and
 * takes a bot's own terms when its own were not taken; in another seat's deal offers its
 * clan cards and accepts the offers made to it; answers windows (Stop against a Boss card
 * when it holds one). Returns what it saw and did; `opts.counts` gets how often it did each
 * thing, and `opts.shots: false` takes no screenshots (the online test's own).
 */
export async function playByClicking(
  page: Page,
  until: (seen: Set<string>) => boolean,
  budgetMs: number,
  advise?: () => Advice | null,
  opts: { shots?: boolean; counts?: Record<string, number> } = {},
) {
  const seen = new Set<string>();
  const shooting = opts.shots ?? true;
  const counts: Record<string, number> = opts.counts ?? {};
  const count = (what: string) => (counts[what] = (counts[what] ?? 0) + 1);
  const start = Date.now();
  const asked = new Map<string, number>();
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
        const stop = s.windowButtons.find((b) => b.text === 'Stop');
        const pass = s.windowButtons.find((b) => b.text === 'Let it pass');
        if (s.window === 'stop window' && pass) {
          // Asked and not answered yet: the Stop button is there, held or not.
          expect(stop).toBeDefined();
          seen.add(stop!.disabled ? 'stop-disabled' : 'stop-enabled');
          if (shooting && shots < 2) {
            shots++;
            await shot(page, `im-the-boss-stop-window-${stop!.disabled ? 'no-stop' : 'stop'}`);
            if (shots === 1) {
              const size = page.viewportSize()!;
              await page.setViewportSize({ width: 390, height: 844 });
              await shot(page, 'im-the-boss-stop-window-phone');
              await page.setViewportSize(size);
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
          count('passed');
        }
        await page.waitForTimeout(150);
        continue;
      }
      if (s.seq === null) {
        await page.waitForTimeout(150);
        continue;
      }
      const form = page.locator('form[aria-label="your move"]');
      const offers = page.getByRole('region', { name: 'offers to you' });
      // The box stays while the deal is open: an offer is one with an Accept button.
      const accepts = offers.getByRole('button', { name: /^Accept #/ });
      if (s.heading !== 'You are the Boss' && (await accepts.count())) {
        if (shooting && !seen.has('offer-shot')) {
          seen.add('offer-shot');
          await shot(page, 'im-the-boss-offer');
        }
        await accepts.first().click();
        seen.add('accepted');
        count('accepted');
        await page.waitForTimeout(150);
        continue;
      }
      const has = (t: string | RegExp) =>
        s.formButtons.some(
          (b) => !b.disabled && (typeof t === 'string' ? b.text === t : t.test(b.text)),
        );
      // A turn's choices as a player of the bots' rules of thumb would make them, from this
      // seat's own view, when the test gives that advice; else the first one offered.
      const advice = s.seq !== null ? (advise?.() ?? null) : null;
      const tip = advice?.turn ?? null;
      if (s.lit > 0) {
        const spaces = page.locator('.imb-space.pick');
        const advised = spaces.and(
          page.getByLabel(
            `Place the marker on space ${tip?.type === 'placeMarker' ? tip.space : 0}`,
            {
              exact: true,
            },
          ),
        );
        await ((await advised.count()) ? advised : spaces.first()).click();
        seen.add('marker');
        count('marker');
      } else if (/^Discard/.test(s.formButtons.at(-1)?.text ?? '')) {
        const boxes = form.locator('.imb-picks input');
        const n = Number(/\/(\d+)/.exec(s.formButtons.at(-1)!.text)![1]);
        for (let i = 0; i < n; i++) await boxes.nth(i).check();
        await form.getByRole('button', { name: /^Discard/ }).click();
        seen.add('discard');
        count('discard');
      } else if (has(/^Declare the deal/) && (!tip || tip.type === 'declareDeal')) {
        // With the clan cards the advice names, else every one of the space this hand holds.
        const group = form.getByRole('group', { name: 'clan cards to commit' });
        if (advice?.commit)
          for (const words of advice.commit) await group.getByLabel(words).first().check();
        else {
          const clan = group.locator('input');
          for (let i = 0; i < (await clan.count()); i++) await clan.nth(i).check();
        }
        await form.getByRole('button', { name: /^Declare the deal/ }).click();
        seen.add('declared');
        count('declared');
      } else if (has('Roll the die') && tip?.type !== 'draw') {
        await form.getByRole('button', { name: 'Roll the die' }).click();
        seen.add('roll');
        count('roll');
      } else if (has('Draw cards')) {
        await form.getByRole('button', { name: 'Draw cards' }).click();
        seen.add('draw');
        count('draw');
      } else if (s.heading !== 'You are the Boss' && has(/^Accept #/)) {
        if (shooting && !seen.has('offer-shot')) {
          seen.add('offer-shot');
          await shot(page, 'im-the-boss-offer');
        }
        await form
          .getByRole('button', { name: /^Accept #/ })
          .first()
          .click();
        seen.add('accepted');
        count('accepted');
      } else if (
        s.heading === 'The deal' &&
        !asked.has(`${s.deal}|offered`) &&
        (await form.getByRole('group', { name: 'clan cards' }).count())
      ) {
        // Another seat's deal: its clan cards of the space on the table, so that the Boss
        // makes terms for them.
        asked.set(`${s.deal}|offered`, 1);
        const clan = form.getByRole('group', { name: 'clan cards' }).locator('input');
        for (let i = 0; i < (await clan.count()); i++) await clan.nth(i).check();
        await form.getByRole('button', { name: /^Offer \d/ }).click();
        count('offered');
      } else if (s.heading === 'You are the Boss' && has(/^Propose to /)) {
        // Terms to each seat, up to three times a deal: all its items, a generous share of
        // what is left (more each time), so that a bot takes them.
        const deal = s.deal;
        if (!asked.has(`${deal}|since`)) asked.set(`${deal}|since`, Date.now());
        const chips = form.getByRole('group', { name: 'propose to' }).getByRole('button');
        const only = /^Propose to (.*)$/.exec(
          s.formButtons.find((b) => b.text.startsWith('Propose to '))!.text,
        )![1];
        const seatsToAsk = ((await chips.count()) ? await chips.allTextContents() : [only]).filter(
          (n) => !advice?.ask || advice.ask.includes(n),
        );
        const times = (n: string) => asked.get(`${deal}|${n}`) ?? 0;
        const next = seatsToAsk.find((n) => times(n) < 3 && Date.now() - lastProposal > 1500);
        if (next) {
          asked.set(`${deal}|${next}`, times(next) + 1);
          if (await chips.count()) await chips.filter({ hasText: next }).click();
          const propose = form.locator('fieldset.imb-propose');
          const items = propose.locator('.imb-picks input');
          const itemCount = await items.count();
          if (itemCount > 0) {
            for (let i = 0; i < itemCount; i++) await items.nth(i).check();
            const left = Number(
              /of (\d+) dividends/.exec(
                (await propose.getByLabel('dividends offered').textContent()) ?? '',
              )?.[1] ?? 0,
            );
            // The advice's share (what a bot asks), else half of what is left; more each time.
            const want = Math.min(left, (advice?.share ?? Math.ceil(left / 2)) + times(next) - 1);
            const more = propose.getByRole('button', { name: 'more dividends' });
            for (let i = 0; i < want && (await more.isEnabled()); i++) await more.click();
            if (shooting && !seen.has('propose-shot')) {
              seen.add('propose-shot');
              const size = page.viewportSize()!;
              await page.setViewportSize({ width: 1366, height: 768 });
              await shot(page, 'im-the-boss-propose');
              await page.setViewportSize({ width: 390, height: 844 });
              await shot(page, 'im-the-boss-propose-phone');
              await page.evaluate(() => window.scrollTo(0, 0));
              await page.screenshot({ path: `${artifacts}im-the-boss-propose-phone-screen.png` });
              await expectInThumbReach(page, [
                form.getByRole('button', { name: 'more dividends' }),
                form.getByRole('button', { name: /^Propose to / }),
              ]);
              // Folded, the sheet is its fold button only and the board shows; it opens again.
              await form.getByRole('button', { name: 'fold the panel' }).click();
              expect((await page.locator('.area-controls').boundingBox())!.height).toBeLessThan(
                100,
              );
              await page.screenshot({ path: `${artifacts}im-the-boss-phone-folded.png` });
              await form.getByRole('button', { name: 'open the panel' }).click();
              await page.setViewportSize(size);
            }
            await propose.getByRole('button', { name: /^Propose to / }).click();
            seen.add('proposed');
            count('proposed');
            lastProposal = Date.now();
          }
        } else if (Date.now() - lastProposal > 5000 && (await accepts.count())) {
          // A bot's own terms to the Boss, when it has not taken mine: take them.
          await accepts.first().click();
          seen.add('accepted-as-boss');
        } else if (
          Date.now() - Math.max(lastProposal, asked.get(`${deal}|since`)!) > 10_000 &&
          has('Abandon the deal')
        ) {
          // Nobody took the terms: give the deal up rather than wait for its idle clock.
          await form.getByRole('button', { name: 'Abandon the deal' }).click();
          seen.add('abandoned');
          count('abandoned');
        } else await page.waitForTimeout(200);
      } else if (await accepts.count()) {
        await accepts.first().click();
        seen.add('accepted-as-boss');
      } else {
        await page.waitForTimeout(200);
      }
    } catch (e) {
      // The table moved on under the click (a bot acted, a window opened): read it again.
      if (!/Timeout|detached|not attached|intercepts|outside/.test(String(e))) throw e;
    }
    await page.waitForTimeout(120);
  }
  console.log(JSON.stringify(counts));
  return seen;
}
