/**
 * I'm the Boss! end-to-end in real headless Chromium (Debian's `chromium`, driven by
 * playwright-core): the built web app served by the real server. A person creates a table
 * against three bots in the lobby (a game of 6 rounds, quick clocks) and plays it by
 * clicking to the final money; a Stop against a bot's Boss card on a table whose seed the
 * test chose; two people at one table, one on a phone. Screenshots go to test-artifacts/
 * (im-the-boss-*.png).
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '@boss-table/server';
import { parseRecord, replay } from '@boss-table/core';
import { randomBytes } from 'node:crypto';
import {
  eventWords,
  imTheBoss,
  kindOf,
  BOARD,
  familyOf,
  investorsOf,
  missingFamilies,
  seenFromState,
  thumbMove,
  type ImbEvent,
  type ImbMove,
  type ImbOptions,
  type ImbView,
  type ImbState,
} from '@boss-table/im-the-boss';
import { familyOnSpace, satisfies } from '@boss-table/im-the-boss/deal-check';
import { QUICK_CLOCKS } from '../src/im-the-boss/index.js';
import { itemWords, nextTile, tileValue } from '../src/im-the-boss/logic.js';
import { artifacts, createTable, shot, startE2E, stopE2E, takeSeat } from './harness.js';

/** The lobby's length the whole-game test picks (rounds; a whole game runs > 400 s). */
const E2E_ROUNDS = 6;

/** What the person means to do next: its turn's move, or as Boss the seats to make terms to. */
interface Advice {
  readonly turn?: ImbMove;
  /** The clan cards (their words) to commit when declaring. */
  readonly commit?: readonly string[];
  readonly ask?: readonly string[];
  /** The dividends a seat asks for its item: its fair share, one more from the leader. */
  readonly share?: number;
}

const botName = (seat: number) => `Bot ${seat + 1} (Rules of thumb)`;

/**
 * The clan cards (their words) seat 0 (the viewer) would commit to a deal on `space` that it
 * closes with a bot's help, or null when there is none: its own placards, the bots' placards
 * and its clan cards of the families whose placard nobody owns fill every slot, and without
 * the bots' placards they do not (a family a bot's placard covers is bought from the bot);
 * a deal the bots would not fight.
 */
function goodSpace(view: ImbView, space: number): string[] | null {
  const t = view.table;
  const sp = BOARD[space - 1];
  const tile = nextTile(view);
  if (t.closed[space - 1] !== 0 || tile === null) return null;
  // The bots fight the richest seat's deals of 8 M or more with their Boss cards, and every
  // deal of 12 M or more at its last call: under 8 M, or under 12 M with a Stop in hand.
  const stop = (view.hand ?? []).some((c) => kindOf(c) === 'stop');
  const worth = tileValue(tile) * sp.D;
  const richest = t.money[0] > 0 && t.money.every((m) => m <= t.money[0]);
  if (worth >= 12 || (worth >= 8 && !stop && richest)) return null;
  const own = new Array<number>(6).fill(0);
  const commit: string[] = [];
  for (let f = 0; f < 6; f++) if (t.placards[f] === 0) own[f]++;
  for (const c of view.hand ?? [])
    if (kindOf(c) === 'clan' && t.placards[familyOf(c)] < 0 && own[familyOf(c)] === 0) {
      own[familyOf(c)]++;
      commit.push(c);
    }
  const all = own.map((n, f) => n + (t.placards[f] > 0 ? 1 : 0));
  return satisfies(sp, all) && !satisfies(sp, own)
    ? commit.filter((c) => familyOnSpace(sp, familyOf(c))).map((c) => itemWords(view, c))
    : null;
}

