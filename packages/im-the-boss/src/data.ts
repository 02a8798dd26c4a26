/**
 * I'm the Boss!'s component data (rules file §1, §15). Everything marked RECONSTRUCTED
 * below — the 16 board spaces, the tiles' values and the faces on their backs — could not
 * be found in any source: it is the rules file's reconstruction, kept in this one module so
 * that real data can replace it without touching the rules.
 */

/** The six investor families, by key, in alphabetical rank (§1.1). */
export const FAMILIES = ['H', 'K', 'L', 'P', 'R', 'T'] as const;
export type Family = (typeof FAMILIES)[number];

/** Display names by theme (§1.1): the 1994 names, or colour words. Rank is the same. */
export const FAMILY_NAMES: Readonly<Record<'classic' | 'neutral', readonly string[]>> = {
  classic: ['Heiermann', 'Knetowitz', 'Liebgeld', 'Piepenbrok', 'Raffzahn', 'Talerfeld'],
  neutral: ['Green', 'Yellow', 'Blue', 'Orange', 'Red', 'Magenta'],
};

/** A deal space: required families and optional groups ("`need` of these"), dividends D. */
export interface SpaceData {
  readonly space: number;
  readonly D: number;
  readonly required: readonly Family[];
  readonly groups: readonly { readonly of: readonly Family[]; readonly need: number }[];
}

/** RECONSTRUCTED (rules file §1.4): the 16 spaces, clockwise from 1. */
export const BOARD: readonly SpaceData[] = [
  { space: 1, D: 3, required: ['K'], groups: [{ of: ['H', 'P'], need: 1 }] },
  { space: 2, D: 7, required: ['H', 'T'], groups: [{ of: ['K', 'L', 'P', 'R'], need: 2 }] },
  { space: 3, D: 5, required: ['P', 'T'], groups: [{ of: ['K', 'L'], need: 1 }] },
  { space: 4, D: 9, required: ['K', 'L', 'R'], groups: [{ of: ['H', 'P', 'T'], need: 2 }] },
  { space: 5, D: 4, required: ['P', 'R'], groups: [] },
  { space: 6, D: 7, required: ['K', 'R'], groups: [{ of: ['H', 'L', 'P', 'T'], need: 2 }] },
  { space: 7, D: 6, required: ['H', 'L', 'T'], groups: [] },
  { space: 8, D: 9, required: ['L'], groups: [{ of: ['H', 'K', 'P', 'R', 'T'], need: 4 }] },
  { space: 9, D: 3, required: ['P'], groups: [{ of: ['K', 'R'], need: 1 }] },
  { space: 10, D: 7, required: ['L', 'P', 'R'], groups: [{ of: ['H', 'K', 'T'], need: 1 }] },
  { space: 11, D: 5, required: ['K', 'R'], groups: [{ of: ['H', 'L'], need: 1 }] },
  { space: 12, D: 9, required: ['H', 'P', 'T'], groups: [{ of: ['K', 'L', 'R'], need: 2 }] },
  { space: 13, D: 4, required: ['H', 'R'], groups: [] },
  { space: 14, D: 8, required: ['H', 'L', 'P', 'T'], groups: [] },
  { space: 15, D: 6, required: ['K', 'L', 'T'], groups: [] },
  { space: 16, D: 9, required: ['H', 'K'], groups: [{ of: ['L', 'P', 'R', 'T'], need: 3 }] },
];

/** RECONSTRUCTED (§1.5): the value of one dividend (M) on tiles 1…15. */
export const TILE_VALUES: readonly number[] = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8];

/** RECONSTRUCTED (§1.5): die faces on a tile's back that end the game (tiles 10–15). */
export const TILE_END_FACES: Readonly<Record<number, readonly number[]>> = {
  10: [1],
  11: [1, 2],
  12: [1, 2, 3],
  13: [1, 2, 3, 4],
  14: [1, 2, 3, 4, 5],
  15: [1, 2, 3, 4, 5, 6],
};

/** Tiles left out under `shortGame` (§11.1). */
export const SHORT_GAME_REMOVED: readonly number[] = [3, 6, 9];

/** The influence deck (§1.3). */
export const DECK = {
  clanPerFamily: 4,
  travelPerFamily: 3,
  travelWild: 3,
  recruit: 33,
  boss: 10,
  stop: 10,
  total: 98,
} as const;

export const HAND_START = 5;
export const DRAW_COUNT = 3;
export const HAND_LIMIT = 12;
export const HAND_LIMIT_LATE = 10;
export const MIN_CARDS_TO_DEAL = 4;

/** Placards dealt to each seat by player count (§2.2). */
export const PLACARDS_PER_SEAT: Readonly<Record<number, number>> = { 2: 3, 3: 2, 4: 1, 5: 1, 6: 1 };

/** Default clock lengths in seconds (§5.7, §15). */
export const CLOCKS_S = {
  turn: 30,
  discard: 20,
  deal: 150,
  idle: 40,
  stopWindow: 6,
  stopWindowMin: 2,
  lastCall: 5,
  lastCallMin: 2,
  step: 60,
  prompt: 15,
} as const;

/** The investors a space needs: its required families plus every group's `need`. */
export const investorsOf = (sp: SpaceData): number =>
  sp.required.length + sp.groups.reduce((a, g) => a + g.need, 0);

/** Rejects data that breaks §1.4's shape; run once at load. */
function validateBoard(): void {
  if (BOARD.length !== 16) throw new Error('The board must have 16 spaces.');
  BOARD.forEach((sp, i) => {
    if (sp.space !== i + 1) throw new Error(`Space ${i + 1} is out of order.`);
    for (const g of sp.groups) {
      if (g.need < 1 || g.need > g.of.length) throw new Error(`Space ${sp.space}: bad group.`);
      for (const f of g.of)
        if (sp.required.includes(f))
          throw new Error(`Space ${sp.space}: ${f} is both required and optional.`);
    }
  });
  if (TILE_VALUES.length !== 15) throw new Error('There must be 15 tiles.');
}
validateBoard();
