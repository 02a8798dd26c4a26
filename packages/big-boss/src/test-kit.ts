/**
 * A small kit for rule tests (and bots' tests): build a hand-made position, then drive it
 * through the public API (`bigBoss.apply`), failing loudly on anything refused.
 *
 *   const t = position({ companies: { lion: { track: '1 2:2 3', price: 12 } }, hands: ['I70'] });
 *   t.play('found I70 68 69 lunar');
 *   expect(t.refused('pass').kind).toBe('must-buy-or-play');
 */
import { eventsFor, Rng, type Emitted, type GameError, type Viewer } from '@boss-table/core';
import {
  cardCode,
  cardId,
  COMPANY_IDS,
  COMPANY_INDEX,
  LEVEL_CARDS,
  MAX_PRICE,
  MODERN_LEVEL,
  MOST_PIECES_ON_A_SPACE,
  PIECES,
  SPACES,
  type CompanyId,
} from './companies.js';
import { bigBoss } from './game.js';
import { configFor } from './options.js';
import { allCards, deckCards } from './setup.js';
import { ACTIVE, COMPANY_COUNT, GONE, NEVER, shareIndex, type BigBossState } from './state.js';
import type { BigBossSummary } from './summary.js';
import type { BigBossEvent, BigBossMove, BigBossView, RuleSet } from './types.js';

const words = (text: string | undefined): string[] =>
  (text ?? '').split(/\s+/).filter((w) => w !== '');

const cards = (text: string | undefined): number[] =>
  words(text).map((w) => {
    const id = cardId(w);
    if (id === undefined) throw new Error(`test kit: "${w}" is not a card`);
    return id;
  });

export interface CompanySpec {
  /** Spaces and their pieces: `'16 17:2 18'` (a bare space holds one piece). */
  readonly track: string;
  /** Default: what building those pieces would give (each piece its level), at most 50. */
  readonly price?: number;
  /** Default: the first space with the most pieces. */
  readonly hq?: number;
  /** The seat owning its tower. */
  readonly tower?: number;
  /** Shares in the bank; default: all not held by a seat. */
  readonly sharesLeft?: number;
}

export interface PositionSpec {
  readonly rules?: RuleSet;
  readonly players?: number;
  /** Seat to act (default 0), in phase `play`. */
  readonly turn?: number;
  readonly companies?: Partial<Record<CompanyId, CompanySpec>>;
  /** Companies acquired earlier (gone for good), with their last price. */
  readonly gone?: Partial<Record<CompanyId, number>>;
  /** Cards per seat: `'I17 I18 L'`. */
  readonly hands?: readonly string[];
  /** Of each hand, the cards known to all (bought face up). */
  readonly known?: readonly string[];
  /** One amount for everyone, or one per seat. Default: the rule set's starting cash. */
  readonly cash?: number | readonly number[];
  readonly shares?: readonly Partial<Record<CompanyId, number>>[];
  readonly towersPlaced?: readonly number[];
  /** Modern face-up row; default empty. */
  readonly row?: string;
  /** The deck, top card first; default: every card not placed elsewhere, in id order. */
  readonly deck?: string;
  /** Modern Level stack; default: the Level cards not in hands or discards. */
  readonly levels?: number;
  readonly discards?: string;
  /** Default: 92 minus the pieces on the track. */
  readonly piecesLeft?: number;
  readonly passes?: number;
  readonly seed?: string;
}

/** Parses `'16 17:2 18'` into [space, pieces] pairs. */
export function trackSpaces(track: string): [number, number][] {
  return words(track).map((w) => {
    const [space, pieces = '1'] = w.split(':');
    const pair: [number, number] = [Number(space), Number(pieces)];
    if (!(pair[0] >= 1 && pair[0] <= SPACES && pair[1] >= 1 && pair[1] <= MOST_PIECES_ON_A_SPACE))
      throw new Error(`test kit: "${w}" is not a space with 1–6 pieces`);
    return pair;
  });
}

