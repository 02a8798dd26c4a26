import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import type { PublicSeat, ServerMessage, TableConnection, TableState } from '@boss-table/client';

type EventsMessage = Extract<ServerMessage, { type: 'events' }>;
import { describeEvent, type BossEvent, type BossLegal, type BossView } from '@boss-table/the-boss';
import { client, playerName, savedSeat, saveSeat, savePlayerName } from './client.js';
import { Board } from './Board.js';
import { Composer } from './Composer.js';
import { DeductionPanel } from './Deduction.js';
import type { EventBatch } from './big-boss/BigBossTable.js';

// Big Boss's table loads only when a Big Boss table is opened.
const BigBossTable = lazy(() => import('./big-boss/BigBossTable.js'));
const isBigBoss = (view: unknown) => (view as { game?: string } | null)?.game === 'big-boss';

/** Timings for the performance figures (docs/benchmarks.md): read by the browser tests. */
interface Perf {
  /** From a snapshot's arrival to the animation frame that first shows it. */
  snapshotToRender: number[];
  /** From a move's events arriving to React having put them in the page (same task). */
  eventsToCommit: number[];
  /** From a move's events arriving to the animation frame that first shows them. */
  eventsToFrame: number[];
  /** Events messages after which a frame was drawn before they reached the page. */
  eventsMissedFrame: number;
}
const perf = ((globalThis as { __bossPerf?: Perf }).__bossPerf ??= {
  snapshotToRender: [],
  eventsToCommit: [],
  eventsToFrame: [],
  eventsMissedFrame: 0,
});
let snapshotAt: number | null = null;
let eventsAt: number | null = null;
/** When the last animation frame was drawn (while a table is open), to tell whether one passed. */
let lastFrame = 0;
const framesSince = (t: number) => (lastFrame > t ? 1 : 0);

const RESULT_EVENTS = new Set([
  'reward-revealed',
  'chicago-scored',
  'cube-lost',
  'banished',
  'round-ended',
]);

interface LogLine {
  readonly id: number;
  readonly text: string;
}

