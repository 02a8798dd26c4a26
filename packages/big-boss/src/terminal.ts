// Big Boss in the terminal: its table as text, its log in words, and moves read as a person types them.
import { type TerminalContext, type TerminalPieces, type TypedMove } from '@boss-table/core';
import { COMPANY_IDS, COMPANY_NAMES, SPACES, cardId, type CompanyId } from './companies.js';
import type { BigBossEvent, BigBossLegal, BigBossMove, BigBossView } from './types.js';
import { cardWords, describeEvent } from './words.js';

/** Big Boss in the terminal (`boss play --game big-boss`): its table, log and typed moves. */

/** One letter per company on the track strip, each its own (Lion is `I`: `L` is Lunar's). */
export const COMPANY_LETTERS: Readonly<Record<CompanyId, string>> = {
  regent: 'R',
  lunar: 'L',
  eagle: 'E',
  kingdom: 'K',
  lion: 'I',
  orion: 'O',
  vega: 'V',
  zenith: 'Z',
};

const HELP = `Type one move at a time; a company by its name, its first letters or its letter:
  buy I17 | buy deck | buy level   buy a face-up card, from the deck, a Level card
  found I17 16 regent 17           found Regent with I17 on spaces 16-18, the fourth
                                   piece on 17 (original rules: no last number)
  expand I23                       build on space 23 with its Industry card
  expand L 40 [lunar] [eagle]      a Level card on space 40; on a merger the company
                                   taking the +1, then on a tie the one acquiring
  invest regent lunar tower        after playing: up to two shares and a tower
  invest                           buy nothing
  sell regent 2 | pass             when you can neither buy nor play`;

/** A company from what a person types: its id, a prefix of it, or its track letter. */
function company(word: string): CompanyId | string {
  const w = word.toLowerCase();
  const exact = COMPANY_IDS.find((c) => c === w || COMPANY_LETTERS[c].toLowerCase() === w);
  if (exact) return exact;
  const prefixed = COMPANY_IDS.filter((c) => w.length >= 2 && c.startsWith(w));
  if (prefixed.length === 1) return prefixed[0];
  return `"${word}" is not a company; companies: ${COMPANY_IDS.join(', ')}.`;
}
const isCompany = (c: string): c is CompanyId => (COMPANY_IDS as readonly string[]).includes(c);

/** `I17`, `i17`, `17` (an Industry card), `L`, `L3`. */
function card(word: string): string | undefined {
  const w = /^\d+$/.test(word) ? `I${word}` : word.toUpperCase();
  return cardId(w) === undefined ? undefined : w;
}

function space(word: string | undefined): number | undefined {
  if (word === undefined || !/^\d+$/.test(word)) return undefined;
  const n = Number(word);
  return n >= 1 && n <= SPACES ? n : undefined;
}

