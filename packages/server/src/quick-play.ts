// Play now: seats a player at a waiting table or opens one whose free seats go to rating-matched bots.
import { findGame } from '@boss-table/games';
import { offeredBotSpecs } from '@boss-table/games/meta';
import type { JoinResponse } from '@boss-table/protocol';
import { displayRating, newRating } from '@boss-table/ratings';
import type { AccountStore } from './account-store.js';
import { isObject } from './accounts.js';
import type { Logger } from './log.js';
import type { Storage } from './storage.js';
import type { TableService } from './table-service.js';
import type { LiveTable } from './table.js';
import { RequestError } from './validate.js';

/** A quick-play table waiting for people, by the request it answers. */
interface Waiting {
  readonly key: string;
  readonly timer: NodeJS.Timeout;
}

export interface QuickPlayRequest {
  readonly game: string;
  readonly players: number;
  /** Seconds to wait for people before bots take the free seats (5 to 300). */
  readonly waitSeconds: number;
}

export function parseQuickPlay(raw: unknown): QuickPlayRequest {
  if (!isObject(raw)) throw new RequestError(400, 'bad-body', 'The body must be a JSON object.');
  const { game, players, waitSeconds = 30 } = raw;
  if (typeof game !== 'string' || !findGame(game))
    throw new RequestError(400, 'unknown-game', `"game" must name a game this server plays.`);
  if (typeof players !== 'number' || !Number.isInteger(players) || players < 2 || players > 8)
    throw new RequestError(400, 'bad-players', '"players" must be a whole number of seats.');
  if (typeof waitSeconds !== 'number' || !(waitSeconds >= 5 && waitSeconds <= 300))
    throw new RequestError(400, 'bad-wait', '"waitSeconds" must be from 5 to 300.');
  return { game, players, waitSeconds };
}

/**
 * "Play now": a seat at a waiting quick-play table of that game and player count, or a new
 * one whose free seats bots of about the player's rating take after the wait the player
 * chose. Signed-in players meet at rated tables, guests at casual ones. The waiting tables
 * are this node's (on a cluster, players who ask different nodes may wait apart).
 */
export class QuickPlay {
  private readonly waiting = new Map<string, Waiting>();

  constructor(
    private readonly service: TableService,
    private readonly storage: Storage,
    private readonly store: AccountStore,
    private readonly log: Logger,
  ) {}

  async play(
    raw: unknown,
    name: string,
    address: string,
    account: string | undefined,
  ): Promise<JoinResponse & { readonly waitSeconds: number }> {
    const req = parseQuickPlay(raw);
    const rated = account !== undefined;
    const key = `${req.game}/${req.players}/${rated ? 'rated' : 'casual'}`;
    for (const [id, w] of this.waiting) {
      if (w.key !== key) continue;
      const table = await this.service.load(id).catch(() => undefined);
      if (!table || table.stored.status !== 'open') {
        this.forget(id);
        continue;
      }
      // One seat an account at a rated table: a table the account sits at already is not
      // joined again (its other seat would be a stand-in's to lose).
      if (rated && !(await this.store.claimRatedSeat(id, account))) continue;
      const joined = await this.service.join(table, { name }, undefined).catch(() => undefined);
      if (joined) return { ...joined, waitSeconds: req.waitSeconds };
      if (rated) await this.store.releaseRatedSeat(id, account);
    }
    const created = await this.service.create(
      {
        game: req.game,
        seats: Array.from({ length: req.players }, () => ({ kind: 'human' })),
        visibility: 'public',
        ...(rated ? { rated: true } : {}),
      },
      address,
    );
    if (rated) {
      await this.store.markRated(created.id, req.game);
      await this.store.claimRatedSeat(created.id, account);
    }
    const table = (await this.service.load(created.id))!;
    const joined = await this.service.join(table, { name }, undefined);
    const timer = setTimeout(
      () =>
        void this.fill(table, account).catch((e: Error) =>
          this.log.error('quick play could not seat bots', { table: table.id, error: e.message }),
        ),
      req.waitSeconds * 1000,
    );
    timer.unref();
    this.waiting.set(created.id, { key, timer });
    return { ...joined, waitSeconds: req.waitSeconds };
  }

  private forget(id: string): void {
    const w = this.waiting.get(id);
    if (w) clearTimeout(w.timer);
    this.waiting.delete(id);
  }

  /** The bot level whose rating is nearest the player's (or the first level if none is rated). */
  async botNear(game: string, account: string | undefined): Promise<string> {
    const specs = offeredBotSpecs(game).filter((s) => s !== 'random');
    const mine = account
      ? (await this.store.ratingsOf(`account:${account}`)).find((r) => r.game === game)
      : undefined;
    const target = displayRating(mine ?? newRating());
    const rated = (await this.store.leaderboard(game, 1000)).filter(
      (r) => r.subject.startsWith('bot:') && specs.includes(r.subject.slice(4)),
    );
    if (rated.length === 0) return specs[0] ?? 'random';
    const near = rated.reduce((a, b) =>
      Math.abs(displayRating(a) - target) <= Math.abs(displayRating(b) - target) ? a : b,
    );
    return near.subject.slice(4);
  }

  /** Seats bots at the table's free seats and starts it, if it still waits. */
  async fill(table: LiveTable, account: string | undefined): Promise<void> {
    this.forget(table.id);
    const bot = await this.botNear(table.stored.game, account);
    await table.run(async () => {
      if (table.stored.status !== 'open') return;
      // Another node may have started it meanwhile (then it follows from there).
      if (!(await this.storage.seatBots(table.id, bot))) return;
      const row = await this.storage.table(table.id);
      if (row) table.stored.seats = row.seats;
      table.stored.status = 'running';
      table.broadcastSeats();
      table.start();
      this.log.info('quick play seated bots', { table: table.id, bot });
    });
  }

  close(): void {
    for (const id of [...this.waiting.keys()]) this.forget(id);
  }
}
