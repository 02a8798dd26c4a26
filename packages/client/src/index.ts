// The client SDK: REST calls and a table's WebSocket with reconnection, resume and moves answered by id.
export * from './protocol.js';
import type {
  ChatMessage,
  ClientMessage,
  ClockState,
  CreateTableRequest,
  CreateTableResponse,
  ErrorCode,
  JoinRequest,
  JoinResponse,
  PastMove,
  PublicSeat,
  ServerInfo,
  ServerMessage,
  TableDetails,
  TableStatus,
  TableSummary,
  TimerState,
} from './protocol.js';
import type {
  AccountState,
  FinishedGame,
  Leaderboard,
  Profile,
  QuickPlayRequest,
  SignedIn,
} from './accounts.js';

export type * from './accounts.js';

/** An HTTP error from the server, with its machine-readable code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The smallest WebSocket surface the SDK needs: the browser's, or the `ws` package's. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
}
export type WebSocketFactory = (url: string) => WebSocketLike;

const defaultFactory: WebSocketFactory = (url) => {
  const WS = (globalThis as { WebSocket?: new (url: string) => WebSocketLike }).WebSocket;
  if (!WS) throw new Error('No WebSocket here: pass `webSocket` (e.g. from the ws package).');
  return new WS(url);
};

export interface ClientOptions {
  /** The server's base URL, e.g. `http://localhost:8080`; empty for the page's own origin. */
  readonly baseUrl?: string;
  readonly webSocket?: WebSocketFactory;
  readonly fetch?: typeof fetch;
}

/** The typed SDK for Boss Table's HTTP API and live tables. */
export class BossTableClient {
  readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly wsFactory: WebSocketFactory;

