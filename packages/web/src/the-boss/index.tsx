// The Boss's lobby entry: its blurb, and the classic-or-arena rules and city-set choices for new tables.
import {
  COMBINATIONS,
  LOCAL_CITY_IDS,
  CITY_NAMES,
  theBossMeta,
  type LocalCityId,
} from '@boss-table/the-boss/meta';
import type { LobbyOptionsProps, WebGame } from '../registry.js';

const cityList = (ids: readonly string[]) =>
  ids.map((c) => CITY_NAMES[c as LocalCityId] ?? c).join(', ');

/** Rules and cities for a new table of The Boss. */
function LobbyOptions({ players, options, setOptions }: LobbyOptionsProps) {
  const rules = players > 4 ? 'arena' : ((options.rules as string) ?? 'classic');
  const combination = (options.combination as string) ?? 'random';
  const combos = COMBINATIONS[players] ?? [];
  return (
    <>
      <label>
        Rules{' '}
        <select
          value={rules}
          disabled={players > 4}
          onChange={(e) => setOptions({ ...options, rules: e.target.value })}
        >
          <option value="classic">classic</option>
          <option value="arena">arena</option>
        </select>
      </label>
      <label className="wide">
        Cities{' '}
        <select
          value={Number(combination) < combos.length ? combination : 'random'}
          onChange={(e) => setOptions({ ...options, combination: e.target.value })}
        >
          <option value="random">random</option>
          {combos.map((c, i) => (
            <option key={i} value={i}>
              {cityList(c.map((n) => LOCAL_CITY_IDS[n - 1]))}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

export const theBossGame: WebGame = {
  id: theBossMeta.id,
  name: theBossMeta.name,
  blurb:
    'deduction and bidding: send gangsters to cities whose rewards stay hidden, and read the others’ cards',
  minPlayers: theBossMeta.minPlayers,
  maxPlayers: theBossMeta.maxPlayers,
  defaultOptions: { rules: 'classic', combination: 'random' },
  LobbyOptions,
  buildOptions: (o, players) => {
    const combos = COMBINATIONS[players] ?? [];
    const pick = o.combination === 'random' ? undefined : combos[Number(o.combination)];
    return {
      rules: players > 4 ? 'arena' : o.rules === 'arena' ? 'arena' : 'classic',
      ...(pick ? { cities: pick.map((n) => LOCAL_CITY_IDS[n - 1]) } : {}),
    };
  },
  describeOptions: (raw) => {
    const o = (raw ?? {}) as { rules?: string; cities?: readonly string[] };
    return `${o.rules ?? 'classic'} rules · ${o.cities ? cityList(o.cities) : 'cities drawn at random'}`;
  },
  load: () => import('./parts.js').then((m) => m.parts),
};
