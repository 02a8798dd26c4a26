// The replay viewer: step, scrub or auto-play a finished game from a file or a table, every hand revealed.
import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '@boss-table/client';
import { client } from './client.js';
import { findWebGame } from './games.js';
import type { GameParts, Names, ReplayStep } from './registry.js';
import { Analysis } from './shell/Analysis.js';
import { PlayerPanels } from './shell/PlayerPanels.js';
import { ArrowIcon } from './shell/icons.js';
import { ReplayChat } from './account/ReplayChat.js';
import { GamesPage } from './account/RankingsPage.js';
import { botName } from '@boss-table/games/bot-names';
import { PracticeList } from './practice/PracticeList.js';
import { practiceStore } from './practice/store.js';

/** Replay paces: milliseconds per step. */
const PACES = { slow: 2000, normal: 900, fast: 300 } as const;
type Pace = keyof typeof PACES;

interface Loaded {
  readonly parts: GameParts;
  readonly steps: ReplayStep[];
  readonly names: Names;
  readonly text: string;
}

/** Players' names as the record keeps them (records from before names: "Seat 1"…). */
function recordNames(raw: unknown): Names {
  const players = (raw as { players?: unknown } | null)?.players;
  const list = Array.isArray(players) ? (players as { name?: unknown; bot?: unknown }[]) : [];
  return (seat) => {
    const p = list[seat];
    if (typeof p?.name === 'string' && p.name) return p.name;
    if (typeof p?.bot === 'string') return `Bot ${seat + 1} (${botName(p.bot)})`;
    return `Seat ${seat + 1}`;
  };
}

/** Loads a record's text through the registry: its game's parts make the steps. */
async function loadRecord(text: string): Promise<Loaded | { error: string }> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { error: 'That file is not JSON.' };
  }
  const gameId = (raw as { game?: unknown } | null)?.game;
  const game = typeof gameId === 'string' ? findWebGame(gameId) : undefined;
  if (!game)
    return { error: `This record is for a game this app does not know (${String(gameId)}).` };
  const parts = await game.load();
  const names = recordNames(raw);
  const r = parts.replaySteps(raw, names);
  if ('error' in r) return r;
  return { parts, steps: r.steps, names, text };
}

/**
 * Step through or scrub a finished game from its record, everything revealed: a file, or a
 * table's record (`#/replay/<table>`, waiting for the game to end; `?play` plays it on).
 */
