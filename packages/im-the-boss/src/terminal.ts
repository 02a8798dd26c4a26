// I'm the Boss! in the terminal: the table in words, moves typed with short handles, help and legal moves.
import {
  formatClock,
  wrapText,
  type TerminalContext,
  type TerminalPieces,
  type TypedMove,
} from '@boss-table/core';
import { familyOf, isCard, isPlacard, placardId } from './cards.js';
import { BOARD, FAMILIES, FAMILY_NAMES } from './data.js';
import type { ImbEvent } from './events.js';
import type { ImbLegal } from './legal-summary.js';
import { CLOCK_KINDS, type ClockKind, type ImbMove } from './move.js';
import type { ImbView } from './view.js';
import { cardWords, clockWords, END_WORDS, eventWords } from './words.js';

/**
 * I'm the Boss! in the terminal, in words: cards by their number in your hand (`1`, `2` …),
 * clan cards on the deal's table by `t1`, `t2` …, placards by their family's name or letter,
 * seats from 1. Moves: `marker 5`, `roll`, `deal [cards]`, `draw`, `discard <cards>`,
 * `commit <cards>`, `offer <cards>`, `offer Piepenbrok`, `propose 2 3 Piepenbrok t1` (to seat
 * 2, 3 dividends, those items), `accept 4`, `reject 4`, `cancel 4`, `travel 3 Heiermann`,
 * `recruit 1 2 3 Talerfeld`, `boss 4`, `stop 2` (or `stop`), `pass`, `abandon`. Card ids
 * (`clan:H1`, `inv:P`) are still read, for scripts.
 */
const HELP = [
  'Cards: by their number in your hand (1, 2 …); clan cards on the deal: t1, t2 …;',
  'placards: by their family (Piepenbrok or P); seats: from 1.',
  '  marker 5 · roll · deal [cards to commit] · draw · discard <cards>',
  '  commit <cards> (the Boss) · offer <cards> · offer Piepenbrok (your placard)',
  '  propose <seat> <dividends> [items]   e.g. propose 2 3 Piepenbrok t1',
  '  accept <proposal> · reject <proposal> · cancel <proposal> (by its number)',
  '  travel <card> <placard or t-card> · recruit <3 cards> <placard>',
  '  boss <card> · stop [card] · pass · abandon (the Boss)',
].join('\n');

const seatName = (ctx: TerminalContext, seat: number) => ctx.name(seat);

const theme = (v: ImbView) => v.options.theme;
const famName = (v: ImbView, f: number) => FAMILY_NAMES[theme(v)][f] ?? '?';
const famKey = (v: ImbView, key: string) => famName(v, FAMILIES.indexOf(key as never));

/** How a person names an item or card in this view: hand number, t-number, or family name. */
export function handleOf(v: ImbView, id: string): string {
  if (isPlacard(id)) return famName(v, familyOf(id));
  const inHand = v.hand?.indexOf(id) ?? -1;
  if (inHand >= 0) return String(inHand + 1);
  const onTable = v.table.deal?.table.findIndex((x) => x.card === id) ?? -1;
  if (onTable >= 0) return `t${onTable + 1}`;
  return id;
}

/** A handle typed back to its id (ids themselves are read too); null when unknown. */
export function idOf(v: ImbView, word: string): string | null {
  if (/^\d+$/.test(word)) return v.hand?.[Number(word) - 1] ?? null;
  const t = /^t(\d+)$/i.exec(word);
  if (t) return v.table.deal?.table[Number(t[1]) - 1]?.card ?? null;
  const lower = word.toLowerCase();
  for (let f = 0; f < FAMILIES.length; f++)
    if (lower === famName(v, f).toLowerCase() || lower === FAMILIES[f].toLowerCase())
      return placardId(f);
  return isCard(word) || isPlacard(word) ? word : null;
}

const words = (v: ImbView, id: string) => cardWords(id, theme(v));
/** "Heiermann clan card [1]": the card and what to type for it. */
const named = (v: ImbView, id: string) => {
  const h = handleOf(v, id);
  return isPlacard(id) ? words(v, id) : `${words(v, id)} [${h}]`;
};
const itemList = (v: ImbView, ids: readonly string[]) =>
  ids.map((i) => words(v, i)).join(', ') || 'nothing';
const divs = (n: number) => `${n} dividend${n === 1 ? '' : 's'}`;

