// Unit tests that each Big Boss track layout draws all 72 spaces as one closed loop of neighbouring cells.
import { describe, expect, it } from 'vitest';
import { loopLayout, TRACK, TRACK_PHONE, TRACK_TALL } from './track.js';

describe('Big Boss track layouts', () => {
  for (const [name, layout] of [
    ['wide', TRACK],
    ['tall', TRACK_TALL],
    ['phone', TRACK_PHONE],
  ] as const)
    it(`${name}: 72 distinct cells on the grid, each next to the following one, 72 next to 1`, () => {
      expect(layout.cells).toHaveLength(72);
      const keys = new Set(layout.cells.map(([x, y]) => `${x},${y}`));
      expect(keys.size).toBe(72);
      for (const [x, y] of layout.cells) {
        expect(x >= 0 && x < layout.columns && y >= 0 && y < layout.rows).toBe(true);
      }
      for (let i = 0; i < 72; i++) {
        const [x1, y1] = layout.cells[i];
        const [x2, y2] = layout.cells[(i + 1) % 72];
        expect(
          Math.abs(x1 - x2) + Math.abs(y1 - y2),
          `space ${i + 1} to ${((i + 1) % 72) + 1}`,
        ).toBe(1);
      }
    });

  it('the wide layout is the 12 × 6 loop the generator draws', () => {
    expect(loopLayout(12, 6)).toEqual(TRACK);
  });
});
