/**
 * The Boss Table wire protocol (docs/protocol.md): HTTP bodies and WebSocket messages.
 * Game-agnostic: views, moves, events and legal summaries are each game's own JSON.
 */

export type SeatKind = 'human' | 'bot';

export interface SeatRequest {
  readonly kind: SeatKind;
  /** For bots: the bot spec, e.g. `ismcts:medium`. */
  readonly bot?: string;
  /**
   * For human seats: only this seat's invite can claim it (the creator sends it to someone).
   * Every human seat of a private table is reserved.
   */
  readonly reserved?: boolean;
}

/**
 * Who can find and join a table: `public` is listed in the lobby and its free seats are open
 * to anyone; `unlisted` is not listed, but anyone with its link can take a free seat;
 * `private` is not listed and every seat is taken only with its invite.
 */
export type TableVisibility = 'public' | 'unlisted' | 'private';

export type TimerRequest =
  | {
      readonly mode: 'realtime';
      /** Seconds per turn, then the bank is used. */
      readonly turnSeconds: number;
      readonly bankSeconds?: number;
    }
  | { readonly mode: 'turn-based'; readonly turnHours: number };

export interface CreateTableRequest {
  readonly game: string;
  readonly options?: unknown;
  readonly seats: readonly SeatRequest[];
  readonly timer?: TimerRequest;
  /** Seconds a seat may stay disconnected on its turn before a bot plays it (default 60). */
  readonly graceSeconds?: number;
  /** Default `public`. */
  readonly visibility?: TableVisibility;
  /**
   * Rated (only players signed in may sit; the result moves their ratings) or casual
   * (default).
   */
  readonly rated?: boolean;
}

export interface CreateTableResponse {
  readonly id: string;
  /** One per seat; `invite` only for human seats: the secret that claims that seat. */
  readonly seats: readonly {
    readonly seat: number;
    readonly kind: SeatKind;
    readonly invite?: string;
  }[];
}

export interface JoinRequest {
  /** Shown to the table; a name already taken there is numbered ("Ann (2)"). */
  readonly name: string;
  /** Claims this seat's invite; without one, the first free seat that is not reserved. */
  readonly invite?: string;
}

export interface JoinResponse {
  readonly table: string;
  readonly seat: number;
  /** The seat's bearer token: keep it secret, it acts for this seat of this table. */
  readonly token: string;
}

/** `expired`: an open table whose seats were not all taken in time (it is closed). */
export type TableStatus = 'open' | 'running' | 'finished' | 'expired';

export interface PublicSeat {
  readonly seat: number;
  readonly kind: SeatKind;
  readonly bot?: string;
  readonly name?: string;
  /** A human seat has been claimed. */
  readonly taken: boolean;
  readonly connected: boolean;
  /** A bot is playing this human seat (timeout or disconnection). */
  readonly botStandIn: boolean;
  /** A free human seat that only its invite (or, at a rematch, its previous player) can take. */
  readonly reserved?: boolean;
}

export interface TableSummary {
  readonly id: string;
  readonly game: string;
  readonly options: unknown;
  readonly status: TableStatus;
  readonly seats: readonly PublicSeat[];
  readonly seq: number;
  readonly createdAt: string;
  readonly rematch?: string;
  readonly visibility: TableVisibility;
  /** The table's timer, if it has one. */
  readonly timer: TimerRequest | null;
  /** A rated table (the result moves ratings; only signed-in players sit). */
  readonly rated?: boolean;
}

/** `GET /api/server-info`: where friends can reach this server, for invite links. */
export interface ServerInfo {
  /** The operator's `PUBLIC_URL` setting, if any: links should use it. */
  readonly publicUrl: string | null;
  /** Otherwise the server's own addresses (LAN ones first), e.g. `http://192.168.1.20:8080`. */
  readonly addresses: readonly string[];
}

export interface TableDetails extends TableSummary {
  /** What a spectator sees. */
  readonly view: unknown;
  readonly outcome?: unknown;
}

export interface TimerState {
  readonly seat: number;
  /** Milliseconds since the epoch when the turn's time runs out (bank included). */
  readonly deadline: number;
  readonly bankMs: readonly number[];
}

/** A clock of the rules, as the table runs it (docs/protocol.md). */
export interface ClockState {
  readonly id: string;
  /** Whose time it is; empty for a window of the whole table. */
  readonly seats: readonly number[];
  /** When it runs out, in ms since the epoch (for a paused clock: what is left, in `leftMs`). */
  readonly deadline: number;
  readonly running: boolean;
  readonly leftMs: number;
}

