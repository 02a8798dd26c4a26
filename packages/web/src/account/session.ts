// Who is signed in on this browser, shared by every page; signing in or up carries the guest's seats along.
import { useSyncExternalStore } from 'react';
import { client, mySeats, savePlayerName } from '../client.js';

/** Who is signed in on this browser: a name, null for a guest, undefined until asked. */
type Account = { readonly name: string } | null | undefined;

let current: Account;
const listeners = new Set<() => void>();
const set = (a: Account) => {
  current = a;
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The signed-in account (re-renders when it changes). */
export const useAccount = (): Account => useSyncExternalStore(subscribe, () => current);

/** Asks the server who this browser's session cookie belongs to. */
export async function loadAccount(): Promise<void> {
  try {
    set((await client.account()).account);
  } catch {
    set(null);
  }
}

/**
 * Signs up or in; the seats this browser holds as a guest go along, so the account keeps
 * them. The account's name becomes the name this browser sits under.
 */
export async function enter(how: 'up' | 'in', name: string, password: string): Promise<void> {
  const seats = mySeats().map(({ table, seating }) => ({ table, token: seating.token }));
  const done =
    how === 'up'
      ? await client.signUp(name, password, seats)
      : await client.signIn(name, password, seats);
  savePlayerName(done.account.name);
  set(done.account);
}

export async function leave(): Promise<void> {
  await client.signOut();
  set(null);
}
