/**
 * Helpers for the rule tests: build a game from a compact, hand-built deal and drive it
 * through the public API (`theBoss.apply`), failing loudly on anything refused.
 */
import { eventsFor, type Emitted, type GameError, type Viewer } from '@boss-table/core';
import {
  CARD_NAME,
  CITY_CARDS,
  CITY_SLOT,
  type CardName,
  type CityId,
  type Face,
  type LocalCityId,
  type PoliceCard,
} from './cities.js';
import type { BossEvent } from './events.js';
import { theBoss } from './game.js';
import { handSizeFor } from './options.js';
import type { BossMove } from './play.js';
import type { BossDeal } from './presets.js';
import type { BossState } from './state.js';
import type { BossSummary } from './summary.js';
import type { BossView } from './view.js';

/** Short names for cities in test specs; full ids work too. */
const ALIAS: Readonly<Record<string, CityId>> = {
  ny: 'new-york',
  bos: 'boston',
  det: 'detroit',
  kc: 'kansas-city',
  cin: 'cincinnati',
  mem: 'memphis',
  phi: 'philadelphia',
  stl: 'saint-louis',
  chi: 'chicago',
};

export const cityId = (name: string): CityId => ALIAS[name] ?? (name as CityId);

/** `det:4` or `detroit:4` to `detroit:4`. */
export function card(name: string): CardName {
  const [city, face] = name.split(':');
  return `${cityId(city)}:${face}` as CardName;
}

const words = (text: string | undefined): string[] =>
  (text ?? '').split(/\s+/).filter((w) => w !== '');

/**
 * A round's deal, sketched: `rewards` like `"ny:3 bos:hospital"`, and `hands[seat]` like
 * `"det:4 bos:3"`. Whatever is left out is filled deterministically: a city without a
 * reward gets its first free card (in the rules file's order), and hands are topped up with
 * the free cards in city order, seat 0 first.
 */
export interface DealSketch {
  readonly rewards?: string;
  readonly hands?: readonly string[];
}

export function fullDeal(
  cities: readonly LocalCityId[],
  players: number,
  sketch: DealSketch,
): BossDeal {
  const slots = cities.map((c) => CITY_SLOT.get(c)!);
  const handSize = handSizeFor(slots, players);
  if (handSize === undefined) throw new Error(`cities ${cities.join(',')} do not deal evenly`);
  const free: string[] = slots
    .sort((a, b) => a - b)
    .flatMap((slot) => CITY_CARDS[slot].map((id) => CARD_NAME[id]));
  const take = (name: string) => {
    const at = free.indexOf(name);
    if (at < 0) throw new Error(`deal sketch: ${name} is not a free card of the cities in play`);
    free.splice(at, 1);
  };
  const rewards: Partial<Record<LocalCityId, Face>> = {};
  for (const w of words(sketch.rewards)) {
    const name = card(w);
    take(name);
    const [city, face] = name.split(':');
    rewards[city as LocalCityId] = face as Face;
  }
  const hands: CardName[][] = [];
  for (let p = 0; p < players; p++) {
    const hand = words(sketch.hands?.[p]).map(card);
    hand.forEach(take);
    hands.push(hand);
  }
  for (const city of cities)
    if (rewards[city] === undefined) {
      const name = free.find((n) => n.startsWith(`${city}:`));
      if (!name) throw new Error(`deal sketch: no card left for ${city}'s reward`);
      take(name);
      rewards[city] = name.split(':')[1] as Face;
    }
  for (const hand of hands) {
    if (hand.length > handSize) throw new Error(`deal sketch: a hand has over ${handSize} cards`);
    while (hand.length < handSize) hand.push(free.shift() as CardName);
  }
  return { rewards, hands };
}

/** A turn: `"det 2+1 bos:3"` places 2 big and 1 small on Detroit and reveals Boston's 3.
 * `"S1 ..."` also checks it is seat 1's turn. Placement and card are optional; without a
 * card the first card of the hand is revealed. An object is used as the move itself. */
export type TurnSpec = string | BossMove;

export interface GameSpec {
  readonly options: Readonly<Record<string, unknown>>;
  readonly deals?: readonly DealSketch[];
  readonly police?: readonly PoliceCard[] | string;
  readonly seed?: string;
}

/** A game driven through `theBoss.apply`; every call keeps the new state and its events. */
export class Table {
  state: BossState;
  /** Every event emitted so far, setup included, with its audience. */
  readonly emitted: Emitted<BossEvent>[] = [];
  /** Events of the last `play` call only. */
  lastEmitted: Emitted<BossEvent>[] = [];