function adviceFor(view: ImbView): Advice | null {
  const t = view.table;
  const d = t.deal;
  if (d) {
    if (d.boss !== 0 || d.phase !== 'open') return null;
    const counts = new Array<number>(6).fill(0);
    for (let f = 0; f < 6; f++)
      if (t.placards[f] === 0 && !d.travelling.some((x) => x.family === f)) counts[f]++;
    for (const x of d.table) if (x.committed) counts[familyOf(x.card)]++;
    for (const a of d.agreements) for (const i of a.items) counts[familyOf(i)]++;
    const missing = missingFamilies(BOARD[d.space - 1], counts);
    const seats = new Set<number>();
    for (const f of missing) {
      if (t.placards[f] > 0) seats.add(t.placards[f]);
      for (const x of d.table) if (familyOf(x.card) === f && x.owner !== 0) seats.add(x.owner);
    }
    const fair = Math.max(1, Math.floor(d.D / investorsOf(BOARD[d.space - 1])));
    const leader = t.money[0] > 0 && t.money.every((m) => m <= t.money[0]);
    return { ask: [...seats].map(botName), share: Math.min(d.D, fair + (leader ? 1 : 0)) };
  }
  if (t.seat !== 0) return null;
  if (t.phase === 'marker') {
    // The smallest good deal: the bots fight big deals of the richest seat (8 M or more).
    const space = BOARD.filter((sp) => goodSpace(view, sp.space) !== null)
      .map((sp) => sp.space)
      .sort((a, b) => BOARD[a - 1].D - BOARD[b - 1].D)[0];
    return space ? { turn: { type: 'placeMarker', space } } : null;
  }
  if (t.phase === 'start' || t.phase === 'moved') {
    const commit = goodSpace(view, t.marker);
    if (commit) return { turn: { type: 'declareDeal', clan: [] }, commit };
    return { turn: t.phase === 'start' ? { type: 'roll' } : { type: 'draw' } };
  }
  return null;
}

/**
 * What seat `me` did in a finished game, read from its record (replayed with the engine):
 * deals it closed as Boss where a bot accepted terms it proposed, offers of a bot Boss it
 * accepted, Stops it played against a bot's Boss card, and whether the game ended.
 */
function storyOf(raw: unknown, me: number) {
  const parsed = parseRecord(raw);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const record = parsed.value;
  const out = {
    closedAsBossOnOwnTerms: 0,
    acceptedBotOffer: 0,
    stoppedBotBoss: 0,
    over: false,
    // For the log of a failure: deals declared and closed as Boss, offers from bot Bosses.
    declared: 0,
    closedAsBoss: 0,
    botBossOffers: 0,
    /** What happened in the deals this seat declared, in words (for the log of a failure). */
    myDeals: [] as string[],
  };
  let inMine = false;
  const takenFromMe = new Set<number>(); // deal numbers where a bot took my terms as Boss
  let prev: ImbState | null = null;
  let i = -1;
  const done = replay(imTheBoss, record, {
    onStep: (state, events) => {
      const move = i >= 0 ? record.moves[i] : null;
      const d = prev?.pub.deal;
      if (move && d) {
        const p = d.proposals.find((x) => x.id === move.id);
        if (move.type === 'accept' && p && move.seat !== me && p.from === me && d.boss === me)
          takenFromMe.add(d.no);
        if (move.type === 'accept' && p && move.seat === me && p.from === d.boss && d.boss !== me)
          out.acceptedBotOffer++;
        if (move.type === 'playStop' && move.seat === me && d.pending?.kind === 'boss')
          out.stoppedBotBoss++;
      }
      for (const e of events as { audience: unknown; event: { type: string; boss?: number } }[]) {
        if (e.event.type === 'dealClosed' && e.event.boss === me && d && takenFromMe.has(d.no))
          out.closedAsBossOnOwnTerms++;
        if (e.event.type === 'gameOver') out.over = true;
        if (e.event.type === 'dealClosed' && e.event.boss === me) out.closedAsBoss++;
        const ev = e.event as { type: string; boss?: number; from?: number; to?: number };
        if (ev.type === 'dealDeclared' && ev.boss === me) out.declared++;
        if (ev.type === 'proposalMade' && ev.to === me && ev.from === d?.boss) out.botBossOffers++;
        if (ev.type === 'dealDeclared') inMine = ev.boss === me;
        if (inMine && e.audience === 'all')
          out.myDeals.push(
            eventWords(e.event as ImbEvent, me, (p) => (p === me ? 'You' : `Bot ${p + 1}`)),
          );
        if (ev.type === 'dealClosed' || ev.type === 'dealBrokeDown') inMine = false;
      }
      prev = state as ImbState;
      i++;
    },
  });
  if (!done.ok) throw new Error(done.error.message);
  return out;
}