/** A state built from a spec; nothing is checked beyond the kit's own consistency. */
export function buildState(spec: PositionSpec): BigBossState {
  const rules = spec.rules ?? 'modern';
  const n = spec.players ?? 3;
  const config = configFor(rules, n, 0);
  const pieces = new Array<number>(SPACES).fill(0);
  const owner = new Array<number>(SPACES).fill(-1);
  const hq = new Array<number>(COMPANY_COUNT).fill(0);
  const status = new Array<number>(COMPANY_COUNT).fill(NEVER);
  const price = new Array<number>(COMPANY_COUNT).fill(0);
  const tower = new Array<number>(COMPANY_COUNT).fill(-1);
  const shares = new Array<number>(n * COMPANY_COUNT).fill(0);
  spec.shares?.forEach((held, p) => {
    for (const [id, k] of Object.entries(held)) shares[shareIndex(p, COMPANY_INDEX.get(id)!)] = k!;
  });
  const sharesLeft = COMPANY_IDS.map((_, c) => {
    let held = 0;
    for (let p = 0; p < n; p++) held += shares[shareIndex(p, c)];
    return config.sharesPerCompany - held;
  });
  for (const [id, c] of Object.entries(spec.companies ?? {})) {
    const k = COMPANY_INDEX.get(id)!;
    let built = 0;
    let best = 0;
    for (const [space, count] of trackSpaces(c!.track)) {
      if (pieces[space - 1] > 0) throw new Error(`test kit: space ${space} is used twice`);
      pieces[space - 1] = count;
      owner[space - 1] = k;
      built += (count * (count + 1)) / 2;
      if (count > best) {
        best = count;
        hq[k] = space;
      }
    }
    if (c!.hq !== undefined) hq[k] = c!.hq;
    status[k] = ACTIVE;
    price[k] = c!.price ?? Math.min(MAX_PRICE, built);
    if (c!.tower !== undefined) tower[k] = c!.tower;
    if (c!.sharesLeft !== undefined) sharesLeft[k] = c!.sharesLeft;
  }
  for (const [id, last] of Object.entries(spec.gone ?? {})) {
    const k = COMPANY_INDEX.get(id)!;
    status[k] = GONE;
    price[k] = last!;
    sharesLeft[k] = 0;
  }
  const hands = Array.from({ length: n }, (_, p) => cards(spec.hands?.[p]).sort((a, b) => a - b));
  const known = Array.from({ length: n }, (_, p) => cards(spec.known?.[p]).sort((a, b) => a - b));
  const row = cards(spec.row);
  const discards = cards(spec.discards);
  const used = [...hands.flat(), ...row, ...discards];
  let levels = 0;
  if (rules === 'modern')
    levels = spec.levels ?? LEVEL_CARDS - used.filter((id) => id === MODERN_LEVEL).length;
  let deck: number[];
  if (spec.deck !== undefined) deck = cards(spec.deck).reverse();
  else {
    const left = deckCards(rules);
    for (const id of used) {
      const i = left.indexOf(id);
      if (i >= 0) left.splice(i, 1);
    }
    deck = left.reverse();
  }
  const onTrack = pieces.reduce((a, b) => a + b, 0);
  const cash =
    typeof spec.cash === 'number'
      ? new Array<number>(n).fill(spec.cash)
      : (spec.cash?.slice() ?? new Array<number>(n).fill(config.startingCash));
  return {
    config,
    rng: Rng.fromSeed(spec.seed ?? 'test-kit'),
    turn: spec.turn ?? 0,
    phase: 'play',
    pieces,
    owner,
    hq,
    status,
    price,
    sharesLeft,
    tower,
    row,
    deck,
    levels,
    discards,
    hands,
    known,
    cash,
    shares,
    towersPlaced:
      spec.towersPlaced?.slice() ??
      Array.from({ length: n }, (_, p) => tower.filter((t) => t === p).length),
    piecesLeft: spec.piecesLeft ?? PIECES - onTrack,
    played: -1,
    passes: spec.passes ?? 0,
    passed: new Array<boolean>(n).fill(false),
    passClues: hands.map(() => []),
    outcome: null,
  };
}

/**
 * A move from a short spec, or the move itself:
 * `buy row I17`, `buy deck`, `buy levels`, `found I17 16 17 lunar` (start, top or `-`,
 * company), `expand I18 18`, `expand I13 13 boost:lunar acquirer:lion`, `invest lion lion
 * tower`, `invest`, `sell lion 2`, `pass`.
 */
