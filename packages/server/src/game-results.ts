// Records a finished game once: each seat's place, abandoners last, and at rated tables the new ratings.
import { DEFAULT_MODEL, displayRating, placesOf, rateTeams } from '@boss-table/ratings';
import type { AccountStore, RatingRow, ResultRow } from './account-store.js';
import type { Logger } from './log.js';
import type { StoredTable } from './storage.js';
import type { LiveTable } from './table.js';

/** Whose rating a seat moves: an account's, a bot level's, or nobody's (a guest). */
export const subjectOf = (
  seat: StoredTable['seats'][number],
  account: string | undefined,
): string =>
  account ? `account:${account}` : seat.kind === 'bot' ? `bot:${seat.bot ?? 'bot'}` : 'guest';

/**
 * Writes a finished game's places (its history, with the table's visibility) and, at a
 * rated table whose every person has an account (one at least), the new ratings of each account and bot level, in one transaction, once
 * per table: a second call, from another node or after a restart, changes nothing.
 */
export async function recordFinished(
  store: AccountStore,
  table: LiveTable,
  log: Logger,
): Promise<boolean> {
  const outcome = table.game.outcome(table.state);
  if (!outcome) return false;
  const stored = table.stored;
  const accounts = await store.seatAccounts(stored.id);
  const subjects = stored.seats.map((s, i) => subjectOf(s, accounts.get(i)));
  // A table no account sat at (bots only) is never rated: its result would move the bot
  // levels' ratings, which quick play relies on, with no person's game behind it.
  const rated =
    (await store.isRated(stored.id)) &&
    !subjects.includes('guest') &&
    subjects.some((s) => s.startsWith('account:'));
  // A person not at the table when the game ends (a stand-in bot finished it) abandoned it:
  // that counts as a loss, whatever the stand-in made of the seat.
  const away = table.views
    .summary()
    .seats.filter((s) => s.kind === 'human' && !s.connected)
    .map((s) => s.seat);
  const places = abandonedLast(placesOf(outcome), away);
  const finishedAt = Date.now();
  const results: Omit<ResultRow, 'ratingBefore' | 'ratingAfter'>[] = stored.seats.map((s, i) => ({
    tableId: stored.id,
    seat: i,
    game: stored.game,
    subject: subjects[i],
    name: s.kind === 'bot' ? (s.bot ?? 'bot') : (s.name ?? `Seat ${i + 1}`),
    place: places[i],
    players: stored.seats.length,
    rated,
    finishedAt,
    visibility: stored.visibility,
  }));
  const done = await store.recordGame(
    results,
    rated
      ? {
          fresh: { mu: DEFAULT_MODEL.mu, sigma: DEFAULT_MODEL.sigma },
          rate: (before) => rateRows(before, places),
        }
      : undefined,
  );
  if (done) log.info('game recorded', { table: stored.id, rated });
  return done;
}

/**
 * The places with the seats in `away` after every other (tied among themselves); the others
 * keep their order and ties.
 */
export function abandonedLast(places: readonly number[], away: readonly number[]): number[] {
  const gone = new Set(away);
  const key = (seat: number) => (gone.has(seat) ? Infinity : places[seat]);
  // A place is 1 + how many seats are strictly ahead.
  return places.map((_, seat) => 1 + places.filter((__, other) => key(other) < key(seat)).length);
}

/** The ratings after a game, one row a seat, and each seat's number before and after. */
export function rateRows(
  before: readonly RatingRow[],
  places: readonly number[],
): { rows: RatingRow[]; shown: { before: number; after: number }[] } {
  const after = rateTeams(
    before.map((r) => [r]),
    places,
  ).map(([r]) => r);
  const wins = new Set(places.flatMap((p, seat) => (p === 1 ? [seat] : [])));
  // A subject at two seats (two bots of one level) counts each seat's game; its last
  // seat's rating stands.
  const counted = new Map<string, { games: number; wins: number }>();
  const rows = before.map((b, i) => {
    const c = counted.get(b.subject) ?? { games: b.games, wins: b.wins };
    c.games += 1;
    if (wins.has(i)) c.wins += 1;
    counted.set(b.subject, c);
    return { ...b, mu: after[i].mu, sigma: after[i].sigma, games: c.games, wins: c.wins };
  });
  return {
    rows,
    shown: before.map((b, i) => ({ before: displayRating(b), after: displayRating(after[i]) })),
  };
}
