// The top bar's corner link: the signed-in player's name to their account page, or "Sign in".
import { useEffect } from 'react';
import { loadAccount, useAccount } from './session.js';

/** The header's corner: the signed-in name (to the account page), or "Sign in". */
export function AccountBar() {
  const account = useAccount();
  useEffect(() => {
    void loadAccount();
  }, []);
  if (account === undefined) return null;
  return (
    <span className="account-bar">
      {account ? (
        <a href="#/account" aria-label="your account">
          {account.name}
        </a>
      ) : (
        <a href="#/account">Sign in</a>
      )}
    </span>
  );
}
