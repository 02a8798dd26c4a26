// @vitest-environment happy-dom
// Component tests for Big Boss: board, founding and investing by clicks, log privacy, replays, lobby options.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Rng } from '@boss-table/core';
import { botKinds } from '@boss-table/games/bots';
import {
  bigBoss,
  type BigBossLegal,
  type BigBossMove,
  type BigBossState,
} from '@boss-table/big-boss';
import { seatKinds } from '../Lobby.js';
import { bigBossOptions } from './index.js';
import { BigBossBoard } from './BigBossBoard.js';
import BigBossTable, { recentSpaces, type EventBatch } from './BigBossTable.js';
import { logLines as shellLog } from '../shell/GameLog.js';
import { parts } from './parts.js';
import { bigBossReplaySteps } from './replay.js';
import { spacesFrom } from './composer-logic.js';
import type { TablePieces } from '../registry.js';

afterEach(cleanup);

const names = (s: number) => `Seat ${s}`;

/** The shell's layout, simplified: the table's pieces one under the other. */
const stack = ({ board, controls, more }: TablePieces) => (
  <>
    {board}
    {controls}
    {more}
  </>
);

/** A modern game played at random until `want` holds for the seat to act. */
function positionWhere(want: (s: BigBossState, legal: BigBossLegal) => boolean, seed = 'bb-ui') {
  const options = bigBoss.parseOptions({ players: 3 });
  if (!options.ok) throw new Error(options.error.message);
  const setup = bigBoss.setup(options.value, seed);
  if (!setup.ok) throw new Error(setup.error.message);
  const s = setup.value.state;
  const rng = Rng.fromSeed(seed);
  for (;;) {
    const legal = bigBoss.legalSummary!(s, s.turn) as BigBossLegal;
    if (want(s, legal)) return { s, legal, view: bigBoss.view(s, s.turn) };
    bigBoss.applyInPlace(s, s.turn, bigBoss.randomMove(s, s.turn, rng)!);
    if (s.outcome) throw new Error('no such position');
  }
}

const isLegal = (s: BigBossState, m: BigBossMove) => {
  const parsed = bigBoss.parseMove(m);
  if (!parsed.ok) return false;
  return bigBoss
    .legalMoves(s, s.turn)
    .some((x) => JSON.stringify(bigBoss.parseMove(x)) === JSON.stringify(parsed));
};

