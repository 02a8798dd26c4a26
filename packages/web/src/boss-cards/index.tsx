// Boss Cards's lobby entry: its name and blurb, and the hand size, target score and ace options for new tables.
import type { LobbyOptionsProps, WebGame } from '../registry.js';

/** The target the rules give by default: 15 points for each player beyond the first. */
export const defaultTarget = (players: number): number => 15 * (players - 1);

/** Hand size, target and how aces play, for a new table of Boss Cards. */
function LobbyOptions({ players, options, setOptions }: LobbyOptionsProps) {
  const target = (options.target as string) ?? 'default';
  return (
    <>
      <label>
        Hand{' '}
        <select
          aria-label="Hand size"
          value={String(options.handSize ?? 7)}
          onChange={(e) => setOptions({ ...options, handSize: Number(e.target.value) })}
        >
          {[5, 6, 7, 8, 9, 10].map((n) => (
            <option key={n} value={n}>
              {n} cards
            </option>
          ))}
        </select>
      </label>
      <label>
        Target{' '}
        <select
          aria-label="Target"
          value={target}
          onChange={(e) => setOptions({ ...options, target: e.target.value })}
        >
          <option value="default">{defaultTarget(players)} points (usual)</option>
          {[10, 20, 30, 50, 100].map((n) => (
            <option key={n} value={n}>
              {n} points
            </option>
          ))}
        </select>
      </label>
      <label>
        Aces{' '}
        <select
          aria-label="Aces"
          value={options.aceNamesSuit === true ? 'name' : 'own'}
          onChange={(e) => setOptions({ ...options, aceNamesSuit: e.target.value === 'name' })}
        >
          <option value="own">set their own suit</option>
          <option value="name">name any suit</option>
        </select>
      </label>
    </>
  );
}

/** Boss Cards options from the lobby's choices (players are implied by the seats). */
export function bossCardsOptions(
  o: Readonly<Record<string, unknown>>,
  players: number,
): { handSize: number; target: number; aceNamesSuit: boolean } {
  const hand = Number(o.handSize);
  const target = Number(o.target);
  return {
    handSize: Number.isInteger(hand) && hand >= 5 && hand <= 10 ? hand : 7,
    target:
      Number.isInteger(target) && target >= 10 && target <= 500 ? target : defaultTarget(players),
    aceNamesSuit: o.aceNamesSuit === true,
  };
}

export const bossCardsGame: WebGame = {
  id: 'boss-cards',
  name: 'Boss Cards',
  blurb: 'a shedding game with ordinary playing cards: be the first to empty your hand',
  minPlayers: 2,
  maxPlayers: 6,
  defaultOptions: { handSize: 7, target: 'default', aceNamesSuit: false },
  LobbyOptions,
  buildOptions: (o, players) => bossCardsOptions(o, players),
  describeOptions: (raw) => {
    const o = (raw ?? {}) as { handSize?: number; target?: number; aceNamesSuit?: boolean };
    const rules = o.aceNamesSuit ? 'aces-name-a-suit rules' : 'standard rules';
    const target = o.target !== undefined ? `${o.target} points` : 'the usual target';
    return `${rules} · ${o.handSize ?? 7} cards each · first to ${target}`;
  },
  load: () => import('./parts.js').then((m) => m.parts),
};