export function moveFrom(spec: string | BigBossMove): BigBossMove {
  if (typeof spec !== 'string') return spec;
  const [type, ...rest] = words(spec);
  let raw: Record<string, unknown>;
  switch (type) {
    case 'buy':
      raw = rest[0] === 'row' ? { type, from: 'row', card: rest[1] } : { type, from: rest[0] };
      break;
    case 'found':
      raw = {
        type,
        card: rest[0],
        start: Number(rest[1]),
        top: rest[2] === '-' ? null : Number(rest[2]),
        company: rest[3],
      };
      break;
    case 'expand':
      raw = { type, card: rest[0], space: Number(rest[1]) };
      for (const w of rest.slice(2)) {
        const [key, value] = w.split(':');
        raw[key] = value;
      }
      break;
    case 'invest':
      raw = { type, shares: rest.filter((w) => w !== 'tower'), tower: rest.includes('tower') };
      break;
    case 'sell':
      raw = { type, company: rest[0], count: Number(rest[1]) };
      break;
    default:
      raw = { type };
  }
  const parsed = bigBoss.parseMove(raw);
  if (!parsed.ok) throw new Error(`move "${spec}": ${parsed.error.message}`);
  return parsed.value;
}

/** A game or position driven through `bigBoss.apply`; every call keeps the new state and events. */
export class Table {
  state: BigBossState;
  /** Every event emitted so far (setup included for a dealt game), with its audience. */
  readonly emitted: Emitted<BigBossEvent>[] = [];
  /** Events of the last `play` call only. */
  lastEmitted: Emitted<BigBossEvent>[] = [];

  constructor(state: BigBossState, events: readonly Emitted<BigBossEvent>[] = []) {
    this.state = state;
    this.emitted.push(...events);
    this.lastEmitted = [...events];
  }

  get turn(): number {
    return this.state.turn;
  }

  view(viewer: Viewer = null): BigBossView {
    return bigBoss.view(this.state, viewer);
  }

  summary(): BigBossSummary {
    return bigBoss.summary(this.state) as BigBossSummary;
  }

  /** Plays moves in order, each by the seat to act; throws with the move's index and rule on the first refused. */
  play(...moves: (string | BigBossMove)[]): this {
    this.lastEmitted = [];
    moves.forEach((spec, i) => {
      const seat = this.state.turn;
      const applied = bigBoss.apply(this.state, seat, moveFrom(spec));
      if (!applied.ok)
        throw new Error(
          `move ${i} ${JSON.stringify(spec)} (seat ${seat}) refused: ${applied.error.kind}: ${applied.error.message}`,
        );
      this.state = applied.value.state;
      this.emitted.push(...applied.value.events);
      this.lastEmitted.push(...applied.value.events);
    });
    return this;
  }

  /** The error a move is refused with; throws if it is accepted. The state stays as it was. */
  refused(spec: string | BigBossMove, seat: number = this.state.turn): GameError {
    const applied = bigBoss.apply(this.state, seat, moveFrom(spec));
    if (applied.ok) throw new Error(`move ${JSON.stringify(spec)} was accepted`);
    return applied.error;
  }

  legal(seat: number = this.state.turn): BigBossMove[] {
    return bigBoss.legalMoves(this.state, seat);
  }

  /** Events of a type seen by `viewer` ('all' audience included), from the whole game or `from`. */
  events<T extends BigBossEvent['type']>(
    type: T,
    viewer: Viewer = null,
    from: readonly Emitted<BigBossEvent>[] = this.emitted,
  ): Extract<BigBossEvent, { type: T }>[] {
    return eventsFor(from, viewer).filter((e) => e.type === type) as Extract<
      BigBossEvent,
      { type: T }
    >[];
  }

  /** Cards of a hand as codes. */
  hand(seat: number): string[] {
    return this.state.hands[seat].map(cardCode);
  }

  price(company: CompanyId): number {
    return this.state.price[COMPANY_INDEX.get(company)!];
  }

  shares(seat: number, company: CompanyId): number {
    return this.state.shares[shareIndex(seat, COMPANY_INDEX.get(company)!)];
  }
}

export const position = (spec: PositionSpec = {}): Table => new Table(buildState(spec));

/** A dealt game from options and a seed, as a table would start it. */
export function dealt(options: Readonly<Record<string, unknown>>, seed = 'test-kit'): Table {
  const parsed = bigBoss.parseOptions(options);
  if (!parsed.ok) throw new Error(`options refused: ${parsed.error.message}`);
  const start = bigBoss.setup(parsed.value, seed);
  if (!start.ok) throw new Error(`setup refused: ${start.error.message}`);
  return new Table(start.value.state, start.value.events);
}

/** Every card of a rule set (for conservation checks). */
export const everyCard = (rules: RuleSet): number[] => allCards(rules);
