// Starts an I'm the Boss! game: placards, hands and draw pile from the seed, or as a record fixes them.
import {
  err,
  gameError,
  ok,
  Rng,
  type Applied,
  type GameError,
  type Result,
} from '@boss-table/core';
import { ALL_CARDS, isCard, placardId } from './cards.js';
import { HAND_START, PLACARDS_PER_SEAT, SHORT_GAME_REMOVED } from './data.js';
import { emit, type ImbEvent } from './events.js';
import type { ImbOptions } from './options.js';
import type { ImbState } from './state.js';

/**
 * Chance a record may fix in advance (rules file §14): the setup (`setup.placards`: the owner
 * of each family's placard H…T, null when spare; `setup.hands`; `setup.drawPile`, top first)
 * the die results (`dice`, in the order rolled) and each reshuffled draw pile (`reshuffles`,
 * top first, in the order the reshuffles happen). What is not given comes from the seed: the
 * setup's draws from the seed are made all the same, so the rest of the stream does not move;
 * a die result or a reshuffle the record gives draws nothing from the seed.
 */
export interface ImbPresets {
  readonly placards?: readonly (number | null)[];
  readonly hands?: readonly (readonly string[])[];
  readonly drawPile?: readonly string[];
  readonly dice?: readonly number[];
  /** Each reshuffled draw pile's order, top first, in the order the reshuffles happen. */
  readonly reshuffles?: readonly (readonly string[])[];
}

const bad = (message: string): Result<never, GameError> => err(gameError('setup', message));

export function parsePresets(
  record: Readonly<Record<string, unknown>>,
  options: ImbOptions,
): Result<ImbPresets | undefined, GameError> {
  const { setup, dice, reshuffles } = record;
  if (setup === undefined && dice === undefined && reshuffles === undefined) return ok(undefined);
  const out: { -readonly [K in keyof ImbPresets]: ImbPresets[K] } = {};
  if (dice !== undefined) {
    if (!Array.isArray(dice) || !dice.every((r) => Number.isInteger(r) && r >= 1 && r <= 6))
      return err(gameError('record', '"dice" must list die results 1 to 6.'));
    out.dice = dice as number[];
  }
  if (reshuffles !== undefined) {
    if (
      !Array.isArray(reshuffles) ||
      !reshuffles.every(
        (r) => Array.isArray(r) && r.every(isCard) && new Set(r as unknown[]).size === r.length,
      )
    )
      return err(
        gameError('record', '"reshuffles" must list draw piles: card ids, top first, each once.'),
      );
    out.reshuffles = reshuffles as string[][];
  }
  if (setup !== undefined) {
    if (typeof setup !== 'object' || setup === null || Array.isArray(setup))
      return bad('"setup" must be an object (placards, hands, drawPile).');
    const o = setup as Record<string, unknown>;
    const n = options.players;
    if (o.placards !== undefined) {
      const p = o.placards;
      if (
        !Array.isArray(p) ||
        p.length !== 6 ||
        !p.every((x) => x === null || (Number.isInteger(x) && x >= 0 && x < n))
      )
        return bad('"setup.placards" must give six owners (a seat or null), H to T.');
      const per = PLACARDS_PER_SEAT[n];
      for (let seat = 0; seat < n; seat++)
        if (p.filter((x) => x === seat).length !== per)
          return bad(`Each seat owns ${per} placard(s) with ${n} players (2.2).`);
      out.placards = p as (number | null)[];
    }
    if ((o.hands === undefined) !== (o.drawPile === undefined))
      return bad('"setup.hands" and "setup.drawPile" go together.');
    if (o.hands !== undefined) {
      const hands = o.hands;
      const pile = o.drawPile;
      if (!Array.isArray(hands) || hands.length !== n || !hands.every((h) => Array.isArray(h)))
        return bad(`"setup.hands" must list ${n} hands.`);
      if (!Array.isArray(pile)) return bad('"setup.drawPile" must list cards.');
      const all = [...(hands as unknown[][]).flat(), ...pile];
      if (all.length !== ALL_CARDS.length || new Set(all).size !== all.length || !all.every(isCard))
        return bad('Hands and draw pile must hold the 98 cards once each (2.3).');
      out.hands = hands as string[][];
      out.drawPile = pile as string[];
    }
  }
  return ok(out);
}

export function setup(
  options: ImbOptions,
  seed: string,
  presets?: ImbPresets,
): Result<Applied<ImbState, ImbEvent>, GameError> {
  const n = options.players;
  const rng = Rng.fromSeed(seed);
  // 2.2: the placard deal, then 2.3: the deck.
  const order = rng.shuffle([0, 1, 2, 3, 4, 5]);
  const per = PLACARDS_PER_SEAT[n];
  const placards = new Array<number>(6).fill(-1);
  for (let seat = 0; seat < n; seat++)
    for (let k = 0; k < per; k++) placards[order[seat * per + k]] = seat;
  if (presets?.placards) presets.placards.forEach((o, f) => (placards[f] = o ?? -1));
  const deck = rng.shuffle(ALL_CARDS.slice());
  let hands: string[][] = Array.from({ length: n }, () => []);
  for (let seat = 0; seat < n; seat++)
    for (let k = 0; k < HAND_START; k++) hands[seat].push(deck.pop()!);
  let draw = deck;
  if (presets?.hands && presets.drawPile) {
    hands = presets.hands.map((h) => h.slice());
    draw = presets.drawPile.slice().reverse();
  }
  // 2.6: the owner of the best-ranked owned placard starts.
  const startPlayer = placards.find((o) => o >= 0)!;
  const tiles = Array.from({ length: 15 }, (_, i) => i + 1).filter(
    (t) => !options.shortGame || !SHORT_GAME_REMOVED.includes(t),
  );
  const state: ImbState = {
    options,
    rng,
    dice: presets?.dice ? presets.dice.slice() : [],
    reshuffles: presets?.reshuffles ? presets.reshuffles.map((r) => r.slice()) : [],
    pub: {
      players: n,
      phase: 'marker',
      seat: (startPlayer + n - 1) % n,
      startPlayer,
      round: 0,
      marker: 0,
      closed: new Array<number>(16).fill(0),
      tiles,
      tileIndex: 0,
      placards,
      money: new Array<number>(n).fill(0),
      dealsAsBoss: new Array<number>(n).fill(0),
      known: Array.from({ length: n }, () => []),
      discard: [],
      hiddenDiscards: new Array<number>(n).fill(0),
      discardDue: 0,
      drawnThisTurn: 0,
      mustDeal: false,
      lastRoll: 0,
      wait: 0,
      deals: 0,
      nextProposal: 0,
      deal: null,
      endReason: null,
      outcome: null,
    },
    hands,
    draw,
    hidden: [],
    answers: new Array<number>(n).fill(0),
    stopCards: new Array<string>(n).fill(''),
    stopOrder: [],
  };
  const events: { audience: 'all' | number; event: ImbEvent }[] = [];
  emit(events, 'all', 'setup', {
    players: n,
    placards: placards.map((o, f) => ({ placard: placardId(f), owner: o < 0 ? null : o })),
    startPlayer,
    tiles: tiles.slice(),
  });
  for (let seat = 0; seat < n; seat++)
    emit(events, seat, 'handDealt', { seat, cards: hands[seat].slice() });
  return ok({ state, events });
}
