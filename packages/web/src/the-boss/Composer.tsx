// The Boss turn form: choose a city and cubes, pick a card to reveal, confirm; illegal choices say why.
import { useState } from 'react';
import type { BossLegal, BossView } from '@boss-table/the-boss';
import { cityName, faceLabel } from './cities.js';
import {
  cityBlocked,
  cubeChoices,
  draftMove,
  draftProblem,
  emptyDraft,
  type Draft,
} from './composer-logic.js';

/** Pick a city and cubes (optional), a card to reveal, confirm. What is illegal says why. */
export function Composer({
  view,
  legal,
  onMove,
  busy,
}: {
  view: BossView;
  legal: BossLegal;
  onMove: (move: unknown) => void;
  busy: boolean;
}) {
  const [d, setD] = useState<Draft>(emptyDraft);
  const problem = draftProblem(legal, d);
  const choices = d.city ? cubeChoices(legal, d.city) : { big: [], small: [] };
  const pickCity = (city: string | null) => {
    if (city === null) return setD({ ...d, city: null, big: 0, small: 0 });
    const p = legal.place.find((x) => x.city === city)!;
    setD({
      ...d,
      city,
      big: Math.max(p.minBig, Math.min(p.maxBig, p.minTotal)),
      small: Math.max(0, p.minTotal - p.maxBig),
    });
  };
  return (
    <form
      className="composer panel"
      aria-label="your turn"
      onSubmit={(e) => {
        e.preventDefault();
        if (!problem && !busy) {
          onMove(draftMove(d));
          setD(emptyDraft);
        }
      }}
    >
      <h2>Your turn</h2>
      <fieldset>
        <legend>1. Place cubes (optional)</legend>
        <div className="choices">
          <button type="button" aria-pressed={d.city === null} onClick={() => pickCity(null)}>
            No cubes
          </button>
          {view.row.map((c) => {
            const why = cityBlocked(legal, c.city);
            return (
              <button
                key={c.city}
                type="button"
                disabled={why !== null}
                title={why ?? `Place on ${cityName(c.city)}`}
                aria-pressed={d.city === c.city}
                onClick={() => pickCity(c.city)}
              >
                {cityName(c.city)}
              </button>
            );
          })}
        </div>
        {d.city && (
          <div className="counts">
            <label>
              Big{' '}
              <select
                aria-label="big cubes"
                value={d.big}
                onChange={(e) => setD({ ...d, big: Number(e.target.value) })}
              >
                {choices.big.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Small{' '}
              <select
                aria-label="small cubes"
                value={d.small}
                onChange={(e) => setD({ ...d, small: Number(e.target.value) })}
              >
                {choices.small.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          </div>
        )}
      </fieldset>
      <fieldset>
        <legend>2. Reveal a card</legend>
        <div className="choices">
          {legal.reveal.map((card) => (
            <button
              key={card}
              type="button"
              aria-pressed={d.reveal === card}
              onClick={() => setD({ ...d, reveal: card })}
            >
              {cityName(card.split(':')[0])} {faceLabel(card.split(':')[1])}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="submit-row">
        <p className="why" role="status">
          {problem ?? 'Ready.'}
        </p>
        <button type="submit" disabled={problem !== null || busy}>
          Confirm turn
        </button>
      </div>
    </form>
  );
}
