import { Rng, type Viewer } from '@boss-table/core';
import {
  cardCode,
  cardId,
  COMPANY_IDS,
  COMPANY_INDEX,
  SPACES,
  TOWERS_PER_PLAYER,
  type CardCode,
  type CompanyId,
  type IndustryCard,
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

/**
 * A full state consistent with a view. Every card the view does not place (the unseen
 * pool: the deck and the unknown part of other hands) is equally likely anywhere hidden, so
 * the pool is shuffled and dealt to those places: other hands get their known cards plus
 * unseen ones, the deck the rest in a random order. The generator is fresh.
 *
 * A pass tells that the passer held no playable card then; the sampler does not use that.
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
  const hands = v.seats.map((seat, p) => {
    if (p === own) return ids(v.hand!);
    const hand = ids(seat.known);
    for (let i = seat.known.length; i < seat.handCount; i++) hand.push(pool.pop()!);
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
    outcome: v.outcome,
  };
}
