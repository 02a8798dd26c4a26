// I'm the Boss! helpers for the screen: board loop, families, deal cover, dividends left, prompts, money shown.
import {
  BOARD,
  FAMILIES,
  FAMILY_NAMES,
  TILE_END_FACES,
  TILE_VALUES,
  cardWords,
  familyOf,
  kindOf,
  type CardKind,
  type ImbLegal,
  type ImbView,
  type SpaceData,
} from '@boss-table/im-the-boss';

/**
 * Where each of the 16 spaces sits on the looped board: row and column of a 5 × 5 grid, the
 * loop running clockwise round its edge from the top left (space 1). Data, not code: the
 * board's shape changes here only.
 */
export const RING: readonly (readonly [number, number])[] = [
  [1, 1],
  [1, 2],
  [1, 3],
  [1, 4],
  [1, 5],
  [2, 5],
  [3, 5],
  [4, 5],
  [5, 5],
  [5, 4],
  [5, 3],
  [5, 2],
  [5, 1],
  [4, 1],
  [3, 1],
  [2, 1],
];

/** A family's colour (the same in both themes: the theme changes only the names). */
export const FAMILY_COLORS = ['#2e8b57', '#d4a017', '#3465a4', '#e07b24', '#c0392b', '#b03aa0'];

export const familyName = (view: ImbView, f: number): string =>
  FAMILY_NAMES[view.options.theme][f] ?? '?';

/** A card or placard in words, in the table's theme (the game's own words). */
export const itemWords = (view: ImbView, id: string): string => cardWords(id, view.options.theme);

/** The value of one dividend on a tile (1–15). */
export const tileValue = (tile: number): number => TILE_VALUES[tile - 1] ?? 0;

/** The tile a deal closing now would place, or null when the stack is spent. */
export function nextTile(view: ImbView): number | null {
  const t = view.table;
  return t.tileIndex < t.tiles.length ? t.tiles[t.tileIndex] : null;
}

/** The chance (in sixths) that placing this tile ends the game; 0 below tile 10. */
export const endOdds = (tile: number): number =>
  tile === 15 ? 6 : (TILE_END_FACES[tile] ?? []).length;

/** Whether a family (index) is among a space's required or optional families. */
export function familyRole(sp: SpaceData, f: number): 'required' | 'optional' | null {
  const key = FAMILIES[f];
  if (sp.required.includes(key)) return 'required';
  if (sp.groups.some((g) => g.of.includes(key))) return 'optional';
  return null;
}

/** One family slot of the deal on the table: who covers it and how. */
export interface Slot {
  readonly family: number;
  readonly role: 'required' | 'optional';
  /** What covers it, in words ("Boss's placard", "Ann's clan card (agreed)"); empty: missing. */
  readonly by: readonly string[];
}

/** The deal's families, each with what covers it now (for the eye: not the rules' check). */
export function dealSlots(view: ImbView, names: (seat: number) => string): Slot[] {
  const d = view.table.deal;
  if (!d) return [];
  const sp = BOARD[d.space - 1];
  const t = view.table;
  const travelling = new Set(d.travelling.map((x) => x.family));
  const out: Slot[] = [];
  for (let f = 0; f < 6; f++) {
    const role = familyRole(sp, f);
    if (!role) continue;
    const by: string[] = [];
    if (t.placards[f] === d.boss && !travelling.has(f)) by.push(`${names(d.boss)} (Boss): placard`);
    for (const c of d.table)
      if (c.committed && familyOf(c.card) === f) by.push(`${names(c.owner)} (Boss): clan card`);
    for (const a of d.agreements)
      for (const item of a.items)
        if (familyOf(item) === f)
          by.push(
            `${names(a.seat)}: ${item.startsWith('inv:') ? 'placard' : 'clan card'}, agreed for ${a.dividends}`,
          );
    if (d.engine.includes(f)) by.push(`${names(t.placards[f])}: placard at a fair share`);
    out.push({ family: f, role, by });
  }
  return out;
}

