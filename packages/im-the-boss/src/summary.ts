// Where an I'm the Boss! game stands, as `boss replay --json` prints it.
import { placardId } from './cards.js';
import type { ImbState } from './state.js';

/** Where a game stands, as `boss replay --json` prints it. */
export function summary(s: ImbState) {
  const t = s.pub;
  const d = t.deal;
  return {
    over: t.phase === 'over',
    phase: t.phase === 'deal' ? `deal:${d!.phase}` : t.phase,
    seat: t.phase === 'over' ? null : t.seat,
    round: t.round,
    money: t.money.slice(),
    placards: t.placards.map((o, f) => ({ placard: placardId(f), owner: o < 0 ? null : o })),
    closed: t.closed.flatMap((tile, i) => (tile > 0 ? [{ space: i + 1, tile }] : [])),
    tilesPlaced: t.tileIndex,
    marker: t.marker,
    deal: d
      ? {
          boss: d.boss,
          space: d.space,
          V: d.V,
          D: d.D,
          agreements: d.agreements,
          openProposals: d.proposals.length,
          offered: d.offered.slice(),
        }
      : null,
    dealsAsBoss: t.dealsAsBoss.slice(),
    hands: s.hands.map((h) => h.length),
    drawPile: s.draw.length,
    endReason: t.endReason,
    winners: t.outcome ? [...t.outcome.winners] : [],
  };
}
