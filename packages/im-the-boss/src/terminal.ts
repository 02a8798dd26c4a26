import {
  formatClock,
  wrapText,
  type TerminalContext,
  type TerminalPieces,
  type TypedMove,
} from '@boss-table/core';
import { isCard, isPlacard } from './cards.js';
import { BOARD, FAMILIES } from './data.js';
import type { ImbEvent } from './events.js';
import type { ImbLegal } from './legal-summary.js';
import { CLOCK_KINDS, type ClockKind, type ImbMove } from './move.js';
import type { ImbView } from './view.js';
import { cardWords, END_WORDS, eventWords } from './words.js';

/**
 * I'm the Boss! in the terminal. Moves are typed as a word and their fields, cards and items
 * by id: `marker 5`, `roll`, `deal clan:H1`, `draw`, `discard recruit:3 recruit:7`,
 * `commit clan:K2`, `offer clan:R1`, `offer inv:P`, `propose 2 3 inv:P clan:R1` (to seat 2,
 * 3 dividends, those items), `accept 4`, `reject 4`, `cancel 4`, `travel travel:W1 inv:H`,
 * `recruit recruit:1 recruit:2 recruit:3 inv:T`, `boss boss:2`, `stop stop:5`, `pass`,
 * `abandon`.
 */
const HELP = [
  'Type a move as a word and its fields; cards and items by id (clan:H1, inv:P):',
  '  marker 5 · roll · deal [clan cards] · draw · discard <cards>',
  '  commit <clan cards> (the Boss) · offer <clan cards> · offer inv:P',
  '  propose <seat> <dividends> [items]   e.g. propose 2 3 inv:P clan:R1',
  '  accept <id> · reject <id> · cancel <id>',
  '  travel <travel card> <placard or clan card> · recruit <3 recruitment cards> <placard>',
  '  boss <card> · stop <card> · pass · abandon (the Boss)',
].join('\n');

const seatName = (ctx: TerminalContext, seat: number) => ctx.name(seat);

function spaceText(space: number): string {
  const sp = BOARD[space - 1];
  const groups = sp.groups.map((g) => `${g.need} of ${g.of.join('')}`);
  return `space ${space}: ${[sp.required.join(' '), ...groups].filter(Boolean).join(' + ')}, ${sp.D} dividends`;
}

export function renderView(v: ImbView, ctx: TerminalContext): string {
  const t = v.table;
  const out: string[] = [];
  const tile = t.tiles[t.tileIndex];
  out.push(
    `I'm the Boss! · round ${t.round} · tile ${tile ?? '-'} · marker on ${t.marker ? spaceText(t.marker) : 'no space yet'}`,
  );
  const closed = t.closed.flatMap((x, i) => (x > 0 ? [`${i + 1}`] : []));
  out.push(`closed: ${closed.length ? closed.join(' ') : 'none'} · draw pile ${v.drawPile}`);
  for (let p = 0; p < t.players; p++) {
    const placards = FAMILIES.filter((_, f) => t.placards[f] === p).join('') || '-';
    const turn = t.phase !== 'over' && t.phase !== 'deal' && t.seat === p ? ' ◀' : '';
    const line = `  ${seatName(ctx, p)}: ${v.options.hideMoneyTotals && p !== ctx.viewer ? '?' : t.money[p]} M · placards ${placards} · ${v.handCounts[p]} cards${turn}`;
    out.push(p === ctx.viewer ? ctx.style.strong(line) : line);
  }
  const spare = FAMILIES.filter((_, f) => t.placards[f] < 0);
  if (spare.length) out.push(`  spare placards: ${spare.join(' ')}`);
  const d = t.deal;
  if (d) {
    out.push(
      `Deal: ${seatName(ctx, d.boss)} is the Boss on ${spaceText(d.space)} of ${d.V} M (${d.phase})`,
    );
    if (d.table.length)
      out.push(
        `  on the table: ${d.table.map((x) => `${x.card} (${seatName(ctx, x.owner)}${x.committed ? ', committed' : ''})`).join(', ')}`,
      );
    if (d.travelling.length)
      out.push(`  travelling: ${d.travelling.map((x) => `inv:${FAMILIES[x.family]}`).join(' ')}`);
    for (const p of d.proposals)
      out.push(
        `  #${p.id} ${seatName(ctx, p.from)} → ${seatName(ctx, p.to)}: ${p.items.join(' ') || 'nothing'} for ${p.dividends}`,
      );
    for (const a of d.agreements)
      out.push(
        `  agreed: ${seatName(ctx, a.seat)} ${a.items.join(' ') || 'nothing'} for ${a.dividends}`,
      );
    if (d.pending)
      out.push(
        `  pending: ${d.pending.cards.join(' ')}${d.pending.target ? ` on ${d.pending.target}` : ''} by ${seatName(ctx, d.pending.player)}`,
      );
  }
  for (const c of ctx.clocks)
    out.push(ctx.style.faint(`  clock ${c.id.split(':')[0]}: ${formatClock(c.leftMs)}`));
  if (v.hand) out.push(wrapText(`Your hand: ${v.hand.join(' ') || 'empty'}`, ctx.width, '  '));
  if (v.answer) out.push(`Your answer: ${v.answer}`);
  return out.join('\n');
}

