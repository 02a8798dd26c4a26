// Draws I'm the Boss!: the loop of spaces, the open deal and who covers it, every seat, and the player's hand.
import type { CSSProperties } from 'react';
import {
  BOARD,
  dividendsWords,
  FAMILIES,
  familyOf,
  placardId,
  type ImbLegal,
  type ImbView,
} from '@boss-table/im-the-boss';
import type { Names } from '../registry.js';
import {
  FAMILY_COLORS,
  RING,
  cardUse,
  dealSlots,
  endOdds,
  familyName,
  groupHand,
  itemWords,
  KIND_WORDS,
  moneyShown,
  nextTile,
  promisedExcept,
  spaceWords,
  tileValue,
} from './logic.js';

/** A family's mark: its initial on its colour, with its name for screen readers and on hover. */
export function Fam({ view, f, faded }: { view: ImbView; f: number; faded?: boolean }) {
  const name = familyName(view, f);
  return (
    <span
      className={`imb-fam${faded ? ' faded' : ''}`}
      style={{ '--fam': FAMILY_COLORS[f] } as CSSProperties}
      title={name}
      aria-label={name}
    >
      {name[0]}
    </span>
  );
}

const famIndex = (k: string) => FAMILIES.indexOf(k as never);

/** The families' marks and names, always in view (a phone has no hover). */
export function FamilyLegend({ view }: { view: ImbView }) {
  return (
    <p className="imb-legend" aria-label="families">
      {FAMILIES.map((_, f) => (
        <span key={f}>
          <Fam view={view} f={f} /> {familyName(view, f)}
        </span>
      ))}
      <span className="muted">faded: one of several will do</span>
    </p>
  );
}

/** One space of the loop: what it needs, its dividends, its tile once closed, the marker. */
function Space({
  view,
  space,
  onPick,
}: {
  view: ImbView;
  space: number;
  onPick?: (space: number) => void;
}) {
  const sp = BOARD[space - 1];
  const t = view.table;
  const tile = t.closed[space - 1];
  const here = t.marker === space;
  const [row, col] = RING[space - 1];
  const style = { gridRow: row, gridColumn: col } as CSSProperties;
  const label = `Space ${space}: ${sp.D} dividends, needs ${spaceWords(view, sp)}${tile ? `; closed with tile ${tile}` : ''}${here ? '; the marker is here' : ''}`;
  const body = (
    <>
      <span className="imb-space-no">{space}</span>
      {tile > 0 ? (
        <span className="imb-tile" title={`Tile ${tile}: ${tileValue(tile)} M a dividend`}>
          {tile}
        </span>
      ) : (
        <span className="imb-d">{sp.D}×</span>
      )}
      <span className="imb-needs">
        {sp.required.map((k) => (
          <Fam key={k} view={view} f={famIndex(k)} />
        ))}
        {sp.groups.map((g, i) => (
          <span className="imb-group" key={i}>
            {g.need}/
            {g.of.map((k) => (
              <Fam key={k} view={view} f={famIndex(k)} faded />
            ))}
          </span>
        ))}
      </span>
      {here && (
        <span className="imb-marker" aria-hidden="true">
          ◆
        </span>
      )}
    </>
  );
  const cls = `imb-space${tile ? ' closed' : ''}${here ? ' here' : ''}`;
  if (onPick && !tile)
    return (
      <button
        type="button"
        className={`${cls} pick`}
        style={style}
        aria-label={`Place the marker on space ${space}`}
        title={label}
        onClick={() => onPick(space)}
      >
        {body}
      </button>
    );
  return (
    <div className={cls} style={style} title={label} aria-label={label} role="img">
      {body}
    </div>
  );
}

/** The deal on the table: money at stake, each family's cover, agreements, what is left. */
export function DealBox({ view, names }: { view: ImbView; names: Names }) {
  const d = view.table.deal;
  if (!d) return null;
  const slots = dealSlots(view, names);
  const promised = promisedExcept(view, -1);
  const sp = BOARD[d.space - 1];
  return (
    <section className="imb-deal" aria-label="the deal">
      <h3>
        Deal on space {d.space}: {names(d.boss)} {names(d.boss) === 'You' ? 'are' : 'is'} the Boss
      </h3>
      <p className="imb-stake">
        <strong>
          {d.D} dividends × {d.V} M = {d.D * d.V} M
        </strong>{' '}
        · promised {promised}, left for the Boss {d.D - promised}
      </p>
      <p className="muted">Needs {spaceWords(view, sp)}</p>
      <ul className="imb-slots">
        {slots.map((s) => (
          <li key={s.family} className={s.by.length ? 'covered' : 'missing'}>
            <Fam view={view} f={s.family} faded={s.role === 'optional'} />{' '}
            <span>
              {familyName(view, s.family)}
              {s.role === 'optional' ? ' (optional)' : ''}:{' '}
              {s.by.length ? s.by.join('; ') : <em>missing</em>}
            </span>
          </li>
        ))}
      </ul>
      {d.agreements.length > 0 && (
        <p className="imb-offered">
          Agreed:{' '}
          {d.agreements
            .map(
              (a) =>
                `${names(a.seat)} — ${a.items.map((i) => itemWords(view, i)).join(', ') || 'nothing'} for ${dividendsWords(a.dividends)}`,
            )
            .join('; ')}
        </p>
      )}
      {d.table.some((c) => !c.committed) && (
        <p className="imb-offered">
          Offered clan cards:{' '}
          {d.table
            .filter((c) => !c.committed)
            .map((c) => `${itemWords(view, c.card)} from ${names(c.owner)}`)
            .join(', ')}
        </p>
      )}
      {d.offered.length > 0 && (
        <p className="imb-offered">
          Placards offered:{' '}
          {d.offered
            .map((p) => `${itemWords(view, p)} (${names(view.table.placards[familyOf(p)])})`)
            .join(', ')}
        </p>
      )}
      {d.travelling.length > 0 && (
        <p className="imb-offered">
          Travelling: {d.travelling.map((x) => itemWords(view, placardId(x.family))).join(', ')}
        </p>
      )}
      {d.proposals.length > 0 && (
        <ul className="imb-proposals" aria-label="open proposals">
          {d.proposals.map((p) => (
            <li key={p.id}>
              #{p.id} {names(p.from)} → {names(p.to)}:{' '}
              {p.items.map((i) => itemWords(view, i)).join(', ') || 'nothing'} for{' '}
              {dividendsWords(p.dividends)}
            </li>
          ))}
        </ul>
      )}
      {d.rounds && (
        <p className="muted">
          Negotiation round {d.rounds.total + 1}: {names(d.rounds.stepSeat)}’s step.
        </p>
      )}
    </section>
  );
}