const CLOCK_WORDS: Readonly<Record<string, string>> = {
  turn: 'turn',
  discard: 'discard',
  deal: 'the deal',
  idle: 'without progress',
  stopWindow: 'stop window',
  lastCall: 'last call',
  step: 'step',
  prompt: 'answer',
};

function spaceText(v: ImbView, space: number): string {
  const sp = BOARD[space - 1];
  const groups = sp.groups.map((g) => `${g.need} of ${g.of.map((k) => famKey(v, k)).join(', ')}`);
  const req = sp.required.map((k) => famKey(v, k)).join(' + ');
  return `space ${space} (${[req, ...groups].filter(Boolean).join(' + ')}; ${divs(sp.D)})`;
}

export function renderView(v: ImbView, ctx: TerminalContext): string {
  const t = v.table;
  const out: string[] = [];
  const tile = t.tiles[t.tileIndex];
  out.push(
    `I'm the Boss! · round ${t.round} · next tile ${tile ?? 'none'} · marker on ${t.marker ? spaceText(v, t.marker) : 'no space yet'}`,
  );
  const closed = t.closed.flatMap((x, i) => (x > 0 ? [`${i + 1}`] : []));
  out.push(`closed spaces: ${closed.length ? closed.join(' ') : 'none'} · draw pile ${v.drawPile}`);
  for (let p = 0; p < t.players; p++) {
    const placards =
      FAMILIES.flatMap((_, f) => (t.placards[f] === p ? [famName(v, f)] : [])).join(', ') || 'none';
    const turn = t.phase !== 'over' && t.phase !== 'deal' && t.seat === p ? ' ◀' : '';
    const line = `  ${seatName(ctx, p)}: ${v.options.hideMoneyTotals && p !== ctx.viewer ? '?' : t.money[p]} M · placards ${placards} · ${v.handCounts[p]} cards${turn}`;
    out.push(p === ctx.viewer ? ctx.style.strong(line) : line);
  }
  const spare = FAMILIES.flatMap((_, f) => (t.placards[f] < 0 ? [famName(v, f)] : []));
  if (spare.length) out.push(`  placards nobody holds: ${spare.join(', ')}`);
  const d = t.deal;
  if (d) {
    const boss = seatName(ctx, d.boss);
    out.push(
      `Deal: ${boss} ${boss === 'You' ? 'are' : 'is'} the Boss on ${spaceText(v, d.space)} of ${d.V} M each`,
    );
    if (d.table.length)
      out.push(
        `  on the table: ${d.table.map((x, i) => `t${i + 1} ${words(v, x.card)} (${seatName(ctx, x.owner)}${x.committed ? ', committed' : ''})`).join(', ')}`,
      );
    if (d.offered.length)
      out.push(
        `  placards offered: ${d.offered.map((p) => `${words(v, p)} (${seatName(ctx, t.placards[familyOf(p)])})`).join(', ')}`,
      );
    if (d.travelling.length)
      out.push(
        `  travelling: ${d.travelling.map((x) => words(v, placardId(x.family))).join(', ')}`,
      );
    for (const p of d.proposals)
      out.push(
        `  proposal ${p.id}: ${seatName(ctx, p.from)} → ${seatName(ctx, p.to)}: ${itemList(v, p.items)} for ${divs(p.dividends)}`,
      );
    for (const a of d.agreements)
      out.push(
        `  agreed: ${seatName(ctx, a.seat)} brings ${itemList(v, a.items)} for ${divs(a.dividends)}`,
      );
    if (d.pending)
      out.push(
        `  played: ${itemList(v, d.pending.cards)}${d.pending.target ? ` on the ${words(v, d.pending.target)}` : ''} by ${seatName(ctx, d.pending.player)}`,
      );
  }
  for (const c of ctx.clocks)
    out.push(
      ctx.style.faint(
        `  clock, ${CLOCK_WORDS[c.id.split(':')[0]] ?? 'time'}: ${formatClock(c.leftMs)}`,
      ),
    );
  if (v.hand)
    out.push(
      wrapText(
        `Your hand: ${v.hand.map((c, i) => `${i + 1} ${words(v, c)}`).join(' · ') || 'empty'}`,
        ctx.width,
        '  ',
      ),
    );
  if (v.answer) out.push(`Your answer: ${v.answer === 'pass' ? 'let it pass' : 'Stop'}`);
  return out.join('\n');
}

