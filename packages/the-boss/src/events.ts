// What The Boss reports as play goes on, for the UI, the game log and replays, each to its audience.
import type { CardName, CityId, Face, LocalCityId, PoliceCard } from './cities.js';

/** What happened, for the UI, the game log and replays. Each comes with its audience. */
export type BossEvent =
  | {
      readonly type: 'round-started';
      readonly round: number;
      /** 0 in a regular round; n in the n-th overtime round. */
      readonly overtime: number;
      readonly dealer: number;
      readonly row: readonly CityId[];
      /** The city of every card in every hand (public). */
      readonly handCities: readonly (readonly LocalCityId[])[];
    }
  /** Sent only to the seat that receives the hand. */
  | { readonly type: 'hand-dealt'; readonly seat: number; readonly cards: readonly CardName[] }
  | { readonly type: 'turn'; readonly seat: number }
  | {
      readonly type: 'cubes-placed';
      readonly seat: number;
      readonly city: CityId;
      readonly big: number;
      readonly small: number;
    }
  | { readonly type: 'card-revealed'; readonly seat: number; readonly card: CardName }
  | {
      readonly type: 'police-flipped';
      readonly card: PoliceCard;
      readonly silver: number;
      readonly gold: number;
      readonly remaining: number;
      /** True when this card makes the round the last. */
      readonly lastRound: boolean;
    }
  | { readonly type: 'last-turn-order'; readonly order: readonly number[] }
  | {
      readonly type: 'reward-revealed';
      readonly city: LocalCityId;
      readonly face: Face;
      /** The boss of the city who takes it, or null when nobody has cubes there. */
      readonly boss: number | null;
    }
  | {
      readonly type: 'chicago-scored';
      readonly boss: number | null;
      /** The last revealed card of each city left of Chicago, penalties counted as 0. */
      readonly cards: readonly CardName[];
      readonly sum: number;
      readonly points: number;
    }
  | {
      readonly type: 'cube-lost';
      readonly seat: number;
      readonly city: LocalCityId;
      readonly to: 'hospital' | 'prison' | 'dead';
    }
  | { readonly type: 'banished'; readonly seat: number }
  | {
      readonly type: 'round-ended';
      readonly round: number;
      /** The change of each seat's score over the round. */
      readonly points: readonly number[];
      readonly scores: readonly number[];
    }
  | { readonly type: 'overtime'; readonly tied: readonly number[] }
  | {
      readonly type: 'game-over';
      readonly winners: readonly number[];
      readonly ranking: readonly number[];
      readonly scores: readonly number[];
      readonly decidedBy: string;
    };
