// Unit tests on random games: the Big Boss turn form offers just the legal moves, predicts mergers and money.
import { describe, expect, it } from 'vitest';
import { Rng } from '@boss-table/core';
import {
  bigBoss,
  COMPANY_IDS,
  summary,
  type BigBossLegal,
  type BigBossMove,
  type BigBossState,
  type CardCode,
  type CompanyId,
  type IndustryCard,
} from '@boss-table/big-boss';
import {
  acquirerChoices,
  boostChoices,
  cardAction,
  draftMove,
  draftProblem,
  emptyDraft,
  expandSpaces,
  foundStarts,
  foundTops,
  mergeOutlook,
  pickCard,
  playableCards,
  startDraft,
  type Draft,
} from './composer-logic.js';
import { moneyBreakdown } from './money.js';

/** The engine's one spelling of a move, or null for a move it cannot read. */
const canon = (m: unknown): string | null => {
  const parsed = bigBoss.parseMove(m);
  return parsed.ok ? JSON.stringify(parsed.value) : null;
};
const wrap = (n: number) => ((((n - 1) % 72) + 72) % 72) + 1;

/** Drafts around the legal ones: right and wrong cards, spaces, tops, companies, counts. */
function candidates(s: BigBossState, legal: BigBossLegal, rng: Rng): Draft[] {
  const out: Draft[] = [emptyDraft];
  const hand = bigBoss.view(s, s.turn).hand ?? [];
  const someCompanies = (): (CompanyId | null)[] => [
    null,
    COMPANY_IDS[rng.int(8)],
    ...legal.companies.slice(0, 2),
    ...legal.expand.flatMap((e) => e.merge?.companies ?? []).slice(0, 2),
  ];
  if (legal.phase === 'invest') {
    const sharesSets: CompanyId[][] = [[]];
    for (const a of COMPANY_IDS) {
      sharesSets.push([a]);
      for (const b of COMPANY_IDS)
        if (COMPANY_IDS.indexOf(b) >= COMPANY_IDS.indexOf(a)) sharesSets.push([a, b]);
    }
    sharesSets.push([COMPANY_IDS[0], COMPANY_IDS[0], COMPANY_IDS[0]]);
    for (const shares of sharesSets)
      for (const tower of [false, true])
        out.push({ ...emptyDraft, action: 'invest', shares, tower });
    return out;
  }
  const view = bigBoss.view(s, s.turn);
  for (const rowCard of [...view.row, `I${1 + rng.int(72)}` as IndustryCard])
    out.push({ ...emptyDraft, action: 'row', rowCard });
  out.push({ ...emptyDraft, action: 'deck' }, { ...emptyDraft, action: 'levels' });
  const cards: CardCode[] = [...new Set(hand), `I${1 + rng.int(72)}` as CardCode, 'L'];
  for (const card of cards) {
    const n = card.startsWith('I') ? Number(card.slice(1)) : 1 + rng.int(72);
    for (let start = n - 3; start <= n + 1; start++)
      for (const top of [null, wrap(start), wrap(start + 1), wrap(start + 2), wrap(start + 3)])
        for (const company of someCompanies())
          out.push({ ...emptyDraft, action: 'found', card, start: wrap(start), top, company });
    const spaces = card.startsWith('I')
      ? [n, wrap(n + 1)]
      : Array.from({ length: 72 }, (_, i) => i + 1);
    for (const space of spaces)
      for (const boost of someCompanies())
        for (const acquirer of [null, boost, ...someCompanies().slice(2, 4)])
          out.push({ ...emptyDraft, action: 'expand', card, space, boost, acquirer });
  }
  for (const company of COMPANY_IDS.slice(0, 4))
    for (let count = 0; count <= 3; count++)
      out.push({ ...emptyDraft, action: 'sell', sellCompany: company, sellCount: count });
  out.push({ ...emptyDraft, action: 'pass' });
  return out;
}