  constructor(options: ClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? '').replace(/\/$/, '');
    this.fetchImpl = options.fetch ?? ((...args) => fetch(...args));
    this.wsFactory = options.webSocket ?? defaultFactory;
  }

  private async request<T>(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
  ): Promise<T> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    // A signed-in browser proves each change comes from this site's pages (CSRF).
    if (method !== 'GET' && this.csrf) headers['x-csrf-token'] = this.csrf;
    const res = await this.fetchImpl(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      throw new ApiError(
        res.status,
        'bad-response',
        `The server answered ${res.status} with non-JSON.`,
      );
    }
    if (!res.ok) {
      const e = (json as { error?: { code?: string; message?: string } } | undefined)?.error;
      throw new ApiError(res.status, e?.code ?? 'http-error', e?.message ?? `HTTP ${res.status}`);
    }
    const csrf = (json as { csrf?: unknown } | undefined)?.csrf;
    if (typeof csrf === 'string') this.csrf = csrf;
    return json as T;
  }

  /** The session's CSRF token, from the last account answer (sent with every change). */
  csrf: string | undefined;

  /** Who is signed in on this browser (its session cookie), or `{ account: null }`. */
  account(): Promise<AccountState> {
    return this.request('GET', '/api/account');
  }
  /**
   * A new account, signed in at once. `seats`: the seats this browser holds as a guest
   * (`{table, token}`), tied to the account from now on.
   */
  signUp(
    name: string,
    password: string,
    seats: readonly { table: string; token: string }[] = [],
  ): Promise<SignedIn> {
    return this.request('POST', '/api/account/sign-up', { name, password, seats });
  }
  signIn(
    name: string,
    password: string,
    seats: readonly { table: string; token: string }[] = [],
  ): Promise<SignedIn> {
    return this.request('POST', '/api/account/sign-in', { name, password, seats });
  }
  async signOut(): Promise<void> {
    await this.request('POST', '/api/account/sign-out', {});
    this.csrf = undefined;
  }
  /** Every other session of the account ends; this browser gets a new one. */
  changePassword(current: string, next: string): Promise<AccountState> {
    return this.request('POST', '/api/account/password', { current, next });
  }
  /** The seats the signed-in account holds, newest first (on any device). */
  mySeats(): Promise<{ seats: { table: string; seat: number; game: string; at: number }[] }> {
    return this.request('GET', '/api/account/seats');
  }
  /** Takes the account's seat at a table on this device: a new token (the old one stops). */
  takeSeat(table: string): Promise<JoinResponse> {
    return this.request('POST', `/api/tables/${encodeURIComponent(table)}/take`, {});
  }
  /** A player's (or, as `bot:<level>`, a bot's) public profile. */
  profile(name: string): Promise<Profile> {
    return this.request('GET', `/api/players/${encodeURIComponent(name)}`);
  }
  leaderboard(game: string): Promise<Leaderboard> {
    return this.request('GET', `/api/leaderboard/${encodeURIComponent(game)}`);
  }
  /** Finished games, newest first, by game and by player. */
  finishedGames(
    filter: { game?: string; player?: string } = {},
  ): Promise<{ games: FinishedGame[] }> {
    const q = new URLSearchParams(
      Object.entries(filter).filter((e): e is [string, string] => e[1] !== undefined),
    ).toString();
    return this.request('GET', `/api/games${q ? `?${q}` : ''}`);
  }
  /** "Play now": a seat at a waiting table of that game, or a new one bots fill after a wait. */
  quickPlay(req: QuickPlayRequest): Promise<JoinResponse & { waitSeconds: number }> {
    return this.request('POST', '/api/quick-play', req);
  }
  /** A finished table's chat, both channels (for its replay). */
  tableChat(table: string): Promise<{ messages: ChatMessage[] }> {
    return this.request('GET', `/api/tables/${encodeURIComponent(table)}/chat`);
  }

  createTable(req: CreateTableRequest): Promise<CreateTableResponse> {
    return this.request('POST', '/api/tables', req);
  }
  join(table: string, req: JoinRequest): Promise<JoinResponse> {
    return this.request('POST', `/api/tables/${encodeURIComponent(table)}/join`, req);
  }
  /** Where friends can reach this server, for invite links (`PUBLIC_URL` or its addresses). */
  serverInfo(): Promise<ServerInfo> {
    return this.request('GET', '/api/server-info');
  }
  listTables(): Promise<{ tables: TableSummary[] }> {
    return this.request('GET', '/api/tables');
  }
  getTable(table: string): Promise<TableDetails> {
    return this.request('GET', `/api/tables/${encodeURIComponent(table)}`);
  }
  /** The full record, once the game is over (refused before with 409 `not-finished`). */
  getRecord(table: string): Promise<Record<string, unknown>> {
    return this.request('GET', `/api/tables/${encodeURIComponent(table)}/record`);
  }
  /** A new table with the same seats; each seat's holder joins it with their old token. */
  rematch(table: string, token: string): Promise<{ table: string }> {
    return this.request('POST', `/api/tables/${encodeURIComponent(table)}/rematch`, {}, token);
  }
  /** Claims one's seat at a rematch with the token of the same seat at the finished table. */
  joinRematch(table: string, name: string, previousToken: string): Promise<JoinResponse> {
    return this.request(
      'POST',
      `/api/tables/${encodeURIComponent(table)}/join`,
      { name },
      previousToken,
    );
  }

  /** A live connection to a table: as a seat with its token, or as a spectator without. */
  connect(table: string, options: ConnectOptions = {}): TableConnection {
    const base =
      this.baseUrl || (globalThis as { location?: { origin: string } }).location?.origin || '';
    const wsBase = base.replace(/^http/, 'ws');
    return new TableConnection(
      `${wsBase}/ws/tables/${encodeURIComponent(table)}`,
      this.wsFactory,
      options,
    );
  }
}

export interface ConnectOptions {
  readonly token?: string;
  /** Reconnect on its own after a drop (default true). */
  readonly reconnect?: boolean;
  /**
   * Ask, on first connecting, for every past move's events (this seat's share of them) with
   * the snapshot: `TableState.past`, to fill a game log after a page reload.
   */
  readonly history?: boolean;
}

export interface TableState {
  seq: number;
  seat: number | null;
  status: TableStatus;
  seats: readonly PublicSeat[];
  view: unknown;
  legal: unknown;
  timer: TimerState | null;
  /** Every clock: the rules' (a stop window's countdown) and the table's turn timer alike; empty when none. */
  clocks: readonly ClockState[];
  /** Every past move's events, when connected with `history` (first snapshot only). */
  past?: readonly PastMove[];
}

type Listener<T> = (value: T) => void;

/**
 * One seat's (or a spectator's) live view of a table. Keeps the newest view, legal summary
 * and sequence number; after a drop it reconnects with its last sequence number and gets
 * exactly the events it missed.
 */
