// The bar that tells the player a new version of the app is ready, with a button to reload into it.
import { useState } from 'react';
import { takeNewVersion, useUpdateReady } from './app-update.js';

/** Shown once a new version has installed in the background; "Later" hides it for this page. */
export function UpdateNotice() {
  const ready = useUpdateReady();
  const [later, setLater] = useState(false);
  if (!ready || later) return null;
  return (
    <div className="update-notice" role="status">
      <span>A new version of Boss Table is ready. Your games are kept.</span>{' '}
      <button type="button" onClick={() => takeNewVersion()}>
        Reload now
      </button>{' '}
      <button type="button" onClick={() => setLater(true)}>
        Later
      </button>
    </div>
  );
}
