// How The Boss's cities look on screen: a colour and letter badge per city, and city and reward names.
import { CITY_NAMES, faceWords, type CityId } from '@boss-table/the-boss';

/** Colour and a letter badge per city: colour is never the only signal. */
export const CITY_STYLE: Record<CityId, { color: string; badge: string }> = {
  'new-york': { color: '#2f6db5', badge: 'NY' },
  boston: { color: '#b8860b', badge: 'BO' },
  detroit: { color: '#7a3fa0', badge: 'DE' },
  'kansas-city': { color: '#2e8b57', badge: 'KC' },
  cincinnati: { color: '#c0392b', badge: 'CI' },
  memphis: { color: '#d35400', badge: 'ME' },
  philadelphia: { color: '#16a085', badge: 'PH' },
  'saint-louis': { color: '#7f8c8d', badge: 'SL' },
  chicago: { color: '#222222', badge: 'CH' },
};

export const cityName = (c: string): string => CITY_NAMES[c as CityId] ?? c;

export const faceLabel = faceWords;

export function CityBadge({ city }: { city: string }) {
  const s = CITY_STYLE[city as CityId];
  return (
    <span className="badge" style={{ background: s?.color ?? '#555' }} aria-hidden="true">
      {s?.badge ?? '?'}
    </span>
  );
}
