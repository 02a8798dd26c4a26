// Where a game of The Boss stands, with each seat's score and cubes, as `boss replay --json` prints it.
import { CITY_IDS, type CityId, type PoliceCard } from './cities.js';
import { bigFit, type BossState } from './state.js';

/** Where a game stands, as `boss replay --json` prints it (issue #2's format). */
export interface BossSummary {
  readonly over: boolean;
  readonly round: number;
  readonly dealer: number;
  readonly row: readonly CityId[];
  readonly policeFlipped: readonly PoliceCard[];
  readonly scores: readonly number[];
  readonly winners: readonly number[];
  readonly players: readonly {
    readonly score: number;
    readonly bigAvailable: number;
    readonly bigHospital: number;
    readonly bigPrison: number;
    readonly bigDead: number;
    readonly smallLeft: number;
    readonly banished: boolean;
  }[];
}

const POLICE_NAMES: readonly PoliceCard[] = ['silver', 'gold', 'double'];

export function summary(s: BossState): BossSummary {
  return {
    over: s.outcome !== null,
    round: s.round,
    dealer: s.dealer,
    row: s.row.map((slot) => CITY_IDS[slot]),
    policeFlipped: s.policeFlipped.map((c) => POLICE_NAMES[c]),
    scores: s.score.slice(),
    winners: s.outcome ? [...s.outcome.winners] : [],
    players: s.score.map((score, p) => ({
      score,
      bigAvailable: bigFit(s, p),
      bigHospital: s.hospital[p],
      bigPrison: s.prisonFresh[p] + s.prisonOld[p],
      bigDead: s.bigDead[p],
      smallLeft: s.smallLeft[p],
      banished: s.banished[p],
    })),
  };
}
