// Invite links for a new table's seats: picking an address friends can reach, copying, and remembering them.
import { useEffect, useRef, useState } from 'react';
import type { ServerInfo } from '@boss-table/client';
import { serverInfo } from '../client.js';

const isLocalHost = (host: string) =>
  host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost');

/** The link a friend opens: the chosen address, then the table and the seat's invite. */
export const tableLink = (base: string, id: string, invite?: string) =>
  `${base.replace(/\/$/, '')}/#/t/${id}${invite ? `?invite=${invite}` : ''}`;

/**
 * Copies text: with the clipboard API where the page may use it (https, localhost), else by
 * selecting the field and the browser's copy command (plain http on a LAN address).
 */
export async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // fall through to the selection
    }
  }
  if (!field) return false;
  field.focus();
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

export function InviteLink({ label, link }: { label: string; link: string }) {
  const field = useRef<HTMLInputElement>(null);
  const [said, setSaid] = useState<string | null>(null);
  return (
    <span className="invite">
      <input
        readOnly
        value={link}
        aria-label={label}
        ref={field}
        onFocus={(e) => e.target.select()}
      />
      <button
        type="button"
        onClick={() =>
          void copyText(link, field.current).then((ok) => {
            setSaid(ok ? 'Copied' : 'Selected: press Ctrl+C (or Cmd+C) to copy');
            setTimeout(() => setSaid(null), 4000);
          })
        }
      >
        Copy
      </button>
      {said && (
        <span className="copied" role="status">
          {said}
        </span>
      )}
    </span>
  );
}

/** A table's invites, kept in the host's browser so they can be sent again from the table. */
export interface SavedInvite {
  readonly seat: number;
  readonly invite: string;
}

const key = (table: string) => `boss-table:invites:${table}`;

export function saveInvites(table: string, invites: readonly SavedInvite[]): void {
  if (invites.length) localStorage.setItem(key(table), JSON.stringify(invites));
}

export function savedInvites(table: string): SavedInvite[] {
  try {
    return JSON.parse(localStorage.getItem(key(table)) ?? '[]') as SavedInvite[];
  } catch {
    return [];
  }
}

/**
 * Where friends can reach this server: its `PUBLIC_URL`, else one of its LAN addresses (the
 * first, when this page was opened on localhost), which the host may change.
 */
function useLinkBase(): {
  info: ServerInfo | null;
  /** The server has said where it can be reached (or could not be asked). */
  known: boolean;
  base: string;
  setBase: (b: string) => void;
  addresses: string[];
} {
  const [info, setInfo] = useState<ServerInfo | null>(null);
  const [known, setKnown] = useState(false);
  const [base, setBase] = useState(window.location.origin);
  useEffect(() => {
    let live = true;
    serverInfo().then(
      (i) => {
        if (!live) return;
        setInfo(i);
        setKnown(true);
        if (i.publicUrl) setBase(i.publicUrl);
        else if (isLocalHost(window.location.hostname) && i.addresses.length > 0)
          setBase(i.addresses[0]);
      },
      () => {
        if (!live) return;
        setInfo(null);
        setKnown(true);
      },
    );
    return () => {
      live = false;
    };
  }, []);
  const addresses = [
    ...new Set([
      ...(info?.publicUrl ? [info.publicUrl] : []),
      ...(info?.addresses ?? []),
      window.location.origin,
    ]),
  ];
  return { info, known, base, setBase, addresses };
}

/** The seats' invite links, with the address to use in them, Copy, and (optionally) Sit here. */
export function Invites({
  table,
  seats,
  sit,
}: {
  table: string;
  seats: readonly SavedInvite[];
  sit?: (invite: string) => void;
}) {
  const { info, known, base, setBase, addresses } = useLinkBase();
  // No link until the server has said where friends reach it: a link copied a moment too
  // early would point at this computer.
  if (!known) return <p>Finding the address your friends can reach…</p>;
  return (
    <>
      {info?.publicUrl ? (
        <p>Links use this server’s public address, {info.publicUrl}.</p>
      ) : (
        <label className="wide">
          Address your friends can reach{' '}
          <select value={base} onChange={(e) => setBase(e.target.value)}>
            {addresses.map((a) => (
              <option key={a} value={a}>
                {a}
                {isLocalHost(new URL(a).hostname) ? ' (this computer only)' : ''}
              </option>
            ))}
          </select>
        </label>
      )}
      <p>Send each person their seat’s link:</p>
      <ul className="invites">
        {seats.map((s) => (
          <li key={s.seat}>
            Seat {s.seat + 1}:{' '}
            <InviteLink
              label={`Invite link for seat ${s.seat + 1}`}
              link={tableLink(base, table, s.invite)}
            />
            {sit && (
              <>
                {' '}
                <button type="button" onClick={() => sit(s.invite)}>
                  Sit here
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
