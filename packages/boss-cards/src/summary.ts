// Where a Boss Cards game stands, all hands shown, as `boss replay --json` prints it.
import { cardName, RANKS, SUITS, type CardName } from './cards.js';
import { replenishing, type BossCardsState } from './state.js';

/** Where a game stands, as `boss replay --json` prints it. */
export interface BossCardsSummary {
  readonly over: boolean;
  readonly round: number;
  readonly dealer: number;
  readonly turn: number | null;
  readonly scores: readonly number[];
  readonly target: number;
  readonly winners: readonly number[];
  readonly pileTop: CardName | null;
  readonly demand: { readonly suit: string | null; readonly rank: string | null };
  readonly stock: number;
  readonly pile: number;
  readonly replenishing: boolean;
  readonly hands: readonly number[];
  /** The seat that led this round (left of the dealer). */
  readonly leader: number;
  /** The Boss: the last winner of a round (null before any round was won). */
  readonly boss: number | null;
  /** Turns taken this round, the winning play counted. */
  readonly turns: number;
  /** Each seat's cards, in hand order. */
  readonly cards: readonly (readonly CardName[])[];
}

export function summary(s: BossCardsState): BossCardsSummary {
  const top = s.pile[s.pile.length - 1];
  return {
    over: s.winner !== null,
    round: s.round,
    dealer: s.dealer,
    turn: s.winner === null ? s.turn : null,
    scores: s.scores.slice(),
    target: s.config.target,
    winners: s.winner === null ? [] : [s.winner],
    pileTop: top === undefined ? null : cardName(top, s.config.decks),
    demand: {
      suit: s.demandSuit < 0 ? null : SUITS[s.demandSuit],
      rank: s.demandRank < 0 ? null : RANKS[s.demandRank],
    },
    stock: s.stock.length,
    pile: s.pile.length,
    replenishing: replenishing(s),
    hands: s.hands.map((h) => h.length),
    leader: (s.dealer + 1) % s.config.players,
    // The Boss leads the round after its win, also when a stalled round is dealt again.
    boss: s.winner ?? (s.scores.some((x) => x > 0) ? (s.dealer + 1) % s.config.players : null),
    turns: s.turnsThisRound + (s.winner === null ? 0 : 1),
    cards: s.hands.map((h) => h.map((c) => cardName(c, s.config.decks))),
  };
}
