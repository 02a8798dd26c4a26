// Boss Cards' invariants over random games: cards conserved, views sealed, legal forms exact, replays identical.
import { parseRecord, replay, type Emitted } from '@boss-table/core';
import { canonical, playRandomGame } from '@boss-table/core/testing';
import { describe, expect, it } from 'vitest';
import { cardCount, cardName } from './cards.js';
import type { BossCardsEvent } from './events.js';
import { bossCards } from './game.js';
import { legalSummary } from './legal-summary.js';
import type { BossCardsMove } from './move.js';
import { legalMoves } from './play.js';
import { TAG_UNSEEN, type BossCardsState } from './state.js';
import { byCard, options } from './test-kit.js';

const OPTION_SETS = [
  { players: 2 },
  { players: 3, aceNamesSuit: true },
  { players: 4, handSize: 9 },
  { players: 6, handSize: 6, target: 20 },
];

function games(f: (s: BossCardsState, step: number) => void) {
  for (const raw of OPTION_SETS)
    for (const seed of ['p1', 'p2'])
      playRandomGame(byCard, raw, seed, { onState: (s, step) => f(s as BossCardsState, step) });
}

describe('properties over random games', () => {
  it('conserves the cards: every card once, in a hand, the stock or the pile', () => {
    let states = 0;
    games((s) => {
      const all = [...s.hands.flat(), ...s.stock, ...s.pile].sort((a, b) => a - b);
      expect(all).toEqual(Array.from({ length: cardCount(s.config.decks) }, (_, i) => i));
      s.hands.forEach((h, p) => {
        const re = s.reSlots[p].reduce((a, b) => a + b, 0);
        expect(s.dealtSlots[p] + s.firstSlots[p] + re).toBe(h.length);
      });
      states++;
    });
    expect(states).toBeGreaterThan(500);
  });

  it('views show no card of another hand or of the stock unless its history is public', () => {
    games((s, step) => {
      if (step % 7 !== 0) return;
      for (let viewer = 0; viewer < s.config.players; viewer++) {
        const text = JSON.stringify(bossCards.view(s, viewer));
        const secret = [...s.stock, ...s.hands.filter((_, p) => p !== viewer).flat()].filter(
          (c) => s.tags[c] === TAG_UNSEEN,
        );
        for (const c of secret) expect(text).not.toContain(`"${cardName(c, s.config.decks)}"`);
      }
    });
  });

  it('legalSummary lists exactly the legal moves', () => {
    games((s, step) => {
      if (step % 5 !== 0 || bossCards.isOver(s)) return;
      const sum = legalSummary(s, s.turn)!;
      const expanded: BossCardsMove[] = [];
      for (const p of sum.play) {
        if (p.names === 'none') expanded.push({ type: 'play', card: p.card });
        else {
          for (const suit of sum.suits) expanded.push({ type: 'play', card: p.card, suit });
          if (p.names === 'suit-or-rank')
            for (const rank of sum.ranks) expanded.push({ type: 'play', card: p.card, rank });
        }
      }
      if (sum.draw) expanded.push({ type: 'draw' });
      if (sum.pass) expanded.push({ type: 'pass' });
      expect(new Set(expanded.map(canonical))).toEqual(
        new Set(legalMoves(s, s.turn).map(canonical)),
      );
    });
  });

  it('records replay identically, and an explicit deal replays like the seed that made it', () => {
    const { record, state } = playRandomGame(byCard, { players: 3 }, 'rec');
    const parsed = parseRecord(JSON.parse(JSON.stringify(record)));
    if (!parsed.ok) throw new Error(parsed.error.message);
    const a = replay(bossCards, parsed.value);
    if (!a.ok) throw new Error(a.error.message);
    expect(a.value.state).toEqual(state);
    // Round 1 as an explicit deal: its hands, and the stock with the start card on top.
    const start = bossCards.setup(options({ players: 3 }), 'rec');
    if (!start.ok) throw new Error(start.error.message);
    const s0 = start.value.state;
    // This seed's first start card is plain (a returned one would need "gaps" too).
    expect(s0.tags.every((t) => t === TAG_UNSEEN)).toBe(true);
    const name = (c: number) => cardName(c, 1);
    const explicit = {
      ...record,
      seed: 'another seed',
      deals: [
        {
          hands: s0.hands.map((h) => h.map(name)),
          stock: [...s0.pile, ...[...s0.stock].reverse()].map(name),
        },
      ],
      moves: [] as Record<string, unknown>[],
    };
    let original: BossCardsState = s0;
    const views: unknown[] = [];
    for (const m of record.moves) {
      const { seat, ...move } = m as { seat: number };
      const r = bossCards.apply(original, seat, move as BossCardsMove);
      if (!r.ok) throw new Error(r.error.message);
      if (r.value.state.round !== 1 || r.value.state.reshuffles > 0) break;
      original = r.value.state;
      explicit.moves.push(m);
      views.push(bossCards.view(original, 0));
    }
    expect(explicit.moves.length).toBeGreaterThan(10);
    const p = parseRecord(explicit);
    if (!p.ok) throw new Error(p.error.message);
    const seen: unknown[] = [];
    const b = replay(bossCards, p.value, { onStep: (st) => seen.push(bossCards.view(st, 0)) });
    if (!b.ok) throw new Error(b.error.message);
    expect(seen.slice(1)).toEqual(views);
  });

  it('every event goes to everyone or to one seat, and cards dealt or drawn only to their seat', () => {
    const { events } = playRandomGame(byCard, { players: 4 }, 'ev');
    for (const e of events as Emitted<BossCardsEvent>[]) {
      if (e.event.type === 'hand-dealt' || e.event.type === 'cards-drawn')
        expect(e.audience).toBe(e.event.seat);
      else expect(e.audience).toBe('all');
    }
  });
});
