import { useEffect, useState } from 'react';
import type { CreateTableResponse, SeatRequest, TableSummary } from '@boss-table/client';
import { COMBINATIONS, LOCAL_CITY_IDS } from '@boss-table/the-boss';
import { botKinds } from '@boss-table/games/bots';
import { client, playerName, saveSeat, savePlayerName } from './client.js';
import { cityName } from './cities.js';

const GAME_NAMES = { 'the-boss': 'The Boss', 'big-boss': 'Big Boss' } as const;
type GameId = keyof typeof GAME_NAMES;

/** A seat's choices: a person, or each bot (and level) the game offers (games/bots.ts). */
export function seatKinds(game: string): (readonly [string, string])[] {
  const out: (readonly [string, string])[] = [['human', 'Person']];
  for (const [kind, levels] of Object.entries(botKinds(game))) {
    if (levels.length === 0) out.push([`bot:${kind}`, `Bot: ${kind}`]);
    for (const level of levels) out.push([`bot:${kind}:${level}`, `Bot: ${level}`]);
  }
  return out;
}

/** Big Boss options from the lobby's choices (players are implied by the seats). */
export function bigBossOptions(
  rules: 'modern' | 'original',
  firstPlayer: string,
  players: number,
): { rules: 'modern' | 'original'; firstPlayer?: number } {
  const first = Number(firstPlayer);
  return firstPlayer !== 'random' && first < players ? { rules, firstPlayer: first } : { rules };
}

const TIMERS = {
  none: undefined,
  realtime: { mode: 'realtime', turnSeconds: 60, bankSeconds: 300 },
  'turn-based': { mode: 'turn-based', turnHours: 24 },
} as const;

const tableLink = (id: string, invite?: string) =>
  `${window.location.origin}${window.location.pathname}#/t/${id}${invite ? `?invite=${invite}` : ''}`;