export class TableConnection {
  state: TableState | null = null;
  /** The chat lines this connection may read, oldest first. */
  readonly chat: ChatMessage[] = [];
  connected = false;
  private socket: WebSocketLike | null = null;
  private closedByUser = false;
  private retry = 0;
  /** The newest seq acknowledged for our moves; its events follow the ack. */
  private ackedSeq = 0;
  /** The seq a `resume` was last sent from, so a burst of out-of-order events asks once. */
  private resumeAsked = -1;
  /** Moves sent and not yet answered, by their id (several may be in flight). */
  private readonly pending = new Map<
    string,
    { seq: number; resolve: (seq: number) => void; reject: (e: MoveError) => void }
  >();
  private nextId = 1;
  private readonly listeners = {
    snapshot: new Set<Listener<TableState>>(),
    events: new Set<Listener<Extract<ServerMessage, { type: 'events' }>>>(),
    error: new Set<Listener<{ code: ErrorCode; message: string }>>(),
    status: new Set<Listener<boolean>>(),
    seats: new Set<Listener<TableState>>(),
    rematch: new Set<Listener<string>>(),
    chat: new Set<Listener<readonly ChatMessage[]>>(),
    message: new Set<Listener<ServerMessage>>(),
    closed: new Set<Listener<{ code: number; reason: string }>>(),
  };

  constructor(
    private readonly url: string,
    private readonly factory: WebSocketFactory,
    private readonly options: ConnectOptions,
  ) {
    this.open();
  }

  on(kind: 'snapshot' | 'seats', fn: Listener<TableState>): () => void;
  on(kind: 'events', fn: Listener<Extract<ServerMessage, { type: 'events' }>>): () => void;
  on(kind: 'error', fn: Listener<{ code: ErrorCode; message: string }>): () => void;
  on(kind: 'status', fn: Listener<boolean>): () => void;
  on(kind: 'rematch', fn: Listener<string>): () => void;
  /** New chat lines (on connecting: the recent ones this connection may read). */
  on(kind: 'chat', fn: Listener<readonly ChatMessage[]>): () => void;
  on(kind: 'message', fn: Listener<ServerMessage>): () => void;
  /** The server closed the connection with one of its codes (4008 flooding, 4009 slow, …). */
  on(kind: 'closed', fn: Listener<{ code: number; reason: string }>): () => void;
  on(kind: keyof TableConnection['listeners'], fn: Listener<never>): () => void {
    const set = this.listeners[kind] as Set<unknown>;
    set.add(fn);
    return () => set.delete(fn);
  }

  private emit<K extends keyof TableConnection['listeners']>(kind: K, value: unknown): void {
    for (const fn of this.listeners[kind] as Set<(v: unknown) => void>) fn(value);
  }

