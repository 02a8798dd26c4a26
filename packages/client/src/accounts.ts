/** The HTTP bodies of accounts, profiles, leaderboards, finished games and quick play. */

export interface AccountState {
  readonly account: { readonly name: string } | null;
  /** Sent back as `X-CSRF-Token` with every change while signed in. */
  readonly csrf?: string;
}

export interface SignedIn extends AccountState {
  readonly account: { readonly name: string };
  readonly csrf: string;
  /** How many of the seats sent along were tied to the account. */
  readonly adopted: number;
}

export interface RatingShown {
  readonly game: string;
  /** The number shown (1500 for a newcomer; `displayRating` of `@boss-table/ratings`). */
  readonly rating: number;
  readonly games: number;
  readonly wins: number;
}

export interface FinishedGame {
  readonly table: string;
  readonly game: string;
  readonly players: number;
  readonly rated: boolean;
  readonly finishedAt: number;
  readonly seats: readonly {
    readonly seat: number;
    readonly name: string;
    readonly place: number;
    readonly kind: 'player' | 'bot' | 'guest';
    readonly ratingBefore?: number;
    readonly ratingAfter?: number;
  }[];
}

export interface Profile {
  readonly name: string;
  readonly kind: 'player' | 'bot';
  /** When the account was made (players only). */
  readonly since?: number;
  readonly played: number;
  readonly won: number;
  readonly ratings: readonly (RatingShown & {
    /** The rating after each rated game, oldest first. */
    readonly history: readonly { readonly at: number; readonly rating: number }[];
  })[];
  /** The last games, newest first; `you` is this player's seat. */
  readonly games: readonly (FinishedGame & { readonly you?: number })[];
}

export interface Leaderboard {
  readonly game: string;
  readonly players: readonly (RatingShown & {
    readonly name: string;
    readonly kind: 'player' | 'bot';
  })[];
}

export interface QuickPlayRequest {
  readonly game: string;
  readonly players: number;
  /** Seconds to wait for people before bots of about your rating fill the table (5–300). */
  readonly waitSeconds?: number;
  /** A guest's name (a signed-in player plays under their account's). */
  readonly name?: string;
}
