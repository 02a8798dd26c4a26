// The page for a practice table: a game against bots run in this browser's worker, shown with the online table's pieces.
import { RoundResults, type RoundResultsState } from './shell/RoundResults.js';
import { useEffect, useMemo, useState } from 'react';
import type { PublicSeat, TableState } from '@boss-table/client';
import { botName } from '@boss-table/games/bot-names';
import { findWebGame } from './games.js';
import type { EventBatch, GameParts, Names } from './registry.js';
import { ActionBar, EndPanel, gameOverText, tableLayout } from './shell/table-layout.js';
import { PlayerPanels } from './shell/PlayerPanels.js';
import { RulesDrawer } from './shell/Rules.js';
import { PracticeConnection, practiceWorker } from './practice/connection.js';
import { practiceStore, type PracticeGame } from './practice/store.js';
import { newPracticeGame, startPractice } from './practice/start.js';

/** The seat a rules' clock moves as (core's `CLOCK`). */
const CLOCK = -1;

/** "You" for the person; a bot by its name and seat. */
function nameOf(seats: readonly PublicSeat[], seat: number, me: number): string {
  if (seat === me) return 'You';
  const s = seats[seat];
  return s?.bot ? `Bot ${seat + 1} (${botName(s.bot)})` : (s?.name ?? `Seat ${seat + 1}`);
}

/** A record file's link for a kept game (a Blob URL, revoked when the game changes). */
function useRecordUrl(game: PracticeGame | null): string | null {
  const url = useMemo(
    () =>
      game?.finished
        ? URL.createObjectURL(
            new Blob([JSON.stringify(game.record, null, 1)], { type: 'application/json' }),
          )
        : null,
    [game],
  );
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return url;
}

/**
 * A practice game against bots: the rules and bots run in a worker in this page (core's
 * driver, the rules' own clocks, paused while the tab is hidden), the game is kept in this
 * browser after every move, and nothing goes over the network. The board, the log, the
 * players' panels and the rules help are the online table's own.
 */
