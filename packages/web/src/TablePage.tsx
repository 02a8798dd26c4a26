// The page for one live table: connects, joins, and wraps any game's board with action bar, players and log.
import { RoundResults, type RoundResultsState } from './shell/RoundResults.js';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import {
  ApiError,
  type PublicSeat,
  type ServerMessage,
  type TableConnection,
  type TableState,
  type TableSummary,
} from '@boss-table/client';
import {
  client,
  playerName,
  pref,
  savedSeat,
  saveSeat,
  savePlayerName,
  savePref,
} from './client.js';
import { findWebGame } from './games.js';
import type { EventBatch, GameParts, Names } from './registry.js';
import { clockFor, LOW_CLOCK_MS, turnMsOf } from './shell/clock.js';
import { Countdown } from './shell/countdown.js';
import { useTurnAlerts } from './shell/alerts.js';
import { PlayerPanels } from './shell/PlayerPanels.js';
import { TableChat } from './account/Chat.js';
import { ActionBar, EndPanel, gameOverText, tableLayout } from './shell/table-layout.js';
import { RatingChanges } from './shell/RatingChanges.js';
import { RulesDrawer } from './shell/Rules.js';
import { Invites, savedInvites } from './shell/invites.js';
import { botName } from '@boss-table/games/bot-names';

type EventsMessage = Extract<ServerMessage, { type: 'events' }>;

/** The seat a rules' clock moves as (core's `CLOCK`), kept here so the shell stays small. */
const CLOCK = -1;

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

/** How long a round's results stay up before they close by themselves. */
const RESULTS_MS = 8_000;

/** Refusals of a join, in words, for the form. */
const JOIN_REFUSALS: Record<string, string> = {
  'seat-taken': 'This invite has already been used: someone holds that seat now.',
  'bad-invite': 'This invite link is not valid for this table. Check that it was copied whole.',
  'invite-only': 'This table is by invitation only: ask its host for your seat’s link.',
  'table-full': 'There is no free seat here for you: the free seats are kept for invited players.',
};

