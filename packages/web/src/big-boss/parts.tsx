// Plugs Big Boss into the shared table and replay pages: board, turn prompts, log lines, end money, rules.
import {
  describeEvent,
  type BigBossEvent,
  type BigBossLegal,
  type BigBossView,
  type CardCode,
} from '@boss-table/big-boss';
import type { GameParts, Names, ReplayStep } from '../registry.js';
import { BigBossBoard, BigBossDetails, BigBossSeat } from './BigBossBoard.js';
import BigBossTable, { FinalMoney } from './BigBossTable.js';
import { bigBossReplaySteps } from './replay.js';
import rules from './rules.md?raw';

/** What this seat must do now, from its legal summary. */
function prompt(_view: unknown, legal: unknown): string {
  const l = legal as BigBossLegal;
  if (l.phase === 'invest') return 'Buy shares or a tower (or nothing), then confirm';
  if (l.phase === 'sell' || l.pass) return 'Sell shares if you like, then pass';
  return 'Buy or play a card';
}

export const parts: GameParts = {
  Table: BigBossTable,
  turn: (v) => (v as BigBossView).turn,
  prompt,
  outcome: (v) => (v as BigBossView).outcome,
  standing: (v, seat) => `$${(v as BigBossView).seats[seat].cash}`,
  SeatDetail: ({ view, seat, allHands }) => (
    <BigBossSeat
      view={view as BigBossView}
      seat={seat}
      allHands={allHands as readonly (readonly CardCode[])[] | undefined}
    />
  ),
  describe: (e, viewer, names) =>
    (e as BigBossEvent).type === 'turn'
      ? undefined
      : describeEvent(e as BigBossEvent, viewer, names),
  End: ({ view, names }) => {
    const v = view as BigBossView;
    if (!v.outcome) return null;
    return (
      <>
        <FinalMoney view={v} names={names} />
        <p className="decided">
          Decided by {v.outcome.decidedBy}
          {v.outcome.decidedBy === 'shared' ? ': the winners share the win.' : '.'}
        </p>
      </>
    );
  },
  replaySteps: (raw, names) => bigBossReplaySteps(raw, names),
  ReplayBoard: ({ step, names }: { step: ReplayStep; names: Names }) => {
    const view = step.view as BigBossView;
    return (
      <>
        <BigBossBoard view={view} names={names} allHands={step.hands as CardCode[][]} />
        <BigBossDetails view={view} names={names} />
        {view.outcome && (
          <section className="panel ranking" aria-label="final ranking">
            <h2>Game over</h2>
            <FinalMoney view={view} names={names} />
          </section>
        )}
      </>
    );
  },
  rules,
};