export function Lobby() {
  const [game, setGame] = useState<GameId>('the-boss');
  const [bigRules, setBigRules] = useState<'modern' | 'original'>('modern');
  const [firstPlayer, setFirstPlayer] = useState('random');
  const [players, setPlayers] = useState(4);
  const [rules, setRules] = useState<'classic' | 'arena'>('classic');
  const [combination, setCombination] = useState('random');
  const [seats, setSeats] = useState<string[]>([
    'human',
    'bot:heuristic',
    'bot:heuristic',
    'bot:heuristic',
    'bot:heuristic',
    'bot:heuristic',
  ]);
  const [timer, setTimer] = useState<keyof typeof TIMERS>('none');
  const [name, setName] = useState(playerName());
  const [created, setCreated] = useState<CreateTableResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tables, setTables] = useState<TableSummary[]>([]);

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

  const combos = COMBINATIONS[players] ?? [];
  const kinds = seatKinds(game);
  // A seat whose bot this game does not offer falls back to its heuristic bot, or the first.
  const fallback = (kinds.find(([v]) => v === 'bot:heuristic') ?? kinds[1] ?? kinds[0])[0];
  const seatValue = (s: string) => (kinds.some(([v]) => v === s) ? s : fallback);
  const seatList = seats
    .slice(0, players)
    .map(seatValue)
    .map((s): SeatRequest =>
      s === 'human' ? { kind: 'human' } : { kind: 'bot', bot: s.slice(4) },
    );
  const create = async () => {
    setError(null);
    try {
      if (game === 'big-boss') {
        const res = await client.createTable({
          game,
          options: bigBossOptions(bigRules, firstPlayer, players),
          seats: seatList,
          ...(TIMERS[timer] ? { timer: TIMERS[timer] } : {}),
        });
        setCreated(res);
        void refresh();
        return;
      }
      const cities =
        combination === 'random'
          ? undefined
          : combos[Number(combination)].map((n) => LOCAL_CITY_IDS[n - 1]);
      const res = await client.createTable({
        game: 'the-boss',
        options: { rules: players > 4 ? 'arena' : rules, ...(cities ? { cities } : {}) },
        seats: seatList,
        ...(TIMERS[timer] ? { timer: TIMERS[timer] } : {}),
      });
      setCreated(res);
      void refresh();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const sit = async (table: string, invite?: string) => {
    setError(null);
    const who = name.trim() || 'Player';
    savePlayerName(who);
    try {
      const j = await client.join(table, { name: who, ...(invite ? { invite } : {}) });
      saveSeat(table, { token: j.token, seat: j.seat });
      window.location.hash = `#/t/${table}`;
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const humans = created?.seats.filter((s) => s.invite) ?? [];
  return (
    <div className="lobby">
      <section className="panel">
        <h1>New table of {GAME_NAMES[game]}</h1>
        <label>
          Game{' '}
          <select value={game} onChange={(e) => setGame(e.target.value as GameId)}>
            {Object.entries(GAME_NAMES).map(([id, label]) => (
              <option key={id} value={id}>
                {label}
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
            <select
              value={players}
              onChange={(e) => {
                setPlayers(Number(e.target.value));
                setCombination('random');
              }}
            >
              {[2, 3, 4, 5, 6].map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          {game === 'big-boss' ? (
            <label>
              Rules{' '}
              <select
                value={bigRules}
                onChange={(e) => setBigRules(e.target.value as 'modern' | 'original')}
              >
                <option value="modern">modern (2023)</option>
                <option value="original">original (1994)</option>
              </select>
            </label>
          ) : (
            <label>
              Rules{' '}
              <select
                value={players > 4 ? 'arena' : rules}
                disabled={players > 4}
                onChange={(e) => setRules(e.target.value as 'classic' | 'arena')}
              >
                <option value="classic">classic</option>
                <option value="arena">arena</option>
              </select>
            </label>
          )}
          <label>
            Timer{' '}
            <select value={timer} onChange={(e) => setTimer(e.target.value as keyof typeof TIMERS)}>
              <option value="none">none</option>
              <option value="realtime">60 s a turn + 5 min bank</option>
              <option value="turn-based">24 h a turn</option>
            </select>
          </label>
        </div>
        {game === 'big-boss' && (
          <label>
            First player{' '}
            <select
              aria-label="First player"
              value={firstPlayer}
              onChange={(e) => setFirstPlayer(e.target.value)}
            >
              <option value="random">drawn at random</option>
              {Array.from({ length: players }, (_, i) => (
                <option key={i} value={i}>
                  Seat {i}
                </option>
              ))}
            </select>
          </label>
        )}
        {game === 'the-boss' && (
          <label>
            Cities{' '}
            <select value={combination} onChange={(e) => setCombination(e.target.value)}>
              <option value="random">random</option>
              {combos.map((c, i) => (
                <option key={i} value={i}>
                  {c.map((n) => cityName(LOCAL_CITY_IDS[n - 1])).join(', ')}
                </option>
              ))}
            </select>
          </label>
        )}
        <fieldset>
          <legend>Seats</legend>
          {Array.from({ length: players }, (_, i) => (
            <label key={i} className="seat-choice">
              Seat {i}{' '}
              <select
                aria-label={`Seat ${i}`}
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
        <button onClick={() => void create()}>Create table</button>
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
                <a href={`#/t/${created.id}`}>Watch the bots play</a>
              </p>
            ) : (
              <>
                <p>Send each person their seat's link:</p>
                <ul>
                  {humans.map((s) => (
                    <li key={s.seat}>
                      Seat {s.seat}:{' '}
                      <input
                        readOnly
                        value={tableLink(created.id, s.invite)}
                        aria-label={`Invite link for seat ${s.seat}`}
                      />{' '}
                      <button
                        onClick={() =>
                          void navigator.clipboard?.writeText(tableLink(created.id, s.invite))
                        }
                      >
                        Copy
                      </button>{' '}
                      <button onClick={() => void sit(created.id, s.invite)}>Sit here</button>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
      </section>
      <section className="panel">
        <h2>Open and running tables</h2>
        {tables.length === 0 && <p>None yet.</p>}
        <ul className="tables">
          {tables.map((t) => {
            const free = t.seats.filter((s) => !s.taken).length;
            return (
              <li key={t.id}>
                <strong>{t.status}</strong> · {GAME_NAMES[t.game as GameId] ?? t.game} ·{' '}
                {t.seats.length} players ·{' '}
                {t.seats.map((s) => s.name ?? s.bot ?? 'free').join(', ')}{' '}
                {free > 0 && <button onClick={() => void sit(t.id)}>Join</button>}{' '}
                <a href={`#/t/${t.id}`}>Watch</a>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
