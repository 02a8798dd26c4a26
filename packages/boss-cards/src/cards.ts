/**
 * Cards as small integers (rules file §1): id = deck × 52 + suit × 13 + rank, which is also
 * the id order (`#1` before `#2`, suits C D H S, ranks 2–10, J, Q, K, A).
 */
export const SUITS = ['C', 'D', 'H', 'S'] as const;
export const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'] as const;
export type SuitName = (typeof SUITS)[number];
export type RankName = (typeof RANKS)[number];
/** A card's id as players write it: `10H`, `QS`, `QS#2` with two decks. */
export type CardName = string;

export const JACK = 9;
export const QUEEN = 10;
export const KING = 11;
export const ACE = 12;
/** Ranks a Boss card may name: 2 to 10 (§4). */
export const NAMEABLE_RANKS = 9;

export const suitOf = (card: number): number => ((card % 52) / 13) | 0;
export const rankOf = (card: number): number => card % 13;
export const isBoss = (card: number): boolean => {
  const r = card % 13;
  return r >= JACK && r <= KING;
};
export const isAce = (card: number): boolean => card % 13 === ACE;
/** Extra cards the next seat draws after a Boss card: 1 after a Jack, 2 a Queen, 3 a King. */
export const penaltyOf = (card: number): number => (isBoss(card) ? (card % 13) - JACK + 1 : 0);

export const cardCount = (decks: number): number => decks * 52;

export function cardName(card: number, decks: number): CardName {
  const base = `${RANKS[rankOf(card)]}${SUITS[suitOf(card)]}`;
  return decks === 2 ? `${base}#${((card / 52) | 0) + 1}` : base;
}

/** The id of a card name for a game with `decks` decks, or -1 when it names no such card. */
export function cardId(name: string, decks: number): number {
  const m = /^(10|[2-9JQKA])([CDHS])(?:#([12]))?$/.exec(name);
  if (!m) return -1;
  if ((decks === 2) !== (m[3] !== undefined)) return -1;
  const deck = m[3] === undefined ? 0 : Number(m[3]) - 1;
  return deck * 52 + SUITS.indexOf(m[2] as SuitName) * 13 + RANKS.indexOf(m[1] as RankName);
}

export const isCardName = (name: unknown): name is CardName =>
  typeof name === 'string' && /^(10|[2-9JQKA])([CDHS])(?:#([12]))?$/.test(name);