/**
 * A seed whose deal, by the engine and the bots' rules of thumb, leads to a bot playing an
 * I'm the Boss! card while seat 0 holds a Stop: seat 0 starts, the bot before it places the
 * marker on a space worth at least 8 M, seat 0 declares the deal there at once and does
 * nothing more, and a bot with a Boss card and no share of the deal plays it against the
 * richest seat (everyone has 0 M: seat 0 counts as the richest).
 */
function stopScenarioSeed(options: ImbOptions): string {
  const apply = (s: ImbState, seat: number, move: ImbMove) => {
    const r = imTheBoss.apply(s, seat, move);
    return r.ok ? r.value.state : null;
  };
  for (let i = 0; i < 20_000; i++) {
    const seed = `stop-against-a-bot-boss-${i}`;
    const set = imTheBoss.setup(options, seed);
    if (!set.ok) continue;
    let s: ImbState | null = set.value.state;
    if (s.pub.startPlayer !== 0 || !s.hands[0].some((c) => kindOf(c) === 'stop')) continue;
    const placer = s.pub.seat;
    s = apply(s, placer, thumbMove(seenFromState(s, placer))!);
    if (!s || s.pub.seat !== 0 || s.pub.phase !== 'start') continue;
    s = apply(s, 0, { type: 'declareDeal', clan: [] });
    if (!s || s.pub.deal!.V * s.pub.deal!.D < 8) continue;
    for (let k = 0; k < 20 && s && s.pub.deal?.phase === 'open'; k++)
      for (let seat = 1; seat < options.players && s?.pub.deal?.phase === 'open'; seat++) {
        const m = thumbMove(seenFromState(s, seat));
        if (m?.type === 'playBoss') return seed;
        if (m) s = apply(s, seat, m) ?? s;
      }
  }
  throw new Error('No seed found for the Stop scenario.');
}

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

/**
 * On a phone, with the page at its top (the board there), each control is on the screen and
 * is what a thumb there would touch (nothing covers it), at most after scrolling the panel's
 * own sheet — never the page past the board. Retried briefly: the bots act meanwhile.
 */
async function expectInThumbReach(page: Page, controls: Locator[]) {
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
 * when it holds one). Returns what it saw and did.
 */
