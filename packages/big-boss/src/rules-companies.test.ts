/** Rules file, sections 4–6: founding, expanding and mergers. */
import { describe, expect, it } from 'vitest';
import { bigBoss } from './game.js';
import { position } from './test-kit.js';
import type { BigBossLegal } from './types.js';

const track = (t: ReturnType<typeof position>, from: number, to: number) =>
  t
    .view()
    .track.slice(from - 1, to)
    .map((x) => (x ? `${x.company}:${x.pieces}` : '-'));

describe('founding (section 4)', () => {
  it('modern: three pieces on three empty spaces with the card’s, a fourth on top, the headquarters there; price 5', () => {
    const t = position({ hands: ['I17'] });
    t.play('found I17 16 17 lunar');
    expect(track(t, 15, 19)).toEqual(['-', 'lunar:1', 'lunar:2', 'lunar:1', '-']);
    expect(t.view().headquarters).toEqual({ lunar: 17 });
    expect(t.price('lunar')).toBe(5);
    expect(t.state.cash[0]).toBe(45);
    expect(t.state.piecesLeft).toBe(88);
    expect(t.view().companies[1]).toMatchObject({ id: 'lunar', status: 'active', price: 5 });
    expect(t.lastEmitted.map((e) => e.event)).toEqual([
      {
        type: 'founded',
        seat: 0,
        card: 'I17',
        company: 'lunar',
        spaces: [16, 17, 18],
        top: 17,
        headquarters: 17,
      },
      { type: 'price-changed', company: 'lunar', from: 0, to: 5 },
      { type: 'earned', seat: 0, company: 'lunar', amount: 5 },
    ]);
  });

  it('original: three pieces, no fourth, price 3, headquarters on the card’s space', () => {
    const t = position({ rules: 'original', hands: ['I17'] });
    expect(t.refused('found I17 15 17 lunar')).toMatchObject({ kind: 'found-top' });
    t.play('found I17 15 - lunar');
    expect(track(t, 15, 17)).toEqual(['lunar:1', 'lunar:1', 'lunar:1']);
    expect(t.view().headquarters).toEqual({ lunar: 17 });
    expect(t.price('lunar')).toBe(3);
    expect(t.state.piecesLeft).toBe(89);
  });

  it('the three spaces are consecutive, empty and include the card’s; the fourth piece goes on one of them', () => {
    const t = position({ hands: ['I17 I20'], companies: { lion: { track: '22 23 24' } } });
    expect(t.refused('found I17 18 18 lunar')).toMatchObject({
      kind: 'found-card-space',
      message:
        "Founding: the three spaces must include the card's space 17; from 18 they are 18, 19, 20.",
    });
    expect(t.refused('found I17 16 20 lunar')).toMatchObject({ kind: 'found-top' });
    expect(t.refused('found I20 20 21 lunar')).toMatchObject({
      kind: 'found-not-empty',
      message: 'Founding: the three spaces must be empty; space 22 belongs to Lion.',
    });
  });

  it('keeps at least three empty spaces from every other company, across 72 → 1 too', () => {
    const t = position({ hands: ['I71'], companies: { lion: { track: '2 3 4' } } });
    expect(t.refused('found I71 70 71 lunar')).toMatchObject({
      kind: 'found-spacing',
      message:
        'Founding: at least three empty spaces must separate companies (space 72 is two spaces from Lion at space 2).',
    });
    expect(t.refused('found I71 69 70 lunar').message).toContain(
      '(space 71 is three spaces from Lion at space 2)',
    );
    expect(t.refused('found I71 71 72 lunar').message).toContain(
      '(space 1 is next to Lion at space 2)',
    );
    expect(t.legal().filter((m) => m.type === 'found')).toEqual([]);
    // Exactly three empty spaces (2, 3, 4) between 1 and Lion at 5 are enough.
    const wide = position({ hands: ['I71'], companies: { lion: { track: '5 6 7' } } });
    wide.play('found I71 71 1 lunar');
    expect(track(wide, 1, 1)).toEqual(['lunar:2']);
    expect(wide.view().track[71]).toEqual({ company: 'lunar', pieces: 1 });
    expect(wide.view().track[70]).toEqual({ company: 'lunar', pieces: 1 });
  });

  it('keeps the gap on the lower side too', () => {
    const t = position({ hands: ['I72'], companies: { lion: { track: '66 67 68' } } });
    expect(t.refused('found I72 70 71 lunar').message).toContain(
      '(space 70 is two spaces from Lion at space 68)',
    );
    t.play('found I72 72 72 lunar');
    expect(track(t, 1, 2)).toEqual(['lunar:1', 'lunar:1']);
  });

  it('only with a company never in play, and not at all once none is left', () => {
    const t = position({
      hands: ['I40'],
      companies: { lion: { track: '1 2 3' } },
      gone: { lunar: 8 },
    });
    expect(t.refused('found I40 39 40 lion').message).toBe(
      'Founding: Lion has been in play already; choose one never in play (Regent, Eagle, Kingdom, Orion, Vega, Zenith).',
    );
    expect(t.refused('found I40 39 40 lunar').kind).toBe('found-company');
    const companies = new Set(t.legal().flatMap((m) => (m.type === 'found' ? [m.company] : [])));
    expect(companies).toEqual(new Set(['regent', 'eagle', 'kingdom', 'orion', 'vega', 'zenith']));
    const none = position({
      hands: ['I40'],
      gone: { regent: 5, lunar: 5, eagle: 5, kingdom: 5, lion: 5, orion: 5, vega: 5, zenith: 5 },
    });
    expect(none.refused('found I40 39 40 lion').message).toBe(
      'Founding: every company has been in play; none is left to found.',
    );
    expect(none.legal().filter((m) => m.type === 'found')).toEqual([]);
  });

  it('lists every start, top and company for a card in open country', () => {
    const t = position({ hands: ['I40'] });
    const founds = t.legal().filter((m) => m.type === 'found');
    expect(founds).toHaveLength(3 * 3 * 8);
    expect(founds[0]).toEqual({
      type: 'found',
      card: 'I40',
      start: 38,
      top: 38,
      company: 'regent',
    });
  });

  it('needs all its pieces', () => {
    const t = position({ hands: ['I40'], piecesLeft: 3 });
    expect(t.refused('found I40 39 40 lunar')).toMatchObject({
      kind: 'found-no-pieces',
      message: 'Founding needs four pieces; only three pieces are left.',
    });
    expect(position({ rules: 'original', hands: ['I40'], piecesLeft: 3 }).legal()).toContainEqual({
      type: 'found',
      card: 'I40',
      start: 38,
      top: null,
      company: 'regent',
    });
  });

  it('only with an Industry card', () => {
    const parsed = bigBoss.parseMove({
      type: 'found',
      card: 'L',
      start: 1,
      top: 2,
      company: 'lion',
    });
    expect(parsed.ok ? '' : parsed.error.message).toContain('Industry card');
  });
});

