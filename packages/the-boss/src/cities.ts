/** The cities, their cards and the faces of The Boss (rules file, section 1). */

export const LOCAL_CITY_IDS = [
  'new-york',
  'boston',
  'detroit',
  'kansas-city',
  'cincinnati',
  'memphis',
  'philadelphia',
  'saint-louis',
] as const;
export type LocalCityId = (typeof LOCAL_CITY_IDS)[number];
export type CityId = LocalCityId | 'chicago';

/** City slots: 0–7 are the local bosses by number minus one, 8 is Chicago. */
export const CHICAGO = 8;
export const SLOTS = 9;
export const CINCINNATI = 4;
export const SAINT_LOUIS = 7;

export const CITY_IDS: readonly CityId[] = [...LOCAL_CITY_IDS, 'chicago'];

export const CITY_NAMES: Readonly<Record<CityId, string>> = {
  'new-york': 'New York',
  boston: 'Boston',
  detroit: 'Detroit',
  'kansas-city': 'Kansas City',
  cincinnati: 'Cincinnati',
  memphis: 'Memphis',
  philadelphia: 'Philadelphia',
  'saint-louis': 'Saint Louis',
  chicago: 'Chicago',
};

export const FACES = [
  '0',
  '1',
  '2',
  '3',
  '4',
  'hospital',
  'prison',
  'revolver',
  'banished',
  'theft',
  'shootout',
] as const;
export type Face = (typeof FACES)[number];
export const HOSPITAL = 5;
export const PRISON = 6;
export const REVOLVER = 7;
export const BANISHED = 8;
export const THEFT = 9;
export const SHOOTOUT = 10;

/** A card as written in records and views: `city:face`, e.g. `boston:3`. */
export type CardName = `${LocalCityId}:${Face}`;

const CITY_FACES: readonly (readonly Face[])[] = [
  ['0', '1', '2', '3'],
  ['3', '3', 'hospital', 'prison'],
  ['1', '2', '3', '4', 'revolver'],
  ['2', '3', 'revolver'],
  ['1', '2', '3', 'banished'],
  ['1', '2', '3', 'hospital'],
  ['3', 'prison', 'revolver'],
  ['1', '2', '4', 'shootout', 'theft'],
];

/** Every physical card has an id; ids are grouped by city, in city order. */
export const CARD_CITY: number[] = [];
export const CARD_FACE: number[] = [];
export const CARD_NAME: CardName[] = [];
/** The card ids of each city slot (Chicago has none). */
export const CITY_CARDS: number[][] = [];
for (let slot = 0; slot < CITY_FACES.length; slot++) {
  const ids: number[] = [];
  for (const face of CITY_FACES[slot]) {
    const id = CARD_CITY.length;
    CARD_CITY.push(slot);
    CARD_FACE.push(FACES.indexOf(face));
    CARD_NAME.push(`${LOCAL_CITY_IDS[slot]}:${face}`);
    ids.push(id);
  }
  CITY_CARDS.push(ids);
}
CITY_CARDS.push([]);

/** For each card id, the first id with the same name: equal keys are the same card to play. */
export const CARD_KEY: readonly number[] = CARD_NAME.map((name) => CARD_NAME.indexOf(name));
export const CARD_KEY_BY_NAME: ReadonlyMap<string, number> = new Map(
  CARD_NAME.map((name, id) => [name, CARD_KEY[id]]),
);

export const CITY_SLOT: ReadonlyMap<string, number> = new Map(CITY_IDS.map((id, i) => [id, i]));
/** Card name to the ids that carry it (Boston's two 3s share a name). */
export const CARDS_BY_NAME: ReadonlyMap<string, readonly number[]> = (() => {
  const m = new Map<string, number[]>();
  CARD_NAME.forEach((name, id) => m.set(name, [...(m.get(name) ?? []), id]));
  return m;
})();

/** What a card is worth when Chicago adds up the last revealed cards: penalties count 0. */
export const chicagoValue = (face: number): number => (face <= 4 ? face : 0);

export type PoliceCard = 'silver' | 'gold' | 'double';
export const POLICE_CARDS: readonly PoliceCard[] = ['silver', 'silver', 'gold', 'gold', 'double'];

/** Allowed city combinations by player count, as city numbers (rules file, section 3). */
export const COMBINATIONS: Readonly<Record<number, readonly (readonly number[])[]>> = {
  2: [
    [1, 2, 3],
    [1, 2, 4, 7],
    [1, 3, 5],
    [1, 3, 6],
    [1, 4, 5, 7],
    [1, 4, 6, 7],
    [2, 3, 5],
    [2, 3, 6],
    [2, 4, 5, 7],
    [2, 4, 6, 7],
  ],
  3: [
    [1, 2, 3, 4, 5],
    [1, 2, 3, 4, 6],
    [1, 2, 3, 5, 7],
    [1, 2, 3, 6, 7],
    [1, 3, 4, 5, 6],
    [1, 3, 5, 6, 7],
    [2, 3, 4, 5, 6],
    [2, 3, 5, 6, 7],
  ],
  4: [[1, 2, 3, 4, 5, 6, 7]],
  5: [[1, 2, 3, 4, 5, 6, 7]],
  6: [[1, 2, 3, 4, 5, 6, 7, 8]],
};
/** Allowed but never drawn at random: Saint Louis instead of Detroit at five players. */
export const EXTRA_COMBINATIONS: Readonly<Record<number, readonly (readonly number[])[]>> = {
  5: [[1, 2, 4, 5, 6, 7, 8]],
};
