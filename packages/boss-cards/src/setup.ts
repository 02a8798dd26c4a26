// Starts a Boss Cards game: an empty table from the options, then the first round dealt from seed or presets.
import { err, ok, Rng, type Applied, type GameError, type Result } from '@boss-table/core';
import type { BossCardsEvent } from './events.js';
import type { BossCardsOptions } from './options.js';
import { dealRound } from './play.js';
import type { BossCardsPresets } from './presets.js';
import type { BossCardsState } from './state.js';

/** The first round dealt (rules file §2), all chance from `seed` or the presets. */
export function setup(
  config: BossCardsOptions,
  seed: string,
  presets?: BossCardsPresets,
): Result<Applied<BossCardsState, BossCardsEvent>, GameError> {
  const s: BossCardsState = {
    config,
    rng: Rng.fromSeed(seed).state(),
    presets: presets ?? null,
    presetAt: [0, 0, 0],
    round: 0,
    dealer: config.dealer,
    turn: 0,
    turnsThisRound: 0,
    hands: [],
    stock: [],
    pile: [],
    demandSuit: -1,
    demandRank: -1,
    reshuffles: 0,
    tags: [],
    dealtSlots: [],
    firstSlots: [],
    reSlots: [],
    scores: new Array<number>(config.players).fill(0),
    lastRound: null,
    winner: null,
  };
  const events: NonNullable<Parameters<typeof dealRound>[1]> = [];
  const e = dealRound(s, events);
  return e ? err(e) : ok({ state: s, events });
}
