// @vitest-environment happy-dom
// Component tests for Boss Cards: hand privacy, playing and naming, draw and pass, The Boss, end, replay.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { botContext, type Emitted } from '@boss-table/core';
import {
  bossCards,
  bossCardsHeuristicBot,
  type BossCardsEvent,
  type BossCardsLegal,
  type BossCardsMove,
  type BossCardsState,
} from '@boss-table/boss-cards';
import type { EventBatch, TablePieces } from '../registry.js';
import { Board } from './Board.js';
import BossCardsTable from './BossCardsTable.js';
import { bossCardsGame, bossCardsOptions } from './index.js';
import { parts } from './parts.js';
import { bossCardsReplaySteps } from './replay.js';

afterEach(cleanup);

const names = (s: number) => `Seat ${s + 1}`;

const stack = ({ board, controls, more }: TablePieces) => (
  <>
    {board}
    {controls}
    {more}
  </>
);

interface Played {
  state: BossCardsState;
  batches: EventBatch[];
  record: { game: string; options: unknown; seed: string; moves: unknown[] };
}

/**
 * A game played by the heuristic bot for every seat until `want` holds (or to its end),
 * with every move's events (all audiences) and the record.
 */
function playUntil(
  want: (s: BossCardsState) => boolean,
  options: Record<string, unknown> = { players: 3, target: 20 },
  seed = 'bc-web',
): Played {
  const o = bossCards.parseOptions(options);
  if (!o.ok) throw new Error(o.error.message);
  const setup = bossCards.setup(o.value, seed);
  if (!setup.ok) throw new Error(setup.error.message);
  let state = setup.value.state;
  const batches: EventBatch[] = [{ id: 0, events: setup.value.events.map((e) => e.event) }];
  const moves: unknown[] = [];
  const bot = bossCardsHeuristicBot();
  while (!want(state) && !bossCards.isOver(state)) {
    const seat = state.turn;
    const move = bot.chooseMove(bossCards.view(state, seat), botContext(`m${moves.length}`, 5));
    const applied = bossCards.apply(state, seat, move);
    if (!applied.ok) throw new Error(applied.error.message);
    state = applied.value.state;
    moves.push({ seat, ...move });
    batches.push({
      id: batches.length,
      events: (applied.value.events as Emitted<BossCardsEvent>[]).map((e) => e.event),
    });
  }
  return { state, batches, record: { game: 'boss-cards', options, seed, moves } };
}

const legalOf = (s: BossCardsState) => bossCards.legalSummary!(s, s.turn) as BossCardsLegal;

const isLegal = (s: BossCardsState, m: BossCardsMove) => bossCards.apply(s, s.turn, m).ok;

function renderTable(s: BossCardsState, sent: BossCardsMove[], prompts: (string | null)[] = []) {
  return render(
    <BossCardsTable
      view={bossCards.view(s, s.turn)}
      legal={legalOf(s)}
      seq={7}
      names={names}
      batches={[]}
      layout={stack}
      onMove={(m) => sent.push(m as BossCardsMove)}
      busy={false}
      setPrompt={(p) => prompts.push(p)}
    />,
  );
}

