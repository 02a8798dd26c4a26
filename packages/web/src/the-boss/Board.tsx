// Draws The Boss's row of cities: hidden rewards, revealed cards with the latest marked, and everyone's cubes.
import type { BossView } from '@boss-table/the-boss';
import { CityBadge, CITY_STYLE, cityName, faceLabel } from './cities.js';
import { Cube } from '../shell/icons.js';

const face = (card: string) => faceLabel(card.slice(card.indexOf(':') + 1));

/**
 * The Boss table from one view: the row with Chicago where it stands, each city's face-down
 * reward, revealed cards (the last marked) and everyone's cubes there. Scores, cubes in
 * reserve and hands are in the players' panels (`SeatDetail`).
 */
export function Board({
  view,
  names,
  rewards,
}: {
  view: BossView;
  names: (seat: number) => string;
  /** Replays: each city's face-down reward, shown face up. */
  rewards?: Readonly<Record<string, string>>;
}) {
  return (
    <div className="board">
      <div className="status-line">
        <span>
          {view.overtime > 0 ? `Overtime round ${view.overtime}` : `Round ${view.round}`}
          {view.lastRound ? ' — last round' : ''}
        </span>
        <span>Dealer: {names(view.dealer)}</span>
        <span aria-label="police">
          Police: {view.police.flipped.length ? view.police.flipped.join(', ') : 'none turned'} (
          {view.police.remaining} left)
        </span>
        {view.turn !== null && <span className="turn">Turn: {names(view.turn)}</span>}
        {view.lastTurnOrder && (
          <span>Last turn order: {view.lastTurnOrder.map(names).join(' → ')}</span>
        )}
      </div>
      <ol className="row" aria-label="cities, left to right">
        {view.row.map((c) => (
          <li
            key={c.city}
            className="city"
            style={{ borderColor: CITY_STYLE[c.city].color }}
            data-city={c.city}
          >
            <div className="city-name">
              <CityBadge city={c.city} /> {cityName(c.city)}
            </div>
            {c.city === 'chicago' ? (
              <div className="reward muted">scores half the last cards to its left</div>
            ) : (
              <div className="reward" title="face-down reward">
                {view.outcome ? (
                  ''
                ) : rewards?.[c.city] ? (
                  <>
                    reward: <strong className="reward-face">{faceLabel(rewards[c.city])}</strong>
                  </>
                ) : (
                  <>
                    <span className="card-back-icon" aria-hidden="true" /> hidden reward
                  </>
                )}
              </div>
            )}
            <div className="revealed">
              {c.revealed.map((card, i) => (
                <span
                  key={i}
                  className={i === c.revealed.length - 1 ? 'card last' : 'card'}
                  title={
                    i === c.revealed.length - 1 ? 'last revealed (counts for Chicago)' : undefined
                  }
                >
                  {face(card)}
                </span>
              ))}
            </div>
            <ul className="cubes">
              {c.cubes.map((q, seat) =>
                q.big || q.small ? (
                  <li key={seat} className={`p${seat}`}>
                    {names(seat)}:{' '}
                    <span aria-label="big cubes">
                      <Cube size={10} seat={seat} />×{q.big}
                    </span>
                    {q.small ? (
                      <span aria-label="small cubes">
                        {' '}
                        <Cube size={6} seat={seat} />×{q.small}
                      </span>
                    ) : null}
                  </li>
                ) : null,
              )}
            </ul>
          </li>
        ))}
      </ol>
    </div>
  );
}
