// The lobby: game blurbs, quick play, the new-table form with seats and bots, my tables and open tables.
import { useEffect, useState } from 'react';
import type {
  CreateTableResponse,
  SeatRequest,
  TableSummary,
  TableVisibility,
  TimerRequest,
} from '@boss-table/client';
import { botAbout, botName } from '@boss-table/games/bot-names';
import { botChoices } from '@boss-table/games/meta';
import { client, forgetSeat, mySeats, playerName, saveSeat, savePlayerName } from './client.js';
import { findWebGame, GAMES } from './games.js';
import { Invites, saveInvites } from './shell/invites.js';
import { AccountSeats } from './account/AccountSeats.js';
import { QuickPlay } from './account/QuickPlay.js';
import { useAccount } from './account/session.js';
import { PracticeList } from './practice/PracticeList.js';
import { newPracticeGame, practiceBot, startPractice } from './practice/start.js';
import type { WebGame } from './registry.js';

/**
 * A seat's choices: a person (anyone, or only with the invite), or each bot level in measured
 * order (strongest first, with its rating from the game's ladder; unrated levels after).
 */
export function seatKinds(game: string): (readonly [string, string])[] {
  const out: (readonly [string, string])[] = [
    ['human', 'Person'],
    ['human-reserved', 'Person with the invite only'],
  ];
  for (const { spec, rating } of botChoices(game))
    out.push([
      `bot:${spec}`,
      `Bot: ${botName(spec)}${rating === undefined ? ' (not rated yet)' : ` ≈ ${rating}`}`,
    ]);
  return out;
}

const TIMERS: Record<string, TimerRequest | undefined> = {
  none: undefined,
  realtime: { mode: 'realtime', turnSeconds: 60, bankSeconds: 300 },
  quick: { mode: 'realtime', turnSeconds: 20, bankSeconds: 60 },
  'turn-based': { mode: 'turn-based', turnHours: 24 },
};

/** A table's timer in words. */
export function timerWords(t: TimerRequest | null | undefined): string {
  if (!t) return 'no timer';
  if (t.mode === 'turn-based') return `${t.turnHours} h a turn`;
  const bank = t.bankSeconds ? ` + ${Math.round(t.bankSeconds / 60)} min bank` : '';
  return `${t.turnSeconds} s a turn${bank}`;
}

const VISIBILITY_WORDS: Record<TableVisibility, string> = {
  public: 'public',
  unlisted: 'unlisted (link only)',
  private: 'private (invites only)',
};

interface Mine {
  readonly table: string;
  readonly seat: number;
  readonly summary: TableSummary;
}

