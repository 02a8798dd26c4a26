/** The companies, cards and fixed numbers of Big Boss (rules file, section 1). */

/** The eight companies; the last three carry names of our own (the rules file leaves them open). */
export const COMPANY_IDS = [
  'regent',
  'lunar',
  'eagle',
  'kingdom',
  'lion',
  'orion',
  'vega',
  'zenith',
] as const;
export type CompanyId = (typeof COMPANY_IDS)[number];

export interface Company {
  readonly id: CompanyId;
  readonly name: string;
}

export const COMPANIES: readonly Company[] = [
  { id: 'regent', name: 'Regent' },
  { id: 'lunar', name: 'Lunar' },
  { id: 'eagle', name: 'Eagle' },
  { id: 'kingdom', name: 'Kingdom' },
  { id: 'lion', name: 'Lion' },
  { id: 'orion', name: 'Orion' },
  { id: 'vega', name: 'Vega' },
  { id: 'zenith', name: 'Zenith' },
];

export const COMPANY_NAMES: Readonly<Record<CompanyId, string>> = Object.fromEntries(
  COMPANIES.map((c) => [c.id, c.name]),
) as Record<CompanyId, string>;

export const COMPANY_INDEX: ReadonlyMap<string, number> = new Map(
  COMPANY_IDS.map((id, i) => [id, i]),
);

export const isCompanyId = (v: unknown): v is CompanyId =>
  typeof v === 'string' && COMPANY_INDEX.has(v);

/** Spaces on the loop, numbered 1..SPACES; SPACES touches 1. */
export const SPACES = 72;
/** Building pieces in the shared pool (the headquarters is not a piece). */
export const PIECES = 92;
/** The highest level a Level card builds: modern onto 1–4 pieces, original L5 onto four. */
export const MAX_LEVEL = 5;
/**
 * The most pieces a space can come to hold (docs/big-boss.md, decision 1): Level cards build
 * up to five, and the space's own Industry card, which exists once and never comes back once
 * played, may add one more on top. The engine needs no check for it: an Industry card is
 * played on a space of any height.
 */
export const MOST_PIECES_ON_A_SPACE = 6;
export const MAX_PRICE = 50;
export const TOWERS_PER_PLAYER = 2;
/** Radio tower (ownership flag) prices: a player's first, then second. */
export const TOWER_PRICES: readonly number[] = [15, 30];
/** Empty spaces a new company keeps from every other company, on both sides. */
export const FOUNDING_GAP = 3;

/**
 * Cards as JSON codes: `I1`..`I72` the Industry card of that space, `L` a modern Level card
 * (all alike), `L2`..`L5` original Level cards with their level.
 */
export type IndustryCard = `I${number}`;
export type LevelCard = 'L' | 'L2' | 'L3' | 'L4' | 'L5';
export type CardCode = IndustryCard | LevelCard;

/**
 * Cards inside the state are small integers: 1..72 the Industry card of that space, 80 the
 * modern Level card, 82..85 the original Level cards of level 2..5.
 */
export const MODERN_LEVEL = 80;
export const originalLevel = (level: number): number => 80 + level;
export const isIndustry = (id: number): boolean => id >= 1 && id <= SPACES;
/** The level a Level card gives (0 for the modern card, which fits any level). */
export const levelOf = (id: number): number => (id > MODERN_LEVEL ? id - MODERN_LEVEL : 0);

export function cardCode(id: number): CardCode {
  if (isIndustry(id)) return `I${id}`;
  if (id === MODERN_LEVEL) return 'L';
  return `L${id - MODERN_LEVEL}` as LevelCard;
}

/** The id of a card code, or undefined if it names no card. */
export function cardId(code: unknown): number | undefined {
  if (typeof code !== 'string') return undefined;
  if (code === 'L') return MODERN_LEVEL;
  const m = /^([IL])([1-9][0-9]?)$/.exec(code);
  if (!m) return undefined;
  const n = Number(m[2]);
  if (m[1] === 'I') return n <= SPACES ? n : undefined;
  return n >= 2 && n <= 5 ? originalLevel(n) : undefined;
}

/** Original Level cards: how many of each level (rules file, section 2, a decision). */
export const ORIGINAL_LEVEL_COUNTS: Readonly<Record<number, number>> = { 2: 6, 3: 5, 4: 4, 5: 3 };
export const LEVEL_CARDS = 18;

/** The space `steps` away from `space` along the loop (negative: backwards). */
export const spaceAt = (space: number, steps: number): number =>
  ((((space - 1 + steps) % SPACES) + SPACES) % SPACES) + 1;

/** Steps between two spaces the short way round the loop. */
export function loopDistance(a: number, b: number): number {
  const d = Math.abs(a - b) % SPACES;
  return Math.min(d, SPACES - d);
}
