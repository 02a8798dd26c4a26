// Draws Big Boss: the 72-space track, share-price chart, companies, cards on offer and each seat's holdings.
import type { BigBossView, CardCode, CompanyId } from '@boss-table/big-boss';
import { Fragment, useEffect, useState } from 'react';
import { TRACK, TRACK_PHONE, type TrackLayout } from './track.js';
import { cardLabel, CompanyBadge, COMPANY_STYLE, companyName } from './style.js';

const CELL = 56;
const NARROW = '(max-width: 600px)';

/** The tall layout on narrow screens, the wide one elsewhere (and where media queries are missing). */
function useLayout(): TrackLayout {
  const [narrow, setNarrow] = useState(
    () => typeof window !== 'undefined' && !!window.matchMedia?.(NARROW).matches,
  );
  useEffect(() => {
    const query = window.matchMedia?.(NARROW);
    if (!query) return;
    const on = () => setNarrow(query.matches);
    on();
    query.addEventListener('change', on);
    return () => query.removeEventListener('change', on);
  }, []);
  return narrow ? TRACK_PHONE : TRACK;
}
const GAP = 4;

/**
 * The Big Boss table from one view: the winding track of 72 spaces with each company's
 * pieces (and their level), headquarters and colour; share prices; the face-up row, deck
 * and Level stack; every player's cash, shares and towers; the viewer's own hand.
 * `allHands` (replays) shows every hand. `marks`/`onSpace` let the composer offer spaces.
 */
export function BigBossBoard({
  view,
  names,
  allHands,
  marks,
  recent,
  onSpace,
}: {
  view: BigBossView;
  names: (seat: number) => string;
  allHands?: readonly (readonly CardCode[])[];
  marks?: { options: readonly number[]; chosen: readonly number[] };
  onSpace?: (space: number) => void;
  /** Spaces the latest card built on: marked with a dot. */
  recent?: readonly number[];
}) {
  const layout = useLayout();
  const hqAt = new Map<number, CompanyId>();
  for (const [c, space] of Object.entries(view.headquarters)) hqAt.set(space!, c as CompanyId);
  const centre = (i: number) => {
    const [x, y] = layout.cells[i];
    return [x * CELL + CELL / 2, y * CELL + CELL / 2] as const;
  };
  const path = layout.cells.map((_, i) => centre(i).join(',')).join(' ');
  return (
    <div className="board big-boss">
      <div className="status-line">
        <span className="minor">Rules: {view.rules}</span>
        {view.turn !== null && (
          <span className="turn">
            Turn: {names(view.turn)}
            {view.phase === 'invest'
              ? ' (buying shares)'
              : view.phase === 'sell'
                ? ' (selling)'
                : ''}
          </span>
        )}
        <span>Pieces left: {view.piecesLeft}</span>
        <span className="minor">Deck: {view.deckCount}</span>
        {view.rules === 'modern' && <span className="minor">Level stack: {view.levelsCount}</span>}
        <span className="minor">Discards: {view.discards.length}</span>
        {view.passes > 0 && <span>Passes in a row: {view.passes}</span>}
      </div>
      <svg
        className="track"
        viewBox={`0 0 ${layout.columns * CELL} ${layout.rows * CELL}`}
        role="group"
        aria-label="track of 72 spaces"
      >
        <polygon points={path} fill="none" stroke="#c9bfa8" strokeWidth={6} />
        {layout.cells.map(([x, y], i) => {
          const space = i + 1;
          const cell = view.track[i];
          const hq = hqAt.get(space);
          const option = marks?.options.includes(space) ?? false;
          const chosen = marks?.chosen.includes(space) ?? false;
          const isNew = recent?.includes(space) ?? false;
          const style = cell ? COMPANY_STYLE[cell.company] : null;
          const label = `Space ${space}${
            cell
              ? `: ${companyName(cell.company)}, ${cell.pieces} piece${cell.pieces === 1 ? '' : 's'}`
              : ', empty'
          }${hq ? `, headquarters of ${companyName(hq)}` : ''}${isNew ? ', just built' : ''}${option ? ' (you may choose it)' : ''}`;
          const click = option && onSpace ? () => onSpace(space) : undefined;
          return (
            <g
              key={space}
              data-space={space}
              className={`space${option ? ' option' : ''}${chosen ? ' chosen' : ''}`}
              transform={`translate(${x * CELL + GAP / 2},${y * CELL + GAP / 2})`}
              role={click ? 'button' : 'img'}
              aria-label={label}
              tabIndex={click ? 0 : undefined}
              onClick={click}
              onKeyDown={
                click
                  ? (e) => {
                      if (e.key === 'Enter' || e.key === ' ') {
                        e.preventDefault();
                        click();
                      }
                    }
                  : undefined
              }
            >
              <title>{label}</title>
              <rect
                width={CELL - GAP}
                height={CELL - GAP}
                rx={6}
                fill={style ? style.color : '#fffdf7'}
                stroke={chosen ? '#f5a623' : option ? '#1d1d1f' : hq ? '#f1c40f' : '#b5aa90'}
                strokeWidth={chosen ? 5 : option || hq ? 3 : 1}
                strokeDasharray={option && !chosen ? '5 3' : undefined}
              />
              <text x={4} y={13} fontSize={11} fill={style ? '#fff' : '#666'}>
                {space}
              </text>
              {cell && style && (
                <>
                  <text
                    x={(CELL - GAP) / 2}
                    y={33}
                    fontSize={17}
                    fontWeight={700}
                    textAnchor="middle"
                    fill="#fff"
                  >
                    {style.badge}
                  </text>
                  {Array.from({ length: cell.pieces }, (_, k) => (
                    <rect
                      key={k}
                      x={5 + k * 8}
                      y={CELL - GAP - 11}
                      width={6}
                      height={6}
                      fill="#fff"
                    />
                  ))}
                  <text x={CELL - GAP - 4} y={13} fontSize={11} textAnchor="end" fill="#fff">
                    ×{cell.pieces}
                  </text>
                </>
              )}
              {isNew && <circle cx={CELL - GAP - 8} cy={22} r={4} fill="#f5a623" stroke="#fff" />}
              {hq && (
                <polygon
                  transform={`translate(${CELL - GAP - 11},${CELL - GAP - 11}) scale(0.9)`}
                  points="5,0 6.2,3.6 10,3.6 7,5.9 8.1,9.5 5,7.3 1.9,9.5 3,5.9 0,3.6 3.8,3.6"
                  fill="#f1c40f"
                  stroke="#0006"
                  strokeWidth={0.5}
                />
              )}
            </g>
          );
        })}
      </svg>
      {!allHands && view.hand && view.viewer !== null && (
        <section className="own-hand" aria-label="your hand">
          Your hand ({view.hand.length}):{' '}
          <span className="hand" data-testid={`bb-hand-${view.viewer}`}>
            {view.hand.map((c, i) => (
              <span key={i} className="card">
                {cardLabel(c)}
              </span>
            ))}
          </span>
        </section>
      )}
    </div>
  );
}

