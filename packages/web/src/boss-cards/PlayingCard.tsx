// How a Boss Cards playing card looks face up or face down, with its spoken label for screen readers.
import type { CardName } from '@boss-table/boss-cards';
import { cardParts, cardTitle, isBossRank, isRed, penaltyOfRank, SUIT_SYMBOL } from './logic.js';

/**
 * One playing card, face up: its rank and suit in the corner (what stays visible in a fan),
 * a big suit in the middle; Boss cards say so with the cards they make the next seat draw,
 * aces that they are wild. Colour is never the only signal: the suit's symbol is always there.
 */
export function CardFace({ card, size = 'normal' }: { card: CardName; size?: 'normal' | 'big' }) {
  const p = cardParts(card);
  const boss = isBossRank(p.rank);
  return (
    <span
      className={`pc-face${isRed(p.suit) ? ' red' : ''}${boss ? ' boss' : ''}${size === 'big' ? ' big' : ''}`}
      aria-hidden="true"
    >
      <span className="pc-corner">
        <span className="pc-rank">{p.rank}</span>
        <span className="pc-suit">{SUIT_SYMBOL[p.suit]}</span>
      </span>
      <span className="pc-middle">{boss ? p.rank : SUIT_SYMBOL[p.suit]}</span>
      {boss && <span className="pc-tag">Boss +{penaltyOfRank(p.rank)}</span>}
      {p.rank === 'A' && <span className="pc-tag">wild</span>}
    </span>
  );
}

/** A card as text for screen readers and titles: "Queen of spades (Boss card: next draws 2)". */
export function cardLabel(card: CardName): string {
  const p = cardParts(card);
  if (isBossRank(p.rank))
    return `${cardTitle(card)} (Boss card: the next player draws ${penaltyOfRank(p.rank)})`;
  if (p.rank === 'A') return `${cardTitle(card)} (wild)`;
  return cardTitle(card);
}

/** A face-down card, for the stock and the other hands. */
export function CardBack({ small = false }: { small?: boolean }) {
  return <span className={`pc-back${small ? ' small' : ''}`} aria-hidden="true" />;
}
