// The Boss in the terminal: the table and final standings as text, typed turns read, legal moves in words.
import { type TerminalContext, type TerminalPieces, type TypedMove } from '@boss-table/core';
import { CITY_IDS, CITY_NAMES, CITY_SLOT, type CityId } from './cities.js';
import type { BossEvent } from './events.js';
import type { BossLegal } from './legal-summary.js';
import type { BossMove } from './play.js';
import type { BossView } from './view.js';
import { cardWords, describeEvent } from './words.js';

/** The Boss in the terminal (`boss play --game the-boss`): its table, log and typed turns. */

const HELP = `On your turn type the cubes to place (optional) and the card to reveal:
  detroit 2 1 boston:3   place 2 big and 1 small cube on Detroit, reveal a Boston 3
  chicago 1 boston:3     place 1 big cube on Chicago, reveal a Boston 3
  boston:3               only reveal a Boston 3
Cities are written as ids: ${CITY_IDS.join(', ')}.`;

/** A turn typed at the prompt, as a move object, or a sentence saying what is wrong. */
export function parseTurn(line: string): TypedMove {
  const words = line.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { error: 'Type a turn, or help.' };
  const reveal = words[words.length - 1];
  if (!reveal.includes(':'))
    return { error: `The last word must be the card to reveal, like boston:3; got "${reveal}".` };
  if (words.length === 1) return { move: { reveal } };
  const [city, ...counts] = words.slice(0, -1);
  if (!CITY_SLOT.has(city))
    return { error: `"${city}" is not a city; cities are ${CITY_IDS.join(', ')}.` };
  if (counts.length < 1 || counts.length > 2 || counts.some((c) => !/^\d$/.test(c)))
    return {
      error: 'After the city give the big cubes and, optionally, the small cubes: detroit 2 1.',
    };
  const [big, small = '0'] = counts;
  return { move: { place: { city, big: Number(big), small: Number(small) }, reveal } };
}

/** What a seat may place and reveal, in words, from the compact legal form. */
export function formatLegal(legal: BossLegal): string {
  const range = (a: number, b: number) => (a === b ? `${a}` : `${a}-${b}`);
  const lines = ['You may place:'];
  if (legal.place.length === 0) lines.push('  nothing: you can only reveal a card.');
  for (const p of legal.place)
    lines.push(
      `  ${p.city.padEnd(12)} ${range(p.minBig, p.maxBig)} big, ${range(0, p.maxSmall)} small` +
        (p.minTotal > Math.max(1, p.minBig) ? `, at least ${p.minTotal} cubes in all to lead` : ''),
    );
  lines.push(`or nothing. Reveal one of: ${legal.reveal.join(' ')}`);
  return lines.join('\n');
}

const face = (card: string): string => card.slice(card.indexOf(':') + 1);

/** A seat's tag on the board: its number from 1, as in the players' list. */
const tag = (seat: number): string => String(seat + 1);

/** The Boss table as text, from one seat's view only. */
export function renderView(view: BossView, ctx: TerminalContext): string {
  const { name, style } = ctx;
  const lines: string[] = [];
  const round = view.overtime > 0 ? `overtime round ${view.overtime}` : `round ${view.round}`;
  lines.push(
    style.strong(`── The Boss, ${round}${view.lastRound ? ' (last round)' : ''}`) +
      ` · police: ${view.police.flipped.join(', ') || 'none turned'} (${view.police.remaining} left)`,
  );
  const width = Math.max(...view.row.map((c) => CITY_NAMES[c.city].length));
  view.row.forEach((city, i) => {
    const cubes = city.cubes
      .map((c, seat) =>
        c.big || c.small ? `${tag(seat)}:${c.big}B${c.small ? `+${c.small}s` : ''}` : '',
      )
      .filter(Boolean)
      .join(' ');
    const cards = city.revealed.map((card, k) =>
      k === city.revealed.length - 1 ? `[${face(card)}]` : face(card),
    );
    const shown =
      city.city === 'chicago' ? style.faint('(half the last cards left of it)') : cards.join(' ');
    lines.push(
      `${String(i + 1).padStart(2)}. ${CITY_NAMES[city.city as CityId].padEnd(width)}  ${(
        shown || '-'
      ).padEnd(city.city === 'chicago' ? 0 : 24)}${cubes ? `  cubes ${cubes}` : ''}`,
    );
  });
  lines.push(`players (cubes above by number; dealer ${name(view.dealer)}):`);
  view.players.forEach((p, seat) => {
    const hand = view.hands[seat];
    const held =
      hand.cities.length === 0 && (hand.cards === null || hand.cards.length === 0)
        ? 'no cards'
        : hand.cards !== null
          ? hand.cards.map(cardWords).join(', ')
          : `${hand.cities.length} card${hand.cities.length === 1 ? '' : 's'} (${hand.cities
              .map((c) => CITY_NAMES[c])
              .join(', ')})`;
    const status = [
      `score ${p.score}`,
      `big ${p.bigAvailable - p.bigPlaced} to place`,
      p.bigHospital ? `${p.bigHospital} in hospital` : '',
      p.bigPrison ? `${p.bigPrison} in prison` : '',
      p.bigDead ? `${p.bigDead} dead` : '',
      `small ${p.smallLeft}`,
      p.banished ? 'banished from Cincinnati' : '',
    ].filter(Boolean);
    const turn = view.turn === seat ? '▶' : ' ';
    const who = `${turn} ${tag(seat)} ${name(seat)}`;
    lines.push(seat === ctx.viewer ? style.strong(who) : who);
    lines.push(`     ${status.join(', ')}`);
    lines.push(`     hand: ${held}`);
  });
  if (view.lastTurnOrder)
    lines.push(`last turn order: ${view.lastTurnOrder.map(name).join(' → ')}`);
  return lines.join('\n');
}

/** Where everyone stands once the game is over: scores and what became of the cubes. */
export function renderEnd(view: BossView, ctx: TerminalContext): string {
  const lines = [ctx.style.strong('── Final standing')];
  view.players.forEach((p, seat) => {
    const cubes = [
      `${p.bigAvailable} big free`,
      p.bigHospital ? `${p.bigHospital} in hospital` : '',
      p.bigPrison ? `${p.bigPrison} in prison` : '',
      p.bigDead ? `${p.bigDead} dead` : '',
      `${p.smallLeft} small left`,
      p.banished ? 'banished from Cincinnati' : '',
    ].filter(Boolean);
    lines.push(`   ${ctx.name(seat)}: score ${p.score}; ${cubes.join(', ')}`);
  });
  return lines.join('\n');
}

export const theBossTerminal: TerminalPieces<BossView, BossEvent, BossLegal, BossMove> = {
  renderView,
  describeEvent: (event, ctx) =>
    event.type === 'turn' ? undefined : describeEvent(event, ctx.viewer, ctx.name),
  describeLegal: (legal) => formatLegal(legal),
  ask: (legal) =>
    legal.place.length ? 'place cubes (optional) and reveal a card' : 'reveal a card',
  parseMove: (line) => parseTurn(line),
  formatMove: (move) =>
    move.place
      ? `${move.place.city} ${move.place.big} ${move.place.small} ${move.reveal}`
      : move.reveal,
  help: HELP,
  isOver: (view) => view.outcome !== null,
  renderEnd,
};
