// The Boss Cards scores-by-round table under the board, and the end screen saying why the winner won.
import type { BossCardsView } from '@boss-table/boss-cards';
import type { EventBatch, Names } from '../registry.js';
import { Trophy } from '../shell/icons.js';
import { Crown } from './Board.js';
import { bossOf, roundScores, type RoundScore } from './logic.js';

const cardsWord = (n: number) => `${n} card${n === 1 ? '' : 's'}`;

/** Each round's winner, what they collected, and everyone's totals after it. */
export function ScoresTable({
  view,
  names,
  rounds,
}: {
  view: BossCardsView;
  names: Names;
  rounds: readonly RoundScore[];
}) {
  const n = view.options.players;
  const boss = bossOf(view);
  return (
    <div className="fit-table">
      <table className="bc-scores" aria-label="scores by round">
        <thead>
          <tr>
            <th>Round</th>
            <th>Won by</th>
            {Array.from({ length: n }, (_, p) => (
              <th key={p} data-seat={p}>
                {names(p)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rounds.map((r, i) => (
            <tr key={i}>
              <td>{r.round === null ? 'earlier' : r.round}</td>
              <td>
                {r.winner !== null
                  ? `${names(r.winner)} (+${r.points})`
                  : r.stalled
                    ? 'nobody: stopped, dealt again'
                    : '—'}
              </td>
              {r.totals.map((t, p) => (
                <td key={p} className={r.winner === p ? 'bc-gain' : undefined}>
                  {t}
                </td>
              ))}
            </tr>
          ))}
          {view.winner === null && (
            <tr className="bc-now">
              <td>{view.round}</td>
              <td>being played</td>
              {view.scores.map((s, p) => (
                <td key={p}>{s}</td>
              ))}
            </tr>
          )}
        </tbody>
        <tfoot>
          <tr>
            <th colSpan={2}>Total (target {view.options.target})</th>
            {view.scores.map((s, p) => (
              <th key={p}>
                {s}
                {boss === p && (
                  <>
                    {' '}
                    <Crown />
                    <span className="sr-only"> The Boss</span>
                  </>
                )}
              </th>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** Below the board during the game: the scores by round. */
export function ScoresByRound({
  view,
  names,
  batches,
}: {
  view: BossCardsView;
  names: Names;
  batches: readonly EventBatch[];
}) {
  const rounds = roundScores(batches, view.options.players, view.round);
  return (
    <section className="panel bc-scores-panel" aria-label="scores">
      <h2>Scores by round</h2>
      <ScoresTable view={view} names={names} rounds={rounds} />
      <p className="muted">
        A round’s winner collects one point for every card left in the other hands and becomes The
        Boss, leading the next round.
      </p>
    </section>
  );
}

/** Why the winner won, in words: the round that took them to the target. */
export function whyWon(view: BossCardsView, names: Names, rounds: readonly RoundScore[]): string {
  const w = view.winner;
  if (w === null) return '';
  const who = names(w);
  const you = who === 'You';
  const wins = rounds.filter((r) => r.winner === w && r.round !== null).length;
  // With the oldest rounds out of this page's history, the count of wins would be short.
  const count = rounds[0]?.round === null ? '' : ` after ${wins} round win${wins === 1 ? '' : 's'}`;
  const last = [...rounds].reverse().find((r) => r.winner === w);
  const lastWords = last
    ? ` ${you ? 'You' : who} emptied ${you ? 'your' : 'their'} hand first in round ${last.round ?? view.round} and collected ${cardsWord(last.points)} from the other hands, reaching ${view.scores[w]} of the ${view.options.target} points needed.`
    : ` ${you ? 'You' : who} reached ${view.scores[w]} of the ${view.options.target} points needed.`;
  return `${you ? 'You win' : `${who} wins`} with ${view.scores[w]} points${count}.${lastWords} Only a round’s winner scores, so nobody else could reach the target in that round.`;
}

/** The end of the game: why the winner won, and the scores by round. */
export function End({
  view: v,
  names,
  batches,
}: {
  view: unknown;
  names: Names;
  batches: readonly EventBatch[];
}) {
  const view = v as BossCardsView;
  if (view.winner === null) return null;
  const rounds = roundScores(batches, view.options.players, view.round);
  return (
    <>
      <p className="bc-why-won">
        <Trophy /> {whyWon(view, names, rounds)}
      </p>
      <ScoresTable view={view} names={names} rounds={rounds} />
    </>
  );
}
