// Tracks signed-in WebSocket connections by session and account, so sign-out or a new password closes them.
import type { Conn } from './table.js';

/** WebSocket close code: the seat was taken on another device (`POST /api/tables/:id/take`). */
export const CLOSE_SEAT_TAKEN = 4011;
/** WebSocket close code: the session it was opened with ended (sign-out, a new password). */
export const CLOSE_SIGNED_OUT = 4012;

/**
 * This node's WebSocket connections opened signed in, by session and by account, so that a
 * sign-out closes the connections of its session and a new password those of the account:
 * none goes on speaking for an account whose session has ended. (On other nodes, or after an
 * operator's reset, a connection finds out at its next chat line: `chat.ts` checks the
 * session then.)
 */
export class SessionConns {
  private readonly bySession = new Map<string, Set<Conn>>();
  private readonly byAccount = new Map<string, Set<Conn>>();

  /** Registers a connection; the returned function forgets it (when it closes). */
  add(session: { readonly tokenHash: string; readonly accountId: string }, conn: Conn): () => void {
    const put = (map: Map<string, Set<Conn>>, key: string) => {
      let set = map.get(key);
      if (!set) map.set(key, (set = new Set()));
      set.add(conn);
      return () => {
        set.delete(conn);
        if (set.size === 0 && map.get(key) === set) map.delete(key);
      };
    };
    const a = put(this.bySession, session.tokenHash);
    const b = put(this.byAccount, session.accountId);
    return () => {
      a();
      b();
    };
  }

  private close(set: Set<Conn> | undefined, reason: string): void {
    for (const c of [...(set ?? [])]) c.close(CLOSE_SIGNED_OUT, reason);
  }

  closeSession(tokenHash: string): void {
    this.close(this.bySession.get(tokenHash), 'You signed out.');
  }

  closeAccount(accountId: string): void {
    this.close(this.byAccount.get(accountId), 'The password changed: sign in again.');
  }
}
