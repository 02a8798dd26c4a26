// The Boss's optional deduction helper: the odds of each city's hidden reward from what this seat has seen.
import { deduce, type BossView } from '@boss-table/the-boss';
import { cityName, faceLabel } from './cities.js';

/** For each city, the chance of each face of its hidden reward, from this seat's view. */
export function DeductionPanel({ view }: { view: BossView }) {
  const rows = deduce(view);
  if (rows.length === 0) return null;
  return (
    <table className="deduction" aria-label="deduction helper">
      <thead>
        <tr>
          <th>City</th>
          <th>Hidden reward could be</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((d) => (
          <tr key={d.city}>
            <td>{cityName(d.city)}</td>
            <td>
              {Object.entries(d.faces)
                .sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0))
                .map(([face, p]) => `${faceLabel(face)} ${Math.round((p ?? 0) * 100)}%`)
                .join(' · ')}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