export function formatMove(m: ImbMove): string {
  switch (m.type) {
    case 'placeMarker':
      return `marker ${m.space}`;
    case 'declareDeal':
      return ['deal', ...m.clan].join(' ');
    case 'discard':
    case 'commitClan':
    case 'offerClan':
      return [
        { discard: 'discard', commitClan: 'commit', offerClan: 'offer' }[m.type],
        ...m.cards,
      ].join(' ');
    case 'offerPlacard':
      return `offer ${m.placard}`;
    case 'propose':
      return ['propose', m.to, m.dividends, ...m.items].join(' ');
    case 'accept':
    case 'reject':
    case 'cancel':
      return `${m.type} ${m.id}`;
    case 'playTravel':
      return `travel ${m.card} ${m.target}`;
    case 'playRecruit':
      return ['recruit', ...m.cards, m.target].join(' ');
    case 'playBoss':
      return `boss ${m.card}`;
    case 'playStop':
      return `stop ${m.card}`;
    case 'expire':
      return `expire ${m.clock}`;
    default:
      return m.type;
  }
}

export function parseTyped(line: string): TypedMove {
  const [word = '', ...rest] = line.trim().split(/\s+/);
  const bad = (error: string): TypedMove => ({ error });
  const whole = (s: string | undefined) => (s !== undefined && /^\d+$/.test(s) ? Number(s) : NaN);
  const cards = (xs: string[]) => (xs.every(isCard) ? xs : null);
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
      return clan
        ? { move: { type: 'declareDeal', clan } }
        : bad('Name clan cards by id, e.g. clan:H1.');
    }
    case 'discard':
    case 'commit': {
      const c = cards(rest);
      if (!c) return bad('Name cards by id, e.g. recruit:3.');
      return { move: { type: word === 'discard' ? 'discard' : 'commitClan', cards: c } };
    }
    case 'offer':
      if (rest.length === 1 && isPlacard(rest[0]))
        return { move: { type: 'offerPlacard', placard: rest[0] } };
      return cards(rest)
        ? { move: { type: 'offerClan', cards: rest } }
        : bad('Offer clan cards or a placard by id.');
    case 'propose': {
      const to = whole(rest[0]);
      const dividends = whole(rest[1]);
      const items = rest.slice(2);
      if (Number.isNaN(to) || Number.isNaN(dividends))
        return bad('Type propose, a seat, the dividends, then the items.');
      if (!items.every((i) => isPlacard(i) || isCard(i)))
        return bad('Items are placards (inv:P) or clan cards.');
      return { move: { type: 'propose', to, dividends, items } };
    }
    case 'accept':
    case 'reject':
    case 'cancel': {
      const id = whole(rest[0]);
      return Number.isNaN(id)
        ? bad(`Type ${word} and a proposal number.`)
        : { move: { type: word, id } };
    }
    case 'travel':
      return rest.length === 2 && isCard(rest[0])
        ? { move: { type: 'playTravel', card: rest[0], target: rest[1] } }
        : bad('Type travel, a Travel card and its target.');
    case 'recruit':
      return rest.length === 4 && cards(rest.slice(0, 3)) && isPlacard(rest[3])
        ? { move: { type: 'playRecruit', cards: rest.slice(0, 3), target: rest[3] } }
        : bad('Type recruit, three recruitment cards and a placard.');
    case 'boss':
    case 'stop':
      return rest.length === 1 && isCard(rest[0])
        ? { move: { type: word === 'boss' ? 'playBoss' : 'playStop', card: rest[0] } }
        : bad(`Type ${word} and the card.`);
    case 'expire':
      return (CLOCK_KINDS as readonly string[]).includes(rest[0] ?? '')
        ? { move: { type: 'expire', clock: rest[0] as ClockKind } }
        : bad('Unknown clock.');
  }
  return bad(`Unknown move "${word}". Type help for the moves.`);
}

function describeLegal(legal: ImbLegal | null): string {
  if (!legal) return 'Nothing to do now.';
  const parts: string[] = [...legal.plain];
  if (legal.placeMarker) parts.push(`marker 1–16`);
  if (legal.declareDeal) parts.push(`deal [${legal.declareDeal.join(' ')}]`);
  if (legal.discard) parts.push(`discard ${legal.discard.count} cards`);
  if (legal.commitClan) parts.push(`commit ${legal.commitClan.join(' ')}`);
  if (legal.offerClan) parts.push(`offer ${legal.offerClan.join(' ')}`);
  if (legal.offerPlacard) parts.push(`offer ${legal.offerPlacard.join(' ')}`);
  for (const p of legal.propose ?? [])
    parts.push(`propose ${p.to} 0–${p.dividends.max} [${p.items.join(' ')}]`);
  for (const k of ['accept', 'reject', 'cancel'] as const)
    if (legal[k]) parts.push(`${k} ${legal[k].join('/')}`);
  for (const x of legal.travel ?? []) parts.push(`travel ${x.card} ${x.targets.join('/')}`);
  if (legal.recruit)
    parts.push(
      `recruit (3 of ${legal.recruit.cards.join(' ')}) ${legal.recruit.targets.join('/')}`,
    );
  if (legal.boss) parts.push(`boss ${legal.boss.join('/')}`);
  if (legal.stop) parts.push(`stop ${legal.stop.join('/')}`);
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
  describeLegal: (legal) => describeLegal(legal),
  ask: (legal) => ask(legal),
  parseMove: (line) => parseTyped(line),
  formatMove: (move) => formatMove(move),
  help: HELP,
  isOver: (v) => v.table.phase === 'over',
  renderEnd(v, ctx) {
    const t = v.table;
    return `Game over: ${END_WORDS[t.endReason ?? ''] ?? 'the game is over'}. Money: ${t.money.map((m, p) => `${ctx.name(p)} ${m} M`).join(', ')}.`;
  },
};

export { cardWords };
