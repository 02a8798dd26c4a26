// Boss Cards's lobby entry: its name and blurb, and the hand size, target score and ace options for new tables.
import { bossCardsMeta, defaultTarget, HAND_SIZE, TARGET } from '@boss-table/boss-cards/meta';
import type { LobbyOptionsProps, WebGame } from '../registry.js';

/** Hand size, target and how aces play, for a new table of Boss Cards. */
function LobbyOptions({ players, options, setOptions }: LobbyOptionsProps) {
  const target = (options.target as string) ?? 'default';
  return (
    <>
      <label>
        Hand{' '}
        <select
          aria-label="Hand size"
          value={String(options.handSize ?? HAND_SIZE.usual)}
          onChange={(e) => setOptions({ ...options, handSize: Number(e.target.value) })}
        >
          {Array.from(
            { length: HAND_SIZE.max - HAND_SIZE.min + 1 },
            (_, i) => HAND_SIZE.min + i,
          ).map((n) => (
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
    handSize:
      Number.isInteger(hand) && hand >= HAND_SIZE.min && hand <= HAND_SIZE.max
        ? hand
        : HAND_SIZE.usual,
    target:
      Number.isInteger(target) && target >= TARGET.min && target <= TARGET.max
        ? target
        : defaultTarget(players),
    aceNamesSuit: o.aceNamesSuit === true,
  };
}

export const bossCardsGame: WebGame = {
  id: bossCardsMeta.id,
  name: bossCardsMeta.name,
  blurb: 'a shedding game with ordinary playing cards: be the first to empty your hand',
  minPlayers: bossCardsMeta.minPlayers,
  maxPlayers: bossCardsMeta.maxPlayers,
  defaultOptions: { handSize: HAND_SIZE.usual, target: 'default', aceNamesSuit: false },
  LobbyOptions,
  buildOptions: (o, players) => bossCardsOptions(o, players),
  describeOptions: (raw) => {
    const o = (raw ?? {}) as { handSize?: number; target?: number; aceNamesSuit?: boolean };
    const rules = o.aceNamesSuit ? 'aces-name-a-suit rules' : 'standard rules';
    const target = o.target !== undefined ? `${o.target} points` : 'the usual target';
    return `${rules} · ${o.handSize ?? HAND_SIZE.usual} cards each · first to ${target}`;
  },
  load: () => import('./parts.js').then((m) => m.parts),
};
