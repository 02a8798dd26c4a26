// Table chat for players and spectators: stored with the table, rate-limited per writer, relayed to nodes.
import type { ChatChannel, ChatMessage } from '@boss-table/protocol';
import type { AccountStore, ChatRow } from './account-store.js';
import { memoryAttempts, type AttemptLog, type AttemptLogs } from './accounts.js';
import { Bucket } from './limits.js';
import type { Conn, LiveTable } from './table.js';
import { randomId } from './tokens.js';

/** The nodes' channel for chat lines (PostgreSQL). */
const CHAT_CHANNEL = 'boss_chat';
/** Lines sent to a connection when it opens. */
const HISTORY = 100;
/** A writer's lines: one every 2 seconds on average, bursts of 5. */
const LINES_PER_SECOND = 0.5;
const LINES_BURST = 5;
/** Lines one address, and one account, may write a minute, all tables together. */
export const CHAT_LINES_PER_MINUTE = 20;
/** Lines a table stores at most (both channels); past it the table's chat is full. */
export const CHAT_LINES_PER_TABLE = 500;
/** Lines are deleted this long after they were written (the sweep, hourly). */
export const CHAT_RETENTION_MS = 90 * 24 * 3_600_000;

const toMessage = (r: ChatRow): ChatMessage => ({
  id: r.id,
  channel: r.channel,
  seat: r.seat,
  name: r.name,
  text: r.text,
  at: r.at,
});

/** Who may read a channel at a table: spectators' lines reach seats only once it is over. */
export const mayRead = (seat: number | null, channel: ChatChannel, over: boolean): boolean =>
  channel === 'players' || seat === null || over;

/** Who writes on a connection: its seat, or a signed-in spectator. */
export interface ChatWriter {
  readonly seat: number | null;
  /** The account of a signed-in connection, and its session (checked at every line). */
  readonly account?: { readonly id: string; readonly name: string; readonly session?: string };
  /** The connection's address (its budget across tables). */
  readonly address?: string;
}

export type ChatRefusal = {
  readonly code: 'chat-refused' | 'rate-limited';
  readonly message: string;
  /** The connection's session has ended (signed out, a new password): close it. */
  readonly signedOut?: boolean;
};

/**
 * Table chat: the seated players' channel and the spectators' channel, stored with the table
 * (so a replay shows them), each line length-checked by the protocol's parser and
 * rate-limited per writer here.
 */
export class TableChat {
  private readonly buckets = new Map<string, Bucket>();
  /** This node, so that it skips its own lines coming back from the other nodes' channel. */
  private readonly node = randomId();
  private tables: ReadonlyMap<string, LiveTable> = new Map();
  private unlisten?: () => Promise<void>;
  private closed = false;
  private readonly byAddress: AttemptLog;
  private readonly byAccount: AttemptLog;

  /** `logs`: the budgets across tables, in memory or (a cluster) in the database. */
  constructor(
    private readonly store: AccountStore,
    logs: AttemptLogs = memoryAttempts,
  ) {
    this.byAddress = logs('chat-address', CHAT_LINES_PER_MINUTE, 60_000);
    this.byAccount = logs('chat-account', CHAT_LINES_PER_MINUTE, 60_000);
  }

  /**
   * Delivers lines written on other nodes (PostgreSQL's `LISTEN/NOTIFY`) to this node's
   * connections of `tables`; nothing to do on SQLite.
   */
  async listen(tables: ReadonlyMap<string, LiveTable>): Promise<void> {
    this.tables = tables;
    const { sql } = this.store;
    if (!sql.listen) return;
    this.unlisten = await sql.listen(CHAT_CHANNEL, (payload) => {
      const { node, row } = JSON.parse(payload) as { node: string; row: ChatRow };
      const table = this.tables.get(row.tableId);
      if (node !== this.node && table) this.deliver(table, row);
    });
    // Closed while it was connecting.
    if (this.closed) await this.unlisten();
  }

  private deliver(table: LiveTable, row: ChatRow): void {
    const over = table.stored.status === 'finished';
    const msg = { type: 'chat', messages: [toMessage(row)] } as const;
    for (const c of table.conns) if (mayRead(c.seat, row.channel, over)) c.send(msg);
  }

  /** The lines `seat` may read now, oldest first. */
  async history(table: LiveTable, seat: number | null): Promise<ChatMessage[]> {
    const over = table.stored.status === 'finished';
    const channels: ChatChannel[] = (['players', 'spectators'] as const).filter((c) =>
      mayRead(seat, c, over),
    );
    return (await this.store.chat(table.id, channels, HISTORY)).map(toMessage);
  }

  /** Sends a new connection the lines it may read. */
  async greet(table: LiveTable, conn: Conn): Promise<void> {
    const messages = await this.history(table, conn.seat);
    if (messages.length > 0) conn.send({ type: 'chat', messages });
  }

  /** Stores a line and tells every connection that may read it; a refusal otherwise. */
  async post(table: LiveTable, writer: ChatWriter, text: string): Promise<ChatRefusal | undefined> {
    const { seat, account } = writer;
    if (seat === null && !account)
      return { code: 'chat-refused', message: 'Sign in to chat as a spectator.' };
    // A connection opened signed in speaks for the account only while its session lasts
    // (a sign-out or a new password on any node, an operator's reset).
    if (account?.session && !(await this.store.session(account.session, Date.now())))
      return {
        code: 'chat-refused',
        message: 'Your session has ended: sign in again.',
        signedOut: true,
      };
    const key = `${table.id}/${seat ?? `a:${account!.id}`}`;
    let bucket = this.buckets.get(key);
    if (!bucket) this.buckets.set(key, (bucket = new Bucket(LINES_PER_SECOND, LINES_BURST)));
    if (!bucket.take())
      return { code: 'rate-limited', message: 'Too many chat lines: one every 2 seconds.' };
    const budget = `Too many chat lines from you: at most ${CHAT_LINES_PER_MINUTE} a minute, all tables together.`;
    if (writer.address !== undefined && (await this.byAddress.take(writer.address)) > 0)
      return { code: 'rate-limited', message: budget };
    if (account && (await this.byAccount.take(account.id)) > 0)
      return { code: 'rate-limited', message: budget };
    const channel: ChatChannel = seat === null ? 'spectators' : 'players';
    const row: ChatRow = {
      id: `${Date.now().toString(36)}-${randomId()}`,
      tableId: table.id,
      channel,
      seat,
      accountId: account?.id ?? null,
      name: seat === null ? account!.name : (table.stored.seats[seat]?.name ?? `Seat ${seat + 1}`),
      text,
      at: Date.now(),
    };
    if (!(await this.store.addChat(row, CHAT_LINES_PER_TABLE)))
      return {
        code: 'chat-refused',
        message: `This table's chat is full (${CHAT_LINES_PER_TABLE} lines).`,
      };
    this.deliver(table, row);
    await this.store.sql.notify?.(CHAT_CHANNEL, JSON.stringify({ node: this.node, row }));
    return undefined;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.unlisten?.();
  }

  /** Forgets full buckets and old lines (called now and then). */
  async sweep(): Promise<void> {
    for (const [k, b] of this.buckets) if (b.full()) this.buckets.delete(k);
    this.byAddress.sweep();
    this.byAccount.sweep();
    await this.store.deleteChatBefore(Date.now() - CHAT_RETENTION_MS);
  }
}
