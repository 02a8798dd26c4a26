// The page's side of a practice table: the worker's messages as the table page's connection state, and every move kept in IndexedDB.
import type { ServerMessage, TableState } from '@boss-table/client';
import type { FromWorker, ToWorker } from './protocol.js';
import type { PracticeGame, PracticeStore } from './store.js';

type EventsMessage = Extract<ServerMessage, { type: 'events' }>;

/** What the connection needs of a worker (a `Worker`, or a test's stand-in). */
export interface WorkerLike {
  postMessage(message: ToWorker): void;
  onmessage: ((e: MessageEvent<FromWorker>) => void) | null;
  terminate(): void;
}

/** The worker of a practice table, loaded in its own chunk with the game's rules and bots. */
export const practiceWorker = (): WorkerLike =>
  new Worker(new URL('./table.worker.ts', import.meta.url), { type: 'module' }) as WorkerLike;

type Listener<T> = (value: T) => void;

/**
 * A practice table as the table page sees an online one (`TableConnection`'s shape: `state`,
 * `on('snapshot' | 'events' | 'error')`, `move`), fed by the worker that runs the game. It
 * keeps the game in the store after every move; nothing is sent over the network.
 */
export class PracticeConnection {
  state: TableState | null = null;
  readonly connected = true;
  /** The last save's promise (each save waits for the one before). */
  saved: Promise<void> = Promise.resolve();
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (seq: number) => void; reject: (e: Error) => void }
  >();
  private readonly listeners = {
    snapshot: new Set<Listener<TableState>>(),
    events: new Set<Listener<EventsMessage>>(),
    error: new Set<Listener<{ message: string }>>(),
    saved: new Set<Listener<PracticeGame>>(),
  };

  constructor(
    private readonly worker: WorkerLike,
    game: PracticeGame,
    private readonly store: PracticeStore | null,
  ) {
    worker.onmessage = (e) => this.receive(e.data);
    worker.postMessage({ kind: 'open', game });
  }

  on(kind: 'snapshot', fn: Listener<TableState>): () => void;
  on(kind: 'events', fn: Listener<EventsMessage>): () => void;
  on(kind: 'error', fn: Listener<{ message: string }>): () => void;
  on(kind: 'saved', fn: Listener<PracticeGame>): () => void;
  on(kind: keyof PracticeConnection['listeners'], fn: Listener<never>): () => void {
    const set = this.listeners[kind] as Set<Listener<never>>;
    set.add(fn);
    return () => set.delete(fn);
  }

  /** The person's move: resolves with its sequence number once taken, rejects if refused. */
  move(move: unknown): Promise<number> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ kind: 'move', id, move });
    });
  }

  /** The page is shown or hidden: the table's clocks run only while it is shown. */
  setVisible(visible: boolean): void {
    this.worker.postMessage({ kind: 'visible', visible });
  }

  close(): void {
    this.worker.terminate();
    for (const p of this.pending.values()) p.reject(new Error('The table was closed.'));
    this.pending.clear();
  }

  private emit<K extends keyof PracticeConnection['listeners']>(
    kind: K,
    value: Parameters<
      PracticeConnection['listeners'][K] extends Set<Listener<infer T>> ? Listener<T> : never
    >[0],
  ): void {
    for (const fn of this.listeners[kind] as Set<Listener<typeof value>>) fn(value);
  }

  private receive(m: FromWorker): void {
    switch (m.kind) {
      case 'snapshot':
        this.state = {
          seq: m.seq,
          seat: m.seat,
          status: 'running',
          seats: m.seats,
          view: m.view,
          legal: m.legal,
          timer: null,
          clocks: m.clocks,
          ...(m.past.length ? { past: m.past } : {}),
        };
        this.emit('snapshot', this.state);
        return;
      case 'events':
        if (this.state)
          this.state = {
            ...this.state,
            seq: m.seq,
            view: m.view,
            legal: m.legal,
            clocks: m.clocks,
          };
        this.emit('events', {
          type: 'events',
          seq: m.seq,
          seat: m.moved,
          events: m.events,
          clocks: m.clocks,
        } as EventsMessage);
        return;
      case 'ack':
        this.pending.get(m.id)?.resolve(m.seq);
        this.pending.delete(m.id);
        return;
      case 'refused':
        this.pending.get(m.id)?.reject(new Error(m.message));
        this.pending.delete(m.id);
        return;
      case 'save': {
        const store = this.store;
        if (this.state && m.game.finished) this.state = { ...this.state, status: 'finished' };
        this.saved = this.saved.then(async () => {
          try {
            await store?.put(m.game);
            this.emit('saved', m.game);
          } catch (e) {
            this.emit('error', { message: `This game could not be kept: ${(e as Error).message}` });
          }
        });
        return;
      }
      case 'error':
        this.emit('error', { message: m.message });
        return;
    }
  }
}
