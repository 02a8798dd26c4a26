import { BossTableClient } from '@boss-table/client';

/** The page talks to the server it came from, only through the SDK. */
export const client = new BossTableClient();

export interface Seating {
  readonly token: string;
  readonly seat: number;
}

const key = (table: string) => `boss-table:seat:${table}`;

export function savedSeat(table: string): Seating | null {
  try {
    const raw = localStorage.getItem(key(table));
    return raw ? (JSON.parse(raw) as Seating) : null;
  } catch {
    return null;
  }
}

export function saveSeat(table: string, s: Seating): void {
  localStorage.setItem(key(table), JSON.stringify(s));
}

export function playerName(): string {
  return localStorage.getItem('boss-table:name') ?? '';
}

export function savePlayerName(name: string): void {
  localStorage.setItem('boss-table:name', name);
}
