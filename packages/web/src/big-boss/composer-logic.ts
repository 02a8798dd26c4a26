// What the Big Boss turn form may offer and send, worked out from the server's legal moves, no rules run.
import {
  COMPANY_IDS,
  type BigBossLegal,
  type BigBossMove,
  type CardCode,
  type CompanyId,
  type IndustryCard,
} from '@boss-table/big-boss';

/**
 * The Big Boss turn composer's logic, from the compact legal form alone (the server stays
 * the authority): what it offers at each step, why a draft cannot be sent yet, and the
 * move a finished draft makes. No rules are run here.
 */

export type Action = 'row' | 'deck' | 'levels' | 'found' | 'expand' | 'sell' | 'pass' | 'invest';

export interface Draft {
  readonly action: Action | null;
  /** `row`: the face-up card to buy. */
  readonly rowCard: IndustryCard | null;
  /** `found` / `expand`: the card played. */
  readonly card: CardCode | null;
  /** `found`: the first of the three spaces, the space under the fourth piece, the company. */
  readonly start: number | null;
  readonly top: number | null;
  readonly company: CompanyId | null;
  /** `expand`: the space, and on a merger the boosted company and (on a tie) the acquirer. */
  readonly space: number | null;
  readonly boost: CompanyId | null;
  readonly acquirer: CompanyId | null;
  /** `sell`. */
  readonly sellCompany: CompanyId | null;
  readonly sellCount: number;
  /** `invest`: up to two shares (repeats allowed) and the tower. */
  readonly shares: readonly CompanyId[];
  readonly tower: boolean;
}

export const emptyDraft: Draft = {
  action: null,
  rowCard: null,
  card: null,
  start: null,
  top: null,
  company: null,
  space: null,
  boost: null,
  acquirer: null,
  sellCompany: null,
  sellCount: 1,
  shares: [],
  tower: false,
};

/** The first draft for a phase: in `invest`, buying nothing (always legal). */
export const startDraft = (legal: BigBossLegal): Draft =>
  legal.phase === 'invest' ? { ...emptyDraft, action: 'invest' } : emptyDraft;

/** The three spaces from `start` along the loop (72 → 1). */
export const spacesFrom = (start: number): number[] =>
  [0, 1, 2].map((k) => ((start - 1 + k) % 72) + 1);

/** Cards that can be played now, each once, in hand order. */
export function playableCards(legal: BigBossLegal): CardCode[] {
  const out: CardCode[] = [];
  for (const f of legal.found) if (!out.includes(f.card)) out.push(f.card);
  for (const e of legal.expand) if (!out.includes(e.card)) out.push(e.card);
  return out;
}

/** Whether a playable card founds (an Industry card on an empty, unconnected space) or expands. */
export const cardAction = (legal: BigBossLegal, card: CardCode): 'found' | 'expand' | null =>
  legal.found.some((f) => f.card === card)
    ? 'found'
    : legal.expand.some((e) => e.card === card)
      ? 'expand'
      : null;

export const foundStarts = (legal: BigBossLegal, card: CardCode): number[] =>
  legal.found.filter((f) => f.card === card).map((f) => f.start);

export const foundTops = (
  legal: BigBossLegal,
  card: CardCode,
  start: number,
): (number | null)[] => [
  ...(legal.found.find((f) => f.card === card && f.start === start)?.tops ?? []),
];

export const expandSpaces = (legal: BigBossLegal, card: CardCode): number[] =>
  legal.expand.filter((e) => e.card === card).map((e) => e.space);

export const expandEntry = (legal: BigBossLegal, card: CardCode, space: number) =>
  legal.expand.find((e) => e.card === card && e.space === space);

/** The companies that may take the +1 of a merging piece ([] when it does not merge). */
export const boostChoices = (legal: BigBossLegal, card: CardCode, space: number): CompanyId[] => [
  ...(expandEntry(legal, card, space)?.merge?.companies ?? []),
];

/** The companies that may acquire after this boost ([] unless the prices then tie). */
export function acquirerChoices(
  legal: BigBossLegal,
  card: CardCode,
  space: number,
  boost: CompanyId | null,
): CompanyId[] {
  const merge = expandEntry(legal, card, space)?.merge;
  if (!merge || boost === null || !merge.tiedWhenBoosting.includes(boost)) return [];
  return [...merge.companies];
}

/** Cost of an invest draft; undefined when a chosen share or tower is not on offer. */
export function investCost(
  legal: BigBossLegal,
  shares: readonly CompanyId[],
  tower: boolean,
): number | undefined {
  const inv = legal.invest;
  if (!inv) return undefined;
  let cost = 0;
  for (const c of shares) {
    const offer = inv.shares.find((s) => s.company === c);
    if (!offer) return undefined;
    cost += offer.cost;
  }
  if (tower) {
    if (!inv.tower) return undefined;
    cost += inv.tower.cost;
  }
  return cost;
}

