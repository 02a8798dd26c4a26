// Big Boss's moves as they arrive from records, the network or the terminal, checked for shape only.
import { err, gameError, ok, type GameError, type Result } from '@boss-table/core';
import {
  cardId,
  COMPANY_IDS,
  COMPANY_INDEX,
  isCompanyId,
  isIndustry,
  SPACES,
  type CardCode,
  type CompanyId,
  type IndustryCard,
} from './companies.js';
import type { BigBossMove } from './types.js';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const bad = (message: string) => err(gameError('invalid-move', message));

const FIELDS: Readonly<Record<string, readonly string[]>> = {
  buy: ['from', 'card'],
  found: ['card', 'start', 'top', 'company'],
  expand: ['card', 'space', 'boost', 'acquirer'],
  invest: ['shares', 'tower'],
  sell: ['company', 'count'],
  pass: [],
};

const isSpace = (v: unknown): v is number =>
  Number.isInteger(v) && (v as number) >= 1 && (v as number) <= SPACES;

const companyList = COMPANY_IDS.join(', ');

/** Checks a move's shape from outside (record, network, terminal); the rules judge it in `apply`. */
export function parseMove(raw: unknown): Result<BigBossMove, GameError> {
  if (!isObject(raw))
    return bad(`A move must be an object with a "type" (${Object.keys(FIELDS).join(', ')}).`);
  const type = raw.type;
  if (typeof type !== 'string' || !Object.prototype.hasOwnProperty.call(FIELDS, type))
    return bad(
      `A move's "type" must be one of ${Object.keys(FIELDS).join(', ')}; got ${JSON.stringify(type)}.`,
    );
  for (const key of Object.keys(raw))
    if (key !== 'type' && key !== 'seat' && !FIELDS[type].includes(key))
      return bad(
        `Unknown field "${key}" in a ${type} move; it has ${FIELDS[type].map((f) => `"${f}"`).join(', ') || 'no other field'}.`,
      );
  const industry = (v: unknown): v is IndustryCard => {
    const id = cardId(v);
    return id !== undefined && isIndustry(id);
  };
  const company = (field: string, v: unknown) =>
    isCompanyId(v)
      ? undefined
      : bad(`"${field}" must be a company id (${companyList}); got ${JSON.stringify(v)}.`);
  switch (type) {
    case 'buy': {
      const { from, card } = raw;
      if (from === 'row') {
        if (!industry(card))
          return bad(
            `A buy from the row names its "card", an Industry card "I1".."I72"; got ${JSON.stringify(card)}.`,
          );
        return ok({ type, from, card });
      }
      if (from !== 'deck' && from !== 'levels')
        return bad(`"from" must be "row", "deck" or "levels"; got ${JSON.stringify(from)}.`);
      if (card !== undefined)
        return bad(`A buy from the ${from === 'deck' ? 'deck' : 'Level stack'} names no card.`);
      return ok({ type, from });
    }
    case 'found': {
      const { card, start, top } = raw;
      if (!industry(card))
        return bad(`"card" must be an Industry card "I1".."I72"; got ${JSON.stringify(card)}.`);
      if (!isSpace(start)) return bad(`"start" must be a space from 1 to ${SPACES}.`);
      if (top !== null && !isSpace(top))
        return bad(`"top" must be a space from 1 to ${SPACES} (modern) or null (original).`);
      const wrong = company('company', raw.company);
      if (wrong) return wrong;
      return ok({ type, card, start, top, company: raw.company as CompanyId });
    }
    case 'expand': {
      const { card, space, boost, acquirer } = raw;
      if (cardId(card) === undefined)
        return bad(
          `"card" must be a card: "I1".."I72", "L" or "L2".."L5"; got ${JSON.stringify(card)}.`,
        );
      if (!isSpace(space)) return bad(`"space" must be a space from 1 to ${SPACES}.`);
      const move: {
        type: 'expand';
        card: CardCode;
        space: number;
        boost?: CompanyId;
        acquirer?: CompanyId;
      } = {
        type,
        card: card as CardCode,
        space,
      };
      if (boost !== undefined) {
        const wrong = company('boost', boost);
        if (wrong) return wrong;
        move.boost = boost as CompanyId;
      }
      if (acquirer !== undefined) {
        const wrong = company('acquirer', acquirer);
        if (wrong) return wrong;
        move.acquirer = acquirer as CompanyId;
      }
      return ok(move);
    }
    case 'invest': {
      const shares = raw.shares ?? [];
      const tower = raw.tower ?? false;
      if (!Array.isArray(shares) || shares.length > 2)
        return bad('"shares" must be a list of at most two company ids (repeats allowed).');
      for (const c of shares) {
        const wrong = company('shares', c);
        if (wrong) return wrong;
      }
      if (typeof tower !== 'boolean') return bad('"tower" must be true or false.');
      const sorted = (shares as CompanyId[])
        .slice()
        .sort((a, b) => COMPANY_INDEX.get(a)! - COMPANY_INDEX.get(b)!);
      return ok({ type, shares: sorted, tower });
    }
    case 'sell': {
      const wrong = company('company', raw.company);
      if (wrong) return wrong;
      if (!Number.isInteger(raw.count) || (raw.count as number) < 1 || (raw.count as number) > 12)
        return bad('"count" must be a whole number of shares from 1 to 12.');
      return ok({ type, company: raw.company as CompanyId, count: raw.count as number });
    }
    default:
      return ok({ type: 'pass' });
  }
}