/** Below the board: the share prices, the companies and the cards on offer. */
export function BigBossDetails({
  view,
  names,
}: {
  view: BigBossView;
  names: (seat: number) => string;
}) {
  const active = view.companies.filter((c) => c.status !== 'never');
  return (
    <div className="big-boss-details">
      <PriceTrack view={view} />
      <div className="bb-panels">
        <table className="companies" aria-label="companies">
          <thead>
            <tr>
              <th>Company</th>
              <th>Price</th>
              <th>Shares left</th>
              <th>Tower</th>
              <th>HQ</th>
            </tr>
          </thead>
          <tbody>
            {active.length === 0 && (
              <tr>
                <td colSpan={5}>No company founded yet.</td>
              </tr>
            )}
            {active.map((c) => (
              <tr key={c.id} className={c.status} data-company={c.id}>
                <td>
                  <CompanyBadge company={c.id} /> {companyName(c.id)}
                  {c.status === 'gone' ? ' (acquired)' : ''}
                </td>
                <td>
                  <span className="price-track" aria-hidden="true">
                    <span
                      style={{
                        width: `${(c.price / 50) * 100}%`,
                        background: COMPANY_STYLE[c.id].color,
                      }}
                    />
                  </span>{' '}
                  {c.price}
                </td>
                <td>{c.sharesLeft}</td>
                <td>{c.tower === null ? '—' : names(c.tower)}</td>
                <td>{view.headquarters[c.id] ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="supply" aria-label="cards">
          {view.rules === 'modern' && (
            <p>
              Face up:{' '}
              {view.row.length === 0
                ? 'none'
                : view.row.map((c) => (
                    <span key={c} className="card">
                      {cardLabel(c)}
                    </span>
                  ))}
            </p>
          )}
          <p>
            Deck: {view.deckCount} card{view.deckCount === 1 ? '' : 's'}
            {view.rules === 'modern' ? ` · Level stack: ${view.levelsCount}` : ''}
          </p>
        </div>
      </div>
    </div>
  );
}

/** One player's shares, towers and hand (every hand in a replay; else a count and known cards). */
export function BigBossSeat({
  view,
  seat,
  allHands,
}: {
  view: BigBossView;
  seat: number;
  allHands?: readonly (readonly CardCode[])[];
}) {
  const p = view.seats[seat];
  const hand = allHands?.[seat] ?? null;
  const held = view.companies.filter((c) => (p.shares[c.id] ?? 0) > 0);
  return (
    <div className="seat-detail">
      <div>
        {held.length === 0
          ? 'No shares'
          : held.map((c) => (
              <Fragment key={c.id}>
                <span className="holding">
                  <CompanyBadge company={c.id} /> {companyName(c.id)} ×{p.shares[c.id]}
                </span>{' '}
              </Fragment>
            ))}
      </div>
      <div>
        {view.rules === 'modern' ? 'Towers' : 'Flags'}:{' '}
        {p.towers.length ? p.towers.map(companyName).join(', ') : 'none'} ({p.towersLeft} left)
        {p.passed ? ' · passed' : ''}
      </div>
      <div>
        {hand ? (
          <span className="hand" data-testid={`bb-hand-${seat}`}>
            {hand.map((c, i) => (
              <span key={i} className="card">
                {cardLabel(c)}
              </span>
            ))}
          </span>
        ) : (
          <span className="hand-count">
            {p.handCount} card{p.handCount === 1 ? '' : 's'} in hand
            {p.known.length ? ` (known: ${p.known.map(cardLabel).join(', ')})` : ''}
          </span>
        )}
      </div>
    </div>
  );
}

/** The share-price track 0–50 with each company's marker (its initials in its colour). */
export function PriceTrack({ view }: { view: BigBossView }) {
  const active = view.companies
    .filter((c) => c.status === 'active')
    .sort((a, b) => a.price - b.price);
  if (active.length === 0) return null;
  const x = (price: number) => 14 + price * 10;
  // Markers closer than two steps stack upwards, so none hides another.
  const levels: number[] = [];
  const placed: { price: number; level: number }[] = [];
  for (const c of active) {
    let level = 0;
    while (placed.some((p) => p.level === level && Math.abs(p.price - c.price) < 2)) level++;
    placed.push({ price: c.price, level });
    levels.push(level);
  }
  const height = 44 + (Math.max(...levels) + 1) * 22;
  const axis = height - 18;
  return (
    <svg
      className="price-chart"
      viewBox={`0 0 528 ${height}`}
      role="img"
      aria-label={`Share prices: ${active.map((c) => `${companyName(c.id)} ${c.price}`).join(', ')}`}
    >
      <line x1={x(0)} x2={x(50)} y1={axis} y2={axis} stroke="#b5aa90" strokeWidth={2} />
      {Array.from({ length: 11 }, (_, k) => (
        <g key={k}>
          <line x1={x(k * 5)} x2={x(k * 5)} y1={axis - 4} y2={axis + 4} stroke="#b5aa90" />
          <text x={x(k * 5)} y={axis + 15} fontSize={9} textAnchor="middle" fill="#666">
            {k * 5}
          </text>
        </g>
      ))}
      {active.map((c, i) => {
        const y = axis - 16 - levels[i] * 22;
        return (
          <g key={c.id} data-price-of={c.id}>
            <line
              x1={x(c.price)}
              x2={x(c.price)}
              y1={y}
              y2={axis}
              stroke={COMPANY_STYLE[c.id].color}
            />
            <circle cx={x(c.price)} cy={y} r={10} fill={COMPANY_STYLE[c.id].color} />
            <text
              x={x(c.price)}
              y={y + 3.5}
              fontSize={10}
              fontWeight={700}
              textAnchor="middle"
              fill="#fff"
            >
              {COMPANY_STYLE[c.id].badge}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
