// Boss Cards' moves as sent over the wire, checked for shape before the rules judge them.
import { err, gameError, ok, type GameError, type Result } from '@boss-table/core';
import { isCardName, RANKS, SUITS, type CardName, type RankName, type SuitName } from './cards.js';

/**
 * A move (rules file §3–§4): play a card (a Boss card names a suit or a rank; an ace names a
 * suit only with `aceNamesSuit`), draw one card, or pass when nothing else is possible.
 */
export type BossCardsMove =
  | {
      readonly type: 'play';
      readonly card: CardName;
      readonly suit?: SuitName;
      readonly rank?: RankName;
    }
  | { readonly type: 'draw' }
  | { readonly type: 'pass' };

const bad = (message: string): Result<never, GameError> => err(gameError('invalid-move', message));

/** Checks a move's shape; the rules check the rest in `apply`. */
export function parseMove(raw: unknown): Result<BossCardsMove, GameError> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return bad('A move must be an object with a "type": play, draw or pass.');
  const o = raw as Record<string, unknown>;
  if (o.type === 'draw' || o.type === 'pass') {
    const extra = Object.keys(o).filter((k) => k !== 'type');
    if (extra.length) return bad(`A ${o.type} move takes no "${extra[0]}".`);
    return ok({ type: o.type });
  }
  if (o.type !== 'play') return bad('A move\'s "type" must be play, draw or pass.');
  const extra = Object.keys(o).filter((k) => !['type', 'card', 'suit', 'rank'].includes(k));
  if (extra.length) return bad(`A play move takes no "${extra[0]}".`);
  if (!isCardName(o.card)) return bad('"card" must name a card, e.g. 10H, QS or QS#2.');
  if (o.suit !== undefined && !SUITS.includes(o.suit as SuitName))
    return bad('"suit" must be C, D, H or S.');
  if (o.rank !== undefined && !RANKS.includes(o.rank as RankName))
    return bad('"rank" must be a rank, 2 to 10.');
  return ok({
    type: 'play',
    card: o.card,
    ...(o.suit !== undefined ? { suit: o.suit as SuitName } : {}),
    ...(o.rank !== undefined ? { rank: o.rank as RankName } : {}),
  });
}
