// Boss Cards helpers for the screen: card names, what the pile demands, why a card can't be played, scores.
import type {
  BossCardsEvent,
  BossCardsLegal,
  BossCardsView,
  CardName,
  RankName,
  SuitName,
} from '@boss-table/boss-cards';
import type { EventBatch } from '../registry.js';

/** A card name taken apart: `QS#2` is the Queen of spades of deck 2. */
export interface CardParts {
  readonly rank: string;
  readonly suit: SuitName;
  readonly deck: number | null;
}

export function cardParts(card: CardName): CardParts {
  const m = /^(10|[2-9JQKA])([CDHS])(?:#([12]))?$/.exec(card);
  if (!m) return { rank: '?', suit: 'S', deck: null };
  return { rank: m[1], suit: m[2] as SuitName, deck: m[3] ? Number(m[3]) : null };
}

export const SUIT_SYMBOL: Readonly<Record<SuitName, string>> = {
  C: '♣',
  D: '♦',
  H: '♥',
  S: '♠',
};
export const SUIT_WORD: Readonly<Record<SuitName, string>> = {
  C: 'clubs',
  D: 'diamonds',
  H: 'hearts',
  S: 'spades',
};
const RANK_WORD: Readonly<Record<string, string>> = {
  J: 'Jack',
  Q: 'Queen',
  K: 'King',
  A: 'Ace',
};

export const isRed = (suit: SuitName): boolean => suit === 'D' || suit === 'H';
export const isBossRank = (rank: string): boolean => rank === 'J' || rank === 'Q' || rank === 'K';
/** Cards the next seat draws after a Boss card (rules §4): Jack 1, Queen 2, King 3. */
export const penaltyOfRank = (rank: string): number =>
  rank === 'J' ? 1 : rank === 'Q' ? 2 : rank === 'K' ? 3 : 0;

/** "King of spades", "10 of hearts" (the deck is left out: both copies play alike). */
export function cardTitle(card: CardName): string {
  const p = cardParts(card);
  return `${RANK_WORD[p.rank] ?? p.rank} of ${SUIT_WORD[p.suit]}`;
}

/** "♥ hearts or a 7", "♠ spades", "a 9 (any suit)": what the next card must match. */
export function demandWords(demand: BossCardsView['demand']): string {
  const { suit, rank } = demand;
  const s = suit ? `${SUIT_SYMBOL[suit]} ${SUIT_WORD[suit]}` : '';
  const r = rank ? `${rank === '8' ? 'an' : 'a'} ${rank}` : '';
  if (s && r) return `${s} or ${r}`;
  if (s) return s;
  if (r) return `${r} (any suit)`;
  return 'anything';
}

/** Where the demand comes from, from the pile's top card. */
export function demandSource(view: BossCardsView): string {
  const top = view.pile[view.pile.length - 1];
  if (!top) return '';
  const p = cardParts(top);
  if (isBossRank(p.rank)) return `named with the ${cardTitle(top)} (a Boss card: its player chose)`;
  if (p.rank === 'A')
    return view.options.aceNamesSuit
      ? `named with the ${cardTitle(top)} (aces are wild)`
      : `the ${cardTitle(top)} is wild and sets its own suit`;
  return `the suit or the rank of the ${cardTitle(top)}`;
}

/**
 * Why a card of the own hand cannot be played now, in a sentence; null when it can. The
 * legal form is the authority: a card it lists is playable.
 */
export function whyNot(
  card: CardName,
  view: BossCardsView,
  legal: BossCardsLegal | null,
): string | null {
  if (view.winner !== null) return 'The game is over.';
  if (!legal) return 'It is not your turn.';
  if (legal.play.some((p) => p.card === card)) return null;
  return `The ${cardTitle(card)} does not follow ${demandWords(view.demand)}: play a matching card, an ace or a Boss card (J, Q, K), or draw.`;
}

/**
 * The Boss (rules §6): the last round's winner, who leads the round after it; nobody before
 * a round has been won. The leader is the seat to the dealer's left, and a stalled round
 * keeps the same dealer, so the leader stays The Boss until someone else wins a round.
 */
export function bossOf(view: BossCardsView): number | null {
  if (view.winner !== null) return view.winner;
  if (!view.scores.some((s) => s > 0)) return null;
  return (view.dealer + 1) % view.options.players;
}

/** What this seat must do now, for the action bar. */
export function prompt(legal: BossCardsLegal | null): string {
  if (!legal) return '';
  if (legal.pass) return 'nothing to play or draw: pass';
  const boss = legal.play.some((p) => p.names === 'suit-or-rank');
  if (legal.play.length === 0) return 'no card follows: draw a card';
  return `play a lit card${boss ? ' (a Boss card names the next demand)' : ''}${legal.draw ? ', or draw' : ''}`;
}

/** One line of the scores by round. */
export interface RoundScore {
  /** Round number, or null for the rounds before this page's history began. */
  readonly round: number | null;
  /** The round's winner; null when the round stopped with no winner (rules §6). */
  readonly winner: number | null;
  readonly points: number;
  /** Totals after the round. */
  readonly totals: readonly number[];
  readonly stalled?: boolean;
}

/**
 * The scores by round from the game's events. A long game's oldest events may be missing
 * (the page keeps its latest 400 moves): those rounds are summed up in a first line with
 * `round: null`, from the totals the first known round started with.
 */
export function roundScores(
  batches: readonly EventBatch[],
  players: number,
  currentRound: number,
): RoundScore[] {
  const out: RoundScore[] = [];
  let round: number | null = null;
  let totals: readonly number[] = new Array<number>(players).fill(0);
  let unnumbered = -1;
  for (const b of batches)
    for (const raw of b.events) {
      const e = raw as BossCardsEvent;
      if (e.type === 'round-started') {
        // A round closed before this page's history began ends just before this one.
        if (unnumbered >= 0) out[unnumbered] = { ...out[unnumbered], round: e.round - 1 };
        unnumbered = -1;
        round = e.round;
      } else if (e.type === 'round-won' || e.type === 'round-stalled') {
        if (e.type === 'round-won') {
          if (out.length === 0 && round === null) {
            const before = e.scores.map((s, p) => (p === e.seat ? s - e.points : s));
            if (before.some((s) => s > 0))
              out.push({ round: null, winner: null, points: 0, totals: before });
          }
          totals = e.scores;
        }
        if (round === null) unnumbered = out.length;
        out.push(
          e.type === 'round-won'
            ? { round: round ?? currentRound, winner: e.seat, points: e.points, totals }
            : { round: round ?? currentRound, winner: null, points: 0, totals, stalled: true },
        );
      }
    }
  return out;
}

/** The last move's events that a player reads at a glance, newest last. */
export function latestEvents(batches: readonly EventBatch[]): BossCardsEvent[] {
  for (let i = batches.length - 1; i >= 0; i--) {
    const events = (batches[i].events as BossCardsEvent[]).filter(
      (e) => e.type !== 'hand-dealt' && e.type !== 'cards-drawn',
    );
    if (events.length) return batches[i].events as BossCardsEvent[];
  }
  return [];
}

export type { RankName, SuitName };
