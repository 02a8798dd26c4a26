/**
 * Where each of the 72 spaces is drawn: a winding track on a grid, space 1 top left,
 * snaking down row by row and back up the left edge to close the loop (72 touches 1). Only
 * consecutive numbers are neighbours in the rules; the drawing is free, so another layout can
 * be swapped in by changing this data alone.
 */
export interface TrackLayout {
  readonly columns: number;
  readonly rows: number;
  /** `cells[i]` is [column, row] of space i + 1. */
  readonly cells: readonly (readonly [number, number])[];
}

/** 12 columns and 6 rows: desktops and tablets. */
export const TRACK: TrackLayout = {
  columns: 12,
  rows: 6,
  // prettier-ignore
  cells: [
    [1, 0], [2, 0], [3, 0], [4, 0], [5, 0], [6, 0], [7, 0], [8, 0], [9, 0], [10, 0], [11, 0], [11, 1],
    [10, 1], [9, 1], [8, 1], [7, 1], [6, 1], [5, 1], [4, 1], [3, 1], [2, 1], [1, 1], [1, 2], [2, 2],
    [3, 2], [4, 2], [5, 2], [6, 2], [7, 2], [8, 2], [9, 2], [10, 2], [11, 2], [11, 3], [10, 3], [9, 3],
    [8, 3], [7, 3], [6, 3], [5, 3], [4, 3], [3, 3], [2, 3], [1, 3], [1, 4], [2, 4], [3, 4], [4, 4],
    [5, 4], [6, 4], [7, 4], [8, 4], [9, 4], [10, 4], [11, 4], [11, 5], [10, 5], [9, 5], [8, 5], [7, 5],
    [6, 5], [5, 5], [4, 5], [3, 5], [2, 5], [1, 5], [0, 5], [0, 4], [0, 3], [0, 2], [0, 1], [0, 0],
  ],
};

/**
 * The same kind of loop on any grid whose columns × rows make 72: snaking right and left over
 * columns 1 and up, row by row, then back up column 0 to close the loop.
 */
export function loopLayout(columns: number, rows: number): TrackLayout {
  const cells: [number, number][] = [];
  for (let y = 0; y < rows; y++)
    for (let k = 1; k < columns; k++) cells.push([y % 2 === 0 ? k : columns - k, y]);
  for (let y = rows - 1; y >= 0; y--) cells.push([0, y]);
  return { columns, rows, cells };
}

/** Phones: 9 columns and 8 rows, so the track and the controls fit one screen together. */
export const TRACK_PHONE: TrackLayout = loopLayout(9, 8);

/** 6 columns and 12 rows (kept for narrow side panels). */
export const TRACK_TALL: TrackLayout = {
  columns: 6,
  rows: 12,
  // prettier-ignore
  cells: [
    [1, 0], [2, 0], [3, 0], [4, 0], [5, 0], [5, 1], [4, 1], [3, 1], [2, 1], [1, 1], [1, 2], [2, 2],
    [3, 2], [4, 2], [5, 2], [5, 3], [4, 3], [3, 3], [2, 3], [1, 3], [1, 4], [2, 4], [3, 4], [4, 4],
    [5, 4], [5, 5], [4, 5], [3, 5], [2, 5], [1, 5], [1, 6], [2, 6], [3, 6], [4, 6], [5, 6], [5, 7],
    [4, 7], [3, 7], [2, 7], [1, 7], [1, 8], [2, 8], [3, 8], [4, 8], [5, 8], [5, 9], [4, 9], [3, 9],
    [2, 9], [1, 9], [1, 10], [2, 10], [3, 10], [4, 10], [5, 10], [5, 11], [4, 11], [3, 11], [2, 11], [1, 11],
    [0, 11], [0, 10], [0, 9], [0, 8], [0, 7], [0, 6], [0, 5], [0, 4], [0, 3], [0, 2], [0, 1], [0, 0],
  ],
};
