// The Boss Cards table for a seated player: play a lit card, draw or pass, name a suit or rank for a Boss card.
import { useEffect, useMemo, useState } from 'react';
import {
  eventWords,
  type BossCardsLegal,
  type BossCardsMove,
  type BossCardsView,
  type CardName,
  type RankName,
  type SuitName,
} from '@boss-table/boss-cards';
import type { Names, TableProps } from '../registry.js';
import { Board } from './Board.js';
import { cardLabel } from './PlayingCard.js';
import {
  cardParts,
  cardTitle,
  latestEvents,
  penaltyOfRank,
  SUIT_SYMBOL,
  SUIT_WORD,
  whyNot,
} from './logic.js';
import { ScoresByRound } from './ScoresByRound.js';

/**
 * This seat's controls on its turn: draw or pass as the legal form allows, and — once a Boss
 * card (or, with that option, an ace) is chosen in the hand — the suit or rank it names.
 */
export function Controls({
  view,
  legal,
  seq,
  pending,
  setPending,
  onMove,
  busy,
  names,
}: {
  view: BossCardsView;
  legal: BossCardsLegal;
  seq: number;
  pending: CardName | null;
  setPending: (card: CardName | null) => void;
  onMove: (m: BossCardsMove) => void;
  busy: boolean;
  names: Names;
}) {
  const choice = pending ? legal.play.find((p) => p.card === pending) : undefined;
  const next = names((view.turn + 1) % view.options.players);
  const penalty = pending ? penaltyOfRank(cardParts(pending).rank) : 0;
  const send = (m: BossCardsMove) => {
    if (busy) return;
    setPending(null);
    onMove(m);
  };
  return (
    <form
      className="composer panel bc-controls"
      aria-label="your turn"
      data-seq={seq}
      onSubmit={(e) => e.preventDefault()}
    >
      <h2>Your turn</h2>
      {choice && pending ? (
        <fieldset className="bc-name">
          <legend>
            With the {cardTitle(pending)}, name what {next} must follow
            {penalty > 0 ? ` (after drawing ${penalty} card${penalty === 1 ? '' : 's'})` : ''}:
          </legend>
          <div className="choices chips" role="group" aria-label="name a suit">
            {legal.suits.map((s: SuitName) => (
              <button
                key={s}
                type="button"
                className={`bc-suit${s === 'D' || s === 'H' ? ' red' : ''}`}
                aria-label={`Name ${SUIT_WORD[s]}`}
                disabled={busy}
                onClick={() => send({ type: 'play', card: pending, suit: s })}
              >
                {SUIT_SYMBOL[s]} {SUIT_WORD[s]}
              </button>
            ))}
          </div>
          {choice.names === 'suit-or-rank' && (
            <div className="choices chips" role="group" aria-label="or name a rank">
              <span className="chip-label">or a rank:</span>
              {legal.ranks.map((r: RankName) => (
                <button
                  key={r}
                  type="button"
                  aria-label={`Name the rank ${r}`}
                  disabled={busy}
                  onClick={() => send({ type: 'play', card: pending, rank: r })}
                >
                  {r}
                </button>
              ))}
            </div>
          )}
          <button type="button" className="bc-back" onClick={() => setPending(null)}>
            Keep the {cardTitle(pending)}
          </button>
        </fieldset>
      ) : (
        <div className="submit-row bc-actions">
          <span className="why">
            {legal.pass
              ? 'No card follows and there is nothing to draw: you pass.'
              : legal.play.length === 0
                ? 'No card in your hand follows: draw one.'
                : 'Click a lit card to play it.'}
          </span>
          {legal.draw && (
            <button type="button" disabled={busy} onClick={() => send({ type: 'draw' })}>
              Draw a card
            </button>
          )}
          {legal.pass && (
            <button type="button" disabled={busy} onClick={() => send({ type: 'pass' })}>
              Pass
            </button>
          )}
        </div>
      )}
    </form>
  );
}

/** The Boss Cards table: the board with the own hand, the turn's controls, scores by round. */
export default function BossCardsTable({
  view: v,
  legal: l,
  seq,
  names,
  batches,
  onMove,
  busy,
  layout,
  setPrompt,
}: TableProps) {
  const view = v as BossCardsView;
  const legal = (l ?? null) as BossCardsLegal | null;
  const mine = legal !== null && view.winner === null && view.turn === view.viewer ? legal : null;
  // A choice and a note belong to the turn they were made in (seq).
  const [held, setHeld] = useState<{ seq: number; pending: CardName | null; note: string | null }>({
    seq: -1,
    pending: null,
    note: null,
  });
  const pending = held.seq === seq && mine ? held.pending : null;
  const note = held.seq === seq ? held.note : null;
  const naming = pending ? mine?.play.find((p) => p.card === pending)?.names : undefined;
  // The action bar follows the turn's step: after a Boss card, what to name.
  useEffect(() => {
    setPrompt?.(
      pending && naming
        ? `name ${naming === 'suit' ? 'a suit' : 'a suit or a rank'} for the ${cardTitle(pending)}`
        : null,
    );
  }, [pending, naming, setPrompt]);
  const latest = useMemo(
    () =>
      latestEvents(batches)
        .map((e) => eventWords(e, view.viewer, names))
        .filter((t) => t),
    [batches, view.viewer, names],
  );
  const onCard = (card: CardName) => {
    const why = whyNot(card, view, mine);
    if (why) return setHeld({ seq, pending: null, note: why });
    if (busy) return;
    const entry = mine!.play.find((p) => p.card === card)!;
    if (entry.names === 'none') {
      setHeld({ seq, pending: null, note: null });
      onMove({ type: 'play', card });
    } else
      setHeld({
        seq,
        pending: card,
        note: `The ${cardLabel(card)}: now choose what it names.`,
      });
  };
  return layout({
    board: (
      <Board
        view={view}
        names={names}
        legal={mine}
        selected={pending}
        onCard={view.viewer !== null ? onCard : undefined}
        note={note}
        latest={latest}
      />
    ),
    controls: mine ? (
      <Controls
        view={view}
        legal={mine}
        seq={seq}
        pending={pending}
        setPending={(card) => setHeld({ seq, pending: card, note: null })}
        onMove={onMove}
        busy={busy}
        names={names}
      />
    ) : null,
    // At the end the shell's end panel holds the scores by round.
    more:
      view.winner === null ? <ScoresByRound view={view} names={names} batches={batches} /> : null,
  });
}
