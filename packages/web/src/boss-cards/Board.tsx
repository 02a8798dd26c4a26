// Draws Boss Cards: hand sizes with The Boss crowned, the stock, pile and demand, and the player's fanned hand.
import type { CSSProperties } from 'react';
import type { BossCardsLegal, BossCardsView, CardName } from '@boss-table/boss-cards';
import type { Names } from '../registry.js';
import { SEAT_COLORS } from '../shell/icons.js';
import { CardBack, CardFace, cardLabel } from './PlayingCard.js';
import { bossOf, demandSource, demandWords, whyNot } from './logic.js';

/** Cards per row of a fan: more go to a second row (a hand can grow long with penalties). */
const PER_ROW = 14;

const cardsWord = (n: number) => `${n} card${n === 1 ? '' : 's'}`;

/** A crown, for The Boss (with its words beside it: never the icon alone). */
export function Crown() {
  return (
    <svg className="bc-crown" viewBox="0 0 20 14" width="18" height="13" aria-hidden="true">
      <path d="M1 13 L2 3 L7 8 L10 1 L13 8 L18 3 L19 13 Z" fill="#d4a017" stroke="#8b6d00" />
    </svg>
  );
}

/**
 * A hand fanned out, cards overlapping when the row is short of room (their corners stay
 * readable). With `onCard`, each card is a button: the playable ones lit, the others saying
 * why not when clicked or hovered.
 */
