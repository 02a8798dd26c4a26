// How Big Boss companies look on screen: colour and short badge per company, and card labels.
import { COMPANY_NAMES, type CardCode, type CompanyId } from '@boss-table/big-boss';

/** Colour and a short label per company: colour is never the only signal. */
export const COMPANY_STYLE: Readonly<Record<CompanyId, { color: string; badge: string }>> = {
  regent: { color: '#1f5fa8', badge: 'Re' },
  lunar: { color: '#6b6b8f', badge: 'Lu' },
  eagle: { color: '#b8860b', badge: 'Ea' },
  kingdom: { color: '#7a3fa0', badge: 'Ki' },
  lion: { color: '#c0392b', badge: 'Li' },
  orion: { color: '#16806b', badge: 'Or' },
  vega: { color: '#d35400', badge: 'Ve' },
  zenith: { color: '#2c3e50', badge: 'Ze' },
};

export const companyName = (c: CompanyId): string => COMPANY_NAMES[c];

/** `I17` as "17", `L` as "Level", `L3` as "Level 3". */
export function cardLabel(card: CardCode): string {
  if (card === 'L') return 'Level';
  if (card.startsWith('L')) return `Level ${card.slice(1)}`;
  return card.slice(1);
}

export function CompanyBadge({ company }: { company: CompanyId }) {
  const s = COMPANY_STYLE[company];
  return (
    <span className="badge" style={{ background: s.color }} aria-hidden="true">
      {s.badge}
    </span>
  );
}
