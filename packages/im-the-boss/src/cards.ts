// The 98 influence cards and six placards of I'm the Boss! by id, with their kind, family and fixed order.
import { DECK, FAMILIES, type Family } from './data.js';

/**
 * Influence cards by id (rules file §1.3): `clan:H1`…`clan:T4`, `travel:H1`…`travel:T3`,
 * `travel:W1`…`travel:W3` (wild), `recruit:1`…`recruit:33`, `boss:1`…`boss:10`,
 * `stop:1`…`stop:10`. Placards are `inv:H`…`inv:T`.
 */
export type CardKind = 'clan' | 'travel' | 'recruit' | 'boss' | 'stop';

/** Every card in a fixed order (the order shuffled at setup). */
export const ALL_CARDS: readonly string[] = (() => {
  const out: string[] = [];
  for (const f of FAMILIES) for (let i = 1; i <= DECK.clanPerFamily; i++) out.push(`clan:${f}${i}`);
  for (const f of FAMILIES)
    for (let i = 1; i <= DECK.travelPerFamily; i++) out.push(`travel:${f}${i}`);
  for (let i = 1; i <= DECK.travelWild; i++) out.push(`travel:W${i}`);
  for (let i = 1; i <= DECK.recruit; i++) out.push(`recruit:${i}`);
  for (let i = 1; i <= DECK.boss; i++) out.push(`boss:${i}`);
  for (let i = 1; i <= DECK.stop; i++) out.push(`stop:${i}`);
  return out;
})();

const CARD_SET = new Set(ALL_CARDS);
const ORDER = new Map(ALL_CARDS.map((c, i) => [c, i]));

export const isCard = (id: unknown): id is string => typeof id === 'string' && CARD_SET.has(id);
export const cardOrder = (id: string): number => ORDER.get(id) ?? -1;
export const byCardId = (a: string, b: string): number => cardOrder(a) - cardOrder(b);

const KINDS = new Map<string, CardKind>(
  ALL_CARDS.map((c) => [c, c.slice(0, c.indexOf(':')) as CardKind]),
);
const FAMILY = new Map<string, number>();
for (const id of [...ALL_CARDS, ...FAMILIES.map((f) => `inv:${f}`)]) {
  const m = /^(?:clan|travel|inv):([HKLPRT])/.exec(id);
  FAMILY.set(id, m ? FAMILIES.indexOf(m[1] as Family) : -1);
}

export function kindOf(card: string): CardKind {
  return KINDS.get(card) ?? (card.slice(0, card.indexOf(':')) as CardKind);
}

/** The family index of a clan or family travel card, or of a placard; -1 for others (wild). */
export function familyOf(id: string): number {
  return FAMILY.get(id) ?? -1;
}

export const placardId = (family: number): string => `inv:${FAMILIES[family]}`;
export const isPlacard = (id: unknown): id is string =>
  typeof id === 'string' && /^inv:[HKLPRT]$/.test(id);