/** Shares the composer offers for the `slot`-th share (0 or 1), given the other choice. */
export function shareChoices(legal: BigBossLegal, d: Draft, slot: number): CompanyId[] {
  const inv = legal.invest;
  if (!inv) return [];
  const others = d.shares.filter((_, i) => i !== slot);
  return inv.shares
    .filter((s) => {
      const again = others.filter((c) => c === s.company).length;
      if (again + 1 > s.left) return false;
      const cost = investCost(legal, [...others, s.company], d.tower);
      return cost !== undefined && cost <= inv.cash;
    })
    .map((s) => s.company);
}

/** Whether the tower fits beside the chosen shares. */
export function towerAffordable(legal: BigBossLegal, d: Draft): boolean {
  const inv = legal.invest;
  if (!inv?.tower) return false;
  const cost = investCost(legal, d.shares, true);
  return cost !== undefined && cost <= inv.cash;
}

/** Chooses a card to play, with its first legal choices filled in (each can be changed). */
export function pickCard(legal: BigBossLegal, card: CardCode): Draft {
  const action = cardAction(legal, card);
  if (action === 'found') {
    const start = foundStarts(legal, card)[0];
    return {
      ...emptyDraft,
      action,
      card,
      start,
      top: foundTops(legal, card, start)[0] ?? null,
      company: legal.companies[0] ?? null,
    };
  }
  if (action === 'expand')
    return pickSpace(legal, { ...emptyDraft, action, card }, expandSpaces(legal, card)[0]);
  return emptyDraft;
}

/** Chooses a space (from a select or a click on the board) for the card being played. */
export function pickSpace(legal: BigBossLegal, d: Draft, space: number): Draft {
  if (d.card === null) return d;
  if (d.action === 'found') {
    if (d.start !== null && foundTops(legal, d.card, d.start).includes(space))
      return { ...d, top: space };
    const start = foundStarts(legal, d.card).find((s) => spacesFrom(s).includes(space));
    if (start === undefined) return d;
    const tops = foundTops(legal, d.card, start);
    return { ...d, start, top: tops.includes(space) ? space : (tops[0] ?? null) };
  }
  if (d.action === 'expand') {
    if (!expandSpaces(legal, d.card).includes(space)) return d;
    const boost = boostChoices(legal, d.card, space)[0] ?? null;
    const acquirer = acquirerChoices(legal, d.card, space, boost)[0] ?? null;
    return { ...d, space, boost, acquirer };
  }
  return d;
}

/** Chooses the boosted company of a merger; the acquirer is asked for only on a tie. */
export function pickBoost(legal: BigBossLegal, d: Draft, boost: CompanyId): Draft {
  if (d.card === null || d.space === null) return d;
  const acq = acquirerChoices(legal, d.card, d.space, boost);
  return {
    ...d,
    boost,
    acquirer: acq.length ? (acq.includes(d.acquirer!) ? d.acquirer : acq[0]) : null,
  };
}

/** Spaces to mark on the board for this draft: the choices, and what is chosen. */
export function boardMarks(legal: BigBossLegal, d: Draft): { options: number[]; chosen: number[] } {
  if (d.card === null) return { options: [], chosen: [] };
  if (d.action === 'found') {
    const options = [...new Set(foundStarts(legal, d.card).flatMap(spacesFrom))];
    return { options, chosen: d.start !== null ? spacesFrom(d.start) : [] };
  }
  if (d.action === 'expand')
    return { options: expandSpaces(legal, d.card), chosen: d.space !== null ? [d.space] : [] };
  return { options: [], chosen: [] };
}

