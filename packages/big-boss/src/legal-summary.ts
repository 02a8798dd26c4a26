// The compact legal form a Big Boss seat is sent: what it may buy, found, expand, merge or play now.
import {
  cardCode,
  COMPANY_IDS,
  isIndustry,
  MAX_PRICE,
  SPACES,
  spaceAt,
  type CompanyId,
  type IndustryCard,
} from './companies.js';
import {
  canBuy,
  canPlay,
  expandTarget,
  foundingStarts,
  shareCost,
  towerOffer,
  BUY_INDUSTRY,
  BUY_LEVEL,
} from './play.js';
import { ACTIVE, COMPANY_COUNT, NEVER, shareIndex, type BigBossState } from './state.js';
import type { BigBossLegal } from './types.js';

const NOTHING = { row: [], deck: false, levels: false } as const;

/** What a seat may do now, compactly (docs/protocol.md, "Big Boss"); null when it may not act. */
export function legalSummary(s: BigBossState, seat: number): BigBossLegal | null {
  if (s.outcome || s.turn !== seat) return null;
  const empty = { found: [], companies: [], expand: [], invest: null, sell: [], pass: false };
  if (s.phase === 'invest') {
    const offer = towerOffer(s, seat);
    const tower =
      offer && offer.cost <= s.cash[seat]
        ? { company: COMPANY_IDS[offer.company], cost: offer.cost }
        : null;
    const shares: { company: CompanyId; cost: number; left: number }[] = [];
    for (let c = 0; c < COMPANY_COUNT; c++)
      if (s.status[c] === ACTIVE && s.sharesLeft[c] > 0 && shareCost(s, c) <= s.cash[seat])
        shares.push({ company: COMPANY_IDS[c], cost: shareCost(s, c), left: s.sharesLeft[c] });
    return {
      phase: 'invest',
      buy: NOTHING,
      ...empty,
      invest: { cash: s.cash[seat], shares, tower },
    };
  }
  const sell = s.config.rules === 'modern' ? sellable(s, seat) : [];
  if (s.phase === 'sell') return { phase: 'sell', buy: NOTHING, ...empty, sell, pass: true };
  if (!canBuy(s, seat) && !canPlay(s, seat))
    return { phase: 'play', buy: NOTHING, ...empty, sell, pass: true };
  const cash = s.cash[seat];
  const buy = {
    row: cash >= BUY_INDUSTRY ? s.row.map((id) => cardCode(id) as IndustryCard) : [],
    deck: cash >= BUY_INDUSTRY && s.deck.length > 0,
    levels: cash >= BUY_LEVEL && s.levels > 0,
  };
  const found: { card: IndustryCard; start: number; tops: (number | null)[] }[] = [];
  const expand: BigBossLegal['expand'][number][] = [];
  const hand = s.hands[seat];
  for (let i = 0; i < hand.length; i++) {
    if (i > 0 && hand[i] === hand[i - 1]) continue;
    const card = hand[i];
    const code = cardCode(card);
    const spaces = isIndustry(card) ? [card] : Array.from({ length: SPACES }, (_, k) => k + 1);
    for (const space of spaces) {
      const target = expandTarget(s, card, space);
      if ('message' in target) {
        if (isIndustry(card) && target.kind === 'expand-not-connected' && s.piecesLeft > 0)
          for (const start of foundingStarts(s, card))
            found.push({
              card: code as IndustryCard,
              start,
              tops: s.config.rules === 'modern' ? [0, 1, 2].map((k) => spaceAt(start, k)) : [null],
            });
        continue;
      }
      if (s.piecesLeft === 0) continue;
      if (target.kind === 'join') {
        expand.push({ card: code, space, company: COMPANY_IDS[target.company], merge: null });
        continue;
      }
      const [a, b] = target.companies;
      const tied: CompanyId[] = [];
      if (Math.min(MAX_PRICE, s.price[a] + 1) === s.price[b]) tied.push(COMPANY_IDS[a]);
      if (Math.min(MAX_PRICE, s.price[b] + 1) === s.price[a]) tied.push(COMPANY_IDS[b]);
      expand.push({
        card: code,
        space,
        company: COMPANY_IDS[a],
        merge: { companies: [COMPANY_IDS[a], COMPANY_IDS[b]], tiedWhenBoosting: tied },
      });
    }
  }
  const companies = found.length ? COMPANY_IDS.filter((_, c) => s.status[c] === NEVER) : [];
  return { phase: 'play', buy, found, companies, expand, invest: null, sell: [], pass: false };
}

function sellable(s: BigBossState, seat: number) {
  const out: { company: CompanyId; max: number; price: number }[] = [];
  for (let c = 0; c < COMPANY_COUNT; c++) {
    const held = s.shares[shareIndex(seat, c)];
    if (s.status[c] === ACTIVE && held > 0)
      out.push({ company: COMPANY_IDS[c], max: held, price: s.price[c] });
  }
  return out;
}
