// The full I'm the Boss! state: the public table every seat sees, and the hands, piles and answers hidden.
import type { Outcome, Rng } from '@boss-table/core';
import type { ImbOptions } from './options.js';

export type TurnPhase = 'marker' | 'start' | 'moved' | 'discard' | 'deal' | 'over';
export type DealPhase = 'open' | 'lastCall' | 'stop';

/** A clan card face up on the table: its owner, and whether it is committed (the Boss's). */
export interface TableClan {
  readonly card: string;
  readonly owner: number;
  committed: boolean;
}

export interface Proposal {
  readonly id: number;
  readonly from: number;
  readonly to: number;
  /** Placards (`inv:H`) and clan cards on the table, all of the non-Boss party. */
  readonly items: readonly string[];
  readonly dividends: number;
}

export interface Agreement {
  readonly seat: number;
  readonly items: readonly string[];
  readonly dividends: number;
  /** The proposal it came from (order of forming). */
  readonly id: number;
}

/** A played Travel, Recruitment set or Boss card waiting for its stop window (§6.5). */
export interface Pending {
  readonly kind: 'travel' | 'recruit' | 'boss';
  readonly player: number;
  readonly cards: readonly string[];
  /** A placard (`inv:H`) or a clan card on the table; '' for a Boss card. */
  readonly target: string;
  /** The seats asked, in asking order (turn-based: one at a time from the first). */
  readonly asked: readonly number[];
  /** Turn-based: the index in `asked` of the seat prompted now. */
  prompt: number;
  readonly returnTo: 'open' | 'lastCall';
}

/** Turn-based negotiation (§5.7): rounds of steps. */
export interface Rounds {
  /** The seat whose step it is. */
  stepSeat: number;
  /** Kinds done in this step so far (0 responses … 3 proposals), for the batch order. */
  stage: number;
  /** Steps taken in this round (the Boss's first). */
  stepsDone: number;
  progress: boolean;
  sinceBoss: number;
  total: number;
}

export interface Deal {
  readonly no: number;
  readonly space: number;
  readonly tile: number;
  readonly V: number;
  readonly D: number;
  boss: number;
  /** The seat whose turn it was when the deal was declared. */
  readonly turnSeat: number;
  phase: DealPhase;
  table: TableClan[];
  /** Placards travelling, with the travel card lying on each. */
  travelling: { readonly family: number; readonly card: string }[];
  proposals: Proposal[];
  agreements: Agreement[];
  /** §11.2: opponent placards the engine adds (family indices), recomputed at each check. */
  engine: number[];
  /** Terms proposed since the last Boss change (§5.7 progress). */
  terms: string[];
  /** Placards whose offer (`offerPlacard`) stands: until the deal ends, they travel or change owner (5.3). */
  offered: string[];
  /** Progress so far (the idle clock's id moves with it). */
  progress: number;
  bossChanges: number;
  actions: number;
  /** §11.1 payOnlyActive: seats that played a card in this deal. */
  activeSeats: number[];
  pending: Pending | null;
  /** Last call: the seats asked (turn-based: `prompt` indexes the one asked now). */
  lastCall: { readonly asked: readonly number[]; prompt: number } | null;
  /** Window numbers, for clock ids. */
  window: number;
  rounds: Rounds | null;
}

/** Everything public (§10): the view copies it as it is. */
export interface Table {
  readonly players: number;
  phase: TurnPhase;
  /** The seat whose turn it is (or who places the marker). */
  seat: number;
  readonly startPlayer: number;
  round: number;
  /** 1–16, 0 before it is placed. */
  marker: number;
  /** The tile on each space (index space − 1), 0 while open. */
  closed: number[];
  /** Tiles in stack order (1…15, or 12 under shortGame); `tileIndex` is the top one. */
  readonly tiles: readonly number[];
  tileIndex: number;
  /** Owner of each family's placard, −1 unowned. */
  placards: number[];
  money: number[];
  dealsAsBoss: number[];
  /** Cards known to be in each hand (returned clan cards, §10), until its next face-down discard. */
  known: string[][];
  /** Face-up cards in the discard pile (played, used). */
  discard: string[];
  /** Face-down discards per seat in the discard pile (3.4): others see the number. */
  hiddenDiscards: number[];
  /** Cards still to discard to the hand limit (phase `discard`). */
  discardDue: number;
  /** Cards drawn this turn (the discard's default takes them first). */
  drawnThisTurn: number;
  /** §11.1 mustDealAt10: this turn must declare a deal. */
  mustDeal: boolean;
  lastRoll: number;
  /** Counts turn decisions (the turn clock's id). */
  wait: number;
  deals: number;
  nextProposal: number;
  deal: Deal | null;
  endReason: 'roll' | 'tile15' | 'maxRounds' | null;
  outcome: Outcome | null;
}

export interface ImbState {
  readonly options: ImbOptions;
  rng: Rng;
  /** Die results given by a record (used first, §14). */
  dice: number[];
  /** Reshuffled draw piles given by a record, top first, used in order (§14). */
  reshuffles: string[][];
  pub: Table;
  /** Each hand in the order its cards entered it (3.4). */
  hands: string[][];
  /** The draw pile, top last. */
  draw: string[];
  /** Face-down discards in the discard pile, with who discarded them. */
  hidden: { readonly card: string; readonly seat: number }[];
  /** Sealed answers in the current real-time window: 0 none, 1 pass, 2 Stop. */
  answers: number[];
  /** The Stop card each seat answered with. */
  stopCards: string[];
  /** Seats that answered Stop, in the order received. */
  stopOrder: number[];
}

function cloneDeal(d: Deal): Deal {
  return {
    ...d,
    table: d.table.map((t) => ({ ...t })),
    travelling: d.travelling.slice(),
    proposals: d.proposals.slice(),
    agreements: d.agreements.slice(),
    engine: d.engine.slice(),
    terms: d.terms.slice(),
    offered: d.offered.slice(),
    activeSeats: d.activeSeats.slice(),
    pending: d.pending ? { ...d.pending } : null,
    lastCall: d.lastCall ? { ...d.lastCall } : null,
    rounds: d.rounds ? { ...d.rounds } : null,
  };
}

export function cloneTable(t: Table): Table {
  return {
    ...t,
    closed: t.closed.slice(),
    placards: t.placards.slice(),
    money: t.money.slice(),
    dealsAsBoss: t.dealsAsBoss.slice(),
    known: t.known.map((k) => k.slice()),
    discard: t.discard.slice(),
    hiddenDiscards: t.hiddenDiscards.slice(),
    deal: t.deal ? cloneDeal(t.deal) : null,
  };
}

export function cloneState(s: ImbState): ImbState {
  return {
    options: s.options,
    rng: s.rng.clone(),
    dice: s.dice.slice(),
    reshuffles: s.reshuffles.slice(),
    pub: cloneTable(s.pub),
    hands: s.hands.map((h) => h.slice()),
    draw: s.draw.slice(),
    hidden: s.hidden.slice(),
    answers: s.answers.slice(),
    stopCards: s.stopCards.slice(),
    stopOrder: s.stopOrder.slice(),
  };
}
