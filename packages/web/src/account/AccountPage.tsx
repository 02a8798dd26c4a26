// The account page: sign in or create an account, and once signed in change the password or sign out.
import { useState, type FormEvent } from 'react';
import { client } from '../client.js';
import { enter, leave, useAccount } from './session.js';
import { ErrorLine } from './ErrorLine.js';

/** Sign in or create an account; once signed in: the profile, a new password, sign out. */
export default function AccountPage() {
  const account = useAccount();
  const [how, setHow] = useState<'in' | 'up'>('in');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const act = async (e: FormEvent, fn: () => Promise<void>) => {
    e.preventDefault();
    setError(null);
    setNote(null);
    setBusy(true);
    try {
      await fn();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (account === undefined) return <p className="panel">Loading…</p>;
  if (account)
    return (
      <section className="panel account-page">
        <h1>{account.name}</h1>
        <p>
          <a href={`#/players/${encodeURIComponent(account.name)}`}>Your profile</a>: ratings and
          finished games. Your seats follow you to any device where you sign in (
          <a href="#/">My tables</a>).
        </p>
        <form
          onSubmit={(e) =>
            void act(e, async () => {
              await client.changePassword(password, next);
              setPassword('');
              setNext('');
              setNote('Password changed. You were signed out everywhere else.');
            })
          }
        >
          <h2>Change password</h2>
          <label>
            Current password{' '}
            <input
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </label>
          <label>
            New password{' '}
            <input
              type="password"
              autoComplete="new-password"
              minLength={8}
              value={next}
              onChange={(e) => setNext(e.target.value)}
            />
          </label>
          <button disabled={busy}>Change password</button>
        </form>
        {note && <p role="status">{note}</p>}
        <ErrorLine error={error} />
        <p>
          <button onClick={() => void leave().catch((e: Error) => setError(e.message))}>
            Sign out
          </button>
        </p>
      </section>
    );
  return (
    <section className="panel account-page">
      <div className="tabs" role="tablist">
        <button role="tab" aria-selected={how === 'in'} onClick={() => setHow('in')}>
          Sign in
        </button>
        <button role="tab" aria-selected={how === 'up'} onClick={() => setHow('up')}>
          Create an account
        </button>
      </div>
      <form onSubmit={(e) => void act(e, () => enter(how, name.trim(), password))}>
        <label>
          Name{' '}
          <input
            autoComplete="username"
            value={name}
            maxLength={20}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <label>
          Password{' '}
          <input
            type="password"
            autoComplete={how === 'up' ? 'new-password' : 'current-password'}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <button disabled={busy}>{how === 'up' ? 'Create account' : 'Sign in'}</button>
        {how === 'up' && (
          <p className="hint">
            3 to 20 letters, digits, “_” or “-”; a password of 8 characters or more. The tables you
            sit at in this browser become your account’s. There is no e-mail: keep your password
            (the server’s operator can reset it).
          </p>
        )}
      </form>
      <ErrorLine error={error} />
      <p>
        Guests play without an account, as before: an account adds ratings, a profile, your seats on
        every device and chat as a spectator.
      </p>
    </section>
  );
}
