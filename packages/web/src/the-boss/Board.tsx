import type { BossView } from '@boss-table/the-boss';
import { CityBadge, CITY_STYLE, cityName, faceLabel } from './cities.js';

const face = (card: string) => faceLabel(card.slice(card.indexOf(':') + 1));

/**
 * The Boss table from one view: the row with Chicago where it stands, each city's face-down
 * reward, revealed cards (the last marked), everyone's cubes, hands, scores and cubes.
 * `allHands` (replays) shows every hand's values.
 */
export function Board({
  view,
  names,
  allHands,
}: {
  view: BossView;
  names: (seat: number) => string;
  allHands?: readonly (readonly string[])[];
}) {
  const me = view.viewer;
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
                {view.outcome ? '' : '🂠 reward'}
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
                    {names(seat)}: <span aria-label="big cubes">■×{q.big}</span>
                    {q.small ? <span aria-label="small cubes"> ▪×{q.small}</span> : null}
                  </li>
                ) : null,
              )}
            </ul>
          </li>
        ))}
      </ol>
      <table className="players">
        <thead>
          <tr>
            <th>Player</th>
            <th>Score</th>
            <th>Big to place</th>
            <th>Hospital</th>
            <th>Prison</th>
            <th>Dead</th>
            <th>Small</th>
            <th>Hand</th>
          </tr>
        </thead>
        <tbody>
          {view.players.map((p, seat) => {
            const hand = view.hands[seat];
            const values = allHands?.[seat] ?? hand.cards;
            return (
              <tr key={seat} className={view.turn === seat ? 'active' : ''} data-seat={seat}>
                <td>
                  {names(seat)}
                  {seat === me && names(seat) !== 'You' ? ' (you)' : ''}
                  {p.banished ? ' · banished from Cincinnati' : ''}
                </td>
                <td>{p.score}</td>
                <td>{p.bigAvailable - p.bigPlaced}</td>
                <td>{p.bigHospital}</td>
                <td>{p.bigPrison}</td>
                <td>{p.bigDead}</td>
                <td>{p.smallLeft}</td>
                <td className="hand" data-testid={`hand-${seat}`}>
                  {values
                    ? values.map((card, i) => (
                        <span
                          key={i}
                          className="card"
                          style={{
                            borderColor:
                              CITY_STYLE[card.split(':')[0] as keyof typeof CITY_STYLE]?.color,
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
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
