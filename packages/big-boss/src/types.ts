/**
 * The public types of Big Boss: options, moves, views, events and the compact legal form.
 * Everything here is plain JSON; docs/big-boss.md describes each field.
 */
import type { Outcome, Viewer } from '@boss-table/core';
import type { CardCode, CompanyId, IndustryCard, LevelCard } from './companies.js';

export type { CardCode, CompanyId, IndustryCard, LevelCard } from './companies.js';

/** `modern`: the 2023 edition (default); `original`: 1994. */
export type RuleSet = 'modern' | 'original';

/** Options as a table's creator chooses them. */
export interface BigBossOptions {
  readonly players: number;
  readonly rules: RuleSet;
  /** The seat that plays first; absent: drawn from the seed. */
  readonly firstPlayer?: number;
}

/**
 * One move. A turn is either a `buy` (ends the turn), or a `found`/`expand` followed by the
 * seat's `invest` move (phase `invest`), or — only when a seat can neither buy nor play —
 * any number of `sell` (modern) and then `pass`.
 */
export type BigBossMove =
  | { readonly type: 'buy'; readonly from: 'row'; readonly card: IndustryCard }
  | { readonly type: 'buy'; readonly from: 'deck' }
  | { readonly type: 'buy'; readonly from: 'levels' }
  | {
      readonly type: 'found';
      readonly card: IndustryCard;
      /** The first of the three consecutive spaces (wrapping 72 → 1). */
      readonly start: number;
      /** The space under the fourth piece (modern); null in `original`. */
      readonly top: number | null;
      readonly company: CompanyId;
    }
  | {
      readonly type: 'expand';
      readonly card: CardCode;
      readonly space: number;
      /** Only when the piece merges two companies: the one that takes the +1. */
      readonly boost?: CompanyId;
      /** Only when the prices tie after the boost: the company that acquires the other. */
      readonly acquirer?: CompanyId;
    }
  | {
      readonly type: 'invest';
      /** 0 to 2 shares, repeats allowed, in the order of COMPANY_IDS. */
      readonly shares: readonly CompanyId[];
      /** A radio tower (ownership flag) on the company played this turn. */
      readonly tower: boolean;
    }
  | { readonly type: 'sell'; readonly company: CompanyId; readonly count: number }
  | { readonly type: 'pass' };

/**
 * `play`: the seat to act must buy or play (or, unable to do either, sell and pass);
 * `invest`: it has played a card and may buy shares and a tower; `sell`: it has sold and
 * may sell more, then must pass; `over`: the game has ended.
 */
export type Phase = 'play' | 'invest' | 'sell' | 'over';

export type CompanyStatus = 'never' | 'active' | 'gone';

export interface CompanyView {
  readonly id: CompanyId;
  readonly status: CompanyStatus;
  /** Share price; 0 for a company never founded, the last price for one acquired. */
  readonly price: number;
  /** Shares still in the bank (0 once the company is gone). */
  readonly sharesLeft: number;
  /** Seat owning this company's radio tower (ownership flag), or null. */
  readonly tower: number | null;
}

export interface SpaceView {
  readonly company: CompanyId;
  readonly pieces: number;
}

export interface SeatView {
  readonly cash: number;
  readonly shares: Readonly<Record<CompanyId, number>>;
  /** Companies on which this seat has a radio tower standing now. */
  readonly towers: readonly CompanyId[];
  /** Towers this seat may still place (towers that left in a merger do not come back). */
  readonly towersLeft: number;
  readonly handCount: number;
  /** Cards everyone knows are in this hand: bought face up or from the Level stack, not yet played. */
  readonly known: readonly CardCode[];
  /** This seat passed in the current run of passes (no buy or play since). */
  readonly passed: boolean;
  /**
   * What this seat's passes tell about its hand (a pass means no card it held could be
   * played), oldest first: at least `count` of its unseen cards (those not in `known`) are
   * none of the cards that could be played at that pass or a later one — the Industry cards
   * of `spaces` and the Level cards `levels`. Empty when nothing is known.
   */
  readonly passClues: readonly {
    readonly count: number;
    readonly spaces: readonly number[];
    readonly levels: readonly LevelCard[];
  }[];
}

/** What one seat (or a spectator) may know (rules file, section 8). Plain JSON. */
export interface BigBossView {
  readonly game: 'big-boss';
  readonly viewer: Viewer;
  readonly rules: RuleSet;
  readonly players: number;
  readonly firstPlayer: number;
  /** Seat to act, or null once the game is over. */
  readonly turn: number | null;
  readonly phase: Phase;
  /** `track[i]` is space i + 1: null when empty. */
  readonly track: readonly (SpaceView | null)[];
  /** Headquarters space of each company in play. */
  readonly headquarters: Readonly<Partial<Record<CompanyId, number>>>;
  readonly companies: readonly CompanyView[];
  /** The face-up Industry cards (modern), in order; empty in `original`. */
  readonly row: readonly IndustryCard[];
  readonly deckCount: number;
  /** Level cards left in the modern Level stack (0 in `original`). */
  readonly levelsCount: number;
  /** Played cards, oldest first. */
  readonly discards: readonly CardCode[];
  /** Building pieces left of the 92. */
  readonly piecesLeft: number;
  readonly seats: readonly SeatView[];
  /** The viewer's own hand, sorted; null for a spectator. */
  readonly hand: readonly CardCode[] | null;
  /** The company founded or expanded this turn (the tower may go there), else null. */
  readonly played: CompanyId | null;
  /** Passes in a row so far; the game ends when it reaches the number of players. */
  readonly passes: number;
  readonly outcome: Outcome | null;
}

