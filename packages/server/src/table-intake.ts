// The door of a table: a seat's move checked against the table's state and the rules before it is stored.
import type { AnyGame, Driver, PreparedMove, Seat } from '@boss-table/core';
import { MoveRefused } from './move-refused.js';
import type { StoredTable } from './storage.js';

/** What the door needs of its table (`LiveTable` is one). */
export interface IntakeHost {
  readonly game: AnyGame;
  readonly stored: StoredTable;
  readonly state: unknown;
  readonly driver: Driver | null;
  readonly closing: boolean;
  /** The last number this viewer's frames carry. */
  position(viewer: Seat | null): number;
  /** The seat's number just after its own last stored move (0: none yet). */
  ownPosition(seat: Seat): number;
}

/**
 * A move of `seat` built on the state its frames numbered `seq`, checked and prepared by the
 * driver (not taken); a refusal says which rule it broke, as a `MoveRefused`.
 */
export function judgeMove(host: IntakeHost, seat: Seat, seq: number, raw: unknown): PreparedMove {
  const { game, stored, state, driver } = host;
  if (host.closing) throw new MoveRefused('internal', 'The table is closing; try again.');
  if (stored.status === 'open')
    throw new MoveRefused('not-started', 'The table is waiting for players.');
  if (stored.status !== 'running' || game.isOver(state) || !driver)
    throw new MoveRefused('game-over', 'The game is over.');
  const at = host.position(seat);
  if (seq > at)
    throw new MoveRefused('future-seq', `Your seq ${seq} is ahead of the table's ${at}.`);
  // A move built before the seat's own last stored move is a copy sent again (to another
  // node, or twice) or was made without knowing it: never stored a second time.
  const own = host.ownPosition(seat);
  if (seq < own)
    throw new MoveRefused(
      'stale-seq',
      `Your seq ${seq} is from before your own last move (${own}): resume first.`,
    );
  // In an open window a move built on an older state is judged by the rules against the
  // current one; at a strict turn it must be built on the current state.
  const turn = (game.concurrency?.(state) ?? 'turn') === 'turn';
  if (seq < at && turn)
    throw new MoveRefused(
      'stale-seq',
      `Your seq ${seq} is behind the table's ${at}: resume first.`,
    );
  // In an open window the rules say why a seat may not act (already answered, not asked…).
  if (turn && !game.activeSeats(state).includes(seat))
    throw new MoveRefused('not-your-turn', `It is not seat ${seat + 1}'s turn.`);
  const move = game.parseMove(raw);
  if (!move.ok) throw new MoveRefused('invalid-move', move.error.message);
  const prepared = driver.prepare(seat, raw, Date.now());
  if (!prepared.ok)
    throw new MoveRefused('illegal-move', `${prepared.error.kind}: ${prepared.error.message}`);
  return prepared.value;
}
