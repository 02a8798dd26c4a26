// What one Big Boss seat or a spectator may know, and how a search draws the hidden cards consistent with it.
import { Rng, type Viewer } from '@boss-table/core';
import {
  cardCode,
  cardId,
  COMPANY_IDS,
  COMPANY_INDEX,
  isIndustry,
  SPACES,
  TOWERS_PER_PLAYER,
  type CardCode,
  type CompanyId,
  type IndustryCard,
  type LevelCard,
} from './companies.js';
import { configFor } from './options.js';
import { allCards } from './setup.js';
import {
  ACTIVE,
  COMPANY_COUNT,
  GONE,
  NEVER,
  shareIndex,
  towersOf,
  type BigBossState,
  type PassClue,
} from './state.js';
import type { BigBossView, CompanyStatus, SeatView } from './types.js';

const STATUS: readonly CompanyStatus[] = ['never', 'active', 'gone'];
const STATUS_CODE: Readonly<Record<CompanyStatus, number>> = {
  never: NEVER,
  active: ACTIVE,
  gone: GONE,
};

/** What one seat (or a spectator, `null`) may know (rules file, section 8). */
export function view(s: BigBossState, viewer: Viewer): BigBossView {
  const n = s.config.players;
  const headquarters: Partial<Record<CompanyId, number>> = {};
  for (let c = 0; c < COMPANY_COUNT; c++) if (s.hq[c] > 0) headquarters[COMPANY_IDS[c]] = s.hq[c];
  const seats: SeatView[] = [];
  for (let p = 0; p < n; p++) {
    const shares = {} as Record<CompanyId, number>;
    for (let c = 0; c < COMPANY_COUNT; c++) shares[COMPANY_IDS[c]] = s.shares[shareIndex(p, c)];
    seats.push({
      cash: s.cash[p],
      shares,
      towers: towersOf(s, p).map((c) => COMPANY_IDS[c]),
      towersLeft: TOWERS_PER_PLAYER - s.towersPlaced[p],
      handCount: s.hands[p].length,
      known: s.known[p].map(cardCode),
      passed: s.passed[p],
      passClues: s.passClues[p].map((c) => ({
        count: c.count,
        spaces: c.without.filter(isIndustry),
        levels: c.without.filter((id) => !isIndustry(id)).map(cardCode) as LevelCard[],
      })),
    });
  }
  return {
    game: 'big-boss',
    viewer,
    rules: s.config.rules,
    players: n,
    firstPlayer: s.config.firstPlayer,
    turn: s.outcome ? null : s.turn,
    phase: s.phase,
    track: s.pieces.map((pieces, i) =>
      pieces > 0 ? { company: COMPANY_IDS[s.owner[i]], pieces } : null,
    ),
    headquarters,
    companies: COMPANY_IDS.map((id, c) => ({
      id,
      status: STATUS[s.status[c]],
      price: s.price[c],
      sharesLeft: s.sharesLeft[c],
      tower: s.tower[c] >= 0 ? s.tower[c] : null,
    })),
    row: s.row.map(cardCode) as IndustryCard[],
    deckCount: s.deck.length,
    levelsCount: s.levels,
    discards: s.discards.map(cardCode),
    piecesLeft: s.piecesLeft,
    seats,
    hand: viewer !== null && viewer >= 0 && viewer < n ? s.hands[viewer].map(cardCode) : null,
    played: s.played >= 0 ? COMPANY_IDS[s.played] : null,
    passes: s.passes,
    outcome: s.outcome,
  };
}

const ids = (codes: readonly CardCode[]): number[] => codes.map((c) => cardId(c)!);

const cluesOf = (seat: SeatView): PassClue[] =>
  seat.passClues.map((c) => ({
    count: c.count,
    without: [...c.spaces, ...ids(c.levels)].sort((a, b) => a - b),
  }));

/** A card a seat's passes say it holds: any of the pool but `banned`. */
interface CluedSlot {
  readonly seat: number;
  readonly banned: ReadonlySet<number>;
}

/** The slots of a seat's clues: the oldest clue's `count`, then each next clue's extra ones. */
function cluedSlots(seat: number, clues: readonly PassClue[]): CluedSlot[] {
  const out: CluedSlot[] = [];
  for (const clue of clues) {
    const banned = new Set(clue.without);
    while (out.length < clue.count) out.push({ seat, banned });
  }
  return out;
}

/**
 * Takes from the (shuffled) pool a card for each slot, returning them per slot: each uniform
 * among the allowed cards left; when that runs dry (two seats' clues compete for few cards),
 * a matching of slots to cards (augmenting paths) finds cards for all. A slot no card fits
 * (a view that does not add up) gets none, and is dealt freely.
 */
