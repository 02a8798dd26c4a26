// I'm the Boss!'s moves as sent over the wire, clock expiries included, checked for shape before the rules.
import { err, gameError, ok, type GameError, type Result } from '@boss-table/core';
import { isCard, isPlacard } from './cards.js';

/** The clocks whose expiry is a recorded move of `CLOCK` (rules file §14). */
export const CLOCK_KINDS = [
  'turn',
  'discard',
  'deal',
  'idle',
  'stopWindow',
  'lastCall',
  'step',
  'prompt',
] as const;
export type ClockKind = (typeof CLOCK_KINDS)[number];

/** The moves (rules file §3–§8); every card and item by its id. */
export type ImbMove =
  | { readonly type: 'placeMarker'; readonly space: number }
  | { readonly type: 'roll' }
  | { readonly type: 'declareDeal'; readonly clan: readonly string[] }
  | { readonly type: 'draw' }
  | { readonly type: 'discard'; readonly cards: readonly string[] }
  | { readonly type: 'commitClan'; readonly cards: readonly string[] }
  | { readonly type: 'offerClan'; readonly cards: readonly string[] }
  | { readonly type: 'offerPlacard'; readonly placard: string }
  | {
      readonly type: 'propose';
      readonly to: number;
      readonly items: readonly string[];
      readonly dividends: number;
    }
  | { readonly type: 'accept'; readonly id: number }
  | { readonly type: 'reject'; readonly id: number }
  | { readonly type: 'cancel'; readonly id: number }
  | { readonly type: 'playTravel'; readonly card: string; readonly target: string }
  | { readonly type: 'playRecruit'; readonly cards: readonly string[]; readonly target: string }
  | { readonly type: 'playBoss'; readonly card: string }
  | { readonly type: 'playStop'; readonly card: string }
  | { readonly type: 'pass' }
  | { readonly type: 'abandon' }
  | { readonly type: 'expire'; readonly clock: ClockKind };

const FIELDS: Readonly<Record<ImbMove['type'], readonly string[]>> = {
  placeMarker: ['space'],
  roll: [],
  declareDeal: ['clan'],
  draw: [],
  discard: ['cards'],
  commitClan: ['cards'],
  offerClan: ['cards'],
  offerPlacard: ['placard'],
  propose: ['to', 'items', 'dividends'],
  accept: ['id'],
  reject: ['id'],
  cancel: ['id'],
  playTravel: ['card', 'target'],
  playRecruit: ['cards', 'target'],
  playBoss: ['card'],
  playStop: ['card'],
  pass: [],
  abandon: [],
  expire: ['clock'],
};

const whole = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const cardList = (v: unknown): v is string[] =>
  Array.isArray(v) && v.length <= 98 && v.every(isCard);
const itemOk = (v: unknown): boolean => isPlacard(v) || (isCard(v) && v.startsWith('clan:'));

/** Checks a move's shape (the rules check the rest in `apply`). */
export function parseMove(raw: unknown): Result<ImbMove, GameError> {
  const bad = (m: string) => err(gameError('record', m));
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return bad('A move must be an object with a "type".');
  const o = raw as Record<string, unknown>;
  const type = o.type as ImbMove['type'];
  if (typeof type !== 'string' || !(type in FIELDS))
    return bad(
      `Unknown move type ${JSON.stringify(o.type)}: one of ${Object.keys(FIELDS).join(', ')}.`,
    );
  for (const k of Object.keys(o))
    if (k !== 'type' && k !== 'seat' && !FIELDS[type].includes(k))
      return bad(`Unknown field "${k}" in a "${type}" move.`);
  for (const k of FIELDS[type])
    if (o[k] === undefined) return bad(`A "${type}" move needs "${k}".`);
  switch (type) {
    case 'placeMarker':
      return whole(o.space) ? ok({ type, space: o.space }) : bad('"space" must be a whole number.');
    case 'declareDeal':
      return cardList(o.clan) ? ok({ type, clan: o.clan }) : bad('"clan" must list card ids.');
    case 'discard':
    case 'commitClan':
    case 'offerClan':
      return cardList(o.cards) ? ok({ type, cards: o.cards }) : bad('"cards" must list card ids.');
    case 'offerPlacard':
      return isPlacard(o.placard)
        ? ok({ type, placard: o.placard })
        : bad('"placard" must be a placard id, inv:H … inv:T.');
    case 'propose':
      if (!whole(o.to)) return bad('"to" must be a seat number.');
      if (!Array.isArray(o.items) || o.items.length > 30 || !o.items.every(itemOk))
        return bad('"items" must list placards (inv:H) and clan cards (clan:H1).');
      if (!whole(o.dividends)) return bad('"dividends" must be a whole number.');
      return ok({ type, to: o.to, items: o.items as string[], dividends: o.dividends });
    case 'accept':
    case 'reject':
    case 'cancel':
      return whole(o.id) ? ok({ type, id: o.id }) : bad('"id" must be a proposal number.');
    case 'playTravel':
      if (!isCard(o.card)) return bad('"card" must be a card id.');
      if (!itemOk(o.target)) return bad('"target" must be a placard or a clan card.');
      return ok({ type, card: o.card, target: o.target as string });
    case 'playRecruit':
      if (!cardList(o.cards)) return bad('"cards" must list card ids.');
      if (!isPlacard(o.target)) return bad('"target" must be a placard id.');
      return ok({ type, cards: o.cards, target: o.target });
    case 'playBoss':
    case 'playStop':
      return isCard(o.card) ? ok({ type, card: o.card }) : bad('"card" must be a card id.');
    case 'expire':
      return (CLOCK_KINDS as readonly unknown[]).includes(o.clock)
        ? ok({ type, clock: o.clock as ClockKind })
        : bad(`"clock" must be one of ${CLOCK_KINDS.join(', ')}.`);
    default:
      return ok({ type } as ImbMove);
  }
}