export default function PracticePage({ id }: { id: string }) {
  const [kept, setKept] = useState<PracticeGame | null | 'missing'>(null);
  const [parts, setParts] = useState<GameParts | null>(null);
  const [state, setState] = useState<TableState | null>(null);
  const [batches, setBatches] = useState<EventBatch[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [conn, setConn] = useState<PracticeConnection | null>(null);
  const [now, setNow] = useState(Date.now());
  const [results, setResults] = useState<RoundResultsState | null>(null);
  const [rulesOpen, setRulesOpen] = useState(false);

  useEffect(() => {
    let live = true;
    const store = practiceStore();
    if (!store) {
      setKept('missing');
      return;
    }
    let c: PracticeConnection | null = null;
    const onVisible = () => c?.setVisible(document.visibilityState !== 'hidden');
    void store.get(id).then(
      async (game) => {
        if (!live) return;
        if (!game) return setKept('missing');
        setKept(game);
        const web = findWebGame(game.game);
        if (!web) return setError(`This browser's app does not know the game "${game.game}".`);
        let p: GameParts;
        try {
          p = await web.load();
        } catch {
          if (live) setError('This game’s code did not load: check the connection, then reload.');
          return;
        }
        if (!live) return;
        setParts(p);
        c = new PracticeConnection(practiceWorker(), game, store);
        let n = 0;
        const copy = () => setState(c?.state ? { ...c.state } : null);
        c.on('snapshot', (s) => {
          if (s.past)
            setBatches(
              s.past.slice(-400).map((m) => ({
                id: n++,
                events: m.events,
                ...(m.seat === CLOCK ? { byClock: true } : {}),
              })),
            );
          copy();
        });
        c.on('events', (m) => {
          const batch = {
            id: n++,
            events: m.events,
            ...(m.seat === CLOCK ? { byClock: true } : {}),
          };
          setBatches((old) => [...old, batch].slice(-400));
          const seats = c?.state?.seats ?? [];
          const lines = p.results?.(m.events, game.seat, (s) => nameOf(seats, s, game.seat));
          if (lines?.length) setResults({ id: batch.id, lines });
          copy();
        });
        c.on('saved', (g) => setKept(g));
        c.on('error', (e) => setError(e.message));
        document.addEventListener('visibilitychange', onVisible);
        onVisible();
        setConn(c);
      },
      (e: unknown) => live && setError((e as Error).message),
    );
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', onVisible);
      c?.close();
    };
  }, [id]);

  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(t);
  }, []);

  const game = kept && kept !== 'missing' ? kept : null;
  const recordUrl = useRecordUrl(game);
  const seats = state?.seats;
  const me = state?.seat ?? game?.seat ?? 0;
  const names: Names = useMemo(() => (seat: number) => nameOf(seats ?? [], seat, me), [seats, me]);

  if (kept === 'missing')
    return (
      <section className="panel missing" role="alert">
        <h1>There is no practice game “{id}” in this browser</h1>
        <p>
          Practice games are kept in the browser they were played in.{' '}
          <a href="#/">Back to the lobby</a>
        </p>
      </section>
    );
  if (error && !state)
    return (
      <p className="panel error" role="alert">
        {error} <a href="#/">Back to the lobby</a>
      </p>
    );
  const view = state?.view;
  if (!state || !view || !parts || !game) return <p className="panel">Setting up the table…</p>;

  const outcome = parts.outcome(view);
  const legal = state.legal ?? null;
  const turn = parts.turn(view);
  const myTurn = legal !== null && !outcome && turn === me;
  const web = findWebGame(game.game)!;

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
  const again = () =>
    void startPractice(
      newPracticeGame(web, {
        players: game.bots.length,
        bots: game.bots,
        name: (game.record.players as { name?: string }[] | undefined)?.[game.seat]?.name,
      }),
    ).catch((e: unknown) => setError((e as Error).message));

  let barText: string;
  if (outcome) barText = gameOverText(outcome.winners, names);
  else if (myTurn) barText = `Your turn: ${parts.prompt(view, legal)}.`;
  else if (turn !== null) barText = `Waiting for ${names(turn)}…`;
  else barText = '';

  const { Table } = parts;
  const end = outcome && (
    <EndPanel
      parts={parts}
      view={view}
      names={names}
      batches={batches}
      actions={
        <>
          <a className="button" href={`#/replay/practice/${game.id}`}>
            Replay
          </a>{' '}
          {recordUrl && (
            <a href={recordUrl} download={`boss-table-practice-${game.id}.json`}>
              Download the record
            </a>
          )}{' '}
          <button type="button" onClick={again}>
            Play again
          </button>{' '}
          <a href="#/">Back to the lobby</a>
        </>
      }
    />
  );
  const resultsPanel = results && (
    <RoundResults results={results} gameOver={!!outcome} onClose={() => setResults(null)} />
  );
  return (
    <div className={`table-page practice${myTurn ? ' my-turn' : ''}`}>
      <ActionBar
        mine={myTurn}
        tag={
          <span
            className="tag practice"
            title="against bots, in this browser: never rated, never sent anywhere"
          >
            Practice
          </span>
        }
        text={barText}
        tools={
          <button type="button" onClick={() => setRulesOpen(true)}>
            Rules
          </button>
        }
      />
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
        roundEnd={results !== null}
        layout={tableLayout({
          end,
          results: resultsPanel,
          side: (
            <aside className="area-side">
              <PlayerPanels
                seats={state.seats}
                view={view}
                parts={parts}
                names={names}
                me={me}
                turn={outcome ? null : turn}
                timer={null}
                now={now}
                local
              />
              <p className="muted practice-note">
                A practice game against bots, run and kept in this browser: not rated, not sent
                anywhere. It resumes where you left it if you reload or come back later.
              </p>
            </aside>
          ),
          batches,
          parts,
          me,
          names,
        })}
      />
      {rulesOpen && <RulesDrawer text={parts.rules} onClose={() => setRulesOpen(false)} />}
    </div>
  );
}