/** The reason a draft cannot be sent, or null when it is a legal move. */
export function draftProblem(legal: BigBossLegal, d: Draft): string | null {
  const inPlay = legal.phase === 'play';
  switch (d.action) {
    case null:
      return legal.phase === 'invest'
        ? 'Choose shares to buy, or confirm buying nothing.'
        : 'Choose what to do.';
    case 'row':
      if (!inPlay) return 'You cannot buy a card now.';
      if (d.rowCard === null || !legal.buy.row.includes(d.rowCard))
        return 'That face-up card cannot be bought (not in the row, or you have less than 5).';
      return null;
    case 'deck':
      return inPlay && legal.buy.deck
        ? null
        : 'You cannot buy from the deck now (empty, or you have less than 5).';
    case 'levels':
      return inPlay && legal.buy.levels
        ? null
        : 'You cannot buy a Level card now (none left, or you have less than 10).';
    case 'found': {
      if (!inPlay || d.card === null || cardAction(legal, d.card) !== 'found')
        return 'That card cannot found a company now.';
      if (d.start === null || !foundStarts(legal, d.card).includes(d.start))
        return 'Choose three empty spaces that include the card and keep three empty spaces from every other company.';
      if (!foundTops(legal, d.card, d.start).includes(d.top))
        return 'Choose which of the three spaces takes the fourth piece and the headquarters.';
      if (d.company === null || !legal.companies.includes(d.company))
        return 'Choose a company that has never been in play.';
      return null;
    }
    case 'expand': {
      if (!inPlay || d.card === null || cardAction(legal, d.card) !== 'expand')
        return 'That card cannot expand a company now.';
      if (d.space === null) return 'Choose the space for the piece.';
      const entry = expandEntry(legal, d.card, d.space);
      if (!entry) return 'The piece cannot go on that space with this card.';
      if (!entry.merge)
        return d.boost !== null || d.acquirer !== null
          ? 'This piece merges nothing: no company to boost.'
          : null;
      if (d.boost === null || !entry.merge.companies.includes(d.boost))
        return 'This piece merges two companies: choose which one takes the +1.';
      const tied = entry.merge.tiedWhenBoosting.includes(d.boost);
      if (!tied)
        return d.acquirer !== null ? 'The higher price acquires: no choice of acquirer.' : null;
      if (d.acquirer === null || !entry.merge.companies.includes(d.acquirer))
        return 'The prices tie: choose which company acquires the other.';
      return null;
    }
    case 'invest': {
      if (legal.phase !== 'invest' || !legal.invest) return 'You cannot buy shares now.';
      if (d.shares.length > 2) return 'At most two shares a turn.';
      for (const c of new Set(d.shares)) {
        const offer = legal.invest.shares.find((s) => s.company === c);
        if (!offer) return 'Shares of that company are not on sale to you.';
        if (d.shares.filter((x) => x === c).length > offer.left)
          return 'Not that many shares left in the bank.';
      }
      if (d.tower && !legal.invest.tower) return 'No tower can go up now.';
      const cost = investCost(legal, d.shares, d.tower);
      if (cost === undefined || cost > legal.invest.cash)
        return `That costs ${cost}; you have ${legal.invest.cash}.`;
      return null;
    }
    case 'sell': {
      const offer = legal.sell.find((s) => s.company === d.sellCompany);
      if (!offer) return 'Choose shares you hold to sell.';
      if (!Number.isInteger(d.sellCount) || d.sellCount < 1 || d.sellCount > offer.max)
        return `Sell 1 to ${offer.max}.`;
      return null;
    }
    case 'pass':
      return legal.pass ? null : 'You can pass only when you can neither buy nor play.';
  }
}

/** The move a legal draft makes (in the engine's one spelling). */
export function draftMove(d: Draft): BigBossMove {
  switch (d.action) {
    case 'row':
      return { type: 'buy', from: 'row', card: d.rowCard! };
    case 'deck':
      return { type: 'buy', from: 'deck' };
    case 'levels':
      return { type: 'buy', from: 'levels' };
    case 'found':
      return {
        type: 'found',
        card: d.card as IndustryCard,
        start: d.start!,
        top: d.top,
        company: d.company!,
      };
    case 'expand':
      return {
        type: 'expand',
        card: d.card!,
        space: d.space!,
        ...(d.boost !== null ? { boost: d.boost } : {}),
        ...(d.acquirer !== null ? { acquirer: d.acquirer } : {}),
      };
    case 'invest':
      return {
        type: 'invest',
        shares: [...d.shares].sort((a, b) => COMPANY_IDS.indexOf(a) - COMPANY_IDS.indexOf(b)),
        tower: d.tower,
      };
    case 'sell':
      return { type: 'sell', company: d.sellCompany!, count: d.sellCount };
    case 'pass':
    case null:
      return { type: 'pass' };
  }
}

/**
 * What a merging piece will do, for the player to read before confirming: the prices after
 * the +1, which company acquires which, and the price the acquired shares are paid at. The
 * prices come from the view; the server decides.
 */
export function mergeOutlook(
  legal: BigBossLegal,
  d: Draft,
  prices: Readonly<Partial<Record<CompanyId, number>>>,
): { acquirer: CompanyId; acquired: CompanyId; paidAt: number; prices: [number, number] } | null {
  if (d.action !== 'expand' || d.card === null || d.space === null || d.boost === null) return null;
  const merge = expandEntry(legal, d.card, d.space)?.merge;
  if (!merge || !merge.companies.includes(d.boost)) return null;
  const [a, b] = merge.companies;
  const after = (c: CompanyId) => Math.min(50, (prices[c] ?? 0) + (c === d.boost ? 1 : 0));
  const pa = after(a);
  const pb = after(b);
  const acquirer = pa > pb ? a : pb > pa ? b : d.acquirer;
  if (acquirer === null || !merge.companies.includes(acquirer)) return null;
  const acquired = acquirer === a ? b : a;
  return { acquirer, acquired, paidAt: after(acquired), prices: [pa, pb] };
}
