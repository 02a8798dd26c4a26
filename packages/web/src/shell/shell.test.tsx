// @vitest-environment happy-dom
// Unit tests for the shared shell: every game registers all its parts, rules Markdown renders (and says while it loads), log lines read.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GAMES, findWebGame } from '../games.js';
import RulesPage, { Markdown } from './Rules.js';
import { logLines } from './GameLog.js';
import { ActionBar, EndPanel, gameOverText } from './table-layout.js';
import { PlayerPanels } from './PlayerPanels.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the web shell', () => {
  it('every registered game brings all its parts, rules help included', async () => {
    expect(new Set(GAMES.map((g) => g.id)).size).toBe(GAMES.length);
    for (const game of GAMES) {
      expect(findWebGame(game.id)).toBe(game);
      const parts = await game.load();
      expect(parts.rules.length).toBeGreaterThan(500);
      expect(parts.rules.startsWith(`# ${game.name}\n`)).toBe(true);
      expect(typeof parts.Table).toBe('function');
      expect(typeof parts.End).toBe('function');
      expect(parts.replaySteps({ nonsense: true }, String)).toHaveProperty('error');
      expect(game.describeOptions(game.buildOptions(game.defaultOptions, 3))).toMatch(/rules/);
    }
    expect(findWebGame('no-such-game')).toBeUndefined();
  });

  it("says the rules are loading while the game's chunk comes, and says so when it does not", async () => {
    const game = GAMES[0];
    let arrive: (rules: string) => void = () => {};
    vi.spyOn(game, 'load').mockReturnValueOnce(
      new Promise((resolve) => {
        arrive = (rules) => resolve({ rules } as Awaited<ReturnType<typeof game.load>>);
      }),
    );
    render(<RulesPage game={game.id} />);
    expect(screen.getByRole('status').textContent).toBe('Loading the rules…');
    arrive('# Title\n\nThe rules.\n');
    expect((await screen.findByRole('heading', { name: 'Title' })).tagName).toBe('H2');
    cleanup();

    vi.spyOn(game, 'load').mockRejectedValueOnce(new Error('Failed to fetch'));
    render(<RulesPage game={game.id} />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/did not load/);
  });

  it('renders the rules help: headings, lists, examples and inline marks', () => {
    const { container } = render(
      <Markdown
        text={
          '# Title\n\nA **bold** and *soft* `code` line\nthat goes on.\n\n- one\n- two\n  more\n\n1. first\n2. second\n\n> An example\n> on two lines.\n'
        }
      />,
    );
    expect(container.querySelector('h2')?.textContent).toBe('Title');
    expect(container.querySelector('p')?.textContent).toBe(
      'A bold and soft code line that goes on.',
    );
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    expect([...container.querySelectorAll('ul li')].map((l) => l.textContent)).toEqual([
      'one',
      'two more',
    ]);
    expect(container.querySelectorAll('ol li')).toHaveLength(2);
    expect(container.querySelector('blockquote')?.textContent).toBe('An example on two lines.');
  });

  it('puts events in words through the game, leaving out what it leaves out, marking stand-ins', () => {
    const parts = {
      describe: (e: unknown) =>
        (e as { t: string }).t === 'hidden' ? undefined : `saw ${(e as { t: string }).t}`,
    };
    const lines = logLines(
      [
        { id: 1, events: [{ t: 'a' }, { t: 'hidden' }] },
        { id: 2, events: [{ t: 'b' }], standIn: 'timeout' },
      ],
      parts,
      0,
      String,
    );
    expect(lines).toEqual([
      { id: '1.0', text: 'saw a' },
      { id: '2.0', text: 'saw b (time ran out: a bot played this turn)' },
    ]);
  });

  it('marks a move a clock made, in the game’s words, so it does not read as a choice', () => {
    const describe = (e: unknown) => `rolled ${(e as { r: number }).r}`;
    const batches = [{ id: 3, events: [{ r: 4 }], byClock: true }];
    const lines = logLines(
      batches,
      { describe, clockNote: () => 'Time ran out: the die was rolled for you.' },
      0,
      String,
    );
    expect(lines).toEqual([
      { id: '3.clock', text: 'Time ran out: the die was rolled for you.', clock: true },
      { id: '3.0', text: 'rolled 4' },
    ]);
    // A game without its own words still gets the mark.
    expect(logLines(batches, { describe }, 0, String)[0].text).toBe('Time ran out.');
  });

  it("the table pages' action bar and end panel: who won, the page's own words and actions", async () => {
    const names = (seat: number) => (seat === 0 ? 'You' : `Bot ${seat}`);
    expect(gameOverText([0], names)).toBe('Game over: You win.');
    expect(gameOverText([2], names)).toBe('Game over: Bot 2 wins.');
    expect(gameOverText([0, 3], names)).toBe('Game over: You and Bot 3 win.');
    const parts = await GAMES[0].load();
    render(
      <>
        <ActionBar
          mine
          low
          tag={<span className="tag">Practice</span>}
          text="Your turn: play a card."
          tools={<button type="button">Rules</button>}
        >
          <span className="bar-clock">0:09</span>
        </ActionBar>
        <EndPanel
          parts={{ ...parts, End: () => <p>the game's own end</p> }}
          view={{}}
          names={names}
          batches={[]}
          extra={<p>ratings</p>}
          actions={<a href="#/">Back to the lobby</a>}
        >
          <p>A rematch is ready.</p>
        </EndPanel>
      </>,
    );
    const bar = screen.getByRole('status', { name: 'action bar' });
    expect(bar.className).toBe('action-bar mine low');
    expect([...bar.children].map((c) => c.textContent)).toEqual([
      'Practice',
      'Your turn: play a card.',
      '0:09',
      'Rules',
    ]);
    const end = screen.getByRole('region', { name: 'final ranking' });
    expect([...end.children].map((c) => c.textContent)).toEqual([
      'Game over',
      "the game's own end",
      'ratings',
      'Back to the lobby',
      'A rematch is ready.',
    ]);
  });

  it("player panels say a person's presence online, and none at a table in this page", async () => {
    const parts = await GAMES[0].load();
    const seats = [
      { seat: 0, kind: 'human', name: 'Ann', taken: true, connected: true, botStandIn: false },
      { seat: 1, kind: 'human', name: 'Bo', taken: true, connected: false, botStandIn: false },
      { seat: 2, kind: 'bot', bot: 'heuristic', taken: true, connected: true, botStandIn: false },
    ] as const;
    const panel = (local: boolean) => {
      const { container } = render(
        <PlayerPanels
          seats={seats}
          view={null}
          parts={{ ...parts, standing: () => '', SeatDetail: undefined }}
          names={(s) => `P${s}`}
          me={0}
          turn={0}
          timer={null}
          now={0}
          local={local}
        />,
      );
      const texts = [...container.querySelectorAll('.presence')].map((e) => e.textContent?.trim());
      cleanup();
      return texts;
    };
    expect(panel(false)).toEqual(['connected', 'away', 'bot: Rules of thumb']);
    expect(panel(true)).toEqual(['bot: Rules of thumb']);
  });
});
