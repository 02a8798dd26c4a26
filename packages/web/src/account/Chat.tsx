// The chat box beside a table: players' and spectators' messages, sending, and muting names in this browser.
import { useEffect, useRef, useState } from 'react';
import type { ChatMessage, TableConnection } from '@boss-table/client';
import { MAX_CHAT_LENGTH } from '@boss-table/client';
import { useAccount } from './session.js';
import { ErrorLine } from './ErrorLine.js';

const MUTED = 'boss-table:muted';

function mutedNames(): Set<string> {
  try {
    return new Set(JSON.parse(localStorage.getItem(MUTED) ?? '[]') as string[]);
  } catch {
    return new Set();
  }
}

const time = (at: number) =>
  new Date(at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * The table's chat: the players' channel and, for spectators, theirs (seated players see it
 * only once the game is over, as the server sends it). A name can be muted in this browser.
 */
export function TableChat({ conn, seated }: { conn: TableConnection; seated: boolean }) {
  const account = useAccount();
  const [lines, setLines] = useState<readonly ChatMessage[]>(() => [...conn.chat]);
  const [muted, setMuted] = useState(mutedNames);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    setLines([...conn.chat]);
    const offChat = conn.on('chat', () => setLines([...conn.chat]));
    const offError = conn.on('error', (e) => {
      if (e.code === 'chat-refused' || e.code === 'rate-limited' || e.code === 'too-large')
        setError(e.message);
    });
    return () => {
      offChat();
      offError();
    };
  }, [conn]);
  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView({ block: 'nearest' });
  }, [lines]);

  const toggle = (name: string) => {
    const next = new Set(muted);
    if (next.has(name)) next.delete(name);
    else next.add(name);
    localStorage.setItem(MUTED, JSON.stringify([...next]));
    setMuted(next);
  };
  const send = () => {
    const line = text.trim();
    if (!line) return;
    setError(null);
    try {
      conn.say(line);
      setText('');
    } catch {
      setError('Not connected: try again in a moment.');
    }
  };
  const canWrite = seated || Boolean(account);
  const shown = lines.filter((m) => !muted.has(m.name));
  return (
    <section className="panel chat" aria-label="table chat">
      <h2>Chat</h2>
      <ol ref={list} className="chat-lines" aria-live="polite">
        {shown.map((m) => (
          <li key={m.id} className={m.channel}>
            <span className="chat-time">{time(m.at)}</span>{' '}
            {m.channel === 'spectators' && <span className="tag">spectator</span>}{' '}
            <button
              type="button"
              className="chat-name"
              title={`Mute ${m.name}`}
              onClick={() => toggle(m.name)}
            >
              {m.name}
            </button>
            : <span className="chat-text">{m.text}</span>
          </li>
        ))}
      </ol>
      {muted.size > 0 && (
        <p className="muted-names">
          Muted:{' '}
          {[...muted].map((n) => (
            <button key={n} type="button" onClick={() => toggle(n)} title={`Unmute ${n}`}>
              {n} ×
            </button>
          ))}
        </p>
      )}
      {canWrite ? (
        <form
          className="chat-form"
          onSubmit={(e) => {
            e.preventDefault();
            send();
          }}
        >
          <input
            aria-label={seated ? 'message to the table' : 'message to the spectators'}
            placeholder={seated ? 'To the table…' : 'To the spectators…'}
            value={text}
            maxLength={MAX_CHAT_LENGTH}
            onChange={(e) => setText(e.target.value)}
          />
          <button>Send</button>
        </form>
      ) : (
        <p className="hint">
          <a href="#/account">Sign in</a> to chat as a spectator.
        </p>
      )}
      <ErrorLine error={error} />
    </section>
  );
}
