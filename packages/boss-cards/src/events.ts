// What Boss Cards reports as play goes on, for the UI, the game log and replays, each to its audience.
import type { CardName, RankName, SuitName } from './cards.js';

/** Why cards were drawn (§3–§5). */
export type DrawReason = 'replenish' | 'draw' | 'penalty';

/** What happened, for the UI, the game log and replays. Each comes with its audience. */
export type BossCardsEvent =
  | {
      readonly type: 'round-started';
      readonly round: number;
      readonly dealer: number;
      /** The seat that plays first (The Boss after a won round). */
      readonly leader: number;
      readonly handSize: number;
      readonly stock: number;
    }
  /** Sent only to the seat that receives the hand. */
  | { readonly type: 'hand-dealt'; readonly seat: number; readonly cards: readonly CardName[] }
  /** A Boss card or an ace turned up and went back into the stock (§2). */
  | { readonly type: 'start-card-returned'; readonly card: CardName }
  | { readonly type: 'start-card'; readonly card: CardName }
  | {
      readonly type: 'played';
      readonly seat: number;
      readonly card: CardName;
      /** The demand now. */
      readonly suit: SuitName | null;
      readonly rank: RankName | null;
    }
  | {
      readonly type: 'drew';
      readonly seat: number;
      readonly count: number;
      readonly reason: DrawReason;
    }
  /** Sent only to the seat that drew. */
  | { readonly type: 'cards-drawn'; readonly seat: number; readonly cards: readonly CardName[] }
  | { readonly type: 'replenishing-over' }
  | { readonly type: 'stock-reshuffled'; readonly count: number }
  | { readonly type: 'passed'; readonly seat: number }
  | {
      readonly type: 'round-won';
      readonly seat: number;
      readonly points: number;
      readonly scores: readonly number[];
    }
  | { readonly type: 'round-stalled'; readonly turns: number }
  | { readonly type: 'game-over'; readonly winner: number; readonly scores: readonly number[] };