/** Every seat: placards, cards in hand, money, who is the Boss. */
export function Seats({ view, names }: { view: ImbView; names: Names }) {
  const t = view.table;
  const d = t.deal;
  return (
    <ul className="imb-seats" aria-label="players">
      {Array.from({ length: t.players }, (_, seat) => (
        <li key={seat} className={seat === view.viewer ? 'me' : ''}>
          <strong>{names(seat)}</strong>
          {d?.boss === seat && <span className="imb-boss-tag">Boss</span>}
          <span className="imb-placards" aria-label={`placards of ${names(seat)}`}>
            {t.placards.map((o, f) =>
              o === seat ? (
                <Fam
                  key={f}
                  view={view}
                  f={f}
                  faded={!!d?.travelling.some((x) => x.family === f)}
                />
              ) : null,
            )}
          </span>
          <span>{view.handCounts[seat]} cards</span>
          <span className="imb-money">{moneyShown(view, seat)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The own hand, grouped by kind, with what each card can do now. */
export function Hand({ view, legal }: { view: ImbView; legal: ImbLegal | null }) {
  if (!view.hand) return null;
  const groups = groupHand(view.hand);
  return (
    <section className="imb-hand" aria-label="your hand" data-testid={`imb-hand-${view.viewer}`}>
      <h3>Your hand ({view.hand.length})</h3>
      {groups.length === 0 && <p className="muted">No cards.</p>}
      {groups.map((g) => (
        <div key={g.kind} className="imb-hand-group">
          <span className="imb-kind">{KIND_WORDS[g.kind]}</span>
          {g.cards.map((c) => {
            const use = cardUse(c, legal);
            return (
              <span
                key={c}
                className={`imb-card k-${g.kind}${use ? ' usable' : ''}`}
                data-card={c}
                title={use || 'nothing to do with it now'}
              >
                {itemWords(view, c)}
                {use && <small>{use}</small>}
              </span>
            );
          })}
        </div>
      ))}
    </section>
  );
}

/** The board: the loop of spaces around the deal (or the turn), the seats, the own hand. */
export function Board({
  view,
  names,
  legal = null,
  onPick,
  latest = [],
}: {
  view: ImbView;
  names: Names;
  legal?: ImbLegal | null;
  onPick?: (space: number) => void;
  latest?: readonly string[];
}) {
  const t = view.table;
  const tile = nextTile(view);
  return (
    <div className="imb-board">
      <p className="imb-status">
        {/* Before the start player's first turn the rules count round 0: shown as the first. */}
        <span>Round {Math.max(1, t.round)}</span>
        <span>
          Next tile:{' '}
          {tile === null ? (
            'none'
          ) : (
            <>
              <strong>{tile}</strong> ({tileValue(tile)} M a dividend
              {endOdds(tile) > 0 ? `; ends the game on ${endOdds(tile)} in 6` : ''})
            </>
          )}
        </span>
        <span>
          Tiles left: {t.tiles.length - t.tileIndex} · draw pile {view.drawPile}
        </span>
      </p>
      <FamilyLegend view={view} />
      <div className="imb-loop">
        {BOARD.map((sp) => (
          <Space
            key={sp.space}
            view={view}
            space={sp.space}
            onPick={legal?.placeMarker?.includes(sp.space) ? onPick : undefined}
          />
        ))}
        <div className="imb-centre">
          <p>
            <strong>
              {t.phase === 'over'
                ? 'Game over'
                : t.deal
                  ? `Deal: ${names(t.deal.boss)} ${names(t.deal.boss) === 'You' ? 'are' : 'is'} the Boss`
                  : `${names(t.seat)}${names(t.seat) === 'You' ? 'r' : '’s'} turn`}
            </strong>
          </p>
          {t.marker > 0 ? (
            <p className="muted">
              Space {t.marker}: {BOARD[t.marker - 1].D} dividends
              {t.deal ? ` × ${t.deal.V} M = ${t.deal.D * t.deal.V} M` : ''}
            </p>
          ) : (
            <p className="muted">The marker is not placed yet.</p>
          )}
          {!t.deal && latest.length > 0 && (
            <ul className="imb-latest" aria-label="just now">
              {latest.slice(-3).map((l, i) => (
                <li key={i}>{l}</li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <DealBox view={view} names={names} />
      <Seats view={view} names={names} />
      <Hand view={view} legal={legal} />
    </div>
  );
}
