// @vitest-environment happy-dom
// Component tests for I'm the Boss!: lobby options, negotiating, hand privacy, stop windows, replays, end roll.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Rng } from '@boss-table/core';
import {
  ALL_CARDS,
  imTheBoss,
  parseOptions,
  parsePresets,
  setup,
  type ImbLegal,
  type ImbMove,
  type ImbState,
} from '@boss-table/im-the-boss';
import type { ClockState } from '@boss-table/client';
import type { TablePieces } from '../registry.js';
import { EndRoll, newestEndRoll, SHOW_MS, TUMBLE_MS } from './EndRoll.js';
import ImbTable from './ImbTable.js';
import { Negotiation } from './Controls.js';
import { imbOptions, imTheBossGame } from './index.js';
import { clampStep, dividendsLeft, needlessItems, toggleItem } from './logic.js';
import { parts } from './parts.js';
import { imbReplaySteps } from './replay.js';

afterEach(cleanup);

const names = (s: number) => `Seat ${s + 1}`;
const stack = ({ board, controls }: TablePieces) => (
  <>
    {board}
    {controls}
  </>
);

/** A table with chosen placards and hands, the marker on `marker`. */
function position(hands: string[][], placards: (number | null)[], marker: number): ImbState {
  const o = parseOptions({ players: hands.length });
  if (!o.ok) throw new Error(o.error.message);
  const held = new Set(hands.flat());
  const drawPile = ALL_CARDS.filter((c) => !held.has(c));
  const presets = parsePresets({ setup: { placards, hands, drawPile } }, o.value);
  if (!presets.ok) throw new Error(presets.error.message);
  const r = setup(o.value, 'web-test', presets.value);
  if (!r.ok) throw new Error(r.error.message);
  return play(r.value.state, r.value.state.pub.seat, { type: 'placeMarker', space: marker });
}

function play(s: ImbState, seat: number, move: ImbMove): ImbState {
  const r = imTheBoss.apply(s, seat, move);
  if (!r.ok) throw new Error(`${JSON.stringify(move)} by ${seat}: ${r.error.message}`);
  return r.value.state;
}

const legalOf = (s: ImbState, seat: number) => imTheBoss.legalSummary!(s, seat) as ImbLegal | null;

/** Renders the table as `seat` sees it; the moves its controls send are collected. */
function table(s: ImbState, seat: number | null, clocks: ClockState[] = []) {
  const sent: ImbMove[] = [];
  const utils = render(
    <ImbTable
      view={imTheBoss.view(s, seat)}
      legal={seat === null ? null : legalOf(s, seat)}
      seq={1}
      names={names}
      batches={[]}
      onMove={(m) => sent.push(m as ImbMove)}
      busy={false}
      clocks={clocks}
      layout={stack}
    />,
  );
  return { sent, ...utils };
}

/**
 * Four seats, one placard each (H, K, L, P); space 5 needs Piepenbrok and Raffzahn. Seat 0
 * holds a Raffzahn clan card and declares; seat 3 owns the Piepenbrok placard.
 */
const HANDS = [
  ['clan:R1', 'recruit:1', 'recruit:2', 'recruit:3', 'clan:H1'],
  ['boss:1', 'clan:K1', 'clan:L1', 'travel:W1', 'recruit:4'],
  ['stop:1', 'clan:T1', 'clan:L2', 'recruit:5', 'recruit:6'],
  ['clan:P1', 'clan:H2', 'travel:P1', 'recruit:7', 'recruit:8'],
];

function dealOpen(): ImbState {
  let s = position(HANDS, [0, 1, 2, 3, null, null], 5);
  const boss = s.pub.seat;
  s = play(s, boss, { type: 'declareDeal', clan: s.hands[boss].filter((c) => c === 'clan:R1') });
  return s;
}

