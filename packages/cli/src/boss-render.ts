import { cardWords, CITY_NAMES, type BossView, type CityId } from '@boss-table/the-boss';

/** The Boss table as text, from one seat's view only. */
export function renderView(view: BossView, names: (seat: number) => string): string {
  const lines: string[] = [];
  const round = view.overtime > 0 ? `overtime round ${view.overtime}` : `round ${view.round}`;
  lines.push(
    `── The Boss, ${round}${view.lastRound ? ' (last round)' : ''} · dealer ${names(view.dealer)} · police: ${
      view.police.flipped.join(', ') || 'none turned'
    } (${view.police.remaining} left)`,
  );
  const width = Math.max(...view.row.map((c) => CITY_NAMES[c.city].length));
  view.row.forEach((city, i) => {
    const cubes = city.cubes
      .map((c, seat) =>
        c.big || c.small ? `${names(seat)} ${c.big}B${c.small ? `+${c.small}s` : ''}` : '',
      )
      .filter(Boolean)
      .join(', ');
    const cards = city.revealed.map((card, k) =>
      k === city.revealed.length - 1 ? `[${face(card)}]` : face(card),
    );
    lines.push(
      `${String(i + 1).padStart(2)}. ${CITY_NAMES[city.city as CityId].padEnd(width)}  ${
        city.city === 'chicago'
          ? '(scores half the last cards to its left)'
          : `cards: ${cards.join(' ') || '-'}`
      }${cubes ? `   cubes: ${cubes}` : ''}`,
    );
  });
  lines.push('players:');
  view.players.forEach((p, seat) => {
    const hand = view.hands[seat];
    const held =
      hand.cities.length === 0 && (hand.cards === null || hand.cards.length === 0)
        ? 'no cards'
        : hand.cards !== null
          ? hand.cards.map(cardWords).join(', ')
          : `${hand.cities.length} card${hand.cities.length === 1 ? '' : 's'} (${hand.cities
              .map((c) => CITY_NAMES[c])
              .join(', ')})`;
    const status = [
      `score ${p.score}`,
      `big ${p.bigAvailable - p.bigPlaced} to place`,
      p.bigHospital ? `${p.bigHospital} in hospital` : '',
      p.bigPrison ? `${p.bigPrison} in prison` : '',
      p.bigDead ? `${p.bigDead} dead` : '',
      `small ${p.smallLeft}`,
      p.banished ? 'banished from Cincinnati' : '',
    ].filter(Boolean);
    const turn = view.turn === seat ? '▶' : ' ';
    lines.push(` ${turn} ${names(seat).padEnd(7)} ${status.join(', ')}`);
    lines.push(`     hand: ${held}`);
  });
  if (view.lastTurnOrder)
    lines.push(`last turn order: ${view.lastTurnOrder.map(names).join(' → ')}`);
  return lines.join('\n');
}

const face = (card: string): string => card.slice(card.indexOf(':') + 1);

/** Where everyone stands once the game is over: scores and what became of the cubes. */
export function renderFinal(view: BossView, names: (seat: number) => string): string {
  const lines = ['── Final standing'];
  view.players.forEach((p, seat) => {
    const cubes = [
      `${p.bigAvailable} big free`,
      p.bigHospital ? `${p.bigHospital} in hospital` : '',
      p.bigPrison ? `${p.bigPrison} in prison` : '',
      p.bigDead ? `${p.bigDead} dead` : '',
      `${p.smallLeft} small left`,
      p.banished ? 'banished from Cincinnati' : '',
    ].filter(Boolean);
    lines.push(`   ${names(seat).padEnd(7)} score ${p.score}; ${cubes.join(', ')}`);
  });
  return lines.join('\n');
}
