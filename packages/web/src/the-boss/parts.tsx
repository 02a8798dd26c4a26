// Plugs The Boss into the shared table and replay pages: board held at round end, seat cubes, round points.
import { useMemo, useRef, useState } from 'react';
import { faceWords, type BossEvent, type BossLegal, type BossView } from '@boss-table/the-boss';
import type { EventBatch, GameParts, Names, ReplayStep, TableProps } from '../registry.js';
import { Board } from './Board.js';
import { Composer } from './Composer.js';
import { DeductionPanel } from './Deduction.js';
import { CityBadge, CITY_STYLE, cityName, faceLabel } from './cities.js';
import { replaySteps, type BossReplayStep } from './replay-logic.js';
import { decidedInWords, describe } from './words.js';
import rules from './rules.md?raw';

const face = (card: string) => faceLabel(card.slice(card.indexOf(':') + 1));

const RESULT_EVENTS = new Set([
  'reward-revealed',
  'chicago-scored',
  'cube-lost',
  'banished',
  'round-ended',
]);

/** The board, the turn's composer (when it is this seat's turn) and the deduction helper. */
/** The newest round's end in a page's batches: its round, rewards and that move's events. */
export function lastRoundEnd(
  batches: readonly EventBatch[],
): { round: number; rewards: Record<string, string>; events: BossEvent[] } | null {
  for (let i = batches.length - 1; i >= 0; i--) {
    const events = batches[i].events as BossEvent[];
    const end = events.find((e) => e.type === 'round-ended');
    if (!end || end.type !== 'round-ended') continue;
    const rewards: Record<string, string> = {};
    for (const e of events) if (e.type === 'reward-revealed') rewards[e.city] = e.face;
    return { round: end.round, rewards, events };
  }
  return null;
}

/**
 * The board as the round ended: the last view of that round this page saw, with the cubes
 * and card of the move that ended it (the view after it is already the next round's).
 */
export function endedBoard(before: BossView, events: readonly BossEvent[]): BossView {
  const row = before.row.map((c) => ({
    ...c,
    revealed: c.revealed.slice(),
    cubes: c.cubes.map((x) => ({ ...x })),
  }));
  for (const e of events) {
    if (e.type === 'round-ended') break;
    if (e.type === 'cubes-placed') {
      const c = row.find((x) => x.city === e.city);
      if (c)
        c.cubes[e.seat] = {
          big: c.cubes[e.seat].big + e.big,
          small: c.cubes[e.seat].small + e.small,
        };
    } else if (e.type === 'card-revealed') {
      const c = row.find((x) => x.city === e.card.split(':')[0]);
      if (c) c.revealed.push(e.card);
    }
  }
  return { ...before, row, turn: null };
}

function Table({ view: v, legal, names, onMove, busy, layout, batches, roundEnd }: TableProps) {
  const view = v as BossView;
  const [helper, setHelper] = useState(false);
  const mine = legal !== null && legal !== undefined && view.turn === view.viewer;
  // The last view of each round, to hold a round's end on the board while its results show
  // (and at the game's end, its last rewards on the cities).
  const lastSeen = useRef(new Map<number, BossView>());
  const ended = useMemo(() => lastRoundEnd(batches ?? []), [batches]);
  const hold =
    ended !== null && (view.outcome ? true : roundEnd === true && ended.round < view.round);
  // Kept until the game's end view, which shows the last round cleared.
  if (!view.outcome) lastSeen.current.set(view.round, view);
  const before = ended ? lastSeen.current.get(ended.round) : undefined;
  const shown = hold && ended && before ? endedBoard(before, ended.events) : view;
  return layout({
    board: (
      <>
        {hold && ended && (
          <p className="round-end-note" role="status">
            {view.outcome ? 'The last round as it ended' : `Round ${ended.round} as it ended`}:
            every reward revealed.
          </p>
        )}
        <Board view={shown} names={names} rewards={hold && ended ? ended.rewards : undefined} />
      </>
    ),
    // Keyed by the turn: a draft left when the clock or a reconnection took the turn away
    // must not come back on this seat's next turn.
    controls: mine ? (
      <Composer
        key={`${view.round}/${view.overtime}/${view.turnsTaken}`}
        view={view}
        legal={legal as BossLegal}
        onMove={onMove}
        busy={busy}
      />
    ) : null,
    more:
      view.viewer !== null && !view.outcome ? (
        <div className="helper">
          <label className="toggle">
            <input type="checkbox" checked={helper} onChange={(e) => setHelper(e.target.checked)} />{' '}
            Deduction helper
          </label>
          {helper && <DeductionPanel view={view} />}
        </div>
      ) : null,
  });
}