export default function TablePage({ id, invite }: { id: string; invite: string | null }) {
  const [seating, setSeating] = useState(() => savedSeat(id));
  const [state, setState] = useState<TableState | null>(null);
  const [connected, setConnected] = useState(false);
  const [log, setLog] = useState<LogLine[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [helper, setHelper] = useState(false);
  const [conn, setConn] = useState<TableConnection | null>(null);
  const [rematch, setRematch] = useState<string | null>(null);
  const [name, setName] = useState(playerName());
  const [now, setNow] = useState(Date.now());
  const [roundResults, setRoundResults] = useState<string[] | null>(null);
  // Big Boss: each move's events as they came, put in words by its table.
  const [batches, setBatches] = useState<EventBatch[]>([]);

  // After each commit (before the browser paints): how long from the snapshot (or a move's
  // events) arriving to the page holding them, and to the frame that first shows them.
  useLayoutEffect(() => {
    const from = snapshotAt;
    const ev = eventsAt;
    snapshotAt = eventsAt = null;
    if (from === null && ev === null) return;
    if (ev !== null) {
      perf.eventsToCommit.push(performance.now() - ev);
      if (framesSince(ev) > 0) perf.eventsMissedFrame++;
    }
    requestAnimationFrame(() => {
      const t = performance.now();
      if (from !== null) perf.snapshotToRender.push(t - from);
      if (ev !== null) perf.eventsToFrame.push(t - ev);
    });
  }, [state]);

  useEffect(() => {
    let frame = requestAnimationFrame(function tick(t) {
      lastFrame = t;
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, []);

  useEffect(() => {
    // history: the first snapshot brings every past move's events, so a reload keeps the log.
    const c = client.connect(id, { ...(seating ? { token: seating.token } : {}), history: true });
    let n = 0;
    const copy = () => setState(c.state ? { ...c.state } : null);
    c.on('snapshot', () => {
      snapshotAt = performance.now();
      const past = c.state?.past;
      if (c.state && past) {
        delete c.state.past;
        if (isBigBoss(c.state.view))
          setBatches(past.slice(-300).map((p) => ({ id: n++, events: p.events })));
        else setLog(past.flatMap((p) => linesOf(p.events)).slice(-200));
      }
      copy();
    });
    c.on('seats', copy);
    c.on('status', setConnected);
    c.on('rematch', setRematch);
    c.on('error', (e) => setError(e.message));
    c.on('events', (m) => {
      eventsAt = performance.now();
      // A move's events reach the page in the same task they arrive in (flushSync), so the
      // next animation frame shows them: nothing waits for React's scheduler.
      flushSync(() => onEvents(m));
    });
    /** The Boss: an event in words, as this seat reads it, with the players' names. */
    const describe = (e: BossEvent) =>
      describeEvent(e, c.state?.seat ?? null, (s) =>
        nameOf(c.state?.seats ?? [], s, c.state?.seat ?? null),
      );
    /** The Boss: a move's events in words. */
    const linesOf = (events: readonly unknown[], standIn?: string): LogLine[] =>
      (events as BossEvent[])
        .filter((e) => e.type !== 'turn')
        .map(describe)
        .filter((t): t is string => !!t)
        .map((text) => ({
          id: n++,
          text: standIn ? `${text} (a bot played: ${standIn})` : text,
        }));
    const onEvents = (m: EventsMessage) => {
      if (isBigBoss(c.state?.view)) {
        const batch = { id: n++, events: m.events, ...(m.standIn ? { standIn: m.standIn } : {}) };
        setBatches((old) => [...old, batch].slice(-300));
        copy();
        return;
      }
      const results = (m.events as BossEvent[]).filter((e) => RESULT_EVENTS.has(e.type));
      if (results.some((e) => e.type === 'round-ended'))
        setRoundResults(results.map(describe).filter((t): t is string => !!t));
      const lines = linesOf(m.events, m.standIn);
      setLog((old) => [...old, ...lines].slice(-200));
      copy();
    };
    setConn(c);
    return () => c.close();
  }, [id, seating]);

  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);

  const view = state?.view as BossView | undefined;
  const names = useMemo(
    () => (seat: number) => nameOf(state?.seats ?? [], seat, state?.seat ?? null),
    [state?.seats, state?.seat],
  );

  const join = async () => {
    setError(null);
    const who = name.trim() || 'Player';
    savePlayerName(who);
    try {
      const j = await client.join(id, { name: who, ...(invite ? { invite } : {}) });
      saveSeat(id, { token: j.token, seat: j.seat });
      window.location.hash = `#/t/${id}`;
      setSeating({ token: j.token, seat: j.seat });
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const move = async (m: unknown) => {
    if (!conn) return;
    setBusy(true);
    setError(null);
    try {
      await conn.move(m);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const askRematch = async () => {
    if (!seating) return;
    try {
      const r = await client.rematch(id, seating.token);
      const j = await client.joinRematch(r.table, name.trim() || 'Player', seating.token);
      saveSeat(r.table, { token: j.token, seat: j.seat });
      window.location.hash = `#/t/${r.table}`;
    } catch (e) {
      setError((e as Error).message);
    }
  };

  if (!view || !state) return <p>{connected ? 'Loading the table…' : 'Connecting…'}</p>;
  const freeSeat = state.seats.some((s) => !s.taken);
  const timer = state.timer;
  // At the end of a game, either game's table.
  const endActions = (
    <p>
      <a href={`/api/tables/${id}/record`} download={`boss-table-${id}.json`}>
        Download the record
      </a>{' '}
      {seating && <button onClick={() => void askRematch()}>Rematch</button>}
      {rematch && !seating && <a href={`#/t/${rematch}`}>Watch the rematch</a>}
    </p>
  );
  return (
    <div className="table-page">
      {!connected && (
        <p className="banner" role="alert">
          Disconnected — reconnecting…
        </p>
      )}
      {state.status === 'open' && (
        <p className="banner">
          Waiting for players: {state.seats.filter((s) => !s.taken).length} seat(s) free.
        </p>
      )}
      {!seating && freeSeat && (
        <div className="panel">
          <label>
            Your name{' '}
            <input value={name} onChange={(e) => setName(e.target.value)} maxLength={40} />
          </label>{' '}
          <button onClick={() => void join()}>{invite ? 'Take my seat' : 'Join'}</button>
        </div>
      )}
      {timer && (
        <p className="timer">
          {names(timer.seat)}: {Math.max(0, Math.round((timer.deadline - now) / 1000))} s left
        </p>
      )}
      {isBigBoss(view) ? (
        <Suspense fallback={<p>Loading the Big Boss table…</p>}>
          <BigBossTable
            view={view as never}
            legal={(state.legal ?? null) as never}
            seq={state.seq}
            names={names}
            events={batches}
            onMove={(m) => void move(m)}
            busy={busy}
            endActions={endActions}
          />
        </Suspense>
      ) : (
        <>
          <Board view={view} names={names} />
          {roundResults && (
            <section className="panel results" aria-label="round results">
              <h2>
                Round results{' '}
                <button
                  type="button"
                  onClick={() => setRoundResults(null)}
                  aria-label="close round results"
                >
                  ×
                </button>
              </h2>
              <ol>
                {roundResults.map((line, i) => (
                  <li key={i} style={{ animationDelay: `${i * 0.6}s` }}>
                    {line}
                  </li>
                ))}
              </ol>
            </section>
          )}
          {view.outcome && (
            <section className="panel ranking" aria-label="final ranking">
              <h2>Game over</h2>
              <ol>
                {view.outcome.ranking.map((s) => (
                  <li key={s}>
                    {names(s)} — {view.outcome!.scores[s]}
                    {view.outcome!.winners.includes(s) ? ' 🏆' : ''}
                  </li>
                ))}
              </ol>
              <p>Decided by: {view.outcome.decidedBy}</p>
              {endActions}
            </section>
          )}
          {state.legal !== null && state.legal !== undefined && view.turn === state.seat && (
            <Composer
              view={view}
              legal={state.legal as BossLegal}
              onMove={(m) => void move(m)}
              busy={busy}
            />
          )}
        </>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {state.seat !== null && !isBigBoss(view) && (
        <label className="toggle">
          <input type="checkbox" checked={helper} onChange={(e) => setHelper(e.target.checked)} />{' '}
          Deduction helper
        </label>
      )}
      {helper && <DeductionPanel view={view} />}
      {!isBigBoss(view) && (
        <section className="panel log" aria-label="game log">
          <h2>Log</h2>
          <ol>
            {log.map((l) => (
              <li key={l.id}>{l.text}</li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}

function nameOf(seats: readonly PublicSeat[], seat: number, me: number | null): string {
  if (seat === me) return 'You';
  const s = seats[seat];
  return s?.name ?? (s?.bot ? `Bot ${seat} (${s.bot})` : `Seat ${seat}`);
}
