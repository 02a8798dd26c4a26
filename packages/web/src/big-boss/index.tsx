// Big Boss's lobby entry: its name and blurb, the rules-edition and first-player options, and lazy loading.
import { bigBossMeta } from '@boss-table/big-boss/meta';
import type { LobbyOptionsProps, WebGame } from '../registry.js';

/** Rule set and first player for a new table of Big Boss. */
function LobbyOptions({ players, options, setOptions }: LobbyOptionsProps) {
  const first = (options.firstPlayer as string) ?? 'random';
  return (
    <>
      <label>
        Rules{' '}
        <select
          value={(options.rules as string) ?? 'modern'}
          onChange={(e) => setOptions({ ...options, rules: e.target.value })}
        >
          <option value="modern">modern (2023)</option>
          <option value="original">original (1994)</option>
        </select>
      </label>
      <label>
        First player{' '}
        <select
          aria-label="First player"
          value={Number(first) < players ? first : 'random'}
          onChange={(e) => setOptions({ ...options, firstPlayer: e.target.value })}
        >
          <option value="random">drawn at random</option>
          {Array.from({ length: players }, (_, i) => (
            <option key={i} value={i}>
              Seat {i + 1}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

/** Big Boss options from the lobby's choices (players are implied by the seats). */
export function bigBossOptions(
  rules: 'modern' | 'original',
  firstPlayer: string,
  players: number,
): { rules: 'modern' | 'original'; firstPlayer?: number } {
  const first = Number(firstPlayer);
  return firstPlayer !== 'random' && first < players ? { rules, firstPlayer: first } : { rules };
}

export const bigBossGame: WebGame = {
  id: bigBossMeta.id,
  name: bigBossMeta.name,
  blurb: 'found, grow and merge companies along a looping track, and own the shares that pay',
  minPlayers: bigBossMeta.minPlayers,
  maxPlayers: bigBossMeta.maxPlayers,
  defaultOptions: { rules: 'modern', firstPlayer: 'random' },
  LobbyOptions,
  buildOptions: (o, players) =>
    bigBossOptions(
      o.rules === 'original' ? 'original' : 'modern',
      (o.firstPlayer as string) ?? 'random',
      players,
    ),
  describeOptions: (raw) => {
    const o = (raw ?? {}) as { rules?: string; firstPlayer?: number };
    return `${o.rules ?? 'modern'} rules${o.firstPlayer !== undefined ? ` · seat ${o.firstPlayer + 1} starts` : ''}`;
  },
  load: () => import('./parts.js').then((m) => m.parts),
};