/** What a space asks for, in words: "Knetowitz + 1 of Heiermann, Piepenbrok". */
export function spaceWords(view: ImbView, sp: SpaceData): string {
  const name = (k: string) => familyName(view, FAMILIES.indexOf(k as never));
  const req = sp.required.map(name).join(' + ');
  const groups = sp.groups.map((g) => `${g.need} of ${g.of.map(name).join(', ')}`);
  return [req, ...groups].filter((x) => x).join(' + ');
}

/** Dividends promised to others in agreements, leaving out `party`'s own (it would be replaced). */
export function promisedExcept(view: ImbView, party: number): number {
  const d = view.table.deal;
  if (!d) return 0;
  return d.agreements.reduce((a, x) => a + (x.seat === party ? 0 : x.dividends), 0);
}

/**
 * The largest number of dividends the stepper offers in terms with `party` (the non-Boss
 * side): what is left of the deal's D after the others' agreements, and never more than the
 * legal form allows.
 */
export function dividendsLeft(view: ImbView, legal: ImbLegal | null, to: number): number {
  const d = view.table.deal;
  const entry = legal?.propose?.find((p) => p.to === to);
  if (!d || !entry) return 0;
  const party = view.viewer === d.boss ? to : (view.viewer as number);
  return Math.max(0, Math.min(entry.dividends.max, d.D - promisedExcept(view, party)));
}

/** A stepper's next value, kept within 0 … max. */
export const clampStep = (value: number, by: number, max: number): number =>
  Math.max(0, Math.min(max, value + by));

/** The items `to` may be offered in terms (the legal form's list). */
export function proposableItems(legal: ImbLegal | null, to: number): readonly string[] {
  return legal?.propose?.find((p) => p.to === to)?.items ?? [];
}

/** Toggles an item in a set of terms (several of one family may be named: rules 5.4.1). */
export function toggleItem(items: readonly string[], item: string): string[] {
  if (items.includes(item)) return items.filter((i) => i !== item);
  return [...items, item];
}

export const KIND_ORDER: readonly CardKind[] = ['clan', 'travel', 'recruit', 'boss', 'stop'];
export const KIND_WORDS: Readonly<Record<CardKind, string>> = {
  clan: 'Clan cards',
  travel: 'Travel',
  recruit: 'Recruitment',
  boss: "I'm the Boss!",
  stop: 'Stop',
};

/** The own hand grouped by kind (clan cards by family), each group in card order. */
export function groupHand(hand: readonly string[]): { kind: CardKind; cards: string[] }[] {
  const out: { kind: CardKind; cards: string[] }[] = [];
  for (const kind of KIND_ORDER) {
    const cards = hand.filter((c) => kindOf(c) === kind);
    if (kind === 'clan') cards.sort((a, b) => familyOf(a) - familyOf(b) || (a < b ? -1 : 1));
    if (cards.length) out.push({ kind, cards });
  }
  return out;
}

/** What a card of the hand can do right now, in a few words ("" when nothing). */
export function cardUse(card: string, legal: ImbLegal | null): string {
  if (!legal) return '';
  switch (kindOf(card)) {
    case 'clan':
      if (legal.declareDeal?.includes(card)) return 'may be committed with a deal';
      if (legal.commitClan?.includes(card)) return 'commit it to your deal';
      if (legal.offerClan?.includes(card)) return 'offer it to the Boss';
      return '';
    case 'travel':
      return legal.travel?.some((t) => t.card === card) ? 'play it on an item of the deal' : '';
    case 'recruit':
      return legal.recruit?.cards.includes(card) ? 'three of them take a placard' : '';
    case 'boss':
      return legal.boss?.includes(card) ? 'take over as the Boss' : '';
    default:
      return legal.stop?.includes(card) ? 'stop the card just played' : '';
  }
}

/** The seat the table waits on, for the shell: in a real-time deal each seat acts for itself. */
export function turnOf(view: ImbView): number | null {
  const t = view.table;
  if (t.phase === 'over') return null;
  const d = t.deal;
  if (t.phase !== 'deal' || !d) return t.seat;
  if (d.rounds) {
    if (d.phase === 'open') return d.rounds.stepSeat;
    const asked = d.phase === 'stop' ? d.pending!.asked : d.lastCall!.asked;
    const at = d.phase === 'stop' ? d.pending!.prompt : d.lastCall!.prompt;
    return asked[at] ?? null;
  }
  // Real time: everyone asked acts at once; this page's seat when it is one of them.
  const me = view.viewer;
  const asked =
    d.phase === 'stop' ? d.pending!.asked : d.phase === 'lastCall' ? d.lastCall!.asked : null;
  if (me !== null && me >= 0 && (asked === null || asked.includes(me)) && view.answer === null)
    return me;
  return d.boss;
}

