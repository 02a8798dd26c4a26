// Where a Big Boss game stands, as `boss replay --json` prints it: money, companies, spaces and winners.
import { COMPANY_IDS, TOWERS_PER_PLAYER, type CompanyId } from './companies.js';
import { money } from './play.js';
import {
  ACTIVE,
  COMPANY_COUNT,
  shareIndex,
  spacesOf,
  towersOf,
  type BigBossState,
} from './state.js';
import type { CompanyStatus, MoneyBreakdown } from './types.js';

/** Where a game stands, as `boss replay --json` prints it. */
export interface BigBossSummary {
  readonly over: boolean;
  readonly rules: 'modern' | 'original';
  readonly turn: number | null;
  readonly phase: string;
  readonly piecesLeft: number;
  readonly winners: readonly number[];
  readonly players: readonly {
    readonly cash: number;
    readonly shares: Readonly<Partial<Record<CompanyId, number>>>;
    readonly towers: readonly CompanyId[];
    readonly towersPlaced: number;
    readonly towersLeft: number;
    readonly handCount: number;
    /** Final money as it would be counted now. */
    readonly money: MoneyBreakdown;
  }[];
  readonly companies: readonly {
    readonly id: CompanyId;
    readonly status: CompanyStatus;
    readonly price: number;
    readonly sharesLeft: number;
    readonly headquarters: number | null;
    /** Spaces and their pieces, ascending. */
    readonly spaces: readonly { readonly space: number; readonly pieces: number }[];
  }[];
}

const STATUS: readonly CompanyStatus[] = ['never', 'active', 'gone'];

export function summary(s: BigBossState): BigBossSummary {
  return {
    over: s.outcome !== null,
    rules: s.config.rules,
    turn: s.outcome ? null : s.turn,
    phase: s.phase,
    piecesLeft: s.piecesLeft,
    winners: s.outcome ? [...s.outcome.winners] : [],
    players: s.cash.map((cash, p) => {
      const shares: Partial<Record<CompanyId, number>> = {};
      for (let c = 0; c < COMPANY_COUNT; c++) {
        const held = s.shares[shareIndex(p, c)];
        if (held > 0 && s.status[c] === ACTIVE) shares[COMPANY_IDS[c]] = held;
      }
      return {
        cash,
        shares,
        towers: towersOf(s, p).map((c) => COMPANY_IDS[c]),
        towersPlaced: s.towersPlaced[p],
        towersLeft: TOWERS_PER_PLAYER - s.towersPlaced[p],
        handCount: s.hands[p].length,
        money: money(s, p),
      };
    }),
    companies: COMPANY_IDS.map((id, c) => ({
      id,
      status: STATUS[s.status[c]],
      price: s.price[c],
      sharesLeft: s.sharesLeft[c],
      headquarters: s.hq[c] > 0 ? s.hq[c] : null,
      spaces: spacesOf(s, c).map((space) => ({ space, pieces: s.pieces[space - 1] })),
    })),
  };
}