describe('Boss Cards web table', () => {
  it('shows the own hand only, every count, the stock, the pile and the demand', () => {
    const { state } = playUntil((s) => s.pile.length >= 4);
    const view = bossCards.view(state, state.turn);
    const { container } = render(
      <Board view={view} names={names} legal={legalOf(state)} onCard={() => {}} />,
    );
    const shown = [...container.querySelectorAll('[data-testid^=bc-hand-]')].map((e) =>
      e.getAttribute('data-testid'),
    );
    expect(shown).toEqual([`bc-hand-${state.turn}`]);
    expect(container.querySelectorAll('[data-card]').length).toBe(state.hands[state.turn].length);
    for (let p = 0; p < 3; p++)
      expect(container.querySelector(`[data-seat="${p}"]`)!.getAttribute('aria-label')).toContain(
        `${state.hands[p].length} card`,
      );
    expect(screen.getByLabelText(/^stock: /).getAttribute('aria-label')).toBe(
      `stock: ${state.stock.length} card${state.stock.length === 1 ? '' : 's'}`,
    );
    expect(screen.getByLabelText(/^pile: /).getAttribute('aria-label')).toContain(
      `${state.pile.length} cards`,
    );
    expect(screen.getByTestId('bc-demand').textContent).toMatch(
      /^(♣|♦|♥|♠) \w+( or an? \d+)?$|^an? \d+ \(any suit\)$/,
    );
    // Playable cards are exactly the legal form's.
    const lit = [...container.querySelectorAll('[data-playable=true]')].map((e) =>
      e.getAttribute('data-card'),
    );
    expect(lit).toEqual(legalOf(state).play.map((p) => p.card));
    // A spectator sees no hand at all.
    cleanup();
    const spectator = render(<Board view={bossCards.view(state, null)} names={names} />);
    expect(
      spectator.container.querySelectorAll('[data-testid^=bc-hand-], [data-card]'),
    ).toHaveLength(0);
  });

  it('plays a plain card with one click, and explains a card that does not follow', () => {
    const { state } = playUntil((s) => {
      const l = bossCards.legalSummary!(s, s.turn) as BossCardsLegal;
      return l.play.some((p) => p.names === 'none') && s.hands[s.turn].length > l.play.length;
    });
    const legal = legalOf(state);
    const sent: BossCardsMove[] = [];
    const { container } = renderTable(state, sent);
    const blocked = container.querySelector('[data-playable=false]') as HTMLElement;
    fireEvent.click(blocked);
    expect(sent).toHaveLength(0);
    expect(container.querySelector('.bc-note')!.textContent).toMatch(/does not follow/);
    const plain = legal.play.find((p) => p.names === 'none')!.card;
    fireEvent.click(container.querySelector(`[data-card="${plain}"]`)!);
    expect(sent).toEqual([{ type: 'play', card: plain }]);
    expect(isLegal(state, sent[0])).toBe(true);
  });

  it('after a Boss card asks for a suit or a rank (the action bar too), and sends a legal move', () => {
    const { state } = playUntil((s) => legalOf(s).play.some((p) => p.names === 'suit-or-rank'));
    const boss = legalOf(state).play.find((p) => p.names === 'suit-or-rank')!.card;
    const sent: BossCardsMove[] = [];
    const prompts: (string | null)[] = [];
    const { container } = renderTable(state, sent, prompts);
    fireEvent.click(container.querySelector(`[data-card="${boss}"]`)!);
    expect(sent).toHaveLength(0);
    expect(prompts.at(-1)).toMatch(/^name a suit or a rank for the (Jack|Queen|King) of/);
    const form = screen.getByRole('form', { name: 'your turn' });
    expect(within(form).getAllByRole('button', { name: /^Name the rank / })).toHaveLength(9);
    fireEvent.click(within(form).getByRole('button', { name: 'Name the rank 7' }));
    expect(sent).toEqual([{ type: 'play', card: boss, rank: '7' }]);
    expect(isLegal(state, sent[0])).toBe(true);
    // Keeping the card goes back; a suit works the same way.
    cleanup();
    const again: BossCardsMove[] = [];
    const second = renderTable(state, again);
    fireEvent.click(second.container.querySelector(`[data-card="${boss}"]`)!);
    fireEvent.click(screen.getByRole('button', { name: /^Keep the / }));
    expect(screen.queryByRole('button', { name: 'Name hearts' })).toBeNull();
    fireEvent.click(second.container.querySelector(`[data-card="${boss}"]`)!);
    fireEvent.click(screen.getByRole('button', { name: 'Name hearts' }));
    expect(again).toEqual([{ type: 'play', card: boss, suit: 'H' }]);
    expect(isLegal(state, again[0])).toBe(true);
  });

  it('offers an ace a suit only when aces name one', () => {
    const { state } = playUntil(
      (s) => legalOf(s).play.some((p) => p.names === 'suit'),
      { players: 2, aceNamesSuit: true },
      'bc-aces',
    );
    const ace = legalOf(state).play.find((p) => p.names === 'suit')!.card;
    const sent: BossCardsMove[] = [];
    const { container } = renderTable(state, sent);
    fireEvent.click(container.querySelector(`[data-card="${ace}"]`)!);
    expect(screen.queryByRole('button', { name: /^Name the rank/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Name spades' }));
    expect(sent).toEqual([{ type: 'play', card: ace, suit: 'S' }]);
    expect(isLegal(state, sent[0])).toBe(true);
  });

  it('draws and passes only as the legal form allows', () => {
    const { state } = playUntil((s) => legalOf(s).draw);
    const sent: BossCardsMove[] = [];
    renderTable(state, sent);
    expect(screen.queryByRole('button', { name: 'Pass' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Draw a card' }));
    expect(sent).toEqual([{ type: 'draw' }]);
    cleanup();
    // Nothing to play or draw: only Pass.
    const stuck: BossCardsLegal = { play: [], suits: [], ranks: [], draw: false, pass: true };
    const passes: BossCardsMove[] = [];
    render(
      <BossCardsTable
        view={bossCards.view(state, state.turn)}
        legal={stuck}
        seq={1}
        names={names}
        batches={[]}
        layout={stack}
        onMove={(m) => passes.push(m as BossCardsMove)}
        busy={false}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Draw a card' })).toBeNull();
    expect(parts.prompt(null, stuck)).toMatch(/pass/);
    fireEvent.click(screen.getByRole('button', { name: 'Pass' }));
    expect(passes).toEqual([{ type: 'pass' }]);
  });

  it('has no controls when it is not this seat’s turn', () => {
    const { state } = playUntil((s) => s.pile.length >= 2);
    const other = (state.turn + 1) % 3;
    render(
      <BossCardsTable
        view={bossCards.view(state, other)}
        legal={null}
        seq={1}
        names={names}
        batches={[]}
        layout={stack}
        onMove={() => {}}
        busy={false}
      />,
    );
    expect(screen.queryByRole('form', { name: 'your turn' })).toBeNull();
    fireEvent.click(document.querySelector('[data-card]')!);
    expect(document.querySelector('.bc-note')!.textContent).toBe('It is not your turn.');
  });

  it('shows a round’s results with the scores by name', () => {
    const { batches } = playUntil((s) => s.scores.some((x) => x > 0));
    const lines = parts.results!(batches.at(-1)!.events, null, names);
    expect(lines).toHaveLength(1);
    expect(lines![0]).toMatch(
      /^Seat \d wins the round and collects \d+ cards\. Scores: Seat 1 \d+, Seat 2 \d+, Seat 3 \d+\.$/,
    );
    expect(parts.results!(batches[1].events, null, names)).toBeNull();
  });

  it('crowns The Boss: nobody before a round is won, then its winner, who leads', () => {
    const first = playUntil((s) => s.pile.length >= 2);
    render(<Board view={bossCards.view(first.state, null)} names={names} />);
    expect(screen.getByText(/No Boss yet/)).toBeTruthy();
    cleanup();
    const { state } = playUntil((s) => s.scores.some((x) => x > 0));
    const boss = state.lastRound!.winner!;
    expect(state.turn).toBe(boss);
    const { container } = render(<Board view={bossCards.view(state, null)} names={names} />);
    expect(container.querySelector('.bc-boss-line')!.textContent).toBe(` The Boss: ${names(boss)}`);
    expect(container.querySelector(`[data-seat="${boss}"]`)!.getAttribute('aria-label')).toMatch(
      /The Boss, to play$/,
    );
  });

  it('tells the end: scores by round, The Boss, and why the winner won', () => {
    const { state, batches } = playUntil(() => false);
    const view = bossCards.view(state, 0);
    const winner = state.winner!;
    const { End } = parts;
    const { container } = render(<End view={view} names={names} batches={batches} />);
    const rows = container.querySelectorAll('table[aria-label="scores by round"] tbody tr');
    const won = batches.flatMap((b) =>
      (b.events as BossCardsEvent[]).filter((e) => e.type === 'round-won'),
    );
    expect(rows.length).toBe(
      won.length +
        batches.flatMap((b) =>
          (b.events as BossCardsEvent[]).filter((e) => e.type === 'round-stalled'),
        ).length,
    );
    expect(container.textContent).toContain(
      `${names(winner)} wins with ${state.scores[winner]} points`,
    );
    expect(container.textContent).toContain(`of the ${state.config.target} points needed`);
    // The last row's totals are the final scores.
    const last = [...rows].at(-1)!.querySelectorAll('td');
    expect([...last].slice(2).map((td) => Number(td.textContent))).toEqual(state.scores);
    // With its oldest moves cut off, the earlier rounds are summed up in one line.
    cleanup();
    const cut = batches.slice(
      batches.findIndex((b) => (b.events as BossCardsEvent[]).some((e) => e.type === 'round-won')) +
        1,
    );
    const later = render(<End view={view} names={names} batches={cut} />);
    const laterRows = later.container.querySelectorAll('tbody tr');
    expect(won.length).toBeGreaterThan(1);
    expect(laterRows[0].textContent).toMatch(/^earlier/);
    expect(laterRows.length).toBe(rows.length);
    expect([...laterRows].at(-1)!.textContent).toBe([...rows].at(-1)!.textContent);
  });

  it('replays a record step by step, every hand shown, to the winner', () => {
    const { state, record } = playUntil(() => false, { players: 2, target: 10 });
    const r = bossCardsReplaySteps(record, names);
    if ('error' in r) throw new Error(r.error);
    expect(r.steps).toHaveLength(record.moves.length + 1);
    const last = r.steps.at(-1)!;
    expect((last.view as { winner: number | null }).winner).toBe(state.winner);
    expect(last.lines.join(' ')).toMatch(/wins the game/);
    const { ReplayBoard } = parts;
    const { container } = render(<ReplayBoard step={r.steps[1]} names={names} />);
    expect(
      [...container.querySelectorAll('[data-testid^=bc-hand-]')].map((e) =>
        e.getAttribute('data-testid'),
      ),
    ).toEqual(['bc-hand-0', 'bc-hand-1']);
    expect(container.querySelectorAll('button')).toHaveLength(0);
    expect(bossCardsReplaySteps({ ...record, game: 'big-boss' })).toHaveProperty('error');
    expect(bossCardsReplaySteps({ ...record, moves: [{ seat: 1, type: 'pass' }] })).toHaveProperty(
      'error',
    );
  });

  it('builds the lobby’s options within the rules’ ranges', () => {
    expect(bossCardsOptions(bossCardsGame.defaultOptions, 3)).toEqual({
      handSize: 7,
      target: 30,
      aceNamesSuit: false,
    });
    expect(bossCardsOptions({ handSize: 9, target: '50', aceNamesSuit: true }, 2)).toEqual({
      handSize: 9,
      target: 50,
      aceNamesSuit: true,
    });
    expect(bossCardsOptions({ handSize: 99, target: 'x' }, 2)).toEqual({
      handSize: 7,
      target: 15,
      aceNamesSuit: false,
    });
    for (const players of [2, 4, 6])
      expect(
        bossCards.parseOptions({
          players,
          ...bossCardsOptions(bossCardsGame.defaultOptions, players),
        }).ok,
      ).toBe(true);
    expect(bossCardsGame.describeOptions({ handSize: 7, target: 15 })).toBe(
      'standard rules · 7 cards each · first to 15 points',
    );
  });
});