export default function ReplayPage({
  table = null,
  practice = null,
  autoplay = false,
}: {
  table?: string | null;
  /** A practice game kept in this browser (`#/replay/practice/<id>`). */
  practice?: string | null;
  autoplay?: boolean;
}) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [at, setAt] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  // A record is being read and its game's code (rules and replay) loaded.
  const [loading, setLoading] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [pace, setPace] = useState<Pace>('normal');
  const steps = loaded?.steps ?? null;

  const load = async (text: string, play = false) => {
    setError(null);
    setLoading(true);
    let r: Awaited<ReturnType<typeof loadRecord>>;
    try {
      r = await loadRecord(text);
    } catch (e) {
      // The game's chunk did not arrive (offline, or a new version replaced it): say so.
      r = { error: `This game's code did not load (${(e as Error).message}): reload the page.` };
    } finally {
      setLoading(false);
    }
    if ('error' in r) return setError(r.error);
    setLoaded(r);
    setAt(0);
    setPlaying(play);
  };

  // A table's record: fetched at once, or when its game ends (a game of bots being watched).
  useEffect(() => {
    if (!table) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fetchIt = () =>
      client.getRecord(table).then(
        (rec) => live && void load(JSON.stringify(rec), autoplay).then(() => setWaiting(false)),
        (e: unknown) => {
          if (!live) return;
          if (e instanceof ApiError && e.code === 'not-finished') {
            setWaiting(true);
            timer = setTimeout(fetchIt, 1000);
          } else setError((e as Error).message);
        },
      );
    void fetchIt();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [table, autoplay]);

  // A practice game's record, from this browser's store.
  useEffect(() => {
    if (!practice) return;
    let live = true;
    const store = practiceStore();
    if (!store) return setError('This browser keeps no games (no IndexedDB).');
    store.get(practice).then(
      (g) => {
        if (!live) return;
        if (!g) setError('There is no such practice game in this browser.');
        else if (!g.finished) setError('This practice game is not finished yet.');
        else void load(JSON.stringify(g.record, null, 1));
      },
      (e: unknown) => live && setError((e as Error).message),
    );
    return () => {
      live = false;
    };
  }, [practice]);

  // Playing: one step per beat of the chosen pace, stopping at the end.
  useEffect(() => {
    if (!playing || !steps) return;
    if (at >= steps.length - 1) {
      setPlaying(false);
      return;
    }
    const t = setTimeout(() => setAt((a) => Math.min(steps.length - 1, a + 1)), PACES[pace]);
    return () => clearTimeout(t);
  }, [playing, at, steps, pace]);

  // Arrow keys step once; the slider handles its own keys (else a key would step twice).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!steps) return;
      const t = e.target as HTMLElement | null;
      if (t?.closest('input, select, textarea')) return;
      if (e.key === 'ArrowRight') setAt((a) => Math.min(steps.length - 1, a + 1));
      if (e.key === 'ArrowLeft') setAt((a) => Math.max(0, a - 1));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [steps]);

  const download = useMemo(
    () =>
      loaded ? URL.createObjectURL(new Blob([loaded.text], { type: 'application/json' })) : null,
    [loaded],
  );
  const step = steps?.[at];
  return (
    <div className="replay">
      <section className="panel">
        <h1>Replay a game</h1>
        {!table && !practice && !loaded && (
          <p>Pick a finished game below, or open a record file.</p>
        )}
        {!table && !practice && (
          <label className="file">
            Open a record (from a finished table or <code>boss selfplay</code>):{' '}
            <input
              type="file"
              accept="application/json,.json"
              onChange={(e) => void e.target.files?.[0]?.text().then((t) => load(t))}
            />
          </label>
        )}
        {(loading || (table && !loaded && !waiting && !error)) && (
          <p role="status">Loading the replay…</p>
        )}
        {waiting && (
          <p role="status">The game is still being played: its replay opens as soon as it ends.</p>
        )}
        {download && (
          <a href={download} download="record.json">
            Download this record
          </a>
        )}
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
      </section>
      {!table && !practice && !loaded && <PracticeList finished />}
      {!table && !practice && !loaded && <GamesPage query="" />}
      {loaded && steps && step && (
        <>
          <div className="panel controls">
            <button onClick={() => setAt(0)} disabled={at === 0} aria-label="first move">
              <ArrowIcon kind="first" />
            </button>
            <button
              onClick={() => setAt(Math.max(0, at - 1))}
              disabled={at === 0}
              aria-label="previous move"
            >
              <ArrowIcon kind="prev" />
            </button>
            <button
              onClick={() => setPlaying(!playing)}
              aria-label={playing ? 'pause' : 'play'}
              aria-pressed={playing}
            >
              <ArrowIcon kind={playing ? 'pause' : 'play'} /> {playing ? 'Pause' : 'Play'}
            </button>
            <input
              type="range"
              min={0}
              max={steps.length - 1}
              value={at}
              onChange={(e) => setAt(Number(e.target.value))}
              aria-label="move"
            />
            <button
              onClick={() => setAt(Math.min(steps.length - 1, at + 1))}
              disabled={at === steps.length - 1}
              aria-label="next move"
            >
              <ArrowIcon kind="next" />
            </button>
            <button
              onClick={() => setAt(steps.length - 1)}
              disabled={at === steps.length - 1}
              aria-label="last move"
            >
              <ArrowIcon kind="last" />
            </button>
            <label>
              Pace{' '}
              <select value={pace} onChange={(e) => setPace(e.target.value as Pace)}>
                <option value="slow">slow</option>
                <option value="normal">normal</option>
                <option value="fast">fast</option>
              </select>
            </label>
            <span className="move-count">
              Move {at} of {steps.length - 1}
            </span>
          </div>
          <div className="replay-layout">
            <div className="area-board">
              <loaded.parts.ReplayBoard step={step} names={loaded.names} />
            </div>
            <aside className="area-side">
              <PlayerPanels
                seats={null}
                view={step.view}
                parts={loaded.parts}
                names={loaded.names}
                me={null}
                turn={loaded.parts.turn(step.view)}
                timer={null}
                now={0}
                allHands={step.hands}
              />
              <section className="panel log" aria-label="this step">
                <h2>This step</h2>
                <ul>
                  {step.lines.map((l, i) => (
                    <li key={i}>{l}</li>
                  ))}
                </ul>
              </section>
              {table && <ReplayChat table={table} />}
            </aside>
          </div>
          <Analysis
            text={loaded.text}
            seats={step.hands.length}
            names={loaded.names}
            onShow={(move) => {
              // The step of the move itself: "Move k" on the slider is the row's move k.
              setPlaying(false);
              setAt(Math.min(steps.length - 1, move + 1));
            }}
          />
        </>
      )}
    </div>
  );
}
