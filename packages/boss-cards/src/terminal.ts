// Boss Cards in the terminal: the table drawn as text, typed moves read, legal moves and help in words.
import { type TerminalContext, type TerminalPieces, type TypedMove } from '@boss-table/core';
import { RANKS, SUITS, type SuitName } from './cards.js';
import type { BossCardsEvent } from './events.js';
import type { BossCardsLegal } from './legal-summary.js';
import type { BossCardsMove } from './move.js';
import type { BossCardsView } from './view.js';
import { eventWords } from './words.js';

/** Boss Cards in the terminal (`boss play --game boss-cards`): its table, log and typed moves. */

const SUIT_NAMES: Readonly<Record<SuitName, string>> = {
  C: 'clubs',
  D: 'diamonds',
  H: 'hearts',
  S: 'spades',
};

const HELP = `On your turn play a card that matches the pile's suit or rank (aces are wild), draw, or pass:
  7H                 play the 7 of hearts (or: play 7H)
  QS hearts          a Boss card (J, Q, K) names a suit ... (C, D, H, S or its name)
  QS 7               ... or a rank from 2 to 10; the next seat draws 1, 2 or 3 more
  AS H               an ace names a suit when the table's rules say so
  draw               draw a card
  pass               when you can neither play nor draw
With two decks a card is 7H#1 or 7H#2; 7H alone will do when you hold only one of them.`;

function suit(word: string): SuitName | undefined {
  const w = word.toLowerCase();
  return SUITS.find((s) => s.toLowerCase() === w || SUIT_NAMES[s] === w);
}

/** A typed move of Boss Cards, or what is wrong with it (its shape only: the rules judge it). */
export function parseBossCardsMove(line: string, view: BossCardsView): TypedMove {
  const words = line.trim().split(/\s+/).filter(Boolean);
  if (words[0]?.toLowerCase() === 'play') words.shift();
  const [first = '', ...rest] = words;
  const verb = first.toLowerCase();
  if (verb === 'draw' || verb === 'pass') {
    if (rest.length) return { error: `${verb} takes nothing after it.` };
    return { move: { type: verb } };
  }
  if (verb === '') return { error: 'Type a card to play, draw or pass (help).' };
  let card = first.toUpperCase();
  if (!/^(10|[2-9JQKA])[CDHS](#[12])?$/.test(card))
    return { error: `"${first}" is not a card: write its rank and suit, like 7H, 10D or QS.` };
  if (view.options.decks === 2 && !card.includes('#')) {
    const held = (view.hand ?? []).filter((c) => c.startsWith(`${card}#`));
    if (held.length !== 1)
      return {
        error: held.length
          ? `You hold two ${card}: say which, ${card}#1 or ${card}#2.`
          : `You hold no ${card}.`,
      };
    card = held[0];
  }
  if (rest.length > 1) return { error: 'Name one suit or one rank after the card, not more.' };
  if (rest.length === 0) return { move: { type: 'play', card } };
  const named = rest[0];
  const s = suit(named);
  if (s) return { move: { type: 'play', card, suit: s } };
  const rank = RANKS.slice(0, 9).find((r) => r === named);
  if (rank) return { move: { type: 'play', card, rank } };
  return { error: `"${named}" is neither a suit (C, D, H, S) nor a rank from 2 to 10.` };
}

/** What a seat may do now, in words, from the compact legal form. */
export function formatBossCardsLegal(legal: BossCardsLegal): string {
  const plays = legal.play.map((p) =>
    p.names === 'none'
      ? p.card
      : `${p.card} (name a suit${p.names === 'suit-or-rank' ? ' or a rank from 2 to 10' : ''})`,
  );
  const lines: string[] = [];
  if (plays.length) lines.push(`You may play: ${plays.join(', ')}.`);
  else lines.push('No card of yours can be played.');
  if (legal.draw) lines.push('You may draw a card.');
  if (legal.pass) lines.push('You must pass.');
  return lines.join('\n');
}

/** The Boss Cards table as text, from one seat's view only. */
export function renderBossCardsView(view: BossCardsView, ctx: TerminalContext): string {
  const { name, style } = ctx;
  const boss = view.lastRound?.winner ?? null;
  const lines = [
    style.strong(`── Boss Cards, round ${view.round}`) +
      ` · to ${view.options.target} points · stock ${view.stockCount}` +
      (view.replenishing ? ' (hands are replenished)' : '') +
      ` · dealer ${name(view.dealer)}`,
  ];
  const pile = view.pile.slice(-8);
  const top = pile.pop();
  const demand = [
    view.demand.suit ? SUIT_NAMES[view.demand.suit] : '',
    view.demand.rank ? `${view.demand.rank}s` : '',
  ]
    .filter(Boolean)
    .join(' or ');
  lines.push(
    `pile (${view.pile.length}): ${view.pile.length > 8 ? '… ' : ''}${[...pile, top ? `[${top}]` : '-'].join(' ')}` +
      `   to play: ${demand ? style.strong(demand) : 'anything'}`,
  );
  lines.push('players:');
  view.handCounts.forEach((count, seat) => {
    const turn = view.winner === null && view.turn === seat ? '▶' : ' ';
    const who = `${turn} ${seat + 1} ${name(seat)}`;
    lines.push(
      `${seat === ctx.viewer ? style.strong(who) : who}: ${count} card${count === 1 ? '' : 's'}, ` +
        `score ${view.scores[seat]}${boss === seat ? ', The Boss (won the last round)' : ''}`,
    );
  });
  if (view.hand) lines.push(`your hand: ${view.hand.join(' ') || 'empty'}`);
  return lines.join('\n');
}

function ask(legal: BossCardsLegal): string {
  if (legal.play.length) return legal.draw ? 'play a card, or draw' : 'play a card';
  return legal.draw ? 'draw a card' : 'pass';
}

export const bossCardsTerminal: TerminalPieces<
  BossCardsView,
  BossCardsEvent,
  BossCardsLegal,
  BossCardsMove
> = {
  renderView: renderBossCardsView,
  describeEvent: (event, ctx) => eventWords(event, ctx.viewer, ctx.name),
  describeLegal: (legal) => formatBossCardsLegal(legal),
  ask: (legal) => ask(legal),
  parseMove: (line, view) => parseBossCardsMove(line, view),
  formatMove: (move) =>
    move.type === 'play'
      ? [move.card, move.suit ?? move.rank].filter(Boolean).join(' ')
      : move.type,
  help: HELP,
  isOver: (view) => view.winner !== null,
};
