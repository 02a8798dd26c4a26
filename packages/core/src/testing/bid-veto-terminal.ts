/**
 * Bid and Veto in the terminal: the test of the terminal contract with open windows and
 * clocks (as I'm the Boss! will need it). Each window is shown with who answered and its
 * countdown; moves carry the window's round from the legal form, so a move typed for a
 * window that has closed meanwhile fails by the rules (`stale-round`).
 */
import { formatClock, type TerminalPieces, type TypedMove } from '../terminal.js';
import type { BidVetoEvent, BidVetoLegal, BidVetoMove, BidVetoView } from './bid-veto.js';

function parse(line: string, legal: BidVetoLegal): TypedMove {
  const [verb = '', amount, ...rest] = line.trim().toLowerCase().split(/\s+/);
  const round = legal.round;
  if (rest.length) return { error: 'One move at a time: bid N, pass, veto or let-pass.' };
  if (verb === 'bid') {
    if (!amount || !/^\d+$/.test(amount)) return { error: 'Say how much: bid 3.' };
    return { move: { type: 'bid', amount: Number(amount), round } };
  }
  if (verb === 'pass' || verb === 'veto' || verb === 'let-pass')
    return amount ? { error: `${verb} takes nothing after it.` } : { move: { type: verb, round } };
  return { error: `"${verb}" is not a move: bid N, pass, veto or let-pass.` };
}

export const bidVetoTerminal: TerminalPieces<BidVetoView, BidVetoEvent, BidVetoLegal, BidVetoMove> =
  {
    renderView(view, ctx) {
      const lines = [
        ctx.style.strong(`── Bid and Veto, round ${view.round} of ${view.prizes.length}`) +
          (view.phase === 'over' ? '' : ` · prize ${view.prizes[view.round - 1]}`),
      ];
      const open = ctx.clocks.map((c) => `${c.id} closes in ${formatClock(c.leftMs)}`);
      if (view.phase === 'bid')
        lines.push(`bidding is open${open.length ? `: ${open.join(', ')}` : ''}`);
      if (view.phase === 'veto' && view.veto)
        lines.push(
          `veto window on ${ctx.name(view.veto.bidder)}'s bid of ${view.veto.amount}` +
            (open.length ? `: ${open.join(', ')}` : ''),
        );
      view.players.forEach((p, seat) => {
        const bid = view.bids[seat];
        const answered =
          view.phase !== 'bid'
            ? ''
            : bid === null
              ? ', thinking'
              : bid === 0
                ? ', passed'
                : `, bid ${bid}`;
        lines.push(
          `  ${seat + 1} ${ctx.name(seat)}: ${p.coins} coins, score ${p.score}${
            p.vetoCard ? ', holds a veto' : ''
          }${answered}`,
        );
      });
      return lines.join('\n');
    },
    describeEvent(e, ctx) {
      switch (e.type) {
        case 'bidding-opened':
          return `Round ${e.round}: bidding opens for a prize of ${e.prize}.`;
        case 'bid':
          return `${ctx.name(e.seat)} bid ${e.amount}.`;
        case 'pass':
          return `${ctx.name(e.seat)} passed${e.byClock ? ' (time ran out)' : ''}.`;
        case 'veto-opened':
          return `${ctx.name(e.bidder)} bids highest (${e.amount}); the others may veto.`;
        case 'veto-answer':
          return `You answered ${e.answer}.`;
        case 'veto-closed':
          return e.vetoed
            ? `Vetoed by ${e.vetoedBy.map(ctx.name).join(' and ')}.`
            : 'Nobody vetoed.';
        case 'round-over':
          return e.result.scorer === null
            ? 'Nobody scores this round.'
            : `${ctx.name(e.result.scorer)} scores ${e.result.prize}.`;
        case 'game-over':
          return `Game over: ${e.winners.map(ctx.name).join(' and ')} won.`;
        default:
          return undefined;
      }
    },
    describeLegal: (legal) =>
      legal.window === 'bid'
        ? `Bid ${legal.bid ? `${legal.bid.min} to ${legal.bid.max}` : 'nothing (no coins)'}, or pass.`
        : `${legal.veto ? 'Veto, or let' : 'Let'} the bid pass (let-pass).`,
    ask: (legal) => (legal.window === 'bid' ? 'bid or pass' : 'veto or let the bid pass'),
    parseMove: (line, _view, legal) => parse(line, legal),
    formatMove: (move) => (move.type === 'bid' ? `bid ${move.amount}` : move.type),
    help: 'Bid N or pass while bidding is open; veto or let-pass in a veto window.',
    isOver: (view) => view.outcome !== null,
  };
