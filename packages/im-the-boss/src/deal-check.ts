// Whether a deal's committed investors fill its space, and the engine's fair-share terms in two-player games.
import { familyOf, placardId } from './cards.js';
import { BOARD, FAMILIES, investorsOf, type SpaceData } from './data.js';
import type { Deal, ImbState } from './state.js';

/** The space the marker is on. */
export const spaceOf = (s: ImbState): SpaceData => BOARD[s.pub.marker - 1];

export const familyOnSpace = (sp: SpaceData, f: number): boolean => {
  const key = FAMILIES[f];
  return sp.required.includes(key) || sp.groups.some((g) => g.of.includes(key));
};

/**
 * Whether items of these families (a count per family) fill every slot of the space (4.3):
 * each required family once, each group `need` different families of the group, an item
 * filling one slot only.
 */
export function satisfies(sp: SpaceData, counts: readonly number[]): boolean {
  const c = counts.slice();
  for (const key of sp.required) {
    const f = FAMILIES.indexOf(key);
    if (c[f] <= 0) return false;
    c[f]--;
  }
  return fillGroups(sp, 0, c);
}

function fillGroups(sp: SpaceData, g: number, c: number[]): boolean {
  if (g === sp.groups.length) return true;
  const fams = sp.groups[g].of.map((k) => FAMILIES.indexOf(k)).filter((f) => c[f] > 0);
  const need = sp.groups[g].need;
  if (fams.length < need) return false;
  if (sp.groups.length === 1) return true;
  // Several groups: try each choice of `need` families (a small search).
  const pick = (from: number, left: number): boolean => {
    if (left === 0) return fillGroups(sp, g + 1, c);
    for (let i = from; i <= fams.length - left; i++) {
      c[fams[i]]--;
      const done = pick(i + 1, left - 1);
      c[fams[i]]++;
      if (done) return true;
    }
    return false;
  };
  return pick(0, need);
}

export const isTravelling = (d: Deal | null, f: number): boolean =>
  d !== null && d.travelling.some((t) => t.family === f);

/** Whether `item` (a placard or a clan card on the table) is usable and belongs to `seat` (5.1). */
export function itemOf(s: ImbState, item: string, seat: number): boolean {
  const d = s.pub.deal;
  if (!d) return false;
  if (item.startsWith('inv:')) {
    const f = familyOf(item);
    return s.pub.placards[f] === seat && !isTravelling(d, f);
  }
  return d.table.some((t) => t.card === item && t.owner === seat);
}

/** §11.2 engine terms are in force at this table. */
export const cutthroat = (s: ImbState): boolean => s.options.twoPlayer || s.options.lessCutthroat;

/** Family counts of the committed set without engine terms (5.2). */
export function committedCounts(s: ImbState): number[] {
  const d = s.pub.deal!;
  const c = new Array<number>(6).fill(0);
  const placardUsed = new Array<boolean>(6).fill(false);
  for (let f = 0; f < 6; f++)
    if (s.pub.placards[f] === d.boss && !isTravelling(d, f)) {
      c[f]++;
      placardUsed[f] = true;
    }
  for (const t of d.table) if (t.committed) c[familyOf(t.card)]++;
  for (const a of d.agreements)
    for (const item of a.items) {
      const f = familyOf(item);
      if (item.startsWith('inv:')) {
        if (!placardUsed[f]) {
          placardUsed[f] = true;
          c[f]++;
        }
      } else c[f]++;
    }
  return c;
}

/** Placards named in agreements (family indices). */
function agreedPlacards(d: Deal): Set<number> {
  const out = new Set<number>();
  for (const a of d.agreements)
    for (const item of a.items) if (item.startsWith('inv:')) out.add(familyOf(item));
  return out;
}

/**
 * §11.2: the fewest usable opponent placards that complete the space, first in priority order
 * (required families in key order, then the others); empty when none is needed or none do.
 */
export function engineTerms(s: ImbState, counts: readonly number[]): number[] {
  const d = s.pub.deal!;
  const sp = spaceOf(s);
  if (satisfies(sp, counts)) return [];
  const used = agreedPlacards(d);
  const candidates: number[] = [];
  const required = sp.required.map((k) => FAMILIES.indexOf(k));
  const order = [...required.sort((a, b) => a - b)];
  for (let f = 0; f < 6; f++) if (!order.includes(f)) order.push(f);
  for (const f of order) {
    const owner = s.pub.placards[f];
    if (owner >= 0 && owner !== d.boss && !isTravelling(d, f) && !used.has(f)) candidates.push(f);
  }
  for (let k = 1; k <= candidates.length; k++) {
    const found = firstCombination(candidates, k, (combo) => {
      const c = counts.slice();
      for (const f of combo) c[f]++;
      return satisfies(sp, c);
    });
    if (found) return found;
  }
  return [];
}

function firstCombination(
  items: readonly number[],
  k: number,
  test: (combo: number[]) => boolean,
): number[] | null {
  const combo: number[] = [];
  const go = (from: number): number[] | null => {
    if (combo.length === k) return test(combo) ? combo.slice() : null;
    for (let i = from; i <= items.length - (k - combo.length); i++) {
      combo.push(items[i]);
      const r = go(i + 1);
      combo.pop();
      if (r) return r;
    }
    return null;
  };
  return go(0);
}

/** §11.2's fair share of one placard: ⌊D ÷ investors⌋ dividends. */
export const fairShare = (sp: SpaceData): number => Math.floor(sp.D / investorsOf(sp));

/** Dividends promised: agreements plus engine terms. */
export function promised(s: ImbState): number {
  const d = s.pub.deal!;
  return (
    d.agreements.reduce((a, x) => a + x.dividends, 0) + d.engine.length * fairShare(spaceOf(s))
  );
}

/** Whether the deal uses an opponent's placard (§11.2: then it always has a last call). */
export function usesOpponentPlacard(s: ImbState): boolean {
  const d = s.pub.deal!;
  return cutthroat(s) && (d.engine.length > 0 || agreedPlacards(d).size > 0);
}

export { placardId };