describe("I'm the Boss! web table", () => {
  it('registers with the lobby: two seats play the two-player variant', () => {
    expect(imTheBossGame.id).toBe('im-the-boss');
    expect(imbOptions({}, 2).twoPlayer).toBe(true);
    const o = parseOptions({ players: 4, ...imbOptions({ mode: 'turnBased' }, 4) });
    expect(o.ok).toBe(true);
    const quick = parseOptions({ players: 3, ...imbOptions({ pace: 'quick' }, 3) });
    expect(quick.ok && quick.value.clocks.stopWindow).toBe(4000);
  });

  it("the lobby's length: the whole game by default, or a number of rounds the engine takes", () => {
    const whole = imbOptions(imTheBossGame.defaultOptions, 4);
    expect(whole.maxRounds).toBeUndefined();
    expect(imTheBossGame.describeOptions(whole)).toMatch(/the whole game/);
    const short = imbOptions({ rounds: '4' }, 4);
    expect(short.maxRounds).toBe(4);
    expect(imTheBossGame.describeOptions(short)).toMatch(/at most 4 rounds/);
    const parsed = parseOptions({ players: 4, ...short });
    expect(parsed.ok && parsed.value.maxRounds).toBe(4);
    // Only the lobby's own choices: anything else is the whole game.
    expect(imbOptions({ rounds: '0' }, 4).maxRounds).toBeUndefined();
    expect(imbOptions({ rounds: 5 }, 4).maxRounds).toBeUndefined();
  });

  it('shows round 1 at the start, before the first turn (the rules count it 0)', () => {
    const o = parseOptions({ players: 3 });
    if (!o.ok) throw new Error(o.error.message);
    const r = setup(o.value, 'round-zero');
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.state.pub.round).toBe(0);
    const { container } = table(r.value.state, null);
    expect(container.querySelector('.imb-status')!.textContent).toMatch(/^Round 1/);
  });

  it('the stepper never goes past what is left of the deal, nor below 0', () => {
    expect(clampStep(3, 1, 3)).toBe(3);
    expect(clampStep(0, -1, 3)).toBe(0);
    // Rules 5.4.1: terms may name several items of one family.
    expect(toggleItem(['inv:H'], 'clan:H1')).toEqual(['inv:H', 'clan:H1']);
    expect(toggleItem(['inv:H', 'clan:H1'], 'inv:H')).toEqual(['clan:H1']);
    const s = dealOpen();
    const boss = s.pub.deal!.boss;
    const other = [0, 1, 2].find((p) => p !== boss)!;
    const legal = legalOf(s, boss);
    const v = imTheBoss.view(s, boss);
    const d = v.table.deal!;
    expect(dividendsLeft(v, legal, 3)).toBe(d.D);
    // Seat 4 has agreed to 3 of the deal's dividends: only the rest is left for another seat,
    // while new terms with seat 4 itself would replace its own.
    const agreed = {
      ...v,
      table: {
        ...v.table,
        deal: { ...d, agreements: [{ seat: 3, items: ['inv:P'], dividends: 3, id: 1 }] },
      },
    };
    expect(dividendsLeft(agreed, legal, other)).toBe(d.D - 3);
    expect(dividendsLeft(agreed, legal, 3)).toBe(d.D);
  });

  it('the Boss proposes through the panel, and the counterparty accepts in one click; the engine takes both', () => {
    let s = dealOpen();
    const boss = s.pub.deal!.boss;
    expect(s.pub.deal!.phase).toBe('open');
    const t = table(s, boss);
    const form = screen.getByRole('group', { name: 'propose to' });
    fireEvent.click(within(form).getByRole('button', { name: 'Seat 4' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Piepenbrok placard/ }));
    const more = screen.getByRole('button', { name: 'more dividends' });
    for (let i = 0; i < 20; i++) fireEvent.click(more);
    // Four dividends on space 5: the stepper stops there.
    expect(screen.getByLabelText('dividends offered').textContent).toBe('4 of 4 dividends');
    expect((more as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Propose to Seat 4' }));
    expect(t.sent).toEqual([{ type: 'propose', to: 3, items: ['inv:P'], dividends: 4 }]);
    s = play(s, boss, t.sent[0]);
    cleanup();
    const u = table(s, 3);
    const offers = screen.getByRole('region', { name: 'offers to you' });
    expect(offers.textContent).toMatch(/Piepenbrok placard for 4 dividends/);
    // Once, in the panel: no second copy above the board.
    expect(screen.getAllByRole('button', { name: /^Accept/ })).toHaveLength(1);
    fireEvent.click(within(offers).getByRole('button', { name: /^Accept #/ }));
    expect(u.sent).toHaveLength(1);
    expect(u.sent[0].type).toBe('accept');
    s = play(s, 3, u.sent[0]);
    // The deal is complete: the last call is open.
    expect(s.pub.deal?.phase ?? 'closed').toMatch(/lastCall|closed/);
  });

  it('the panel folds to its fold button (a phone shows the board then) and opens again', () => {
    const s = dealOpen();
    table(s, s.pub.deal!.boss);
    const form = screen.getByRole('form', { name: 'your move' });
    const fold = within(form).getByRole('button', { name: 'fold the panel' });
    expect(fold.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(fold);
    expect(form.className).toMatch(/imb-folded/);
    fireEvent.click(within(form).getByRole('button', { name: 'open the panel' }));
    expect(form.className).not.toMatch(/imb-folded/);
    // The propose form is still there (folding hides, it does not lose the draft).
    expect(within(form).getAllByRole('button', { name: /^Propose to / }).length).toBeGreaterThan(0);
  });

  it("a placard's standing offer is shown in the deal box to every seat and spectators (5.3)", () => {
    const s = play(dealOpen(), 3, { type: 'offerPlacard', placard: 'inv:P' });
    for (const seat of [0, 1, 3, null]) {
      const { getByLabelText } = table(s, seat);
      expect(getByLabelText('the deal').textContent).toMatch(/Placards offered: .*\(Seat 4\)/);
      cleanup();
    }
    const { getByLabelText } = table(dealOpen(), 1);
    expect(getByLabelText('the deal').textContent).not.toMatch(/Placards offered/);
  });

  it("shows the deal's clocks above the board, and warns near the end what happens at zero", () => {
    const s = dealOpen();
    const boss = s.pub.deal!.boss;
    const now = Date.now();
    const clocks: ClockState[] = [
      { id: 'deal:1:0', seats: [], deadline: now + 40_000, running: true, leftMs: 40_000 },
      { id: 'idle:1:0', seats: [], deadline: now + 3_000, running: true, leftMs: 3_000 },
    ];
    table(s, boss, clocks);
    const strip = screen.getByRole('group', { name: 'clocks' });
    const timers = within(strip).getAllByRole('timer');
    expect(timers.map((t) => t.textContent)).toEqual([
      'The deal 0:40',
      'Without progress 0:03 — then the deal breaks down: make or accept an offer',
    ]);
    expect(timers[0].className).not.toMatch(/low/);
    expect(timers[1].className).toMatch(/low/);
    cleanup();
    // A turn's clock names whose turn it is; a window's clock stays in the window's prompt.
    table(s, 1, [
      { id: 'turn:4', seats: [2], deadline: now + 15_000, running: true, leftMs: 15_000 },
      { id: 'stopWindow:1:1', seats: [1], deadline: now + 3_000, running: true, leftMs: 3_000 },
    ]);
    const turn = within(screen.getByRole('group', { name: 'clocks' })).getAllByRole('timer');
    expect(turn.map((t) => t.textContent)).toEqual(['Seat 3’s turn 0:15']);
  });

  it('tells a player what they bring, and explains terms and cards on the table', () => {
    const s = dealOpen();
    const boss = s.pub.deal!.boss;
    const other = [1, 2, 3].find((p) => p !== boss)!;
    table(s, other);
    const form = screen.getByRole('form', { name: 'your move' });
    expect(form.textContent).toMatch(/Ask the Boss for a share/);
    expect(form.textContent).not.toMatch(/what they bring/);
    expect(form.textContent).toMatch(
      /What you bring to Seat \d:|You have nothing on the table yet/,
    );
    expect(form.textContent).toMatch(/Put cards on the table/);
    // The families' letters have their names beside them, not only on hover.
    const legend = screen.getByLabelText('families');
    expect(legend.textContent).toMatch(/H Heiermann/);
    expect(legend.textContent).toMatch(/P Piepenbrok/);
    cleanup();
    table(s, boss);
    expect(screen.getByRole('form', { name: 'your move' }).textContent).toMatch(/Make terms/);
  });

  it("the Boss's Accept of terms for a family already covered warns and asks twice", () => {
    const s = dealOpen();
    const boss = s.pub.deal!.boss;
    const v = imTheBoss.view(s, boss);
    const d = v.table.deal!;
    // Seat 3 has agreed to bring the Piepenbrok placard; seat 2 now offers a Piepenbrok clan
    // card too, and seat 4 a Raffzahn card, which the Boss's committed clan card covers.
    const view = {
      ...v,
      table: {
        ...v.table,
        deal: {
          ...d,
          agreements: [{ seat: 3, items: ['inv:P'], dividends: 2, id: 1 }],
          proposals: [
            { id: 7, from: 2, to: boss, items: ['clan:P2'], dividends: 1 },
            { id: 8, from: 1, to: boss, items: [], dividends: 1 },
          ],
        },
      },
    };
    expect(needlessItems(view, ['clan:P2'], 2).map((n) => n.why)).toEqual([
      'Piepenbrok is already covered',
    ]);
    // Its own agreement would be replaced by new terms: not counted against it.
    expect(needlessItems(view, ['inv:P'], 3)).toEqual([]);
    expect(needlessItems(view, ['clan:R2'], 1).map((n) => n.why)).toEqual([
      'Raffzahn is already covered',
    ]);
    expect(needlessItems(view, ['clan:K1'], 1)[0].why).toMatch(/not needed on this space/);
    const legal = { ...legalOf(s, boss)!, accept: [7, 8], reject: [7, 8] };
    const sent: ImbMove[] = [];
    render(
      <Negotiation
        view={view}
        legal={legal}
        names={names}
        send={(m) => sent.push(m)}
        busy={false}
      />,
    );
    const offers = screen.getByRole('region', { name: 'offers to you' });
    expect(offers.textContent).toMatch(/Piepenbrok is already covered: you would pay 1 dividend/);
    fireEvent.click(within(offers).getByRole('button', { name: 'Accept #7' }));
    expect(sent).toEqual([]);
    fireEvent.click(within(offers).getByRole('button', { name: 'Accept #7 anyway' }));
    expect(sent).toEqual([{ type: 'accept', id: 7 }]);
    // Terms that need nothing extra go in one click.
    fireEvent.click(within(offers).getByRole('button', { name: 'Accept #8' }));
    expect(sent.at(-1)).toEqual({ type: 'accept', id: 8 });
  });

  it('a seat sees only its own hand', () => {
    const s = dealOpen();
    for (const seat of [0, 1, 2, 3]) {
      const { container } = table(s, seat);
      const hands = [...container.querySelectorAll('[data-testid^=imb-hand-]')].map((e) =>
        e.getAttribute('data-testid'),
      );
      expect(hands).toEqual([`imb-hand-${seat}`]);
      const shown = [...container.querySelectorAll('[data-card]')].map((e) =>
        e.getAttribute('data-card'),
      );
      expect(shown.sort()).toEqual(s.hands[seat].slice().sort());
      cleanup();
    }
    const { container } = table(s, null);
    expect(container.querySelectorAll('[data-card]').length).toBe(0);
  });

  it('the stop prompt is the same for every seat asked, Stop held or not (disabled, not hidden)', () => {
    let s = dealOpen();
    const boss = s.pub.deal!.boss;
    // Seat 1 (not the Boss in this position) plays I'm the Boss!.
    const player = boss === 1 ? 3 : 1;
    expect(player).toBe(1);
    s = play(s, player, { type: 'playBoss', card: 'boss:1' });
    expect(s.pub.deal!.phase).toBe('stop');
    const clocks = [
      {
        id: `stopWindow:1:1`,
        seats: [0, 2, 3],
        deadline: Date.now() + 6000,
        running: true,
        leftMs: 6000,
      },
    ];
    const prompts: { text: string; disabled: boolean }[] = [];
    for (const seat of [2, 3]) {
      table(s, seat, clocks as never);
      const win = screen.getByRole('alertdialog', { name: 'stop window' });
      const stop = within(win).getByRole('button', { name: 'Stop' }) as HTMLButtonElement;
      prompts.push({ text: win.textContent ?? '', disabled: stop.disabled });
      cleanup();
    }
    // Seat 2 holds a Stop, seat 3 none: the same words, the button there for both.
    expect(prompts[0].text).toBe(prompts[1].text);
    expect(prompts[0].text).toMatch(/I'm the Boss!/);
    expect(prompts[0].text).toMatch(/0:0[56]/);
    expect(prompts.map((p) => p.disabled)).toEqual([false, true]);
  });

  it('every button the controls offer sends a move the engine accepts (random games)', () => {
    const kinds = new Set<string>();
    const tables: [string, Record<string, unknown>][] = [
      ['a', { players: 4 }],
      ['b', { players: 3 }],
      ['c', { players: 4, mode: 'turnBased' }],
      ['d', { players: 2, twoPlayer: true, mode: 'turnBased' }],
    ];
    for (const [seed, options] of tables) {
      const o = parseOptions(options);
      if (!o.ok) throw new Error(o.error.message);
      const r = setup(o.value, `web-${seed}`);
      if (!r.ok) throw new Error(r.error.message);
      let s = r.value.state;
      const rng = Rng.fromSeed(`web-${seed}`);
      for (let step = 0; step < 60 && !imTheBoss.isOver(s); step++) {
        const seats = imTheBoss.activeSeats(s);
        const seat = seats[rng.int(seats.length)];
        if (step % 3 === 0) {
          const t = table(s, seat);
          const buttons = [...t.container.querySelectorAll('button')].filter((b) => !b.disabled);
          for (const b of buttons) fireEvent.click(b);
          for (const m of t.sent) {
            kinds.add(m.type);
            const applied = imTheBoss.apply(s, seat, m);
            if (!applied.ok) throw new Error(`${JSON.stringify(m)}: ${applied.error.message}`);
          }
          cleanup();
        }
        const move = imTheBoss.randomMove(s, seat, rng);
        if (!move) break;
        s = play(s, seat, move);
      }
    }
    // The walk reached deals: terms and plays were among the buttons clicked.
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining(['accept', 'propose', 'playBoss', 'pass']),
    );
  });

  it('replays a record step by step, every hand counted', () => {
    const o = parseOptions({ players: 3 });
    if (!o.ok) throw new Error(o.error.message);
    const r = setup(o.value, 'web-replay');
    if (!r.ok) throw new Error(r.error.message);
    let s = r.value.state;
    const rng = Rng.fromSeed('replay');
    const moves: unknown[] = [];
    for (let i = 0; i < 30 && !imTheBoss.isOver(s); i++) {
      const seat = imTheBoss.activeSeats(s)[0];
      const move = imTheBoss.randomMove(s, seat, rng)!;
      moves.push({ seat, ...move });
      s = play(s, seat, move);
    }
    const steps = imbReplaySteps({
      format: 'boss-table-record',
      version: 1,
      game: 'im-the-boss',
      options: { players: 3 },
      seed: 'web-replay',
      moves,
    });
    if ('error' in steps) throw new Error(steps.error);
    expect(steps.steps.length).toBe(moves.length + 1);
    expect(parts.rules).toMatch(/reconstruct/);
  });
});

describe("I'm the Boss! end roll", () => {
  const roll = (id: number, r: number, ended: boolean) => ({
    id,
    events: [{ type: 'endRoll', r, faces: [1, 2], ended }],
  });
  const past = [{ id: 0, events: [{ type: 'tilePlaced', tile: 10, space: 3 }] }];

  it('tumbles briefly, then shows the face and what it means, and goes away', () => {
    vi.useFakeTimers();
    try {
      const { rerender } = render(<EndRoll batches={past} />);
      expect(screen.queryByRole('region', { name: 'end roll' })).toBeNull();
      rerender(<EndRoll batches={[...past, roll(1, 2, true)]} />);
      const box = screen.getByRole('region', { name: 'end roll' });
      expect(box.textContent).toMatch(/The end roll…/);
      act(() => vi.advanceTimersByTime(TUMBLE_MS + 10));
      expect(box.textContent).toMatch(/The end roll: 2 \(the game ends on 1–2\) — the game ends/);
      act(() => vi.advanceTimersByTime(SHOW_MS));
      expect(screen.queryByRole('region', { name: 'end roll' })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('is skippable, and a roll already in the history when the table opens is not replayed', () => {
    render(<EndRoll batches={[...past, roll(1, 5, false)]} />);
    expect(screen.queryByRole('region', { name: 'end roll' })).toBeNull();
    cleanup();
    const { rerender } = render(<EndRoll batches={past} />);
    rerender(<EndRoll batches={[...past, roll(1, 5, false)]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(screen.queryByRole('region', { name: 'end roll' })).toBeNull();
    expect(newestEndRoll([...past, roll(1, 5, false)], 0)).toMatchObject({ r: 5, ended: false });
  });

  it('with reduced motion the die does not tumble: the result at once', () => {
    const original = window.matchMedia;
    window.matchMedia = ((q: string) => ({ matches: q.includes('reduce') })) as never;
    try {
      const { rerender } = render(<EndRoll batches={past} />);
      rerender(<EndRoll batches={[...past, roll(1, 6, false)]} />);
      const box = screen.getByRole('region', { name: 'end roll' });
      expect(box.className).not.toMatch(/tumbling/);
      expect(box.textContent).toMatch(/The end roll: 6 .* the game goes on/);
    } finally {
      window.matchMedia = original;
    }
  });
});