  private open(): void {
    const params = new URLSearchParams();
    if (this.options.token) params.set('token', this.options.token);
    if (this.state) params.set('since', String(this.state.seq));
    else if (this.options.history) params.set('history', '1');
    const query = params.toString();
    const socket = this.factory(query ? `${this.url}?${query}` : this.url);
    this.socket = socket;
    socket.onopen = () => {
      this.retry = 0;
      this.connected = true;
      this.emit('status', true);
    };
    socket.onmessage = (ev) => this.receive(String(ev.data));
    socket.onerror = () => {};
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.connected = false;
      this.emit('status', false);
      // The server's own close codes (4000–4999) say why (docs/protocol.md).
      if (ev && ev.code >= 4001 && ev.code <= 4999)
        this.emit('closed', { code: ev.code, reason: ev.reason });
      // Moves in flight may or may not have landed: the resumed events will tell.
      for (const p of this.pending.values())
        p.reject(new MoveError('disconnected', 'The connection dropped before the ack.'));
      this.pending.clear();
      // An expired table will not come back, a seat taken on another device (4011) or a
      // session that ended (4012) will not either: no point in trying again.
      if (ev?.code === 4010 || ev?.code === 4011 || ev?.code === 4012) this.closedByUser = true;
      if (!this.closedByUser && this.options.reconnect !== false) {
        const delay = Math.min(5000, 100 * 2 ** this.retry++);
        setTimeout(() => this.open(), delay);
      }
    };
  }

  private receive(text: string): void {
    let msg: ServerMessage;
    try {
      msg = JSON.parse(text) as ServerMessage;
    } catch {
      return;
    }
    this.emit('message', msg);
    switch (msg.type) {
      case 'snapshot':
        this.state = {
          seq: msg.seq,
          seat: msg.seat,
          status: msg.status,
          seats: msg.seats,
          view: msg.view,
          legal: msg.legal,
          timer: msg.timer,
          clocks: msg.clocks ?? [],
          ...(msg.past ? { past: msg.past } : {}),
        };
        this.emit('snapshot', this.state);
        break;
      case 'events':
        if (this.state) {
          // Already seen (nothing twice); a gap means something was missed: ask for it.
          if (msg.seq <= this.state.seq) return;
          if (msg.seq > this.state.seq + 1) {
            if (this.resumeAsked !== this.state.seq) {
              this.resumeAsked = this.state.seq;
              this.trySend({ type: 'resume', seq: this.state.seq });
            }
            return;
          }
          this.state.seq = msg.seq;
          if ('view' in msg) this.state.view = msg.view;
          if ('legal' in msg) this.state.legal = msg.legal;
          if ('timer' in msg) this.state.timer = msg.timer ?? null;
          // The newest message of a move carries its view; its clocks go with it.
          if ('view' in msg) this.state.clocks = msg.clocks ?? [];
        }
        this.emit('events', msg);
        break;
      case 'ack': {
        this.ackedSeq = Math.max(this.ackedSeq, msg.seq);
        const p = this.answered(msg.id);
        p?.resolve(msg.seq);
        break;
      }
      case 'error': {
        const p = msg.seq !== undefined ? this.answered(msg.id) : undefined;
        if (p) p.reject(new MoveError(msg.code, msg.message));
        else this.emit('error', { code: msg.code, message: msg.message });
        break;
      }
      case 'seats':
        if (this.state) {
          this.state.seats = msg.seats;
          this.state.status = msg.status;
          this.emit('seats', this.state);
        }
        break;
      case 'rematch':
        this.emit('rematch', msg.table);
        break;
      case 'chat': {
        const known = new Set(this.chat.map((m) => m.id));
        const fresh = msg.messages.filter((m) => !known.has(m.id));
        this.chat.push(...fresh);
        if (fresh.length > 0) this.emit('chat', fresh);
        break;
      }
    }
  }

  private trySend(msg: ClientMessage): void {
    try {
      this.send(msg);
    } catch {
      // Not connected: reconnecting with `since` asks for the same.
    }
  }

  send(msg: ClientMessage): void {
    if (!this.socket || this.socket.readyState !== 1) throw new Error('Not connected.');
    this.socket.send(JSON.stringify(msg));
  }

  /** The pending move an answer is for: by its id, else the oldest (an older server). */
  private answered(id: string | undefined) {
    const key = id !== undefined && this.pending.has(id) ? id : this.pending.keys().next().value;
    if (key === undefined) return undefined;
    const p = this.pending.get(key);
    this.pending.delete(key);
    return p;
  }

  /**
   * Sends a move built on the current state, with an id of its own; resolves once the server
   * has committed it (with its number), or rejects with the rule it broke. One move at a
   * time: a second one built before the first is stored is refused (`stale-seq`), and the
   * same id sent again (after a reconnection) is answered with the first one's ack.
   */
  move(move: unknown): Promise<number> {
    if (!this.state) return Promise.reject(new MoveError('not-started', 'No snapshot yet.'));
    // At least the number of our own last acknowledged move: its events may not be here yet
    // (the ack comes first), and a move built before it is refused `stale-seq`.
    const seq = Math.max(this.state.seq, this.ackedSeq);
    const id = `m${this.nextId++}`;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { seq, resolve, reject });
      try {
        this.send({ type: 'move', seq, move, id });
      } catch (e) {
        this.pending.delete(id);
        reject(new MoveError('internal', (e as Error).message));
      }
    });
  }

  /** Sends a chat line (refusals come as `error` events: `chat-refused`, `rate-limited`). */
  say(text: string): void {
    this.send({ type: 'chat', text });
  }

  /** Drops the connection as a network failure would (for tests); it reconnects if allowed. */
  drop(): void {
    this.socket?.close(4000, 'dropped');
  }

  close(): void {
    this.closedByUser = true;
    this.socket?.close(1000, 'bye');
  }
}

export class MoveError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}