/** A typed move of Big Boss, or what is wrong with it (its shape only: the rules judge it). */
export function parseBigBossMove(line: string, view: BigBossView): TypedMove {
  const [verb = '', ...args] = line.trim().split(/\s+/).filter(Boolean);
  switch (verb.toLowerCase()) {
    case 'buy': {
      const what = (args[0] ?? '').toLowerCase();
      if (what === 'deck') return { move: { type: 'buy', from: 'deck' } };
      if (what === 'level' || what === 'levels' || what === 'l')
        return { move: { type: 'buy', from: 'levels' } };
      const c = card(what === 'row' ? (args[1] ?? '') : what);
      if (c === undefined || !c.startsWith('I'))
        return { error: 'Buy what? buy I17 (a face-up card), buy deck or buy level.' };
      return { move: { type: 'buy', from: 'row', card: c } };
    }
    case 'found': {
      const c = card(args[0] ?? '');
      const start = space(args[1]);
      if (c === undefined || !c.startsWith('I') || start === undefined || args[2] === undefined)
        return {
          error: 'Found with: found CARD START COMPANY [TOP], e.g. found I17 16 regent 17.',
        };
      const co = company(args[2]);
      if (!isCompany(co)) return { error: co };
      const top = view.rules === 'modern' ? space(args[3]) : null;
      if (top === undefined)
        return {
          error: `Say where the fourth piece goes: one of the three spaces from ${start}, e.g. found ${c} ${start} ${co} ${start}.`,
        };
      if (view.rules === 'original' && args[3] !== undefined)
        return { error: 'The original rules have no fourth piece: found CARD START COMPANY.' };
      return { move: { type: 'found', card: c, start, top, company: co } };
    }
    case 'expand':
    case 'build': {
      const c = card(args[0] ?? '');
      if (c === undefined)
        return { error: 'Expand with: expand CARD [SPACE] [BOOST] [ACQUIRER], e.g. expand I23.' };
      const rest = [...args.slice(1)];
      let at = space(rest[0]);
      if (at !== undefined) rest.shift();
      else if (c.startsWith('I')) at = Number(c.slice(1));
      if (at === undefined)
        return {
          error: `Say the space for the Level card: expand ${c} SPACE, e.g. expand ${c} 40.`,
        };
      const companies: CompanyId[] = [];
      for (const word of rest) {
        const co = company(word);
        if (!isCompany(co)) return { error: co };
        companies.push(co);
      }
      if (companies.length > 2)
        return { error: 'At most two companies: the one that takes the +1, then the acquirer.' };
      const [boost, acquirer] = companies;
      return {
        move: {
          type: 'expand',
          card: c,
          space: at,
          ...(boost ? { boost } : {}),
          ...(acquirer ? { acquirer } : {}),
        },
      };
    }
    case 'invest': {
      const shares: CompanyId[] = [];
      let tower = false;
      for (const word of args) {
        if (word.toLowerCase() === 'tower') {
          tower = true;
          continue;
        }
        const co = company(word);
        if (!isCompany(co)) return { error: co };
        shares.push(co);
      }
      if (shares.length > 2) return { error: 'At most two shares a turn.' };
      return { move: { type: 'invest', shares, tower } };
    }
    case 'sell': {
      const co = company(args[0] ?? '');
      const count = Number(args[1] ?? '1');
      if (!isCompany(co)) return { error: args[0] ? co : 'Sell what? sell COMPANY COUNT.' };
      if (!Number.isInteger(count) || count < 1)
        return { error: 'Say how many shares to sell: sell regent 2.' };
      return { move: { type: 'sell', company: co, count } };
    }
    case 'pass':
      return { move: { type: 'pass' } };
    case '':
      return { error: 'Type a move, or help.' };
    default:
      return {
        error: `"${verb}" is not a move; moves: buy, found, expand, invest, sell, pass (help).`,
      };
  }
}

/** A move as a person types it (what `parseBigBossMove` reads). */
export function formatBigBossMove(move: BigBossMove): string {
  switch (move.type) {
    case 'buy':
      return move.from === 'row'
        ? `buy ${move.card}`
        : move.from === 'deck'
          ? 'buy deck'
          : 'buy level';
    case 'found':
      return `found ${move.card} ${move.start} ${move.company}${move.top === null ? '' : ` ${move.top}`}`;
    case 'expand':
      return [`expand ${move.card} ${move.space}`, move.boost, move.acquirer]
        .filter(Boolean)
        .join(' ');
    case 'invest':
      return ['invest', ...move.shares, move.tower ? 'tower' : ''].filter(Boolean).join(' ');
    case 'sell':
      return `sell ${move.company} ${move.count}`;
    case 'pass':
      return 'pass';
  }
}

const label = (id: CompanyId) => `${COMPANY_LETTERS[id]} ${COMPANY_NAMES[id]}`;

const or = (items: readonly string[]): string =>
  items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;

/** What a seat may do now, in words, from the compact legal form. */
export function formatBigBossLegal(legal: BigBossLegal): string {
  const lines: string[] = [];
  if (legal.phase === 'invest' && legal.invest) {
    const { cash, shares, tower } = legal.invest;
    lines.push(`You have ${cash} to invest: up to two shares, and a tower, or nothing.`);
    for (const s of shares)
      lines.push(`  ${label(s.company).padEnd(10)} share ${s.cost} (${s.left} left)`);
    if (shares.length === 0) lines.push('  no share you can afford.');
    if (tower) lines.push(`  a tower on ${COMPANY_NAMES[tower.company]} for ${tower.cost}`);
    return lines.join('\n');
  }
  const buys = [
    ...legal.buy.row.map((c) => `buy ${c}`),
    legal.buy.deck ? 'buy deck' : '',
    legal.buy.levels ? 'buy level' : '',
  ].filter(Boolean);
  if (buys.length) lines.push(`Buy: ${buys.join(', ')}.`);
  const founds = new Map<string, number[]>();
  for (const f of legal.found) founds.set(f.card, [...(founds.get(f.card) ?? []), f.start]);
  if (founds.size) {
    const from = [...founds].map(([c, starts]) => `${c} from ${or(starts.map(String))}`);
    lines.push(`Found (three spaces from a start): ${from.join('; ')}.`);
    const top = legal.found[0].tops[0] === null ? '' : '; the fourth piece on one of the three';
    const names = legal.companies.map((c) => COMPANY_NAMES[c]).join(', ');
    lines.push(`  as ${names}${top}.`);
  }
  const expands = legal.expand.map((e) =>
    e.merge
      ? `${e.card} on ${e.space} (merges ${e.merge.companies.map((c) => COMPANY_NAMES[c]).join(' and ')}${
          e.merge.tiedWhenBoosting.length ? '; a tie needs the acquirer' : ''
        })`
      : `${e.card} on ${e.space} (${COMPANY_NAMES[e.company]})`,
  );
  if (expands.length) lines.push(`Expand: ${expands.join(', ')}.`);
  for (const s of legal.sell)
    lines.push(`Sell up to ${s.max} of ${COMPANY_NAMES[s.company]} at ${s.price} each.`);
  if (legal.pass) lines.push('Pass.');
  return lines.join('\n') || 'Nothing to do now.';
}