/** The draft for a legal move, built only from the choices the composer offers. */
function offered(legal: BigBossLegal, m: BigBossMove): boolean {
  switch (m.type) {
    case 'buy':
      return m.from === 'row'
        ? legal.buy.row.includes(m.card)
        : m.from === 'deck'
          ? legal.buy.deck
          : legal.buy.levels;
    case 'found':
      return (
        playableCards(legal).includes(m.card) &&
        cardAction(legal, m.card) === 'found' &&
        foundStarts(legal, m.card).includes(m.start) &&
        foundTops(legal, m.card, m.start).includes(m.top) &&
        legal.companies.includes(m.company)
      );
    case 'expand':
      return (
        playableCards(legal).includes(m.card) &&
        cardAction(legal, m.card) === 'expand' &&
        expandSpaces(legal, m.card).includes(m.space) &&
        (m.boost === undefined
          ? boostChoices(legal, m.card, m.space).length === 0
          : boostChoices(legal, m.card, m.space).includes(m.boost)) &&
        (m.acquirer === undefined
          ? acquirerChoices(legal, m.card, m.space, m.boost ?? null).length === 0
          : acquirerChoices(legal, m.card, m.space, m.boost ?? null).includes(m.acquirer))
      );
    case 'invest':
    case 'pass':
      return true;
    case 'sell':
      return legal.sell.some((x) => x.company === m.company && m.count >= 1 && m.count <= x.max);
  }
}

describe('Big Boss turn composer', () => {
  it('accepts exactly the legal moves and offers every one of them, on random positions of both rule sets', () => {
    let checked = 0;
    let positions = 0;
    const kinds = new Set<string>();
    for (let g = 0; g < 6; g++) {
      const rules = g % 2 === 0 ? 'modern' : 'original';
      const options = bigBoss.parseOptions({ players: 2 + (g % 3), rules });
      if (!options.ok) throw new Error(options.error.message);
      const setup = bigBoss.setup(options.value, `web-bb-${g}`);
      if (!setup.ok) throw new Error(setup.error.message);
      const s = setup.value.state;
      const rng = Rng.fromSeed(`web-bb-${g}`);
      let moveNo = 0;
      while (!s.outcome) {
        const legal = bigBoss.legalSummary!(s, s.turn) as BigBossLegal;
        const moves = bigBoss.legalMoves(s, s.turn);
        if (moveNo++ % 4 === 0 || legal.pass || legal.expand.some((e) => e.merge)) {
          positions++;
          const legalSet = new Set(moves.map(canon));
          for (const m of moves) {
            expect(offered(legal, m), JSON.stringify(m)).toBe(true);
            kinds.add(m.type === 'expand' && m.boost ? 'merge' : m.type);
          }
          for (const d of candidates(s, legal, rng)) {
            const ok = draftProblem(legal, d) === null;
            const made = d.action === null ? null : canon(draftMove(d));
            expect(ok, JSON.stringify(d)).toBe(made !== null && legalSet.has(made));
            checked++;
          }
          // Every legal move comes out of some accepted draft: the composer can make them all.
          const start = startDraft(legal);
          if (legal.phase === 'invest') expect(draftProblem(legal, start)).toBeNull();
          for (const card of playableCards(legal))
            expect(draftProblem(legal, pickCard(legal, card))).toBeNull();
        }
        bigBoss.applyInPlace(s, s.turn, bigBoss.randomMove(s, s.turn, rng)!);
      }
    }
    expect(positions).toBeGreaterThan(100);
    expect(checked).toBeGreaterThan(10_000);
    // The random games reached every kind of move, so each branch was checked.
    for (const k of ['buy', 'found', 'expand', 'merge', 'invest', 'sell', 'pass'])
      expect(kinds).toContain(k);
  });

  it('explains what is missing', () => {
    const legal: BigBossLegal = {
      phase: 'play',
      buy: { row: ['I3'], deck: true, levels: false },
      found: [{ card: 'I17', start: 15, tops: [15, 16, 17] }],
      companies: ['lunar'],
      expand: [
        {
          card: 'I13',
          space: 13,
          company: 'lunar',
          merge: { companies: ['lunar', 'lion'], tiedWhenBoosting: ['lunar'] },
        },
      ],
      invest: null,
      sell: [],
      pass: false,
    };
    expect(draftProblem(legal, emptyDraft)).toBe('Choose what to do.');
    expect(draftProblem(legal, { ...emptyDraft, action: 'levels' })).toMatch(/Level card/);
    expect(draftProblem(legal, { ...emptyDraft, action: 'pass' })).toMatch(/only when/);
    const merge = pickCard(legal, 'I13');
    expect(merge).toMatchObject({ action: 'expand', space: 13, boost: 'lunar', acquirer: 'lunar' });
    expect(draftProblem(legal, { ...merge, acquirer: null })).toMatch(/prices tie/);
    expect(draftProblem(legal, { ...merge, boost: 'lion', acquirer: null })).toBeNull();
    expect(draftMove({ ...merge, boost: 'lion', acquirer: null })).toEqual({
      type: 'expand',
      card: 'I13',
      space: 13,
      boost: 'lion',
    });
    const found = pickCard(legal, 'I17');
    expect(draftMove(found)).toEqual({
      type: 'found',
      card: 'I17',
      start: 15,
      top: 15,
      company: 'lunar',
    });
    expect(draftProblem(legal, { ...found, top: 18 })).toMatch(/fourth piece/);
  });
});