/** Final money of one seat, part by part (rules file, section 7). */
export interface MoneyBreakdown {
  readonly cash: number;
  /** Shares at their company's price. */
  readonly shares: number;
  /** Towers (flags) standing, each as three shares. */
  readonly towers: number;
  /** Cards in hand: +5/+10 each (modern) or −5 each (original). */
  readonly cards: number;
  readonly total: number;
}

/** What happened, for the UI, the game log and replays. Each comes with its audience. */
export type BigBossEvent =
  | {
      readonly type: 'started';
      readonly rules: RuleSet;
      readonly firstPlayer: number;
      readonly row: readonly IndustryCard[];
      readonly handCounts: readonly number[];
    }
  /** Sent only to the seat dealt. */
  | { readonly type: 'dealt'; readonly seat: number; readonly cards: readonly CardCode[] }
  | { readonly type: 'turn'; readonly seat: number }
  | {
      readonly type: 'bought';
      readonly seat: number;
      readonly from: 'row' | 'deck' | 'levels';
      /** The card when everyone saw it (face-up row, Level stack); null for a deck card. */
      readonly card: CardCode | null;
      readonly cost: number;
    }
  /** Sent only to the buyer: the card it drew from the deck. */
  | { readonly type: 'drew'; readonly seat: number; readonly card: CardCode }
  | { readonly type: 'row-refilled'; readonly card: IndustryCard }
  | {
      readonly type: 'founded';
      readonly seat: number;
      readonly card: IndustryCard;
      readonly company: CompanyId;
      /** The three spaces, in order along the loop. */
      readonly spaces: readonly number[];
      /** The space with the fourth piece and the headquarters (modern), or null. */
      readonly top: number | null;
      /** The headquarters' space. */
      readonly headquarters: number;
    }
  | {
      readonly type: 'expanded';
      readonly seat: number;
      readonly card: CardCode;
      readonly space: number;
      /** Pieces on the space now: the level of the piece placed. */
      readonly level: number;
      /** The company the space joins (before any merger). */
      readonly company: CompanyId;
    }
  | {
      readonly type: 'merged';
      readonly seat: number;
      readonly acquirer: CompanyId;
      readonly acquired: CompanyId;
      /** The company that took the +1 for the piece. */
      readonly boost: CompanyId;
      /** The acquired company's price the payouts were made at. */
      readonly acquiredPrice: number;
      /** Money paid to each seat for its shares (and tower) of the acquired company. */
      readonly payouts: readonly number[];
      /** The seat whose tower left the game with the acquired company, or null. */
      readonly towerRemoved: number | null;
      readonly price: number;
    }
  | {
      readonly type: 'price-changed';
      readonly company: CompanyId;
      readonly from: number;
      readonly to: number;
    }
  | {
      readonly type: 'earned';
      readonly seat: number;
      readonly company: CompanyId;
      readonly amount: number;
    }
  | {
      readonly type: 'invested';
      readonly seat: number;
      readonly shares: readonly CompanyId[];
      /** The company that got the seat's tower, or null. */
      readonly tower: CompanyId | null;
      readonly cost: number;
    }
  | {
      readonly type: 'sold';
      readonly seat: number;
      readonly company: CompanyId;
      readonly count: number;
      readonly amount: number;
    }
  | { readonly type: 'passed'; readonly seat: number; readonly passes: number }
  | {
      readonly type: 'game-over';
      readonly reason: 'pieces' | 'passes';
      readonly winners: readonly number[];
      readonly ranking: readonly number[];
      readonly scores: readonly number[];
      readonly decidedBy: string;
      readonly money: readonly MoneyBreakdown[];
    };

/**
 * What a seat may do now, compactly, for thin clients (docs/protocol.md, "Big Boss").
 * Every field lists choices that are legal as they stand; `invest` is a rule to combine.
 */
export interface BigBossLegal {
  readonly phase: 'play' | 'invest' | 'sell';
  readonly buy: {
    readonly row: readonly IndustryCard[];
    readonly deck: boolean;
    readonly levels: boolean;
  };
  /** Each legal found of a card from a start; any of `tops` and any of `companies` go with it. */
  readonly found: readonly {
    readonly card: IndustryCard;
    readonly start: number;
    /** Spaces for the fourth piece (modern), or `[null]` (original). */
    readonly tops: readonly (number | null)[];
  }[];
  /** Companies that may be founded (never in play yet). */
  readonly companies: readonly CompanyId[];
  readonly expand: readonly {
    readonly card: CardCode;
    readonly space: number;
    /** The company the space joins (one of the two when it merges). */
    readonly company: CompanyId;
    /** When the piece merges two companies: they (`boost` is one of them), and the boosts after which prices tie (then `acquirer` must name one of the two). */
    readonly merge: {
      readonly companies: readonly [CompanyId, CompanyId];
      readonly tiedWhenBoosting: readonly CompanyId[];
    } | null;
  }[];
  /**
   * In phase `invest`: any `shares` of at most two (repeats allowed, no company more than
   * its `left`) and `tower` or not, whose total cost is at most `cash`, is legal.
   */
  readonly invest: {
    readonly cash: number;
    readonly shares: readonly {
      readonly company: CompanyId;
      readonly cost: number;
      readonly left: number;
    }[];
    /** The tower this seat may place now, or null. */
    readonly tower: { readonly company: CompanyId; readonly cost: number } | null;
  } | null;
  /** Shares this seat may sell (modern, when it can neither buy nor play): 1..max of each. */
  readonly sell: readonly {
    readonly company: CompanyId;
    readonly max: number;
    readonly price: number;
  }[];
  readonly pass: boolean;
}
