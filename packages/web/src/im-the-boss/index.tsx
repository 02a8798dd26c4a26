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
        <input
          type="checkbox"
          checked={options.hideMoneyTotals === true}
          onChange={(e) => setOptions({ ...options, hideMoneyTotals: e.target.checked })}
        />{' '}
        Hide money totals
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
  };
}

export const imTheBossGame: WebGame = {
  id: 'im-the-boss',
  name: "I'm the Boss!",
  minPlayers: 2,
  maxPlayers: 6,
  defaultOptions: { mode: 'realtime', theme: 'classic', hideMoneyTotals: false, shortGame: false },
  LobbyOptions,
  buildOptions: (o, players) => imbOptions(o, players),
  describeOptions: (raw) => {
    const o = (raw ?? {}) as { mode?: string; hideMoneyTotals?: boolean; shortGame?: boolean };
    return [
      o.shortGame ? 'short-game rules' : 'standard rules',
      o.mode === 'turnBased' ? 'turn-based negotiation' : 'real-time negotiation',
      o.hideMoneyTotals ? 'money hidden' : 'money shown',
    ].join(' · ');
  },
  load: () => import('./parts.js').then((m) => m.parts),
};