function fillSlots(pool: number[], slots: readonly CluedSlot[], rng: Rng): (number | undefined)[] {
  const left = pool.slice();
  const greedy: number[] = [];
  for (const slot of slots) {
    let allowed = 0;
    for (const id of left) if (!slot.banned.has(id)) allowed++;
    if (allowed === 0) break;
    let k = rng.int(allowed);
    const at = left.findIndex((id) => !slot.banned.has(id) && k-- === 0);
    greedy.push(left.splice(at, 1)[0]);
  }
  if (greedy.length === slots.length) {
    pool.splice(0, pool.length, ...left);
    return greedy;
  }
  const holder = new Array<number>(pool.length).fill(-1);
  const place = (slot: number, seen: boolean[]): boolean => {
    for (let i = 0; i < pool.length; i++) {
      if (seen[i] || slots[slot].banned.has(pool[i])) continue;
      seen[i] = true;
      if (holder[i] < 0 || place(holder[i], seen)) {
        holder[i] = slot;
        return true;
      }
    }
    return false;
  };
  for (let slot = 0; slot < slots.length; slot++)
    place(slot, new Array<boolean>(pool.length).fill(false));
  const out = new Array<number | undefined>(slots.length).fill(undefined);
  holder.forEach((slot, i) => {
    if (slot >= 0) out[slot] = pool[i];
  });
  pool.splice(0, pool.length, ...pool.filter((_, i) => holder[i] < 0));
  return out;
}

/**
 * A full state consistent with a view. Every card the view does not place (the unseen
 * pool: the deck and the unknown part of other hands) is equally likely anywhere hidden, so
 * the pool is shuffled and dealt to those places: other hands get their known cards plus
 * unseen ones, the deck the rest in a random order. The generator is fresh.
 *
 * Passes tell more (`SeatView.passClues`): a seat's clued cards are drawn first, from the
 * cards it may hold, and only then are the rest dealt from what is left, reshuffled.
 */
export function sample(v: BigBossView, rng: Rng): BigBossState {
  const n = v.players;
  const config = configFor(v.rules, n, v.firstPlayer);
  const own = v.viewer !== null && v.hand !== null ? v.viewer : -1;
  // The unseen pool: every card of the game minus those the view places.
  const counts = new Map<number, number>();
  for (const id of allCards(v.rules)) counts.set(id, (counts.get(id) ?? 0) + 1);
  const seen = [
    ...ids(v.row),
    ...ids(v.discards),
    ...(own >= 0 ? ids(v.hand!) : []),
    ...v.seats.flatMap((seat, p) => (p === own ? [] : ids(seat.known))),
  ];
  if (v.rules === 'modern') for (let i = 0; i < v.levelsCount; i++) seen.push(cardId('L')!);
  for (const id of seen) {
    const left = (counts.get(id) ?? 0) - 1;
    if (left < 0)
      throw new Error(`This view shows card ${cardCode(id)} more often than it exists.`);
    counts.set(id, left);
  }
  const pool: number[] = [];
  for (const [id, k] of counts) for (let i = 0; i < k; i++) pool.push(id);
  pool.sort((a, b) => a - b);
  rng.shuffle(pool);
  // Cards the passes say a hand holds come first; then the rest, reshuffled.
  const slots = v.seats.flatMap((seat, p) => (p === own ? [] : cluedSlots(p, cluesOf(seat))));
  const clued: number[][] = v.seats.map(() => []);
  if (slots.length > 0) {
    fillSlots(pool, slots, rng).forEach((id, i) => {
      if (id !== undefined) clued[slots[i].seat].push(id);
    });
    rng.shuffle(pool);
  }
  const hands = v.seats.map((seat, p) => {
    if (p === own) return ids(v.hand!);
    const hand = [...ids(seat.known), ...clued[p]];
    while (hand.length < seat.handCount) hand.push(pool.pop()!);
    return hand.sort((a, b) => a - b);
  });
  if (pool.length !== v.deckCount)
    throw new Error(
      `This view does not add up: ${pool.length} unseen cards for a deck of ${v.deckCount}.`,
    );
  const pieces = new Array<number>(SPACES).fill(0);
  const owner = new Array<number>(SPACES).fill(-1);
  v.track.forEach((space, i) => {
    if (space) {
      pieces[i] = space.pieces;
      owner[i] = COMPANY_INDEX.get(space.company)!;
    }
  });
  const shares: number[] = [];
  for (const seat of v.seats) for (const id of COMPANY_IDS) shares.push(seat.shares[id]);
  return {
    config,
    rng: Rng.fromSeed(rng.deriveSeed()),
    turn: v.turn ?? -1,
    phase: v.phase,
    pieces,
    owner,
    hq: COMPANY_IDS.map((id) => v.headquarters[id] ?? 0),
    status: v.companies.map((c) => STATUS_CODE[c.status]),
    price: v.companies.map((c) => c.price),
    sharesLeft: v.companies.map((c) => c.sharesLeft),
    tower: v.companies.map((c) => c.tower ?? -1),
    row: ids(v.row),
    deck: pool,
    levels: v.levelsCount,
    discards: ids(v.discards),
    hands,
    known: v.seats.map((seat) => ids(seat.known)),
    cash: v.seats.map((seat) => seat.cash),
    shares,
    towersPlaced: v.seats.map((seat) => TOWERS_PER_PLAYER - seat.towersLeft),
    piecesLeft: v.piecesLeft,
    played: v.played === null ? -1 : COMPANY_INDEX.get(v.played)!,
    passes: v.passes,
    passed: v.seats.map((seat) => seat.passed),
    passClues: v.seats.map(cluesOf),
    outcome: v.outcome,
  };
}
