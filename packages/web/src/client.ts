// The page's one connection to the server, plus the seats, player name and preferences kept in this browser.
import { BossTableClient, type ServerInfo } from '@boss-table/client';

/** The page talks to the server it came from, only through the SDK. */
export const client = new BossTableClient();

/** `GET /api/server-info`: where friends can reach this server (for invite links). */
export const serverInfo = (): Promise<ServerInfo> => client.serverInfo();

export interface Seating {
  readonly token: string;
  readonly seat: number;
  /** The table's game and when the seat was taken, for the lobby's "My tables". */
  readonly game?: string;
  readonly at?: number;
}

const PREFIX = 'boss-table:seat:';
const key = (table: string) => `${PREFIX}${table}`;

export function savedSeat(table: string): Seating | null {
  try {
    const raw = localStorage.getItem(key(table));
    return raw ? (JSON.parse(raw) as Seating) : null;
  } catch {
    return null;
  }
}

export function saveSeat(table: string, s: Seating): void {
  localStorage.setItem(key(table), JSON.stringify({ at: Date.now(), ...s }));
}

/** Every table this browser holds a seat at, newest first. */
export function mySeats(): { table: string; seating: Seating }[] {
  const out: { table: string; seating: Seating }[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (!k?.startsWith(PREFIX)) continue;
    const seating = savedSeat(k.slice(PREFIX.length));
    if (seating) out.push({ table: k.slice(PREFIX.length), seating });
  }
  return out.sort((a, b) => (b.seating.at ?? 0) - (a.seating.at ?? 0));
}

export function forgetSeat(table: string): void {
  localStorage.removeItem(key(table));
}

export function playerName(): string {
  return localStorage.getItem('boss-table:name') ?? '';
}

export function savePlayerName(name: string): void {
  localStorage.setItem('boss-table:name', name);
}

/** A preference kept in this browser (sound, notifications). */
export function pref(name: string): boolean {
  return localStorage.getItem(`boss-table:pref:${name}`) === '1';
}

export function savePref(name: string, on: boolean): void {
  localStorage.setItem(`boss-table:pref:${name}`, on ? '1' : '0');
}