export function formatMove(m: ImbMove, v?: ImbView): string {
  const h = (id: string) => (v ? handleOf(v, id) : id);
  const hs = (ids: readonly string[]) => ids.map(h);
  switch (m.type) {
    case 'placeMarker':
      return `marker ${m.space}`;
    case 'declareDeal':
      return ['deal', ...hs(m.clan)].join(' ');
    case 'discard':
    case 'commitClan':
    case 'offerClan':
      return [
        { discard: 'discard', commitClan: 'commit', offerClan: 'offer' }[m.type],
        ...hs(m.cards),
      ].join(' ');
    case 'offerPlacard':
      return `offer ${h(m.placard)}`;
    case 'propose':
      return ['propose', m.to + 1, m.dividends, ...hs(m.items)].join(' ');
    case 'accept':
    case 'reject':
    case 'cancel':
      return `${m.type} ${m.id}`;
    case 'playTravel':
      return `travel ${h(m.card)} ${h(m.target)}`;
    case 'playRecruit':
      return ['recruit', ...hs(m.cards), h(m.target)].join(' ');
    case 'playBoss':
      return `boss ${h(m.card)}`;
    case 'playStop':
      return `stop ${h(m.card)}`;
    case 'expire':
      return `expire ${m.clock}`;
    default:
      return m.type;
  }
}

export function parseTyped(line: string, v?: ImbView, legal?: ImbLegal | null): TypedMove {
  const [word = '', ...rest] = line.trim().split(/\s+/);
  const bad = (error: string): TypedMove => ({ error });
  const whole = (s: string | undefined) => (s !== undefined && /^\d+$/.test(s) ? Number(s) : NaN);
  /** Words typed back to ids (hand numbers, t-numbers, family names; ids as they are). */
  const id = (w: string): string | null => (v ? idOf(v, w) : isCard(w) || isPlacard(w) ? w : null);
  const ids = (xs: string[]): string[] | null => {
    const out = xs.map(id);
    return out.every((x): x is string => x !== null) ? out : null;
  };
  const cards = (xs: string[]) => {
    const out = ids(xs);
    return out && out.every(isCard) ? out : null;
  };
  const NAME = 'Name cards by their number in your hand (type show to see it).';
  switch (word.toLowerCase()) {
    case 'marker': {
      const space = whole(rest[0]);
      return Number.isNaN(space)
        ? bad('Type marker and a space 1–16.')
        : { move: { type: 'placeMarker', space } };
    }
    case 'roll':
    case 'draw':
    case 'pass':
    case 'abandon':
      return { move: { type: word.toLowerCase() } };
    case 'deal': {
      const clan = cards(rest);
      return clan ? { move: { type: 'declareDeal', clan } } : bad(NAME);
    }
    case 'discard':
    case 'commit': {
      const c = cards(rest);
      if (!c) return bad(NAME);
      return { move: { type: word === 'discard' ? 'discard' : 'commitClan', cards: c } };
    }
    case 'offer': {
      const one = rest.length === 1 ? id(rest[0]) : null;
      if (one && isPlacard(one)) return { move: { type: 'offerPlacard', placard: one } };
      const c = cards(rest);
      return c
        ? { move: { type: 'offerClan', cards: c } }
        : bad('Offer clan cards by their number in your hand, or your placard by its family.');
    }
    case 'propose': {
      const to = whole(rest[0]);
      const dividends = whole(rest[1]);
      const items = ids(rest.slice(2));
      if (Number.isNaN(to) || to < 1 || Number.isNaN(dividends))
        return bad('Type propose, a seat (from 1), the dividends, then the items.');
      if (!items) return bad('Items are placards (by family) and clan cards (t1, t2 … or yours).');
      return { move: { type: 'propose', to: to - 1, dividends, items } };
    }
    case 'accept':
    case 'reject':
    case 'cancel': {
      const n = whole(rest[0]);
      return Number.isNaN(n)
        ? bad(`Type ${word} and a proposal's number.`)
        : { move: { type: word, id: n } };
    }
    case 'travel': {
      const [card, target] = rest.length === 2 ? [id(rest[0]), id(rest[1])] : [null, null];
      return card && target && isCard(card)
        ? { move: { type: 'playTravel', card, target } }
        : bad('Type travel, your Travel card and what it sends away.');
    }
    case 'recruit': {
      const c = rest.length === 4 ? cards(rest.slice(0, 3)) : null;
      const target = rest.length === 4 ? id(rest[3]) : null;
      return c && target && isPlacard(target)
        ? { move: { type: 'playRecruit', cards: c, target } }
        : bad('Type recruit, three Recruitment cards and a placard.');
    }
    case 'boss':
    case 'stop': {
      const type = word === 'boss' ? 'playBoss' : 'playStop';
      // Alone: the first such card you may play.
      const card =
        rest.length === 0
          ? ((word === 'boss' ? legal?.boss : legal?.stop)?.[0] ?? null)
          : rest.length === 1
            ? id(rest[0])
            : null;
      return card && isCard(card)
        ? { move: { type, card } }
        : bad(`Type ${word} and the card's number in your hand.`);
    }
    case 'expire':
      return (CLOCK_KINDS as readonly string[]).includes(rest[0] ?? '')
        ? { move: { type: 'expire', clock: rest[0] as ClockKind } }
        : bad('Unknown clock.');
  }
  return bad(`Unknown move "${word}". Type help for the moves.`);
}

