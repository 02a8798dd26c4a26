// The compact legal form an I'm the Boss! seat is sent, folding hundreds of legal moves into choices by kind.
import { kindOf } from './cards.js';
import { legalMovesOf } from './rules.js';
import type { ImbMove } from './move.js';
import type { ImbState } from './state.js';

/**
 * What a seat may do now, compactly (docs/im-the-boss.md, "The legal form"); null when it may
 * not act. `phase` is the turn phase or, in a deal, the deal's phase. Moves without fields are
 * listed in `plain`; the others by kind: `placeMarker` the spaces; `declareDeal`, `commitClan`
 * and `offerClan` the clan cards any subset of which may be named (commit and offer: at least
 * one); `discard` how many of the hand; `offerPlacard` the placards; `propose` per
 * counterparty the items (any set of them, rules 5.4.1) and the dividends' range; `accept`,
 * `reject`, `cancel` proposal ids; `travel` per card its targets; `recruit` the recruitment
 * cards (any three) and targets; `boss` and `stop` the cards. Each listed choice is legal.
 */
export interface ImbLegal {
  readonly phase: string;
  readonly plain: readonly string[];
  readonly placeMarker?: readonly number[];
  readonly declareDeal?: readonly string[];
  readonly commitClan?: readonly string[];
  readonly offerClan?: readonly string[];
  readonly discard?: { readonly count: number };
  readonly offerPlacard?: readonly string[];
  readonly propose?: readonly {
    readonly to: number;
    readonly items: readonly string[];
    readonly dividends: { readonly min: number; readonly max: number };
  }[];
  readonly accept?: readonly number[];
  readonly reject?: readonly number[];
  readonly cancel?: readonly number[];
  readonly travel?: readonly { readonly card: string; readonly targets: readonly string[] }[];
  readonly recruit?: { readonly cards: readonly string[]; readonly targets: readonly string[] };
  readonly boss?: readonly string[];
  readonly stop?: readonly string[];
}

const add = <T>(o: Record<string, unknown>, key: string, v: T) => {
  const list = (o[key] ??= []) as T[];
  if (!list.includes(v)) list.push(v);
};

export function legalSummary(s: ImbState, seat: number): ImbLegal | null {
  const moves = legalMovesOf(s, seat);
  if (moves.length === 0) return null;
  const t = s.pub;
  const out: Record<string, unknown> = {
    phase: t.phase === 'deal' ? t.deal!.phase : t.phase,
    plain: [] as string[],
  };
  const travel = new Map<string, string[]>();
  const propose = new Map<number, { items: Set<string>; max: number }>();
  for (const m of moves as ImbMove[])
    switch (m.type) {
      case 'placeMarker':
        add(out, 'placeMarker', m.space);
        break;
      case 'declareDeal':
        out.declareDeal ??= [];
        for (const c of m.clan) add(out, 'declareDeal', c);
        break;
      case 'commitClan':
      case 'offerClan':
        for (const c of m.cards) add(out, m.type, c);
        break;
      case 'discard':
        out.discard = { count: m.cards.length };
        break;
      case 'offerPlacard':
        add(out, 'offerPlacard', m.placard);
        break;
      case 'propose': {
        const p = propose.get(m.to) ?? { items: new Set<string>(), max: 0 };
        for (const i of m.items) p.items.add(i);
        p.max = Math.max(p.max, m.dividends);
        propose.set(m.to, p);
        break;
      }
      case 'accept':
      case 'reject':
      case 'cancel':
        add(out, m.type, m.id);
        break;
      case 'playTravel':
        travel.set(m.card, [...(travel.get(m.card) ?? []), m.target]);
        break;
      case 'playRecruit': {
        const r = (out.recruit ??= { cards: [], targets: [] }) as {
          cards: string[];
          targets: string[];
        };
        for (const c of m.cards) if (!r.cards.includes(c)) r.cards.push(c);
        if (!r.targets.includes(m.target)) r.targets.push(m.target);
        break;
      }
      case 'playBoss':
        add(out, 'boss', m.card);
        break;
      case 'playStop':
        add(out, 'stop', m.card);
        break;
      default:
        add(out, 'plain', m.type);
    }
  if (travel.size > 0) out.travel = [...travel].map(([card, targets]) => ({ card, targets }));
  if (propose.size > 0)
    out.propose = [...propose].map(([to, p]) => ({
      to,
      items: [...p.items],
      dividends: { min: 0, max: p.max },
    }));
  return out as unknown as ImbLegal;
}

export { kindOf };