/** One seat's cubes (every kind, also on a phone) and hand: values only where it may see them. */
export function SeatDetail({
  view: v,
  seat,
  allHands,
}: {
  view: unknown;
  seat: number;
  names: Names;
  allHands?: readonly (readonly string[])[];
}) {
  const view = v as BossView;
  const p = view.players[seat];
  const hand = view.hands[seat];
  const values = allHands?.[seat] ?? hand.cards;
  return (
    <div className="seat-detail">
      <div className="cube-counts">
        <span title="big cubes still to place this round">Big {p.bigAvailable - p.bigPlaced}</span>
        <span title="small cubes left">Small {p.smallLeft}</span>
        <span title="big cubes in hospital">Hospital {p.bigHospital}</span>
        <span title="big cubes in prison">Prison {p.bigPrison}</span>
        <span title="big cubes out of the game">Dead {p.bigDead}</span>
        {p.banished && <span>Banished from Cincinnati</span>}
      </div>
      <div className="hand" data-testid={`hand-${seat}`}>
        {values
          ? values.map((card, i) => (
              <span
                key={i}
                className="card"
                style={{
                  borderColor: CITY_STYLE[card.split(':')[0] as keyof typeof CITY_STYLE]?.color,
                }}
              >
                <CityBadge city={card.split(':')[0]} /> {face(card)}
              </span>
            ))
          : hand.cities.map((city, i) => (
              <span
                key={i}
                className="card back"
                style={{ background: CITY_STYLE[city].color }}
                title={`a ${cityName(city)} card`}
              >
                <CityBadge city={city} />
              </span>
            ))}
      </div>
    </div>
  );
}

const points = (n: number) => `${n} point${n === 1 ? '' : 's'}`;

interface RoundLine {
  readonly round: string;
  readonly items: string[][];
  points: readonly number[];
}

/** Each round's points per seat, with where they came from, from the game's events. */
export function roundBreakdown(batches: readonly EventBatch[], players: number): RoundLine[] {
  const out: RoundLine[] = [];
  let items: string[][] = Array.from({ length: players }, () => []);
  let label = 'Round 1';
  for (const b of batches)
    for (const raw of b.events) {
      const e = raw as BossEvent;
      if (e.type === 'round-started')
        label = e.overtime > 0 ? `Overtime ${e.overtime}` : `Round ${e.round}`;
      else if (e.type === 'reward-revealed' && e.boss !== null)
        items[e.boss]?.push(`${cityName(e.city)} ${faceWords(e.face)}`);
      else if (e.type === 'chicago-scored' && e.boss !== null)
        items[e.boss]?.push(`Chicago ${e.points}`);
      else if (e.type === 'round-ended') {
        out.push({ round: label, items, points: e.points });
        items = Array.from({ length: players }, () => []);
      }
    }
  return out;
}

/** The end of the game: ranking, each round's points per player and city, how it was decided. */
function End({
  view: v,
  names,
  batches,
}: {
  view: unknown;
  names: Names;
  batches: readonly EventBatch[];
}) {
  const view = v as BossView;
  const o = view.outcome;
  if (!o) return null;
  const rounds = roundBreakdown(batches, view.players.length);
  return (
    <>
      <ol className="ranking-list">
        {o.ranking.map((s) => (
          <li key={s}>
            {names(s)} — {points(o.scores[s])}
            {o.winners.includes(s) ? <strong className="winner"> winner</strong> : null}
          </li>
        ))}
      </ol>
      <p className="decided">{decidedInWords(o, names)}</p>
      {rounds.length > 0 && (
        <div className="fit-table">
          <table className="breakdown" aria-label="points per round">
            <thead>
              <tr>
                <th>Round</th>
                {view.players.map((_, s) => (
                  <th key={s}>{names(s)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rounds.map((r, i) => (
                <tr key={i}>
                  <td>{r.round}</td>
                  {r.points.map((p, s) => (
                    <td key={s}>
                      <strong>
                        {p >= 0 ? '+' : ''}
                        {p}
                      </strong>
                      {r.items[s].length > 0 && (
                        <span className="muted"> ({r.items[s].join(', ')})</span>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

export const parts: GameParts = {
  Table,
  turn: (v) => (v as BossView).turn,
  prompt: () => 'Place cubes and reveal a card',
  outcome: (v) => (v as BossView).outcome,
  standing: (v, seat) => points((v as BossView).players[seat].score),
  SeatDetail,
  describe,
  results: (events, viewer, names) => {
    const list = events as BossEvent[];
    if (!list.some((e) => e.type === 'round-ended')) return null;
    return list
      .filter((e) => RESULT_EVENTS.has(e.type))
      .map((e) => describe(e, viewer, names))
      .filter((t): t is string => !!t);
  },
  End,
  replaySteps: (raw, names) => replaySteps(raw, names),
  ReplayBoard: ({ step, names }: { step: ReplayStep; names: Names }) => (
    <Board view={step.view as BossView} names={names} rewards={(step as BossReplayStep).rewards} />
  ),
  rules,
};