function describeLegal(legal: ImbLegal | null, v: ImbView, ctx: TerminalContext): string {
  if (!legal) return 'Nothing to do now.';
  const list = (ids: readonly string[]) => ids.map((c) => named(v, c)).join(', ');
  const parts: string[] = [...legal.plain];
  if (legal.placeMarker)
    parts.push(`marker ${legal.placeMarker.length === 16 ? '1–16' : legal.placeMarker.join(', ')}`);
  if (legal.declareDeal)
    parts.push(
      legal.declareDeal.length
        ? `deal (committing any of ${list(legal.declareDeal)})`
        : 'deal (no clan card to commit)',
    );
  if (legal.discard) parts.push(`discard ${legal.discard.count} cards`);
  if (legal.commitClan?.length) parts.push(`commit ${list(legal.commitClan)}`);
  if (legal.offerClan?.length) parts.push(`offer ${list(legal.offerClan)}`);
  if (legal.offerPlacard?.length) parts.push(`offer ${list(legal.offerPlacard)}`);
  for (const p of legal.propose ?? [])
    parts.push(
      `propose ${p.to + 1} (${seatName(ctx, p.to)}) 0–${p.dividends.max}${p.items.length ? ` with any of ${list(p.items)}` : ''}`,
    );
  for (const k of ['accept', 'reject', 'cancel'] as const)
    if (legal[k]?.length) parts.push(`${k} ${legal[k].join(' or ')}`);
  for (const x of legal.travel ?? [])
    parts.push(
      `travel ${handleOf(v, x.card)} on ${x.targets.map((t) => named(v, t)).join(' or ')}`,
    );
  if (legal.recruit)
    parts.push(
      `recruit (3 of ${list(legal.recruit.cards)}) taking ${legal.recruit.targets.map((t) => words(v, t)).join(' or ')}`,
    );
  if (legal.boss?.length) parts.push(`boss ${list(legal.boss)}`);
  if (legal.stop?.length) parts.push(`stop ${list(legal.stop)}`);
  return `You may: ${parts.join(' · ')}`;
}

function ask(legal: ImbLegal | null): string {
  switch (legal?.phase) {
    case 'marker':
      return 'place the marker';
    case 'start':
      return 'declare a deal here or roll';
    case 'moved':
      return 'declare a deal here or draw';
    case 'discard':
      return `discard ${legal.discard?.count ?? ''} cards`;
    case 'stop':
      return 'Stop the card, or pass';
    case 'lastCall':
      return 'last call: interfere, or pass';
    case 'open':
      return 'negotiate';
  }
  return 'wait';
}

export const imTheBossTerminal: TerminalPieces<ImbView, ImbEvent, ImbLegal | null, ImbMove> = {
  renderView,
  describeEvent(e, ctx) {
    if (e.type === 'turnStarted' || e.type === 'stepStarted') return undefined;
    const text = eventWords(e, ctx.viewer, ctx.name);
    return text === '' ? undefined : text;
  },
  describeLegal: (legal, view, ctx) => describeLegal(legal, view, ctx),
  ask: (legal) => ask(legal),
  parseMove: (line, view, legal) => parseTyped(line, view, legal),
  formatMove: (move, view) => formatMove(move, view),
  help: HELP,
  clockName: (id) => CLOCK_WORDS[id.split(':')[0]],
  clockNote: (events, ctx) => clockWords(events, ctx.viewer, ctx.name),
  isOver: (v) => v.table.phase === 'over',
  renderEnd(v, ctx) {
    const t = v.table;
    return `Game over: ${END_WORDS[t.endReason ?? ''] ?? 'the game is over'}. Money: ${t.money.map((m, p) => `${ctx.name(p)} ${m} M`).join(', ')}.`;
  },
};

export { cardWords };