export function Lobby() {
  const [gameId, setGameId] = useState(GAMES[0].id);
  const game = findWebGame(gameId) ?? GAMES[0];
  const [players, setPlayers] = useState(4);
  const [options, setOptions] = useState<Record<string, Readonly<Record<string, unknown>>>>(() =>
    Object.fromEntries(GAMES.map((g) => [g.id, g.defaultOptions])),
  );
  const [seats, setSeats] = useState<string[]>([
    'human',
    'bot:heuristic',
    'bot:heuristic',
    'bot:heuristic',
    'bot:heuristic',
    'bot:heuristic',
  ]);
  const [timer, setTimer] = useState('none');
  const [visibility, setVisibility] = useState<TableVisibility>('public');
  const account = useAccount();
  const [rated, setRated] = useState(false);
  const [name, setName] = useState(playerName());
  const [created, setCreated] = useState<CreateTableResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tables, setTables] = useState<TableSummary[]>([]);
  const [mine, setMine] = useState<Mine[]>([]);

  const refresh = () =>
    client.listTables().then(
      (r) => setTables(r.tables),
      () => setTables([]),
    );
  useEffect(() => {
    void refresh();
    const t = setInterval(() => void refresh(), 5000);
    return () => clearInterval(t);
  }, []);

  // "My tables": the seats this browser holds, still on this server.
  useEffect(() => {
    let live = true;
    const held = mySeats().slice(0, 12);
    void Promise.all(
      held.map(({ table, seating }) =>
        client.getTable(table).then(
          (summary): Mine | null => ({ table, seat: seating.seat, summary }),
          (e: unknown) => {
            if ((e as { status?: number }).status === 404) forgetSeat(table);
            return null;
          },
        ),
      ),
    ).then((list) => live && setMine(list.filter((x): x is Mine => x !== null)));
    return () => {
      live = false;
    };
  }, []);

  const kinds = seatKinds(game.id);
  // A seat whose bot this game does not offer falls back to its heuristic bot, or the first.
  const fallback = (kinds.find(([v]) => v === 'bot:heuristic') ?? kinds[2] ?? kinds[0])[0];
  const seatValue = (s: string) => (kinds.some(([v]) => v === s) ? s : fallback);
  const seatList = seats
    .slice(0, players)
    .map(seatValue)
    .map((s): SeatRequest =>
      s === 'human'
        ? { kind: 'human' }
        : s === 'human-reserved'
          ? { kind: 'human', reserved: true }
          : { kind: 'bot', bot: s.slice(4) },
    );
  const create = async () => {
    setError(null);
    try {
      // A game with its own clocks takes no table timer (its options set its clocks).
      const t = game.ownClocks ? undefined : TIMERS[timer];
      const res = await client.createTable({
        game: game.id,
        options: game.buildOptions(options[game.id] ?? game.defaultOptions, players),
        seats: seatList,
        ...(t ? { timer: t } : {}),
        ...(visibility !== 'public' ? { visibility } : {}),
        ...(rated && account ? { rated: true } : {}),
      });
      // A table of one person and bots is the creator's own game: sit at once.
      const people = res.seats.filter((x) => x.invite);
      if (people.length === 1 && seatList.every((x) => x.kind === 'bot' || !x.reserved)) {
        await sit(res.id, game.id, people[0].invite);
        return;
      }
      setCreated(res);
      saveInvites(
        res.id,
        res.seats.flatMap((x) => (x.invite ? [{ seat: x.seat, invite: x.invite }] : [])),
      );
      void refresh();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const sit = async (table: string, tableGame: string, invite?: string) => {
    setError(null);
    const who = account?.name ?? (name.trim() || 'Player');
    savePlayerName(who);
    try {
      const j = await client.join(table, { name: who, ...(invite ? { invite } : {}) });
      saveSeat(table, { token: j.token, seat: j.seat, game: tableGame });
      window.location.hash = `#/t/${table}`;
    } catch (e) {
      setError((e as Error).message);
    }
  };

  // A practice game in this browser: the person, and bots in every other seat.
  const practise = (g: WebGame, opts: { players: number; bots?: (string | null)[] }) => {
    setError(null);
    const who = account?.name ?? (name.trim() || 'You');
    void startPractice(
      newPracticeGame(g, {
        ...opts,
        options: options[g.id] ?? g.defaultOptions,
        name: who,
      }),
    ).catch((e: unknown) => setError((e as Error).message));
  };
  // The form's seats as a practice game: the first person's seat is yours, other people bots.
  const practiceSeats = () => {
    let person = false;
    return seatList.map((s) => {
      if (s.kind === 'bot') return s.bot ?? practiceBot(game.id);
      if (person) return practiceBot(game.id);
      person = true;
      return null;
    });
  };

  const humans = created?.seats.filter((s) => s.invite) ?? [];
  const { LobbyOptions } = game;
  return (
    <div className="lobby">
      <section className="panel site-intro" aria-label="about Boss Table">
        <p>
          <strong>Boss Table</strong>: play the “Boss” family of board games with friends or bots,
          in the browser or a terminal.
        </p>
        <ul className="game-blurbs">
          {GAMES.map((g) => (
            <li key={g.id}>
              <strong>{g.name}</strong>: {g.blurb}. <a href={`#/rules/${g.id}`}>How to play</a>
            </li>
          ))}
        </ul>
      </section>
      <QuickPlay />
      <section className="panel practice" aria-label="practice against bots">
        <h2>Practice against bots</h2>
        <p>
          Learn a game against bots right here: it runs in this browser, with no server and no
          account, is never rated and never sent anywhere. It is kept in this browser, so a reload
          or a closed tab does not lose it.
        </p>
        <p className="practice-buttons">
          {GAMES.map((g) => (
            <button
              key={g.id}
              type="button"
              onClick={() =>
                practise(g, { players: Math.min(g.maxPlayers, Math.max(g.minPlayers, 4)) })
              }
            >
              Practice {g.name}
            </button>
          ))}
        </p>
      </section>
      <PracticeList finished={false} />
      <section className="panel new-table">
        <h1>New table of {game.name}</h1>
        <p className="rules-link">
          New to it? <a href={`#/rules/${game.id}`}>How to play {game.name}</a>
        </p>
        <label>
          Game{' '}
          <select
            value={game.id}
            onChange={(e) => {
              setGameId(e.target.value);
              setCreated(null);
            }}
          >
            {GAMES.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Your name{' '}
          <input
            value={name}
            maxLength={40}
            onChange={(e) => setName(e.target.value)}
            placeholder="Player"
          />
        </label>
        <div className="row">
          <label>
            Players{' '}
            <select value={players} onChange={(e) => setPlayers(Number(e.target.value))}>
              {Array.from({ length: game.maxPlayers - game.minPlayers + 1 }, (_, i) => {
                const n = game.minPlayers + i;
                return (
                  <option key={n} value={n}>
                    {n}
                  </option>
                );
              })}
            </select>
          </label>
          <LobbyOptions
            players={players}
            options={options[game.id] ?? game.defaultOptions}
            setOptions={(o) => setOptions({ ...options, [game.id]: o })}
          />
          {!game.ownClocks && (
            <label>
              Timer{' '}
              <select value={timer} onChange={(e) => setTimer(e.target.value)}>
                {Object.entries(TIMERS).map(([k, t]) => (
                  <option key={k} value={k}>
                    {timerWords(t)}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label>
            Who can join{' '}
            <select
              value={visibility}
              onChange={(e) => setVisibility(e.target.value as TableVisibility)}
            >
              <option value="public">public: listed, anyone may sit</option>
              <option value="unlisted">unlisted: anyone with the link</option>
              <option value="private">private: invites only</option>
            </select>
          </label>
          {account && (
            <label>
              <input type="checkbox" checked={rated} onChange={(e) => setRated(e.target.checked)} />{' '}
              Rated (signed-in players only)
            </label>
          )}
        </div>
        <fieldset>
          <legend>Seats</legend>
          {Array.from({ length: players }, (_, i) => (
            <label key={i} className="seat-choice">
              Seat {i + 1}{' '}
              <select
                aria-label={`Seat ${i + 1}`}
                value={seatValue(seats[i])}
                onChange={(e) => setSeats(seats.map((s, k) => (k === i ? e.target.value : s)))}
              >
                {kinds.map(([v, label]) => (
                  <option key={v} value={v}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </fieldset>
        <details className="bot-levels">
          <summary>What the bots are</summary>
          <ul>
            {botChoices(game.id).map(({ spec, rating }) => (
              <li key={spec}>
                <strong>{botName(spec)}</strong>
                {rating === undefined ? ' (not rated yet)' : ` ≈ ${rating}`}: {botAbout(spec)}.
              </li>
            ))}
          </ul>
          <p className="muted">
            Strongest first, as measured: each rating comes from bot-only games of {game.name} with
            every level at the table, on the site&rsquo;s rating scale (a new player starts at
            1500).
          </p>
        </details>
        <button onClick={() => void create()}>Create table</button>{' '}
        <button
          type="button"
          title="these seats against bots, in this browser only: not rated, nothing sent"
          onClick={() => practise(game, { players, bots: practiceSeats() })}
        >
          Practice these seats offline
        </button>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        {created && (
          <div className="created">
            <h2>Table created</h2>
            {humans.length === 0 ? (
              <p>
                <a href={`#/replay/${created.id}?play`}>Watch the bots play</a> (at the pace you
                choose) · <a href={`#/t/${created.id}`}>Open the table</a>
              </p>
            ) : (
              <>
                <Invites
                  table={created.id}
                  seats={humans.map((s) => ({ seat: s.seat, invite: s.invite! }))}
                  sit={(invite) => void sit(created.id, game.id, invite)}
                />
              </>
            )}
          </div>
        )}
      </section>
      {mine.length > 0 && (
        <section className="panel" aria-label="my tables">
          <h2>My tables</h2>
          <ul className="tables">
            {mine.map((m) => (
              <li key={m.table}>
                <strong>{findWebGame(m.summary.game)?.name ?? m.summary.game}</strong> ·{' '}
                {m.summary.status === 'finished' ? 'finished' : m.summary.status} · your seat{' '}
                {m.seat + 1} · with{' '}
                {m.summary.seats
                  .filter((s) => s.seat !== m.seat)
                  .map((s) => s.name ?? (s.bot ? `${botName(s.bot)} (bot)` : 'a free seat'))
                  .join(', ')}{' '}
                <a href={`#/t/${m.table}`}>
                  {m.summary.status === 'finished' ? 'See the end' : 'Back to the table'}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <AccountSeats />
      <section className="panel" aria-label="open tables">
        <h2>Open and running tables</h2>
        {tables.length === 0 && <p>None yet.</p>}
        <ul className="tables">
          {tables.map((t) => {
            const free = t.seats.filter((s) => !s.taken && !s.reserved).length;
            const g = findWebGame(t.game);
            return (
              <li key={t.id} data-table={t.id}>
                <strong>{g?.name ?? t.game}</strong> · {t.status} ·{' '}
                {VISIBILITY_WORDS[t.visibility ?? 'public']} · {t.seats.length} players ·{' '}
                {g?.describeOptions(t.options) ?? ''}
                {g?.ownClocks ? '' : ` · ${timerWords(t.timer)}`}
                {t.rated && (
                  <>
                    {' · '}
                    <span className="tag rated" title="the result moves ratings; sign in to sit">
                      rated
                    </span>
                  </>
                )}
                <br />
                <span className="muted">
                  {t.seats
                    .map(
                      (s) =>
                        s.name ??
                        (s.bot ? `${botName(s.bot)} (bot)` : s.reserved ? 'invited' : 'free'),
                    )
                    .join(', ')}
                </span>{' '}
                {free > 0 && <button onClick={() => void sit(t.id, t.game)}>Join</button>}{' '}
                <a href={`#/t/${t.id}`}>Watch</a>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