describe('Big Boss web components', () => {
  it('draws 72 spaces with company, pieces and headquarters in words, and only the own hand', () => {
    const { s, view } = positionWhere((st) => st.status.filter((x) => x > 0).length >= 2);
    const { container } = render(<BigBossBoard view={view} names={names} />);
    const spaces = container.querySelectorAll('[data-space]');
    expect(spaces.length).toBe(72);
    for (const [i, cell] of view.track.entries()) {
      const label = spaces[i].getAttribute('aria-label')!;
      if (cell) expect(label).toContain(`${cell.pieces} piece`);
      else expect(label).toMatch(/empty/);
    }
    for (const space of Object.values(view.headquarters))
      expect(spaces[space! - 1].getAttribute('aria-label')).toMatch(/headquarters of/);
    for (let p = 0; p < 3; p++)
      expect(container.querySelector(`[data-testid=bb-hand-${p}]`) !== null).toBe(p === s.turn);
    const own = container.querySelector(`[data-testid=bb-hand-${s.turn}]`)!;
    expect(own.querySelectorAll('.card').length).toBe(view.hand!.length);
    // A spectator sees no hand at all.
    cleanup();
    const spectator = render(<BigBossBoard view={bigBoss.view(s, null)} names={names} />);
    expect(spectator.container.querySelectorAll('[data-testid^=bb-hand-]').length).toBe(0);
  });

  it('founds a company by clicking: card, a space on the board, company, confirm — a legal move', () => {
    const { s, legal, view } = positionWhere((_, l) => l.phase === 'play' && l.found.length > 0);
    const sent: BigBossMove[] = [];
    const { container } = render(
      <BigBossTable
        view={view}
        legal={legal}
        seq={1}
        names={names}
        batches={[]}
        layout={stack}
        onMove={(m) => sent.push(m as BigBossMove)}
        busy={false}
      />,
    );
    const composer = screen.getByRole('form', { name: 'your turn' });
    const confirm = within(composer).getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    const f = legal.found[legal.found.length - 1];
    fireEvent.click(
      within(composer).getByRole('button', { name: `Found with ${f.card.slice(1)}` }),
    );
    expect(confirm.disabled).toBe(false);
    // The board offers this card's spaces; clicking the last start's last space picks it.
    const last = ((f.start + 1) % 72) + 1;
    const target = container.querySelector(`[data-space="${last}"]`)!;
    expect(target.getAttribute('role')).toBe('button');
    fireEvent.click(target);
    fireEvent.click(confirm);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ type: 'found', card: f.card });
    // The clicked space is one of the three the company is founded on.
    expect(spacesFrom((sent[0] as { start: number }).start)).toContain(last);
    expect(isLegal(s, sent[0])).toBe(true);
  });

  it('invests with selects and a checkbox, within the cash, and sells and passes when stuck', () => {
    const inv = positionWhere((_, l) => l.phase === 'invest' && (l.invest?.shares.length ?? 0) > 0);
    const sent: BigBossMove[] = [];
    render(
      <BigBossTable
        view={inv.view}
        legal={inv.legal}
        seq={2}
        names={names}
        batches={[]}
        layout={stack}
        onMove={(m) => sent.push(m as BigBossMove)}
        busy={false}
      />,
    );
    const share = screen.getByRole('combobox', { name: /Share 1/ }) as HTMLSelectElement;
    const first = inv.legal.invest!.shares[0].company;
    fireEvent.change(share, { target: { value: first } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(sent[0]).toEqual({ type: 'invest', shares: [first], tower: false });
    expect(isLegal(inv.s, sent[0])).toBe(true);
    cleanup();
    const stuck = positionWhere((_, l) => l.pass && l.sell.length > 0, 'bb-stuck');
    render(
      <BigBossTable
        view={stuck.view}
        legal={stuck.legal}
        seq={3}
        names={names}
        batches={[]}
        layout={stack}
        onMove={(m) => sent.push(m as BigBossMove)}
        busy={false}
      />,
    );
    expect(
      screen.queryByRole('button', { name: /Found with|Expand with|Top of the deck/ }),
    ).toBeNull();
    fireEvent.change(screen.getByRole('combobox', { name: 'company to sell' }), {
      target: { value: stuck.legal.sell[0].company },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(sent[1]).toEqual({ type: 'sell', company: stuck.legal.sell[0].company, count: 1 });
    expect(isLegal(stuck.s, sent[1])).toBe(true);
  });

  it("puts the log in words and never describes another seat's private cards", () => {
    const logLines = (b: EventBatch[], viewer: number | null, n: typeof names) =>
      shellLog(b, parts, viewer, n);
    const options = bigBoss.parseOptions({ players: 2 });
    const setup = bigBoss.setup(options.ok ? options.value : (undefined as never), 'log');
    if (!setup.ok) throw new Error(setup.error.message);
    const all: EventBatch[] = [{ id: 0, events: setup.value.events.map((e) => e.event) }];
    const mine = logLines(all, 0, names);
    expect(mine.some((l) => l.text.startsWith('Your hand:'))).toBe(true);
    expect(mine.filter((l) => /hand:/.test(l.text))).toHaveLength(1);
    // Even handed every deal, seat 1 reads only its own hand, a spectator none.
    expect(logLines(all, 1, names).filter((l) => /hand:/.test(l.text))).toHaveLength(1);
    expect(logLines(all, null, names).some((l) => /hand:/.test(l.text))).toBe(false);
  });

  it('marks the spaces the latest card built on', () => {
    const founded = {
      type: 'founded',
      seat: 0,
      card: 'I17',
      company: 'lunar',
      spaces: [16, 17, 18],
      top: 17,
      headquarters: 17,
    };
    const expanded = {
      type: 'expanded',
      seat: 1,
      card: 'I19',
      space: 19,
      level: 1,
      company: 'lunar',
    };
    const bought = { type: 'bought', seat: 0, from: 'deck', card: null, cost: 5 };
    expect(recentSpaces([])).toEqual([]);
    expect(
      recentSpaces([
        { id: 0, events: [founded] },
        { id: 1, events: [bought] },
      ]),
    ).toEqual([16, 17, 18]);
    expect(
      recentSpaces([
        { id: 0, events: [founded] },
        { id: 1, events: [expanded] },
      ]),
    ).toEqual([19]);
  });

  it('replays a finished record, every hand shown, to its final money', () => {
    const options = bigBoss.parseOptions({ players: 2, rules: 'original' });
    if (!options.ok) throw new Error(options.error.message);
    const setup = bigBoss.setup(options.value, 'replay');
    if (!setup.ok) throw new Error(setup.error.message);
    const s = setup.value.state;
    const rng = Rng.fromSeed('replay');
    const moves: unknown[] = [];
    while (!s.outcome) {
      const m = bigBoss.randomMove(s, s.turn, rng)!;
      moves.push({ seat: s.turn, ...m });
      bigBoss.applyInPlace(s, s.turn, m);
    }
    const r = bigBossReplaySteps({
      game: 'big-boss',
      options: { players: 2, rules: 'original' },
      seed: 'replay',
      moves,
    });
    if ('error' in r) throw new Error(r.error);
    expect(r.steps).toHaveLength(moves.length + 1);
    expect(r.steps[0].hands.map((h) => h.length)).toEqual([12, 12]);
    expect(r.steps[0].lines.filter((l) => /Your hand/.test(l))).toHaveLength(2);
    expect(r.steps.at(-1)!.view.outcome).toEqual(s.outcome);
    const bad = bigBossReplaySteps({
      game: 'big-boss',
      options: { players: 2 },
      seed: 'x',
      moves: [{ seat: 1, type: 'pass' }],
    });
    expect('error' in bad && bad.error).toMatch(/Move 0/);
  });

  it("the lobby's seat choices are the bots the game registers", () => {
    // The Boss has a measured ladder: its choices come strongest first, with their ratings.
    const theBoss = seatKinds('the-boss').filter(([v]) => v.startsWith('bot:'));
    expect(theBoss.slice(0, 2)).toEqual([
      ['bot:ismcts:medium', 'Bot: Medium search ≈ 2805'],
      ['bot:ismcts:hard', 'Bot: Hard search ≈ 2744'],
    ]);
    // A level its game's ladder has not rated comes last, and says so.
    const bossCards = seatKinds('boss-cards').filter(([v]) => v.startsWith('bot:'));
    expect(bossCards.at(-1)).toEqual(['bot:ismcts:hard', 'Bot: Hard search (not rated yet)']);
    for (const game of ['the-boss', 'big-boss']) {
      const bots = seatKinds(game)
        .filter(([v]) => v.startsWith('bot:'))
        .map(([v]) => v.slice(4));
      const registered = Object.entries(botKinds(game)).flatMap(([k, levels]) =>
        levels.length ? levels.map((l) => `${k}:${l}`) : [k],
      );
      expect([...bots].sort()).toEqual([...registered].sort());
      expect(bots).toContain('random');
    }
  });

  it('the lobby sends Big Boss options its parseOptions accepts, as chosen', () => {
    for (const rules of ['modern', 'original'] as const)
      for (let players = 2; players <= 6; players++)
        for (const first of ['random', '0', '1', '5']) {
          const options = bigBossOptions(rules, first, players);
          const parsed = bigBoss.parseOptions({ ...options, players });
          expect(parsed.ok).toBe(true);
          if (!parsed.ok) continue;
          expect(parsed.value.rules).toBe(rules);
          if (first !== 'random' && Number(first) < players)
            expect(parsed.value.firstPlayer).toBe(Number(first));
          else expect(options).not.toHaveProperty('firstPlayer');
        }
  });
});