export function Fan({
  cards,
  label,
  testId,
  view,
  legal = null,
  selected = null,
  onCard,
}: {
  cards: readonly CardName[];
  label: string;
  testId: string;
  view: BossCardsView;
  legal?: BossCardsLegal | null;
  selected?: CardName | null;
  onCard?: (card: CardName) => void;
}) {
  // Rows of even length: 15 cards go 8 + 7, not 14 + 1.
  const per = Math.ceil(cards.length / Math.max(1, Math.ceil(cards.length / PER_ROW)));
  const rows: CardName[][] = [];
  for (let i = 0; i < cards.length; i += per) rows.push(cards.slice(i, i + per));
  return (
    <div className="bc-fan" data-testid={testId} role="group" aria-label={label}>
      {rows.map((row, r) => (
        <div className="bc-fan-row" key={r}>
          {row.map((card, i) => {
            const tilt = (i - (row.length - 1) / 2) * Math.min(3, 12 / row.length);
            const style = { '--tilt': `${tilt}deg` } as CSSProperties;
            if (!onCard)
              return (
                <span key={card} className="bc-card" style={style} title={cardLabel(card)}>
                  <CardFace card={card} />
                </span>
              );
            const why = whyNot(card, view, legal);
            return (
              <button
                key={card}
                type="button"
                className={`bc-card${why ? ' blocked' : ' playable'}${selected === card ? ' selected' : ''}`}
                style={style}
                data-card={card}
                data-playable={why ? 'false' : 'true'}
                aria-disabled={why ? 'true' : undefined}
                aria-pressed={selected === card ? true : undefined}
                aria-label={why ? cardLabel(card) : `Play the ${cardLabel(card)}`}
                title={why ?? `Play the ${cardLabel(card)}`}
                onClick={() => onCard(card)}
              >
                <CardFace card={card} />
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}

/**
 * The table: every hand's size (The Boss crowned, the seat to play marked), the stock, the
 * pile's top card and the demand in words; below, the viewer's own hand (every hand in a
 * replay). Knows no rules beyond the view and the legal form it is given.
 */
export function Board({
  view,
  names,
  legal = null,
  selected = null,
  onCard,
  note,
  latest = [],
  allHands,
}: {
  view: BossCardsView;
  names: Names;
  legal?: BossCardsLegal | null;
  selected?: CardName | null;
  onCard?: (card: CardName) => void;
  /** A line under the own hand (why a card cannot be played). */
  note?: string | null;
  /** The last move in words. */
  latest?: readonly string[];
  /** Every seat's hand (a replay). */
  allHands?: readonly (readonly CardName[])[];
}) {
  const n = view.options.players;
  const boss = bossOf(view);
  const top = view.pile[view.pile.length - 1];
  const turn = view.winner === null ? view.turn : null;
  return (
    <section className="bc-board" aria-label="Boss Cards table">
      <div className="bc-status">
        <span>
          Round <strong>{view.round}</strong>
        </span>
        <span>
          First to <strong>{view.options.target}</strong> points
        </span>
        <span className="bc-boss-line">
          {boss === null ? (
            'No Boss yet: the first round’s winner becomes The Boss'
          ) : (
            <>
              <Crown /> The Boss: <strong>{names(boss)}</strong>
            </>
          )}
        </span>
      </div>
      <ol className="bc-seats" aria-label="hands">
        {Array.from({ length: n }, (_, seat) => (
          <li
            key={seat}
            data-seat={seat}
            className={`${turn === seat ? 'active' : ''}${seat === view.viewer ? ' me' : ''}`}
            style={{ borderColor: SEAT_COLORS[seat % SEAT_COLORS.length] }}
            aria-label={`${names(seat)}: ${cardsWord(view.handCounts[seat])} in hand, ${view.scores[seat]} points${boss === seat ? ', The Boss' : ''}${turn === seat ? ', to play' : ''}`}
          >
            <span className="bc-seat-name">
              {boss === seat && <Crown />}
              {names(seat)}
            </span>
            <span className="bc-seat-count">
              <CardBack small /> {view.handCounts[seat]}
            </span>
            <span className="bc-seat-score">{view.scores[seat]} pts</span>
            {turn === seat && <span className="to-play">to play</span>}
          </li>
        ))}
      </ol>
      <div className="bc-center">
        <div className="bc-stock" aria-label={`stock: ${cardsWord(view.stockCount)}`}>
          {view.stockCount > 0 ? <CardBack /> : <span className="pc-empty">empty</span>}
          <span className="bc-caption">
            Stock <strong>{view.stockCount}</strong>
          </span>
          <span className="bc-caption small">
            {view.replenishing ? 'replenishing on' : 'no replenishing'}
          </span>
        </div>
        <div
          className="bc-pile"
          aria-label={`pile: ${cardsWord(view.pile.length)}${top ? `, the ${cardLabel(top)} on top` : ''}`}
        >
          {top ? <CardFace card={top} size="big" /> : <span className="pc-empty">empty</span>}
          <span className="bc-caption">
            Pile <strong>{view.pile.length}</strong>
          </span>
        </div>
        <div className="bc-demand" aria-label="demand">
          <span className="bc-demand-head">Next card must be</span>
          <strong className="bc-demand-what" data-testid="bc-demand">
            {demandWords(view.demand)}
          </strong>
          <span className="bc-demand-or">or any ace or Boss card (J, Q, K)</span>
          <span className="bc-demand-why">{demandSource(view)}</span>
        </div>
      </div>
      {latest.length > 0 && (
        <ul className="bc-latest" aria-label="last move">
          {latest.map((l, i) => (
            <li key={i}>{l}</li>
          ))}
        </ul>
      )}
      {allHands
        ? allHands.map((hand, seat) => (
            <div key={seat} className="bc-hand-block">
              <span className="bc-hand-title">
                {names(seat)}: {cardsWord(hand.length)}
              </span>
              <Fan
                cards={hand}
                label={`hand of ${names(seat)}`}
                testId={`bc-hand-${seat}`}
                view={view}
              />
            </div>
          ))
        : view.hand &&
          view.viewer !== null && (
            <div className="bc-hand-block own">
              <span className="bc-hand-title">
                Your hand: {cardsWord(view.hand.length)}
                {legal && legal.play.length > 0 ? ' — lit cards can be played' : ''}
              </span>
              {view.hand.length > 0 && (
                <Fan
                  cards={view.hand}
                  label="your hand"
                  testId={`bc-hand-${view.viewer}`}
                  view={view}
                  legal={legal}
                  selected={selected}
                  onCard={onCard}
                />
              )}
              <p className="bc-note" role="status">
                {note ?? ''}
              </p>
            </div>
          )}
    </section>
  );
}
