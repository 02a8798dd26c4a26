// Splits each Big Boss player's final money into cash, shares, towers and cards for the end-of-game table.
import type { BigBossView, MoneyBreakdown } from '@boss-table/big-boss';

/**
 * Each seat's final money, part by part, from a finished game's view (rules file, section 7):
 * cash, shares at their company's price, each standing tower as three shares, and the cards
 * in hand. Other hands are hidden, so the cards' part is what the final score leaves after
 * the public parts (the same figure the engine counted: +5/+10 or −5 a card).
 */
export function moneyBreakdown(view: BigBossView): MoneyBreakdown[] | null {
  const outcome = view.outcome;
  if (!outcome) return null;
  const price = new Map(view.companies.map((c) => [c.id, c]));
  return view.seats.map((seat, p) => {
    let shares = 0;
    let towers = 0;
    for (const c of view.companies)
      if (c.status === 'active') shares += (seat.shares[c.id] ?? 0) * c.price;
    for (const t of seat.towers) {
      const c = price.get(t);
      if (c?.status === 'active') towers += 3 * c.price;
    }
    const total = outcome.scores[p];
    return { cash: seat.cash, shares, towers, cards: total - seat.cash - shares - towers, total };
  });
}
