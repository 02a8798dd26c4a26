// The player panels beside every board: name, score or money, clock, presence and the game's seat details.
import type { PublicSeat, TimerState } from '@boss-table/client';
import type { GameParts, Names } from '../registry.js';
import { clockFor } from './clock.js';
import { Countdown } from './countdown.js';
import { Presence, SEAT_COLORS } from './icons.js';
import { botName } from '@boss-table/games/bot-names';

/**
 * One panel per player beside the board: name, score or money, clock (m:ss, when the table
 * is timed), connected or away, whose turn it is, and the game's own details for the seat.
 */
export function PlayerPanels({
  seats,
  view,
  parts,
  names,
  me,
  turn,
  timer,
  now,
  turnMs = 0,
  allHands,
  local = false,
}: {
  seats: readonly PublicSeat[] | null;
  view: unknown;
  parts: GameParts;
  names: Names;
  me: number | null;
  turn: number | null;
  timer: TimerState | null;
  now: number;
  /** A turn's time (the table's timer), to show what the others will have. */
  turnMs?: number;
  allHands?: readonly (readonly string[])[];
  /** A table played in this page (practice): its people are here, so no presence is shown. */
  local?: boolean;
}) {
  const { SeatDetail } = parts;
  const count = seats?.length ?? allHands?.length ?? 0;
  return (
    <ol className="player-panels" aria-label="players">
      {Array.from({ length: count }, (_, seat) => {
        const s = seats?.[seat];
        const clock = clockFor(timer, seat, now, turnMs);
        const presence =
          !s || (local && s.kind === 'human')
            ? null
            : s.kind === 'bot'
              ? `bot: ${s.bot ? botName(s.bot) : 'a bot'}`
              : s.botStandIn
                ? 'away: a bot plays for now'
                : !s.taken
                  ? 'seat free'
                  : s.connected
                    ? 'connected'
                    : 'away';
        return (
          <li
            key={seat}
            className={`player-panel${turn === seat ? ' active' : ''}${seat === me ? ' me' : ''}`}
            data-seat-panel={seat}
            style={{ borderLeftColor: SEAT_COLORS[seat % SEAT_COLORS.length] }}
          >
            <div className="panel-head">
              <span className="who">
                {names(seat)}
                {seat === me && names(seat) !== 'You' ? ' (you)' : ''}
              </span>
              <span className="standing">{parts.standing(view, seat)}</span>
              {clock !== null && (
                <span
                  className={`clock${turn === seat ? ' running' : ''}`}
                  aria-label={`clock of ${names(seat)}`}
                >
                  <Countdown ms={clock} />
                </span>
              )}
            </div>
            <div className="panel-sub">
              {turn === seat && <span className="to-play">to play</span>}
              {presence && (
                <span className="presence">
                  <Presence here={s!.kind === 'bot' || (s!.connected && !s!.botStandIn)} />{' '}
                  {presence}
                </span>
              )}
              <span className="seat-no">seat {seat + 1}</span>
            </div>
            {SeatDetail && <SeatDetail view={view} seat={seat} names={names} allHands={allHands} />}
          </li>
        );
      })}
    </ol>
  );
}
