// I'm the Boss!'s lobby entry: blurb, and the negotiation mode, clock pace, length and naming options.
import { imTheBossMeta } from '@boss-table/im-the-boss/meta';
import type { LobbyOptionsProps, WebGame } from '../registry.js';

/** Table mode, money shown or hidden, a shorter game, the family names. */
function LobbyOptions({ options, setOptions }: LobbyOptionsProps) {
  return (
    <>
      <label>
        Negotiation{' '}
        <select
          aria-label="Negotiation"
          value={options.mode === 'turnBased' ? 'turnBased' : 'realtime'}
          onChange={(e) => setOptions({ ...options, mode: e.target.value })}
        >
          <option value="realtime">real time (everyone at once, clocks)</option>
          <option value="turnBased">turn-based (rounds of steps)</option>
        </select>
      </label>
      <label>
        Pace{' '}
        <select
          aria-label="Pace"
          value={options.pace === 'quick' ? 'quick' : 'standard'}
          onChange={(e) => setOptions({ ...options, pace: e.target.value })}
        >
          <option value="standard">standard clocks (a deal 2½ min, a stop window 6 s)</option>
          <option value="quick">quick clocks (a deal 45 s, a stop window 4 s)</option>
        </select>
      </label>
      <label>
        <input
          type="checkbox"
          checked={options.hideMoneyTotals === true}
          onChange={(e) => setOptions({ ...options, hideMoneyTotals: e.target.checked })}
        />{' '}
        Hide money totals
      </label>
      <label>
        Length{' '}
        <select
          aria-label="Length"
          value={lengthChoice(options.rounds)}
          onChange={(e) => setOptions({ ...options, rounds: e.target.value })}
        >
          <option value="full">the whole game (to the last tile, about an hour)</option>
          {ROUND_CHOICES.map((n) => (
            <option key={n} value={String(n)}>
              a short evening: {n} rounds, then the richest wins
            </option>
          ))}
        </select>
      </label>
      <label>
        <input
          type="checkbox"
          checked={options.shortGame === true}
          onChange={(e) => setOptions({ ...options, shortGame: e.target.checked })}
        />{' '}
        Short game (12 tiles)
      </label>
      <label>
        Names{' '}
        <select
          aria-label="Family names"
          value={options.theme === 'neutral' ? 'neutral' : 'classic'}
          onChange={(e) => setOptions({ ...options, theme: e.target.value })}
        >
          <option value="classic">the families’ names</option>
          <option value="neutral">colours</option>
        </select>
      </label>
    </>
  );
}

/** The lobby's shorter lengths: the game stops when a round after the last would begin (§11.3). */
export const ROUND_CHOICES = [8, 6, 4, 2] as const;

/** The lobby's length choice: 'full', or a number of rounds from ROUND_CHOICES. */
function lengthChoice(v: unknown): string {
  return ROUND_CHOICES.some((n) => String(n) === v) ? String(v) : 'full';
}

/** Clock lengths in milliseconds for the quick pace (the standard pace is the rules' default). */
export const QUICK_CLOCKS = {
  turn: 20_000,
  discard: 15_000,
  deal: 45_000,
  idle: 12_000,
  stopWindow: 4_000,
  stopWindowMin: 2_000,
  lastCall: 3_000,
  lastCallMin: 2_000,
  step: 30_000,
  prompt: 10_000,
};

/** I'm the Boss! options from the lobby's choices (two seats play the two-player variant). */
export function imbOptions(
  o: Readonly<Record<string, unknown>>,
  players: number,
): Record<string, unknown> {
  return {
    twoPlayer: players === 2,
    mode: o.mode === 'turnBased' ? 'turnBased' : 'realtime',
    theme: o.theme === 'neutral' ? 'neutral' : 'classic',
    hideMoneyTotals: o.hideMoneyTotals === true,
    shortGame: o.shortGame === true,
    ...(lengthChoice(o.rounds) !== 'full' ? { maxRounds: Number(o.rounds) } : {}),
    ...(o.pace === 'quick' ? { clocks: QUICK_CLOCKS } : {}),
  };
}

export const imTheBossGame: WebGame = {
  id: imTheBossMeta.id,
  name: imTheBossMeta.name,
  blurb: 'deal-making out loud: everyone negotiates at once for a share of each deal',
  ownClocks: true,
  minPlayers: imTheBossMeta.minPlayers,
  maxPlayers: imTheBossMeta.maxPlayers,
  defaultOptions: {
    pace: 'standard',
    mode: 'realtime',
    theme: 'classic',
    hideMoneyTotals: false,
    shortGame: false,
    rounds: 'full',
  },
  LobbyOptions,
  buildOptions: (o, players) => imbOptions(o, players),
  describeOptions: (raw) => {
    const o = (raw ?? {}) as {
      mode?: string;
      hideMoneyTotals?: boolean;
      shortGame?: boolean;
      maxRounds?: number | null;
      clocks?: { deal?: number };
    };
    return [
      o.shortGame ? 'short-game rules' : 'standard rules',
      typeof o.maxRounds === 'number'
        ? `at most ${o.maxRounds} round${o.maxRounds === 1 ? '' : 's'}`
        : 'the whole game',
      o.mode === 'turnBased' ? 'turn-based negotiation' : 'real-time negotiation',
      o.hideMoneyTotals ? 'money hidden' : 'money shown',
      ...(o.clocks?.deal !== undefined ? [`deals of ${Math.round(o.clocks.deal / 1000)} s`] : []),
    ].join(' · ');
  },
  load: () => import('./parts.js').then((m) => m.parts),
};
