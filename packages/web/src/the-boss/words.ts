// Puts The Boss's log events in words, including who won and how a tie was broken, with no engine codes.
import { describeEvent, type BossEvent } from '@boss-table/the-boss';
import type { Names, Outcome } from '../registry.js';

/** How the winner was found, in words (the engine's `decidedBy` codes never reach a player). */
export function decidedInWords(outcome: Outcome, names: Names): string {
  const overtime = outcome.decidedBy.startsWith('overtime-');
  const by = overtime ? outcome.decidedBy.slice('overtime-'.length) : outcome.decidedBy;
  const who = outcome.winners.map(names).join(' and ');
  const after = overtime ? ' after an overtime round' : '';
  switch (by) {
    case 'score':
      return `${who} had the most points${after}.`;
    case 'last-round-points':
      return `Tied on points${after}; ${who} scored more in the last round.`;
    case 'cubes-available':
      return `Tied on points and on the last round${after}; ${who} had more cubes left to play.`;
    case 'shared':
      return `Tied on points, on the last round and on cubes left${after}: ${who} share the win.`;
    default:
      return `${who} won${after}.`;
  }
}

/** An event in words for the log; the end of the game told without engine codes. */
export function describe(event: unknown, viewer: number | null, names: Names): string | undefined {
  const e = event as BossEvent;
  if (e.type === 'turn') return undefined;
  if (e.type === 'game-over') {
    const who = e.winners.map(names).join(' and ');
    const verb = e.winners.length === 1 && e.winners[0] !== viewer ? 'wins' : 'win';
    return `Game over: ${who} ${verb}. ${decidedInWords(e, names)}`;
  }
  return describeEvent(e, viewer, names);
}
