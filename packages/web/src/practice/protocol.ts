// The messages between a practice table's page and its worker (the rules and bots run in the worker).
import type { ClockState, PastMove, PublicSeat } from '@boss-table/client';
import type { PracticeGame } from './store.js';

/** The page to the worker. */
export type ToWorker =
  /** Run this game (new, or resumed from its record). */
  | { readonly kind: 'open'; readonly game: PracticeGame }
  /** The person's move; answered `ack` or `refused` with the same `id`. */
  | { readonly kind: 'move'; readonly id: number; readonly move: unknown }
  /** The tab is shown or hidden: the clocks run only while it is shown. */
  | { readonly kind: 'visible'; readonly visible: boolean };

/** The worker to the page: only what the person's seat may see, never the full state. */
export type FromWorker =
  | {
      readonly kind: 'snapshot';
      readonly seq: number;
      readonly seat: number;
      readonly seats: readonly PublicSeat[];
      readonly view: unknown;
      readonly legal: unknown;
      readonly clocks: readonly ClockState[];
      /** Every move so far, its events as the seat may see them (a log after a reload). */
      readonly past: readonly PastMove[];
    }
  | {
      readonly kind: 'events';
      readonly seq: number;
      /** Who moved (-1: a rules' clock). */
      readonly moved: number;
      readonly events: readonly unknown[];
      readonly view: unknown;
      readonly legal: unknown;
      readonly clocks: readonly ClockState[];
    }
  | { readonly kind: 'ack'; readonly id: number; readonly seq: number }
  | { readonly kind: 'refused'; readonly id: number; readonly message: string }
  /** The game as it stands, to keep (after every move, and when the tab is hidden). */
  | { readonly kind: 'save'; readonly game: PracticeGame }
  | { readonly kind: 'error'; readonly message: string };
