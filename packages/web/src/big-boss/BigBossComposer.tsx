// The Big Boss turn form: buy or play a card, found or expand, buy shares and a tower, or sell and pass.
import type { BigBossLegal, BigBossMove, CompanyId } from '@boss-table/big-boss';
import {
  acquirerChoices,
  boostChoices,
  draftMove,
  draftProblem,
  expandSpaces,
  foundStarts,
  foundTops,
  investCost,
  mergeOutlook,
  pickBoost,
  pickCard,
  pickSpace,
  playableCards,
  cardAction,
  shareChoices,
  spacesFrom,
  towerAffordable,
  emptyDraft,
  type Draft,
} from './composer-logic.js';
import { cardLabel, companyName } from './style.js';

/**
 * Buy or play a card (found: three spaces, the fourth piece, the company; expand: the
 * space, and on a merger the boost and, on a tie, the acquirer), then buy shares and a
 * tower; or, when stuck, sell and pass. Only legal choices are offered; Confirm sends.
 * The draft lives in the table (so a click on the board can change it).
 */
export function BigBossComposer({
  legal,
  draft: d,
  setDraft: setD,
  onMove,
  busy,
  seq,
  prices = {},
}: {
  seq: number;
  /** Share prices now (from the view), to tell what a merger will do. */
  prices?: Readonly<Partial<Record<CompanyId, number>>>;
  legal: BigBossLegal;
  draft: Draft;
  setDraft: (d: Draft) => void;
  onMove: (move: BigBossMove) => void;
  busy: boolean;
}) {
  const problem = draftProblem(legal, d);
  const outlook = mergeOutlook(legal, d, prices);
  const cards = playableCards(legal);
  const canBuy = legal.buy.row.length > 0 || legal.buy.deck || legal.buy.levels;
  const pick = (patch: Partial<Draft>) => setD({ ...emptyDraft, ...patch });
  const pressed = (test: boolean) => ({ 'aria-pressed': test });
  return (
    <form
      className="composer panel"
      aria-label="your turn"
      data-seq={seq}
      onSubmit={(e) => {
        e.preventDefault();
        if (!problem && !busy) onMove(draftMove(d));
      }}
    >
      <h2>Your turn</h2>
      {legal.phase === 'play' && canBuy && (
        <fieldset>
          <legend>Buy a card (5; a Level card 10)</legend>
          <div className="choices chips">
            {legal.buy.row.length > 0 && <span className="chip-label">Face up:</span>}
            {legal.buy.row.map((c) => (
              <button
                key={c}
                type="button"
                aria-label={`Face-up ${cardLabel(c)} (5)`}
                {...pressed(d.action === 'row' && d.rowCard === c)}
                onClick={() => pick({ action: 'row', rowCard: c })}
              >
                {cardLabel(c)}
              </button>
            ))}
            {legal.buy.deck && (
              <button
                type="button"
                aria-label="Top of the deck (5)"
                {...pressed(d.action === 'deck')}
                onClick={() => pick({ action: 'deck' })}
              >
                Deck
              </button>
            )}
            {legal.buy.levels && (
              <button
                type="button"
                aria-label="Level card (10)"
                {...pressed(d.action === 'levels')}
                onClick={() => pick({ action: 'levels' })}
              >
                Level
              </button>
            )}
          </div>
        </fieldset>
      )}
      {legal.phase === 'play' && cards.length > 0 && (
        <fieldset>
          <legend>Play a card</legend>
          {(['found', 'expand'] as const).map((kind) => {
            const these = cards.filter((c) => cardAction(legal, c) === kind);
            if (these.length === 0) return null;
            return (
              <div key={kind} className="choices chips">
                <span className="chip-label">
                  {kind === 'found' ? 'Found a company:' : 'Expand:'}
                </span>
                {these.map((c) => (
                  <button
                    key={c}
                    type="button"
                    aria-label={`${kind === 'found' ? 'Found with' : 'Expand with'} ${cardLabel(c)}`}
                    {...pressed(d.card === c)}
                    onClick={() => setD(pickCard(legal, c))}
                  >
                    {cardLabel(c)}
                  </button>
                ))}
              </div>
            );
          })}
          {d.action === 'found' && d.card && (
            <div className="counts">
              <label>
                Spaces{' '}
                <select
                  value={d.start ?? ''}
                  onChange={(e) => setD(pickSpace(legal, d, Number(e.target.value)))}
                >
                  {foundStarts(legal, d.card).map((s) => (
                    <option key={s} value={s}>
                      {spacesFrom(s).join(', ')}
                    </option>
                  ))}
                </select>
              </label>
              {d.start !== null && foundTops(legal, d.card, d.start)[0] !== null && (
                <label>
                  Fourth piece and headquarters on{' '}
                  <select
                    value={d.top ?? ''}
                    onChange={(e) => setD({ ...d, top: Number(e.target.value) })}
                  >
                    {foundTops(legal, d.card, d.start).map((t) => (
                      <option key={t} value={t!}>
                        {t}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              <label>
                Company{' '}
                <select
                  value={d.company ?? ''}
                  onChange={(e) => setD({ ...d, company: e.target.value as CompanyId })}
                >
                  {legal.companies.map((c) => (
                    <option key={c} value={c}>
                      {companyName(c)}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          )}
          {d.action === 'expand' && d.card && (
            <div className="counts">
              <label>
                Space{' '}
                <select
                  value={d.space ?? ''}
                  onChange={(e) => setD(pickSpace(legal, d, Number(e.target.value)))}
                >
                  {expandSpaces(legal, d.card).map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </select>
              </label>
              {d.space !== null && boostChoices(legal, d.card, d.space).length > 0 && (
                <label>
                  Merger: +1 goes to{' '}
                  <select
                    value={d.boost ?? ''}
                    onChange={(e) => setD(pickBoost(legal, d, e.target.value as CompanyId))}
                  >
                    {boostChoices(legal, d.card, d.space).map((c) => (
                      <option key={c} value={c}>
                        {companyName(c)}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              {d.space !== null && acquirerChoices(legal, d.card, d.space, d.boost).length > 0 && (
                <label>
                  Prices tie: acquirer{' '}
                  <select
                    value={d.acquirer ?? ''}
                    onChange={(e) => setD({ ...d, acquirer: e.target.value as CompanyId })}
                  >
                    {acquirerChoices(legal, d.card, d.space, d.boost).map((c) => (
                      <option key={c} value={c}>
                        {companyName(c)}
                      </option>
                    ))}
                  </select>
                </label>
              )}
            </div>
          )}
        </fieldset>
      )}
      {legal.phase === 'invest' && legal.invest && (
        <fieldset>
          <legend>Buy shares (you have {legal.invest.cash})</legend>
          <div className="counts">
            {[0, 1].map((slot) => (
              <label key={slot}>
                Share {slot + 1}{' '}
                <select
                  data-share={slot}
                  value={d.shares[slot] ?? ''}
                  disabled={slot === 1 && d.shares.length === 0}
                  onChange={(e) => {
                    const v = e.target.value as CompanyId | '';
                    const shares = [...d.shares];
                    if (v === '') shares.splice(slot, 1);
                    else shares[Math.min(slot, shares.length)] = v;
                    setD({ ...d, action: 'invest', shares });
                  }}
                >
                  <option value="">none</option>
                  {shareChoices(legal, d, slot).map((c) => (
                    <option key={c} value={c}>
                      {companyName(c)} ({legal.invest!.shares.find((s) => s.company === c)!.cost})
                    </option>
                  ))}
                </select>
              </label>
            ))}
            {legal.invest.tower && (
              <label>
                <input
                  type="checkbox"
                  checked={d.tower}
                  disabled={!d.tower && !towerAffordable(legal, d)}
                  onChange={(e) => setD({ ...d, action: 'invest', tower: e.target.checked })}
                />{' '}
                Radio tower on {companyName(legal.invest.tower.company)} ({legal.invest.tower.cost})
              </label>
            )}
          </div>
          <p>Cost: {investCost(legal, d.shares, d.tower) ?? '—'}</p>
        </fieldset>
      )}
      {legal.pass && (
        <fieldset>
          <legend>You can neither buy nor play</legend>
          {legal.sell.length > 0 && (
            <div className="counts">
              <label>
                Sell{' '}
                <select
                  aria-label="company to sell"
                  value={d.action === 'sell' ? (d.sellCompany ?? '') : ''}
                  onChange={(e) =>
                    e.target.value === ''
                      ? pick({})
                      : pick({
                          action: 'sell',
                          sellCompany: e.target.value as CompanyId,
                          sellCount: 1,
                        })
                  }
                >
                  <option value="">nothing</option>
                  {legal.sell.map((s) => (
                    <option key={s.company} value={s.company}>
                      {companyName(s.company)} at {s.price}
                    </option>
                  ))}
                </select>
              </label>
              {d.action === 'sell' && (
                <label>
                  Count{' '}
                  <select
                    value={d.sellCount}
                    onChange={(e) => setD({ ...d, sellCount: Number(e.target.value) })}
                  >
                    {Array.from(
                      { length: legal.sell.find((s) => s.company === d.sellCompany)?.max ?? 0 },
                      (_, k) => k + 1,
                    ).map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </label>
              )}
            </div>
          )}
          <div className="choices">
            <button
              type="button"
              {...pressed(d.action === 'pass')}
              onClick={() => pick({ action: 'pass' })}
            >
              Pass
            </button>
          </div>
        </fieldset>
      )}
      {outlook && (
        <p className="outlook">
          Merger: {companyName(outlook.acquirer)} acquires {companyName(outlook.acquired)}; each
          share of {companyName(outlook.acquired)} is paid {outlook.paidAt} (a tower three times
          that).
        </p>
      )}
      <div className="submit-row">
        <p className="why" role="status">
          {problem ?? 'Ready.'}
        </p>
        <button type="submit" disabled={problem !== null || busy}>
          Confirm
        </button>
      </div>
    </form>
  );
}