/** The page for one table: the shell (action bar, players, log, alerts) around the game's table. */
export default function TablePage({ id, invite }: { id: string; invite: string | null }) {
  const [summary, setSummary] = useState<TableSummary | 'missing' | null>(null);
  const [parts, setParts] = useState<GameParts | null>(null);
  const [partsFailed, setPartsFailed] = useState(false);
  const [seating, setSeating] = useState(() => savedSeat(id));
  const [state, setState] = useState<TableState | null>(null);
  const [connected, setConnected] = useState(false);
  const [batches, setBatches] = useState<EventBatch[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [joinError, setJoinError] = useState<string | null>(null);
  const [watching, setWatching] = useState(false);
  const [busy, setBusy] = useState(false);
  const [conn, setConn] = useState<TableConnection | null>(null);
  const [rematch, setRematch] = useState<string | null>(null);
  const [name, setName] = useState(playerName());
  const [now, setNow] = useState(Date.now());
  const [results, setResults] = useState<RoundResultsState | null>(null);
  const [sound, setSound] = useState(() => pref('sound'));
  const [notify, setNotify] = useState(() => pref('notify'));
  const [rulesOpen, setRulesOpen] = useState(false);
  const [step, setStep] = useState<{ seq: number; text: string } | null>(null);
  const partsRef = useRef<GameParts | null>(null);
  /** "Disconnected" only after a first connection: not while the page is still connecting. */
  const everConnected = useRef(false);
  if (connected) everConnected.current = true;
  partsRef.current = parts;

  // The table's summary first: an unknown id is told at once (the socket would only retry),
  // and its game picks the parts to load.
  useEffect(() => {
    let live = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const ask = () =>
      client.getTable(id).then(
        (t) => {
          if (!live) return;
          setSummary(t);
          const game = findWebGame(t.game);
          if (game)
            game.load().then(
              (p) => live && setParts(p),
              // The game's chunk did not arrive (offline, or a new version replaced it).
              () => live && setPartsFailed(true),
            );
        },
        (e: unknown) => {
          if (!live) return;
          if (e instanceof ApiError && e.status === 404) setSummary('missing');
          // The server is unreachable (restarting?): ask again shortly.
          else retry = setTimeout(() => void ask(), 2000);
        },
      );
    void ask();
    return () => {
      live = false;
      clearTimeout(retry);
    };
  }, [id]);

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
    if (summary === 'missing') return;
    // history: the first snapshot brings every past move's events, so a reload keeps the log.
    const c = client.connect(id, { ...(seating ? { token: seating.token } : {}), history: true });
    let n = 0;
    const copy = () => setState(c.state ? { ...c.state } : null);
    c.on('snapshot', () => {
      snapshotAt = performance.now();
      const past = c.state?.past;
      if (c.state && past) {
        delete c.state.past;
        setBatches(
          past.slice(-400).map((p) => ({
            id: n++,
            events: p.events,
            ...(p.seat === CLOCK ? { byClock: true } : {}),
          })),
        );
      }
      copy();
    });
    c.on('seats', copy);
    // A connection being closed (the seat just changed) must not report on the new one.
    let live = true;
    c.on('status', (up) => live && setConnected(up));
    c.on('rematch', (t) => live && setRematch(t));
    c.on('error', (e) => live && setError(e.message));
    const onEvents = (m: EventsMessage) => {
      const batch = {
        id: n++,
        events: m.events,
        ...(m.standIn ? { standIn: m.standIn } : {}),
        ...(m.seat === CLOCK ? { byClock: true } : {}),
      };
      setBatches((old) => [...old, batch].slice(-400));
      const p = partsRef.current;
      const seat = c.state?.seat ?? null;
      const lines = p?.results?.(m.events, seat, (s) => nameOf(c.state?.seats ?? [], s, seat));
      if (lines?.length) setResults({ id: batch.id, lines });
      copy();
    };
    c.on('events', (m) => {
      eventsAt = performance.now();
      // A move's events reach the page in the same task they arrive in (flushSync), so the
      // next animation frame shows them: nothing waits for React's scheduler.
      flushSync(() => onEvents(m));
    });
    setConn(c);
    return () => {
      live = false;
      c.close();
    };
  }, [id, seating, summary === 'missing']);

  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(t);
  }, []);

  // A round's results stay until a seated player moves on (Next round, or their next move);
  // watching (bots only, or a spectator), they close by themselves after a few seconds.
  const seatedHere = state?.seat !== null && state?.seat !== undefined;
  useEffect(() => {
    if (!results || seatedHere) return;
    const t = setTimeout(() => setResults(null), RESULTS_MS);
    return () => clearTimeout(t);
  }, [results, seatedHere]);

  const seats = state?.seats;
  const me = state?.seat ?? null;
  const names: Names = useMemo(() => (seat: number) => nameOf(seats ?? [], seat, me), [seats, me]);
  const view = state?.view;
  const outcome = parts && view ? parts.outcome(view) : null;
  const legal = state?.legal ?? null;
  const turn = parts && view ? parts.turn(view) : null;
  const myTurn = !!parts && !!view && legal !== null && !outcome && turn === me;
  const timer = state?.timer ?? null;
  const myClock = me !== null && timer?.seat === me ? clockFor(timer, me, now) : null;
  const low = myTurn && myClock !== null && myClock <= LOW_CLOCK_MS;
  const prompt = myTurn && parts ? parts.prompt(view, legal) : '';
  useTurnAlerts({ myTurn, low, what: prompt, sound, notify });
  // A step the game's table is in (TableProps.setPrompt), for this move only.
  const seqNow = useRef(0);
  seqNow.current = state?.seq ?? 0;
  const setPrompt = useCallback(
    (text: string | null) =>
      setStep((old) =>
        text === null
          ? null
          : old?.text === text && old.seq === seqNow.current
            ? old
            : { seq: seqNow.current, text },
      ),
    [],
  );
  const stepPrompt = myTurn && step && step.seq === state?.seq ? step.text : null;

  const join = async () => {
    setError(null);
    setJoinError(null);
    const who = name.trim() || 'Player';
    savePlayerName(who);
    try {
      const j = await client.join(id, { name: who, ...(invite ? { invite } : {}) });
      const s = {
        token: j.token,
        seat: j.seat,
        ...(summary && summary !== 'missing' ? { game: summary.game } : {}),
      };
      saveSeat(id, s);
      window.location.hash = `#/t/${id}`;
      setSeating(s);
    } catch (e) {
      const code = e instanceof ApiError ? e.code : '';
      setJoinError(JOIN_REFUSALS[code] ?? (e as Error).message);
    }
  };

  const move = async (m: unknown) => {
    if (!conn) return;
    setBusy(true);
    setError(null);
    setResults(null);
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
      saveSeat(r.table, {
        token: j.token,
        seat: j.seat,
        ...(seating.game ? { game: seating.game } : {}),
      });
      window.location.hash = `#/t/${r.table}`;
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const toggleNotify = async () => {
    if (notify) {
      setNotify(false);
      savePref('notify', false);
      return;
    }
    const ok =
      'Notification' in window &&
      (Notification.permission === 'granted' ||
        (await Notification.requestPermission()) === 'granted');
    setNotify(ok);
    savePref('notify', ok);
    if (!ok) setError('This browser does not allow notifications from this page.');
  };

  if (summary === 'missing')
    return (
      <section className="panel missing" role="alert">
        <h1>There is no table “{id}”</h1>
        <p>
          The link may be mistyped, or the table was on another server.{' '}
          <a href="#/">Back to the lobby</a>
        </p>
      </section>
    );
  if (summary && !findWebGame(summary.game))
    return (
      <p className="panel" role="alert">
        This table plays “{summary.game}”, which this web app does not know.{' '}
        <a href="#/">Back to the lobby</a>
      </p>
    );
  if (partsFailed)
    return (
      <p className="panel" role="alert">
        This game’s code did not load: check the connection, then{' '}
        <button onClick={() => location.reload()}>Reload</button>
      </p>
    );
  if (!state || !view || !parts)
    return <p className="panel">{connected ? 'Loading the table…' : 'Connecting…'}</p>;

  const free = state.seats.filter((s) => !s.taken);
  // The host's saved invites of seats still free, to send again while the table waits.
  const pending =
    state.status === 'open'
      ? savedInvites(id).filter((i) => free.some((s) => s.seat === i.seat))
      : [];
  const joinable = invite !== null || free.some((s) => !s.reserved);
  const showJoin = !seating && free.length > 0 && !watching && (joinable || joinError);

  let barText: string;
  if (outcome) barText = gameOverText(outcome.winners, names);
  else if (state.status === 'open')
    barText = `Waiting for players: ${free.length} seat${free.length === 1 ? '' : 's'} free.`;
  else if (myTurn) barText = `Your turn: ${stepPrompt ?? prompt}.`;
  else if (turn !== null)
    barText = me !== null ? `Waiting for ${names(turn)}…` : `${names(turn)} to play.`;
  else barText = '';
  const turnClock = timer ? clockFor(timer, timer.seat, now) : null;

  const { Table } = parts;
  const end = outcome && (
    <EndPanel
      parts={parts}
      view={view}
      names={names}
      batches={batches}
      extra={summary && <RatingChanges table={id} game={summary.game} />}
      actions={
        <>
          <a className="button" href={`#/replay/${id}`}>
            Replay
          </a>{' '}
          <a href={`/api/tables/${id}/record`} download={`boss-table-${id}.json`}>
            Download the record
          </a>{' '}
          {seating && !rematch && <button onClick={() => void askRematch()}>Rematch</button>}
        </>
      }
    >
      {rematch && seating && (
        <p className="rematch-offer">
          A rematch is ready. <button onClick={() => void askRematch()}>Join the rematch</button>
        </p>
      )}
      {rematch && !seating && <a href={`#/t/${rematch}`}>Watch the rematch</a>}
    </EndPanel>
  );
  const resultsPanel = results && (
    <RoundResults results={results} gameOver={!!outcome} onClose={() => setResults(null)} />
  );
  const side = (
    <aside className="area-side">
      <PlayerPanels
        seats={state.seats}
        view={view}
        parts={parts}
        names={names}
        me={me}
        turn={outcome ? null : turn}
        timer={outcome ? null : timer}
        now={now}
        turnMs={summary ? turnMsOf(summary.timer) : 0}
      />
      {conn && <TableChat conn={conn} seated={me !== null} />}
    </aside>
  );
  return (
    <div className={`table-page${myTurn ? ' my-turn' : ''}`}>
      <ActionBar
        mine={myTurn}
        low={low}
        tag={
          summary?.rated && (
            <span className="tag rated" title="the result moves the players' ratings">
              Rated
            </span>
          )
        }
        text={barText}
        tools={
          <>
            {state.seats.every((s) => s.kind === 'bot') && (
              <a className="pace-link" href={`#/replay/${id}?play`}>
                Watch at your pace
              </a>
            )}
            <button type="button" onClick={() => setRulesOpen(true)}>
              Rules
            </button>
            {me !== null && (
              <>
                <button
                  type="button"
                  aria-pressed={sound}
                  onClick={() => {
                    setSound(!sound);
                    savePref('sound', !sound);
                  }}
                >
                  Sound
                </button>
                <button type="button" aria-pressed={notify} onClick={() => void toggleNotify()}>
                  Notify
                </button>
              </>
            )}
          </>
        }
      >
        {turnClock !== null && !outcome && (
          <span className="bar-clock" aria-label="turn clock">
            <Countdown ms={turnClock} low={low} />
          </span>
        )}
        {low && <span className="low-warning">Hurry: your clock is running out!</span>}
      </ActionBar>
      {!connected && everConnected.current && (
        <p className="banner area-alert" role="alert">
          Disconnected — reconnecting…
        </p>
      )}
      {showJoin && (
        <div className="panel join area-alert">
          <label>
            Your name{' '}
            <input value={name} onChange={(e) => setName(e.target.value)} maxLength={40} />
          </label>{' '}
          <button onClick={() => void join()}>{invite ? 'Take my seat' : 'Join'}</button>{' '}
          {!joinError && (
            <button type="button" onClick={() => setWatching(true)}>
              Just watch
            </button>
          )}
          {joinError && (
            <p className="error" role="alert">
              {joinError}{' '}
              <button
                type="button"
                onClick={() => {
                  setWatching(true);
                  window.location.hash = `#/t/${id}`;
                }}
              >
                Watch instead
              </button>
            </p>
          )}
        </div>
      )}
      {pending.length > 0 && (
        <section className="panel invites-panel" aria-label="invite your friends">
          <h2>Invite your friends</h2>
          <Invites table={id} seats={pending} />
        </section>
      )}
      {error && (
        <p className="error area-alert" role="alert">
          {error}
        </p>
      )}
      <Table
        view={view}
        legal={legal}
        seq={state.seq}
        names={names}
        batches={batches}
        onMove={(m) => void move(m)}
        busy={busy}
        clocks={state.clocks}
        setPrompt={setPrompt}
        roundEnd={results !== null}
        layout={tableLayout({ end, results: resultsPanel, side, batches, parts, me, names })}
      />
      {rulesOpen && <RulesDrawer text={parts.rules} onClose={() => setRulesOpen(false)} />}
    </div>
  );
}

/** "You" for the viewer; else the player's name, the bot, or the seat counted from 1. */
export function nameOf(seats: readonly PublicSeat[], seat: number, me: number | null): string {
  if (seat === me) return 'You';
  const s = seats[seat];
  return s?.name ?? (s?.bot ? `Bot ${seat + 1} (${botName(s.bot)})` : `Seat ${seat + 1}`);
}