async function playByClicking(
  page: Page,
  until: (seen: Set<string>) => boolean,
  budgetMs: number,
  advise?: () => Advice | null,
) {
  const seen = new Set<string>();
  const counts: Record<string, number> = {};
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
          if (shots < 2) {
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
        if (!seen.has('offer-shot')) {
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
      } else if (/^Discard/.test(s.formButtons.at(-1)?.text ?? '')) {
        const boxes = form.locator('.imb-picks input');
        const n = Number(/\/(\d+)/.exec(s.formButtons.at(-1)!.text)![1]);
        for (let i = 0; i < n; i++) await boxes.nth(i).check();
        await form.getByRole('button', { name: /^Discard/ }).click();
        seen.add('discard');
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
      } else if (has('Draw cards')) {
        await form.getByRole('button', { name: 'Draw cards' }).click();
        seen.add('draw');
      } else if (s.heading !== 'You are the Boss' && has(/^Accept #/)) {
        if (!seen.has('offer-shot')) {
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
            if (!seen.has('propose-shot')) {
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

describe("I'm the Boss! in a real browser", () => {
  it("a person with three bots, from the lobby to the final money by clicking: a deal closed as Boss on terms a bot accepted, a bot Boss's offer accepted, then the replay", async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    // The deals are the seed's: in some games none lets the person close one as Boss on a
    // bot's acceptance (it declares only what it can close); then it plays another table
    // from the lobby, up to four.
    let id = '';
    let seen = new Set<string>();
    let record = { options: {}, moves: [] } as {
      options: { maxRounds?: number };
      moves: unknown[];
    };
    let story = {} as ReturnType<typeof storyOf>;
    for (let attempt = 1; ; attempt++) {
      await page.goto(server.url);
      await page.getByLabel('Your name').fill('Alice');
      await page.getByLabel('Game').selectOption('im-the-boss');
      await page.getByLabel('Players').selectOption('4');
      for (const s of [2, 3, 4])
        await page.getByLabel(`Seat ${s}`, { exact: true }).selectOption('bot:heuristic');
      await page.getByLabel('Length').selectOption(String(E2E_ROUNDS));
      await page.getByLabel('Short game (12 tiles)').check();
      await page.getByLabel('Pace').selectOption('quick');
      await page.getByRole('button', { name: 'Create table' }).click();
      // One person and bots: the lobby seats its creator at once.
      await page.locator('.imb-board').waitFor();
      id = /#\/t\/([^?/]+)/.exec(page.url())![1];
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
      await page.getByRole('button', { name: 'Rules', exact: true }).click();
      await page
        .getByRole('dialog', { name: 'rules' })
        .getByText(/reconstruct/)
        .first()
        .waitFor();
      await page.getByRole('button', { name: 'close the rules' }).click();

      // The person reads the board as a player would (from its own view: the server's state
      // is read as seat 0 sees it): it declares deals it can close with a bot's placard, and as
      // Boss makes terms to the seats that hold what is missing; its clicks do the rest.
      const advise = () => {
        const live = server.tables.get(id);
        return live ? adviceFor(imTheBoss.view(live.state as ImbState, 0)) : null;
      };
      seen = await playByClicking(page, (x) => x.has('over'), 240_000, advise);
      console.log([...seen].join(' '));
      // What the record says the person did: a deal closed as Boss with terms it proposed and a
      // bot accepted, a bot Boss's offer accepted as another seat, the game played to its end.
      record = (await (await fetch(`${server.url}/api/tables/${id}/record`)).json()) as {
        options: { maxRounds?: number };
        moves: unknown[];
      };
      expect(record.options.maxRounds).toBe(E2E_ROUNDS);
      const told = storyOf(record, 0);
      const { myDeals } = told;
      story = told;
      console.log(JSON.stringify(story));
      console.log(myDeals.join('\n'));
      if ((story.closedAsBossOnOwnTerms > 0 && story.acceptedBotOffer > 0) || attempt === 4) break;
      console.log(`table ${attempt}: no deal closed as Boss on a bot's acceptance; another`);
    }
    expect(seen).toContain('over');
    const ranking = page.getByRole('region', { name: 'final ranking' });
    expect(await ranking.textContent()).toMatch(/The game ended because/);
    expect(await ranking.locator('tbody tr').count()).toBe(4);
    expect(await handsShown(page)).toEqual(['imb-hand-0']);
    await shot(page, 'im-the-boss-game-over');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'im-the-boss-game-over-phone');
    await page.setViewportSize({ width: 1366, height: 768 });

    expect(story.closedAsBossOnOwnTerms).toBeGreaterThan(0);
    expect(story.acceptedBotOffer).toBeGreaterThan(0);
    expect(story.over).toBe(true);

    // The finished game replays move by move (the end's Replay link), every negotiation move
    // a step.
    await ranking.getByRole('link', { name: 'Replay' }).click();
    const slider = page.getByRole('slider', { name: 'move' });
    await slider.waitFor();
    expect(Number(await slider.getAttribute('max'))).toBe(record.moves.length);
    await page.getByRole('button', { name: 'next move' }).click();
    await page.getByText('Move 1 of').waitFor();
    await shot(page, 'im-the-boss-replay');
    await page.close();
  }, 1_100_000);

  it("playing a Stop against a bot's Boss card: the large prompt shows the card, the person stops it; a reload mid-window keeps the prompt, its countdown and the log", async () => {
    // A table created as the lobby would, then the same table stored again under a seed the
    // test chose (through the server's storage, in this process only: no route lets anyone
    // choose or learn a seed), so that the deal below happens every time.
    const created = await createTable(server, {
      game: 'im-the-boss',
      options: { clocks: { ...QUICK_CLOCKS, stopWindow: 20_000 } },
      seats: [
        { kind: 'human' },
        ...Array.from({ length: 3 }, () => ({ kind: 'bot', bot: 'heuristic' })),
      ],
    });
    const stored = (await server.storage.table(created.id))!;
    const options = imTheBoss.parseOptions(stored.options);
    if (!options.ok) throw new Error(options.error.message);
    const id = randomBytes(9).toString('base64url');
    await server.storage.createTable({ ...stored, id, seed: stopScenarioSeed(options.value) });
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await takeSeat(page, server, { id, seats: created.seats }, 0, 'Alice');
    await page.locator('.imb-board').waitFor();

    // My turn: declare the deal on the marker's space, as its Boss, and wait.
    const declare = page.getByRole('button', { name: /^Declare the deal/ });
    await declare.waitFor();
    await declare.click();
    const prompt = page.locator('section.imb-window');
    await prompt.waitFor({ timeout: 30_000 });
    expect(await prompt.getAttribute('aria-label')).toBe('stop window');
    expect(await prompt.textContent()).toMatch(/Bot \d \(Rules of thumb\) played I'm the Boss!/);
    await page.getByLabel('window clock').waitFor();
    await shot(page, 'im-the-boss-stop-boss-card');

    // A reload mid-window: the prompt, its countdown, the deal with its proposals and the log
    // come back as they were (nothing moves in a stop window but the answers).
    const deal = await page.locator('.imb-deal').textContent();
    const log = await page.locator('.log li').allTextContents();
    await page.reload();
    await prompt.waitFor();
    await page.getByLabel('window clock').waitFor();
    await page.locator('.imb-deal').waitFor();
    expect(await page.locator('.imb-deal').textContent()).toBe(deal);
    expect((await page.locator('.log li').allTextContents()).slice(-log.length)).toEqual(log);
    expect(log.length).toBeGreaterThan(3);
    expect(await prompt.textContent()).toMatch(/played I'm the Boss!/);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'im-the-boss-stop-boss-card-phone');
    await expectInThumbReach(page, [
      prompt.getByRole('button', { name: 'Stop', exact: true }),
      prompt.getByRole('button', { name: 'Let it pass' }),
    ]);
    await page.setViewportSize({ width: 1366, height: 768 });

    const stops = () => page.locator('[data-testid=imb-hand-0] .imb-card.k-stop');
    const before = await stops().count();
    const stop = prompt.getByRole('button', { name: 'Stop', exact: true });
    expect(await stop.isEnabled()).toBe(true);
    await stop.click();
    // The window closes with the card stopped: I am still the Boss, one Stop fewer in hand.
    await page.locator('.log li', { hasText: 'You stop it.' }).waitFor({ timeout: 30_000 });
    await prompt.waitFor({ state: 'detached' });
    expect(await page.locator('.imb-deal h3').textContent()).toMatch(/You are the Boss/);
    expect(await stops().count()).toBe(before - 1);
    await page.close();
  }, 120_000);

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
    // Play on both pages until a person has proposed terms and a person has accepted terms
    // (from the other or a bot), whichever came first.
    const done = { v: false };
    const seen = new Set<string>();
    const stopWhen = (x: Set<string>) => {
      for (const k of x) seen.add(k);
      if (seen.has('proposed') && (seen.has('accepted') || seen.has('accepted-as-boss')))
        done.v = true;
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
