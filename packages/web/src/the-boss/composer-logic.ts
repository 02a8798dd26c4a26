// What The Boss turn form may offer and send: blocked cities, allowed cube counts, why a draft is not legal.
import type { BossLegal } from '@boss-table/the-boss';

/** What the turn composer has chosen so far. */
export interface Draft {
  readonly city: string | null;
  readonly big: number;
  readonly small: number;
  readonly reveal: string | null;
}

export const emptyDraft: Draft = { city: null, big: 0, small: 0, reveal: null };

/** Why a city cannot take cubes now, or null when it can. */
export function cityBlocked(legal: BossLegal, city: string): string | null {
  if (legal.place.some((p) => p.city === city)) return null;
  if (city === 'chicago')
    return 'Chicago takes cubes only once you have cubes on another city from an earlier turn, and only with a strict lead you can afford.';
  return 'You cannot take the strict lead here with the cubes you have left (or you are banished from it).';
}

/** The reason a draft cannot be sent, or null when it is a legal turn. */
export function draftProblem(legal: BossLegal, d: Draft): string | null {
  if (d.city !== null) {
    const p = legal.place.find((x) => x.city === d.city);
    if (!p) return cityBlocked(legal, d.city);
    if (d.big < p.minBig)
      return `Place at least ${p.minBig} big cube${p.minBig === 1 ? '' : 's'} here.`;
    if (d.big > p.maxBig)
      return `You have only ${p.maxBig} big cube${p.maxBig === 1 ? '' : 's'} to place.`;
    if (d.small > p.maxSmall)
      return p.maxSmall === 0
        ? 'No small cubes can go here.'
        : `At most ${p.maxSmall} small cubes.`;
    if (d.big + d.small < p.minTotal)
      return `You need ${p.minTotal} cubes in all here to take the strict lead.`;
  }
  if (d.reveal === null) return 'Choose the card to reveal.';
  if (!(legal.reveal as readonly string[]).includes(d.reveal)) return 'You do not hold that card.';
  return null;
}

/** The move a legal draft makes. */
export function draftMove(d: Draft): unknown {
  return d.city === null
    ? { reveal: d.reveal }
    : { place: { city: d.city, big: d.big, small: d.small }, reveal: d.reveal };
}

/** Cube counts the composer offers for a city: within the limits the rules give. */
export function cubeChoices(legal: BossLegal, city: string): { big: number[]; small: number[] } {
  const p = legal.place.find((x) => x.city === city);
  if (!p) return { big: [], small: [] };
  const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
  return { big: range(p.minBig, p.maxBig), small: range(0, p.maxSmall) };
}