/** "1    10   20…" over the 72 spaces. */
function ruler(): string {
  const cells = Array<string>(SPACES).fill(' ');
  for (const n of [1, 10, 20, 30, 40, 50, 60, 70])
    [...String(n)].forEach((d, i) => (cells[n - 1 + i] = d));
  return cells.join('');
}

/** The Big Boss table as text, from one seat's view only. */
export function renderBigBossView(view: BigBossView, ctx: TerminalContext): string {
  const { name, style } = ctx;
  const lines = [
    style.strong(`── Big Boss (${view.rules})`) +
      ` · pieces left ${view.piecesLeft} · deck ${view.deckCount}` +
      (view.rules === 'modern' ? ` · Level stack ${view.levelsCount}` : '') +
      (view.passes ? ` · ${view.passes} passes in a row` : ''),
  ];
  if (view.row.length) lines.push(`face up: ${view.row.join(' ')}`);
  const letters = view.track.map((s) => (s ? COMPANY_LETTERS[s.company] : '.')).join('');
  const pieces = view.track.map((s) => (s ? String(Math.min(9, s.pieces)) : ' ')).join('');
  lines.push(`space   ${ruler()}`, `track   ${letters}`, `pieces  ${pieces}`);
  for (const c of view.companies) {
    if (c.status === 'never') continue;
    const hq = view.headquarters[c.id];
    const tower = c.tower === null ? '' : `  tower ${name(c.tower)}`;
    lines.push(
      c.status === 'gone'
        ? style.faint(`  ${label(c.id).padEnd(10)} acquired (last price ${c.price})`)
        : `  ${label(c.id).padEnd(10)} price ${String(c.price).padStart(2)}  shares left ${String(c.sharesLeft).padStart(2)}` +
            `${hq !== undefined ? `  hq ${hq}` : ''}${tower}`,
    );
  }
  lines.push('players:');
  view.seats.forEach((p, seat) => {
    const shares = COMPANY_IDS.filter((c) => p.shares[c] > 0)
      .map((c) => `${COMPANY_LETTERS[c]}${p.shares[c]}`)
      .join(' ');
    const turn = view.turn === seat ? '▶' : ' ';
    const who = `${turn} ${seat + 1} ${name(seat)}`;
    lines.push(seat === ctx.viewer ? style.strong(who) : who);
    lines.push(
      `     cash ${p.cash}, shares ${shares || 'none'}, towers ${
        p.towers.map((c) => COMPANY_LETTERS[c]).join(' ') || 'none'
      } (${p.towersLeft} left), ${p.handCount} card${p.handCount === 1 ? '' : 's'}` +
        (p.known.length && seat !== ctx.viewer ? ` (known: ${p.known.join(' ')})` : '') +
        (p.passed ? ', passed' : ''),
    );
  });
  if (view.hand) lines.push(`your hand: ${view.hand.map(cardWords).join(', ') || 'empty'}`);
  if (view.played) lines.push(`played this turn: ${COMPANY_NAMES[view.played]}`);
  return lines.join('\n');
}

function ask(legal: BigBossLegal): string {
  if (legal.phase === 'invest') return 'buy up to two shares and a tower, or invest nothing';
  if (legal.phase === 'sell') return 'sell more shares, or pass';
  if (legal.pass) return 'you can neither buy nor play: sell shares, or pass';
  return 'buy a card, or play one (found or expand)';
}

export const bigBossTerminal: TerminalPieces<BigBossView, BigBossEvent, BigBossLegal, BigBossMove> =
  {
    renderView: renderBigBossView,
    describeEvent: (event, ctx) =>
      event.type === 'turn' ? undefined : describeEvent(event, ctx.viewer, ctx.name),
    describeLegal: (legal) => formatBigBossLegal(legal),
    ask: (legal) => ask(legal),
    parseMove: (line, view) => parseBigBossMove(line, view),
    formatMove: (move) => formatBigBossMove(move),
    help: HELP,
    isOver: (view) => view.outcome !== null,
  };
