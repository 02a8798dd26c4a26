// @vitest-environment happy-dom
// Unit tests for ratings display: the profile's rating plot, provisional marks, and end-of-game rating lines.
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PROVISIONAL_GAMES, RatingPlot, ratingShown } from './ProfilePage.js';
import { ratingLines } from '../shell/RatingChanges.js';

afterEach(cleanup);

describe('ratings on the profile', () => {
  it('plots a rating with its scale and dates, each point with its value', () => {
    const jan = Date.UTC(2026, 0, 5, 12);
    const feb = Date.UTC(2026, 1, 9, 12);
    const { container } = render(
      <RatingPlot
        points={[
          { at: jan, rating: 1500 },
          { at: jan + 3600_000, rating: 1532 },
          { at: feb, rating: 1518 },
        ]}
      />,
    );
    const texts = [...container.querySelectorAll('svg text')].map((t) => t.textContent);
    expect(texts).toContain('1532');
    expect(texts).toContain('1500');
    expect(texts.some((t) => /5/.test(t ?? '') && /Jan/.test(t ?? ''))).toBe(true);
    expect(texts.some((t) => /9/.test(t ?? '') && /Feb/.test(t ?? ''))).toBe(true);
    const titles = [...container.querySelectorAll('circle title')].map((t) => t.textContent);
    expect(titles).toHaveLength(3);
    expect(titles[1]).toMatch(/^1532 on /);
    expect(container.querySelectorAll('line')).toHaveLength(2);
  });

  it('marks a player’s rating provisional until enough rated games, never a bot level’s', () => {
    expect(ratingShown(1520, 1)).toBe('1520?');
    expect(ratingShown(1520, PROVISIONAL_GAMES)).toBe('1520');
    expect(ratingShown(1850, 0, true)).toBe('1850');
  });

  it("says each seat's rating change at the end of a rated game, best place first", () => {
    expect(
      ratingLines({
        table: 't',
        game: 'the-boss',
        players: 2,
        rated: true,
        finishedAt: 0,
        seats: [
          { seat: 0, name: 'Ann', place: 2, kind: 'player', ratingBefore: 1500, ratingAfter: 1488 },
          {
            seat: 1,
            name: 'ismcts:hard',
            place: 1,
            kind: 'bot',
            ratingBefore: 1850,
            ratingAfter: 1853,
          },
        ],
      }),
    ).toEqual(['Hard search (bot): 1850 → 1853 (+3)', 'Ann: 1500 → 1488 (−12)']);
  });
});