describe('expanding (section 5)', () => {
  const lion = { lion: { track: '10 11:2 12', price: 12 } };

  it('an Industry card puts a piece on its space next to a company, which joins it', () => {
    const t = position({ hands: ['I9'], companies: lion });
    t.play('expand I9 9');
    expect(track(t, 9, 9)).toEqual(['lion:1']);
    expect(t.price('lion')).toBe(13);
  });

  it('an Industry card on a space with pieces raises it a level and the price by that level', () => {
    const t = position({ hands: ['I11'], companies: lion });
    t.play('expand I11 11');
    expect(track(t, 11, 11)).toEqual(['lion:3']);
    expect(t.price('lion')).toBe(15);
    expect(t.events('expanded')[0]).toMatchObject({ level: 3, company: 'lion' });
  });

  it('across 72 → 1', () => {
    const t = position({ hands: ['I1'], companies: { lion: { track: '70 71 72' } } });
    t.play('expand I1 1');
    expect(track(t, 1, 1)).toEqual(['lion:1']);
  });

  it('refuses a space that neither has pieces nor touches a company, and another space', () => {
    const t = position({ hands: ['I40 I13'], companies: { lion: { track: '10 11:5 12' } } });
    expect(t.refused('expand I40 40')).toMatchObject({ kind: 'expand-not-connected' });
    expect(t.refused('expand I13 14')).toMatchObject({
      kind: 'expand-card-space',
      message:
        'Expanding: an Industry card puts its piece on its own space (I13 goes on space 13).',
    });
  });

  // Decision 1: Industry cards have no cap ("1–6 million, depending on the level").
  for (const rules of ['modern', 'original'] as const)
    it(`${rules}: an Industry card puts a sixth piece on a five-piece space, raising the price by 6`, () => {
      const t = position({
        rules,
        hands: ['I11'],
        companies: { lion: { track: '10 11:5 12', price: 20 } },
      });
      expect(t.legal().filter((m) => m.type === 'expand')).toEqual([
        { type: 'expand', card: 'I11', space: 11 },
      ]);
      expect(t.state.turn).toBe(0);
      expect((bigBoss.legalSummary(t.state, 0) as BigBossLegal).expand).toEqual([
        { card: 'I11', space: 11, company: 'lion', merge: null },
      ]);
      t.play('expand I11 11');
      expect(track(t, 11, 11)).toEqual(['lion:6']);
      expect(t.price('lion')).toBe(26);
      expect(t.events('expanded')[0]).toMatchObject({ level: 6, company: 'lion', space: 11 });
      expect(t.events('earned')[0]).toMatchObject({ amount: 26 });
    });

  it('a sixth piece is the last: Level cards of either edition never build on five or six', () => {
    const modern = position({
      hands: ['L'],
      companies: { lion: { track: '10:6 11:5 12:4', price: 30 } },
    });
    expect(modern.refused('expand L 10')).toMatchObject({
      kind: 'expand-level',
      message:
        'Expanding: a Level card puts a piece on a space with 1 to 4 pieces; space 10 has six pieces.',
    });
    expect(modern.refused('expand L 11').kind).toBe('expand-level');
    expect(modern.legal().filter((m) => m.type === 'expand')).toEqual([
      { type: 'expand', card: 'L', space: 12 },
    ]);
    const original = position({
      rules: 'original',
      hands: ['L5'],
      companies: { lion: { track: '10:6 11:5 12:4', price: 30 } },
    });
    expect(original.refused('expand L5 10').kind).toBe('expand-level');
    expect(original.refused('expand L5 11')).toMatchObject({
      kind: 'expand-level',
      message:
        'Expanding: a level-5 card puts the fifth piece on a space with exactly four pieces; space 11 has five pieces.',
    });
    expect(original.legal().filter((m) => m.type === 'expand')).toEqual([
      { type: 'expand', card: 'L5', space: 12 },
    ]);
  });

  it('modern: a Level card on any space with 1 to 4 pieces; refused on a five-piece space', () => {
    const t = position({ hands: ['L'], companies: { lion: { track: '10 11:5 12:4', price: 47 } } });
    expect(t.refused('expand L 11')).toMatchObject({
      kind: 'expand-level',
      message:
        'Expanding: a Level card puts a piece on a space with 1 to 4 pieces; space 11 has five pieces.',
    });
    expect(t.refused('expand L 13').message).toContain('space 13 has no pieces');
    expect(t.legal().filter((m) => m.type === 'expand')).toEqual([
      { type: 'expand', card: 'L', space: 10 },
      { type: 'expand', card: 'L', space: 12 },
    ]);
    t.play('expand L 12');
    expect(track(t, 12, 12)).toEqual(['lion:5']);
    expect(t.price('lion')).toBe(50); // 47 + 5, never above 50
  });

  it('original: a level-k card puts the k-th piece on a space with exactly k−1 pieces', () => {
    const t = position({
      rules: 'original',
      hands: ['L3 L2'],
      companies: { lion: { track: '10 11:2 12', price: 9 } },
    });
    expect(t.refused('expand L3 10')).toMatchObject({
      kind: 'expand-level',
      message:
        'Expanding: a level-3 card puts the third piece on a space with exactly two pieces; space 10 has one piece.',
    });
    expect(t.refused('expand L2 11').kind).toBe('expand-level');
    expect(t.refused('expand L 11').kind).toBe('card-not-in-hand');
    t.play('expand L3 11');
    expect(track(t, 11, 11)).toEqual(['lion:3']);
    expect(t.price('lion')).toBe(12);
  });
});

