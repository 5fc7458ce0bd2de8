'use client';

import { useEffect } from 'react';
import { signOut } from '@/lib/client/actions/accounts';
import { MSG } from '@/lib/shared/messages';

/**
 * Shown on a login-required page when the session turned out to be gone (docs/accounts.md "Route guard"):
 * signs out (the one signOut: the server's session and this browser's stale member cookies), then goes to the
 * sign-in page for this browser.
 */
export function GuardScreen({ loginUrl }: { loginUrl: string }) {
  useEffect(() => {
    void signOut().then(() => window.location.replace(loginUrl));
  }, [loginUrl]);
  return (
    <div className="page center-page" role="status">
      <span className="spinner" aria-hidden="true" />
      <p className="muted">{MSG.goingToLogin}</p>
    </div>
  );
}