/** One move of a table's history, with its events filtered for the connection's seat. */
export interface PastMove {
  /** The sequence number after the move. */
  readonly seq: number;
  /** Who moved. */
  readonly seat: number;
  readonly events: readonly unknown[];
}

/** Server to client. */
export type ServerMessage =
  | {
      readonly type: 'snapshot';
      readonly seq: number;
      readonly seat: number | null;
      readonly status: TableStatus;
      readonly seats: readonly PublicSeat[];
      readonly view: unknown;
      /** What this seat may do now, in the game's compact form; null when it may not act. */
      readonly legal: unknown;
      readonly timer: TimerState | null;
      /** Every clock now: the rules' and the table's turn timer alike (docs/protocol.md). */
      readonly clocks?: readonly ClockState[];
      /**
       * Every move so far with its events as this seat may see them, oldest first: only when
       * the connection asked for it (`history=1`), to fill a game log.
       */
      readonly past?: readonly PastMove[];
    }
  | {
      readonly type: 'events';
      /** The sequence number after the move that caused these events. */
      readonly seq: number;
      readonly seat: number;
      readonly events: readonly unknown[];
      /** The view and legal summary after this move (on the newest message only). */
      readonly view?: unknown;
      readonly legal?: unknown;
      readonly timer?: TimerState | null;
      /** Set when a bot played for a human seat, and why. */
      readonly standIn?: 'timeout' | 'disconnected';
      /** Every clock after this move (on the newest message only). */
      readonly clocks?: readonly ClockState[];
    }
  | {
      readonly type: 'ack';
      readonly seq: number;
      /** The move's `id`, when it had one. */
      readonly id?: string;
    }
  | {
      readonly type: 'error';
      readonly code: ErrorCode;
      readonly message: string;
      readonly seq?: number;
      /** The refused move's `id`, when it had one. */
      readonly id?: string;
    }
  | { readonly type: 'seats'; readonly status: TableStatus; readonly seats: readonly PublicSeat[] }
  | { readonly type: 'rematch'; readonly table: string }
  /** Chat lines: on connecting, the recent ones this connection may read; then each new one. */
  | { readonly type: 'chat'; readonly messages: readonly ChatMessage[] }
  | { readonly type: 'pong' };

/**
 * Table chat has two channels: `players` (the seated players; everyone at the table reads
 * it) and `spectators` (read by spectators only until the game is over, then by everyone).
 */
export type ChatChannel = 'players' | 'spectators';

export interface ChatMessage {
  readonly id: string;
  readonly channel: ChatChannel;
  /** The writer's seat, or null for a spectator. */
  readonly seat: number | null;
  readonly name: string;
  readonly text: string;
  /** When it was sent, in ms since the epoch. */
  readonly at: number;
}

/** The longest chat line, in characters. */
export const MAX_CHAT_LENGTH = 300;

/** Client to server. */
export type ClientMessage =
  | {
      readonly type: 'move';
      /** The `seq` of the state the move was built on (this connection's numbering). */
      readonly seq: number;
      readonly move: unknown;
      /**
       * The client's name for this move (1–64 characters), echoed in its `ack` or `error`,
       * so that several moves may be in flight at once.
       */
      readonly id?: string;
    }
  | { readonly type: 'resume'; readonly seq: number }
  /** A chat line to the table: to the players' channel from a seat, else the spectators'. */
  | { readonly type: 'chat'; readonly text: string }
  | { readonly type: 'ping' };

export type ErrorCode =
  | 'bad-json'
  | 'bad-message'
  | 'unknown-type'
  | 'too-large'
  | 'rate-limited'
  | 'spectator'
  | 'not-your-turn'
  | 'stale-seq'
  | 'future-seq'
  | 'not-started'
  | 'game-over'
  | 'illegal-move'
  | 'invalid-move'
  | 'internal'
  /** The move's `id` is not 1–64 characters. */
  | 'bad-id'
  /** A chat line refused: a spectator not signed in, or a game where chat is closed. */
  | 'chat-refused'
  /** Client-side only: the connection dropped before the move was acknowledged. */
  | 'disconnected';

/** HTTP errors: `{ error: { code, message } }` with a 4xx or 5xx status. */
export interface HttpError {
  readonly error: { readonly code: string; readonly message: string };
}
