// Shows a finished table's chat, players' and spectators' lines, read-only beside its replay.
import { useEffect, useState } from 'react';
import type { ChatMessage } from '@boss-table/client';
import { client } from '../client.js';

const time = (at: number) =>
  new Date(at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/** A finished table's chat in its replay: the players' lines and the spectators'. */
export function ReplayChat({ table }: { table: string }) {
  const [lines, setLines] = useState<ChatMessage[] | null>(null);
  useEffect(() => {
    client.tableChat(table).then(
      (r) => setLines(r.messages),
      () => setLines(null),
    );
  }, [table]);
  if (!lines || lines.length === 0) return null;
  return (
    <section className="panel chat" aria-label="chat of this game">
      <h2>Chat</h2>
      <ol className="chat-lines">
        {lines.map((m) => (
          <li key={m.id} className={m.channel}>
            <span className="chat-time">{time(m.at)}</span>{' '}
            {m.channel === 'spectators' && <span className="tag">spectator</span>}{' '}
            <strong>{m.name}</strong>: {m.text}
          </li>
        ))}
      </ol>
    </section>
  );
}