describe('Big Boss merger outlook', () => {
  it('names the acquirer and the payout price the engine then uses, on every merger of random games', () => {
    let mergers = 0;
    for (let g = 0; g < 8; g++) {
      const rules = g % 2 === 0 ? 'modern' : 'original';
      const options = bigBoss.parseOptions({ players: 2 + (g % 4), rules });
      if (!options.ok) throw new Error(options.error.message);
      const setup = bigBoss.setup(options.value, `outlook-${g}`);
      if (!setup.ok) throw new Error(setup.error.message);
      let s = setup.value.state;
      const rng = Rng.fromSeed(`outlook-${g}`);
      while (!s.outcome) {
        const legal = bigBoss.legalSummary!(s, s.turn) as BigBossLegal;
        const prices = Object.fromEntries(
          bigBoss.view(s, s.turn).companies.map((c) => [c.id, c.price]),
        );
        for (const m of bigBoss.legalMoves(s, s.turn)) {
          if (m.type !== 'expand' || !m.boost) continue;
          const d: Draft = {
            ...emptyDraft,
            action: 'expand',
            card: m.card,
            space: m.space,
            boost: m.boost,
            acquirer: m.acquirer ?? null,
          };
          const applied = bigBoss.apply(s, s.turn, m);
          if (!applied.ok) throw new Error(applied.error.message);
          const merged = applied.value.events.find((e) => e.event.type === 'merged')?.event;
          if (merged?.type !== 'merged') throw new Error('a merging move without a merger');
          expect(mergeOutlook(legal, d, prices)).toMatchObject({
            acquirer: merged.acquirer,
            acquired: merged.acquired,
            paidAt: merged.acquiredPrice,
          });
          mergers++;
        }
        const next = bigBoss.apply(s, s.turn, bigBoss.randomMove(s, s.turn, rng)!);
        if (!next.ok) throw new Error(next.error.message);
        s = next.value.state;
      }
    }
    expect(mergers).toBeGreaterThan(20);
  });
});

describe('Big Boss final money', () => {
  it('adds up, part by part, to what the engine counted, on finished random games', () => {
    for (let g = 0; g < 6; g++) {
      const rules = g % 2 === 0 ? 'modern' : 'original';
      const options = bigBoss.parseOptions({ players: 2 + (g % 5), rules });
      if (!options.ok) throw new Error(options.error.message);
      const setup = bigBoss.setup(options.value, `money-${g}`);
      if (!setup.ok) throw new Error(setup.error.message);
      const s = setup.value.state;
      const rng = Rng.fromSeed(`money-${g}`);
      expect(moneyBreakdown(bigBoss.view(s, null))).toBeNull();
      while (!s.outcome) bigBoss.applyInPlace(s, s.turn, bigBoss.randomMove(s, s.turn, rng)!);
      const engine = summary(s).players.map((p) => p.money);
      // A spectator and every seat see the same breakdown, though none sees the others' hands.
      for (const viewer of [null, ...engine.map((_, p) => p)])
        expect(moneyBreakdown(bigBoss.view(s, viewer))).toEqual(engine);
    }
  });
});