  constructor(spec: GameSpec) {
    const raw = {
      ...spec.options,
      ...(Array.isArray(spec.options.cities)
        ? { cities: (spec.options.cities as string[]).map(cityId) }
        : {}),
    };
    const options = theBoss.parseOptions(raw);
    if (!options.ok) throw new Error(`options refused: ${options.error.message}`);
    const cities = raw.cities as LocalCityId[] | undefined;
    const deals = (spec.deals ?? []).map((d) => {
      if (!cities) throw new Error('a game with hand-built deals needs its cities');
      return fullDeal(cities, options.value.players, d);
    });
    const police = typeof spec.police === 'string' ? words(spec.police) : spec.police;
    const record: Record<string, unknown> = {};
    if (deals.length > 0) record.deals = deals;
    if (police) record.police = police;
    const presets = theBoss.parsePresets(record, options.value);
    if (!presets.ok) throw new Error(`presets refused: ${presets.error.message}`);
    const start = theBoss.setup(options.value, spec.seed ?? 'rules-test', presets.value);
    if (!start.ok) throw new Error(`setup refused: ${start.error.kind}: ${start.error.message}`);
    this.state = start.value.state;
    this.emitted.push(...start.value.events);
    this.lastEmitted = [...start.value.events];
  }

  get turn(): number {
    return this.state.turn;
  }

  summary(): BossSummary {
    return theBoss.summary(this.state) as BossSummary;
  }

  view(viewer: Viewer = null): BossView {
    return theBoss.view(this.state, viewer);
  }

  /** The move a spec stands for, for the seat whose turn it is. */
  move(spec: TurnSpec): { seat: number; move: BossMove } {
    const seat = this.state.turn;
    if (typeof spec !== 'string') return { seat, move: spec };
    const w = words(spec);
    let expectedSeat: number | undefined;
    let place: BossMove['place'];
    let reveal: CardName | undefined;
    for (let i = 0; i < w.length; i++) {
      const m = /^S(\d+)$/.exec(w[i]);
      if (m) expectedSeat = Number(m[1]);
      else if (w[i].includes(':')) reveal = card(w[i]);
      else {
        const n = /^(\d+)(?:\+(\d+))?$/.exec(w[i + 1] ?? '');
        if (!n) throw new Error(`turn "${spec}": "${w[i]}" needs cubes like 2 or 2+1 after it`);
        place = { city: cityId(w[i]), big: Number(n[1]), small: Number(n[2] ?? 0) };
        i++;
      }
    }
    if (expectedSeat !== undefined && expectedSeat !== seat)
      throw new Error(`turn "${spec}": it is seat ${seat}'s turn, not seat ${expectedSeat}'s`);
    reveal ??= CARD_NAME[this.state.hands[seat][0]];
    return { seat, move: place ? { place, reveal } : { reveal } };
  }

  /** Plays turns in order; throws with the turn's index and rule on the first refused. */
  play(...turns: TurnSpec[]): this {
    this.lastEmitted = [];
    turns.forEach((spec, i) => {
      const { seat, move } = this.move(spec);
      const applied = theBoss.apply(this.state, seat, move);
      if (!applied.ok)
        throw new Error(
          `turn ${i} ${JSON.stringify(spec)} (seat ${seat}) refused: ${applied.error.kind}: ${applied.error.message}`,
        );
      this.state = applied.value.state;
      this.emitted.push(...applied.value.events);
      this.lastEmitted.push(...applied.value.events);
    });
    return this;
  }

  /** The error a turn is refused with; throws if it is accepted. The state stays as it was. */
  refused(spec: TurnSpec, seat?: number): GameError {
    const m = this.move(spec);
    const applied = theBoss.apply(this.state, seat ?? m.seat, m.move);
    if (applied.ok) throw new Error(`turn ${JSON.stringify(spec)} was accepted`);
    return applied.error;
  }

  /** Plays turns that place nothing until the round number changes or the game ends. */
  finishRound(): this {
    const round = this.state.round;
    while (this.state.round === round && !this.state.outcome) this.play('');
    return this;
  }

  /** Plays placement-free rounds to the end of the game; throws if it runs past `maxRounds`. */
  finishGame(maxRounds = 40): this {
    while (!this.state.outcome) {
      if (this.state.round > maxRounds) throw new Error(`the game runs past round ${maxRounds}`);
      this.finishRound();
    }
    return this;
  }

  /** Plays `n` placement-free turns. */
  pass(n: number): this {
    for (let i = 0; i < n; i++) this.play('');
    return this;
  }

  /** Events of a type seen by `viewer` ('all' audience included), from the whole game. */
  events<T extends BossEvent['type']>(
    type: T,
    viewer: Viewer = null,
    from: readonly Emitted<BossEvent>[] = this.emitted,
  ): Extract<BossEvent, { type: T }>[] {
    return eventsFor(from, viewer).filter((e) => e.type === type) as Extract<
      BossEvent,
      { type: T }
    >[];
  }

  /** Points of each seat over the last completed round, from its `round-ended` event. */
  roundPoints(round: number): readonly number[] {
    const ended = this.events('round-ended').find((e) => e.round === round);
    if (!ended) throw new Error(`round ${round} has not ended`);
    return ended.points;
  }
}

export const table = (spec: GameSpec): Table => new Table(spec);