/** The window open now (a stop window or the last call), or null. */
export function windowOf(view: ImbView): 'stop' | 'lastCall' | null {
  const d = view.table.deal;
  if (!d || d.phase === 'open') return null;
  return d.phase;
}

/** Whether this page's seat is asked in the window open now (answered or not). */
export function askedInWindow(view: ImbView): boolean {
  const d = view.table.deal;
  const me = view.viewer;
  if (!d || me === null || me < 0) return false;
  if (d.phase === 'stop') return d.pending!.asked.includes(me);
  if (d.phase === 'lastCall') return d.lastCall!.asked.includes(me);
  return false;
}

/** The played card a stop window is about, and its effect, in words. */
export function pendingWords(view: ImbView, names: (seat: number) => string): string {
  const p = view.table.deal?.pending;
  if (!p) return '';
  const who = names(p.player);
  if (p.kind === 'boss') return `${who} played I'm the Boss!: they would take over as the Boss.`;
  if (p.kind === 'recruit')
    return `${who} played three Recruitment cards: they would take the ${itemWords(view, p.target)}.`;
  return `${who} played ${itemWords(view, p.cards[0])} on the ${itemWords(view, p.target)}: it would leave the deal.`;
}

/** What this seat must do now, for the action bar. */
export function promptOf(view: ImbView, legal: ImbLegal | null): string {
  if (!legal) return '';
  switch (legal.phase) {
    case 'marker':
      return 'place the marker on a space';
    case 'start':
      return 'roll the die, or declare a deal here';
    case 'moved':
      return legal.plain.includes('draw') ? 'draw cards, or declare a deal here' : 'declare a deal';
    case 'discard':
      return `discard ${legal.discard?.count ?? 0} cards down to the hand limit`;
    case 'stop':
      return 'a card was played: Stop it or let it pass';
    case 'lastCall':
      return 'last call: play a card or let the deal close';
    case 'open':
      return view.table.deal?.boss === view.viewer
        ? 'you are the Boss: make terms, commit clan cards'
        : 'negotiate with the Boss, or play a card';
  }
  return 'your move';
}

/** Money as shown to this page: the own always, the others' as "?" under hideMoneyTotals. */
export function moneyShown(view: ImbView, seat: number): string {
  const over = view.table.phase === 'over';
  if (view.options.hideMoneyTotals && !over && seat !== view.viewer) return '?';
  return `${view.table.money[seat]} M`;
}

/**
 * The items of terms with `party` that the deal does not need: a family already covered by
 * something else (the Boss's placard, a committed clan card, another seat's agreement) or not
 * asked for on the space. Paying for them spends dividends a missing family may need.
 */
export function needlessItems(
  view: ImbView,
  items: readonly string[],
  party: number,
): { item: string; why: string }[] {
  const d = view.table.deal;
  if (!d) return [];
  const sp = BOARD[d.space - 1];
  const t = view.table;
  const travelling = new Set(d.travelling.map((x) => x.family));
  const covered = new Set<number>();
  for (let f = 0; f < 6; f++) if (t.placards[f] === d.boss && !travelling.has(f)) covered.add(f);
  for (const c of d.table) if (c.committed) covered.add(familyOf(c.card));
  for (const a of d.agreements)
    if (a.seat !== party) for (const i of a.items) covered.add(familyOf(i));
  for (const f of d.engine) covered.add(f);
  const out: { item: string; why: string }[] = [];
  for (const item of items) {
    const f = familyOf(item);
    if (familyRole(sp, f) === null)
      out.push({ item, why: `${familyName(view, f)} is not needed on this space` });
    else if (covered.has(f)) out.push({ item, why: `${familyName(view, f)} is already covered` });
  }
  return out;
}
