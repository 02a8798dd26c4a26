// @vitest-environment happy-dom
// Component tests for The Boss: round-end board, turn form legality, deduction odds, hand privacy, end words.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { TableProps } from '../registry.js';
import { afterEach, describe, expect, it } from 'vitest';
import { theBoss, type BossLegal, type BossView } from '@boss-table/the-boss';
import { endedBoard, lastRoundEnd, SeatDetail, parts } from './parts.js';
import { decidedInWords } from './words.js';
import { Composer } from './Composer.js';
import { DeductionPanel } from './Deduction.js';

afterEach(cleanup);

function start(players = 3): {
  view: BossView;
  legal: BossLegal;
  seat: number;
  state: ReturnType<typeof theBoss.clone>;
} {
  const options = theBoss.parseOptions({ players });
  if (!options.ok) throw new Error(options.error.message);
  const setup = theBoss.setup(options.value, 'components');
  if (!setup.ok) throw new Error(setup.error.message);
  const s = setup.value.state;
  return {
    view: theBoss.view(s, s.turn),
    legal: theBoss.legalSummary(s, s.turn) as BossLegal,
    seat: s.turn,
    state: s,
  };
}

describe('web components', () => {
  it("a round's end is rebuilt for the board: the last move's cubes and card, every reward", () => {
    const { view, seat } = start();
    const city = view.row.find((c) => c.city !== 'chicago')!.city;
    const events = [
      { type: 'cubes-placed', seat, city, big: 2, small: 1 },
      { type: 'card-revealed', seat, card: `${city}:3` },
      { type: 'reward-revealed', city, face: '4', boss: seat },
      { type: 'round-ended', round: view.round, points: [0, 0, 0], scores: [0, 0, 0] },
    ] as never[];
    const ended = lastRoundEnd([
      { id: 1, events: [{ type: 'turn', seat }] },
      { id: 2, events },
      { id: 3, events: [{ type: 'turn', seat }] },
    ]);
    expect(ended?.round).toBe(view.round);
    expect(ended?.rewards).toEqual({ [city]: '4' });
    const board = endedBoard(view, ended!.events);
    const at = board.row.find((c) => c.city === city)!;
    expect(at.cubes[seat]).toEqual({
      big: view.row.find((c) => c.city === city)!.cubes[seat].big + 2,
      small: view.row.find((c) => c.city === city)!.cubes[seat].small + 1,
    });
    expect(at.revealed.at(-1)).toBe(`${city}:3`);
    // The view itself is not changed.
    expect(view.row.find((c) => c.city === city)!.revealed).not.toContain(`${city}:3`);
    expect(lastRoundEnd([{ id: 1, events: [{ type: 'turn', seat }] }])).toBeNull();
  });

  it('the composer disables Chicago with the reason and sends only a legal turn', () => {
    const { view, legal } = start();
    const sent: unknown[] = [];
    render(<Composer view={view} legal={legal} onMove={(m) => sent.push(m)} busy={false} />);
    const chicago = screen.getByRole('button', { name: 'Chicago' });
    expect((chicago as HTMLButtonElement).disabled).toBe(true);
    expect(chicago.getAttribute('title')).toMatch(/Chicago takes cubes only once/);
    const confirm = screen.getByRole('button', { name: 'Confirm turn' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Choose the card to reveal.');
    fireEvent.click(
      screen
        .getAllByRole('button', { pressed: false })
        .find((b) => b.closest('fieldset')?.textContent?.startsWith('2.'))!,
    );
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    expect(sent).toHaveLength(1);
    const move = theBoss.parseMove(sent[0]);
    expect(move.ok).toBe(true);
  });

  it("a draft left unsent does not come back on the seat's next turn", () => {
    const first = start(2);
    let s = first.state;
    const me = first.seat;
    const props = (): TableProps =>
      ({
        view: theBoss.view(s, me),
        legal: theBoss.legalSummary(s, me),
        names: ['Ann', 'Bob'],
        onMove: () => {},
        busy: false,
        layout: (p: { controls?: ReactNode }) => p.controls,
      }) as unknown as TableProps;
    const { rerender } = render(<parts.Table {...props()} />);
    const city = screen
      .getAllByRole('button', { pressed: false })
      .find((b) => b.getAttribute('title')?.startsWith('Place on'))!;
    fireEvent.click(city);
    expect(city.getAttribute('aria-pressed')).toBe('true');
    // The clock plays this seat's turn (a card revealed, no cubes), then the other seat's.
    for (let i = 0; i < 2; i++) {
      const seat = s.turn;
      const hand = theBoss.view(s, seat).hands[seat].cards!;
      const applied = theBoss.apply(s, seat, { reveal: hand[0] });
      if (!applied.ok) throw new Error(applied.error.message);
      s = applied.value.state;
    }
    expect(s.turn).toBe(me);
    rerender(<parts.Table {...props()} />);
    const again = screen.getByRole('button', { name: city.textContent! });
    expect(again.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'No cubes' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('the deduction helper shows every city with probabilities that add up', () => {
    const { view } = start();
    render(<DeductionPanel view={view} />);
    const rows = screen
      .getByRole('table', { name: 'deduction helper' })
      .querySelectorAll('tbody tr');
    expect(rows.length).toBe(view.options.cities.length);
    for (const row of rows) {
      const percents = [...row.textContent!.matchAll(/(\d+)%/g)].map((m) => Number(m[1]));
      const sum = percents.reduce((a, b) => a + b, 0);
      expect(Math.abs(sum - 100)).toBeLessThanOrEqual(percents.length); // rounding
    }
  });

  it("the seats' panels show this seat's card values and only backs for the others", () => {
    const { view, seat } = start(3);
    const names = (s: number) => `Seat ${s + 1}`;
    const { container } = render(
      <>
        {[0, 1, 2].map((p) => (
          <SeatDetail key={p} view={view} seat={p} names={names} />
        ))}
      </>,
    );
    for (let p = 0; p < 3; p++) {
      const hand = container.querySelector(`[data-testid=hand-${p}]`)!;
      const faces = hand.querySelectorAll('.card:not(.back)').length;
      expect(faces > 0).toBe(p === seat);
      // Every kind of cube is shown for every seat (also on a phone).
      expect(container.textContent).toMatch(/Hospital \d+/);
    }
  });

  it('tells how the game was decided in words, never with an engine code', () => {
    const names = (s: number) => ['Ann', 'Bob', 'Cy'][s];
    for (const decidedBy of [
      'score',
      'last-round-points',
      'cubes-available',
      'shared',
      'overtime-cubes-available',
    ]) {
      const text = decidedInWords({ winners: [1], scores: [], ranking: [], decidedBy }, names);
      expect(text).toMatch(/Bob/);
      expect(text).not.toMatch(/-|available/);
    }
    expect(
      decidedInWords(
        { winners: [0], scores: [], ranking: [], decidedBy: 'cubes-available' },
        names,
      ),
    ).toMatch(/more cubes left/);
  });
});
