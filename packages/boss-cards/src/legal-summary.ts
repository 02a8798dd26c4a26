// The compact legal form a Boss Cards seat is sent: playable cards, the names they need, and draw or pass.
import {
  cardName,
  isAce,
  isBoss,
  RANKS,
  SUITS,
  type CardName,
  type RankName,
  type SuitName,
} from './cards.js';
import { playable } from './play.js';
import { canDraw, type BossCardsState } from './state.js';

/**
 * What a seat may do on its turn, compactly (docs/boss-cards.md, "The legal form"):
 * `play` lists the playable cards, each with `names`: `none` (play as is), `suit` (name one
 * of `suits`) or `suit-or-rank` (name one of `suits` or one of `ranks`, never both);
 * `draw` and `pass` say whether those moves are legal. Every listed combination is legal and
 * no other is.
 */
export interface BossCardsLegal {
  readonly play: readonly {
    readonly card: CardName;
    readonly names: 'none' | 'suit' | 'suit-or-rank';
  }[];
  readonly suits: readonly SuitName[];
  readonly ranks: readonly RankName[];
  readonly draw: boolean;
  readonly pass: boolean;
}

export function legalSummary(s: BossCardsState, seat: number): BossCardsLegal | null {
  if (s.winner !== null || s.turn !== seat) return null;
  const play: BossCardsLegal['play'][number][] = [];
  for (const c of s.hands[seat])
    if (playable(s, c))
      play.push({
        card: cardName(c, s.config.decks),
        names: isBoss(c) ? 'suit-or-rank' : isAce(c) && s.config.aceNamesSuit ? 'suit' : 'none',
      });
  const draw = canDraw(s);
  return {
    play,
    suits: [...SUITS],
    ranks: RANKS.slice(0, 9),
    draw,
    pass: !draw && play.length === 0,
  };
}