describe('mergers (section 6)', () => {
  // Lunar at 12, Lion at 11: Industry 13 touches both.
  const twoCompanies = {
    hands: ['I13'],
    companies: {
      lunar: { track: '10 11 12', price: 12, tower: 2 },
      lion: { track: '14 15 16', price: 11 },
    },
    shares: [{ lunar: 1, lion: 1 }, { lunar: 2 }, {}],
  };

  it('a tie in price after the +1: the player chooses the acquirer; shares and the tower are paid out', () => {
    const t = position(twoCompanies);
    expect(t.refused('expand I13 13')).toMatchObject({
      kind: 'merge-boost',
      message:
        'Merger: the piece on space 13 joins Lunar and Lion; choose which takes the +1 ("boost": "lunar" or "lion").',
    });
    expect(t.refused('expand I13 13 boost:lion')).toMatchObject({
      kind: 'merge-acquirer',
      message:
        'Merger: Lunar and Lion both stand at 12 after the +1; choose the acquirer ("acquirer": "lunar" or "lion").',
    });
    t.play('expand I13 13 boost:lion acquirer:lion');
    const merged = t.events('merged')[0];
    expect(merged).toEqual({
      type: 'merged',
      seat: 0,
      acquirer: 'lion',
      acquired: 'lunar',
      boost: 'lion',
      acquiredPrice: 12,
      payouts: [12, 24, 36],
      towerRemoved: 2,
      price: 24,
    });
    expect(t.price('lion')).toBe(24);
    expect(t.state.cash).toEqual([40 + 12 + 24, 40 + 24, 40 + 36]);
    expect(track(t, 10, 16)).toEqual(new Array(7).fill('lion:1'));
    const v = t.view();
    expect(v.companies[1]).toEqual({
      id: 'lunar',
      status: 'gone',
      price: 12,
      sharesLeft: 0,
      tower: null,
    });
    expect(v.headquarters).toEqual({ lion: 14 });
    expect(v.seats[2]).toMatchObject({ towers: [], towersLeft: 1 });
    expect(v.seats[1].shares.lunar).toBe(0);
    expect(v.played).toBe('lion');
    // The merged company may take this player's tower; Lunar can never be founded again.
    t.play('invest lion tower');
    expect(t.view().companies[4].tower).toBe(0);
  });

  it('the higher price after the +1 acquires; "acquirer" is refused when there is no tie', () => {
    const t = position(twoCompanies);
    expect(t.refused('expand I13 13 boost:lunar acquirer:lunar')).toMatchObject({
      kind: 'merge-acquirer',
      message:
        'Merger: Lunar (13) has the higher price after the +1 and acquires Lion (11); "acquirer" is only for a tie.',
    });
    expect(t.legal()).toContainEqual({ type: 'expand', card: 'I13', space: 13, boost: 'lunar' });
    expect(t.legal()).toContainEqual({
      type: 'expand',
      card: 'I13',
      space: 13,
      boost: 'lion',
      acquirer: 'lunar',
    });
    t.play('expand I13 13 boost:lunar');
    expect(t.events('merged')[0]).toMatchObject({
      acquirer: 'lunar',
      acquired: 'lion',
      acquiredPrice: 11,
      payouts: [11, 0, 0],
      towerRemoved: null,
      price: 24,
    });
    expect(t.events('earned')[0]).toEqual({
      type: 'earned',
      seat: 0,
      company: 'lunar',
      amount: 24,
    });
  });

  it('"boost" is refused when nothing merges', () => {
    const t = position({ hands: ['I9'], companies: twoCompanies.companies });
    expect(t.refused('expand I9 9 boost:lunar').kind).toBe('merge-boost');
  });

  it('the merged price never exceeds 50', () => {
    const t = position({
      hands: ['I13'],
      companies: {
        lunar: { track: '10 11 12', price: 40 },
        lion: { track: '14 15 16', price: 20 },
      },
    });
    t.play('expand I13 13 boost:lion');
    expect(t.price('lunar')).toBe(50);
  });

  it('merges across 72 → 1, and an acquired company is gone for good', () => {
    const t = position({
      hands: ['I72', 'I40'],
      companies: { lunar: { track: '69 70 71', price: 5 }, lion: { track: '1 2 3', price: 9 } },
    });
    t.play('expand I72 72 boost:lunar', 'invest');
    expect(t.view().companies.map((c) => c.status)).toEqual([
      'never',
      'gone',
      'never',
      'never',
      'active',
      'never',
      'never',
      'never',
    ]);
    expect(t.refused('found I40 39 40 lunar').kind).toBe('found-company');
  });
});
