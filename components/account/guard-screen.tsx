'use client';

import { useEffect } from 'react';
import { clearMember } from '@/lib/client/identity';
import { createSignature } from '@/lib/client/signature';
import { HEADER } from '@/lib/shared/cookies';
import { MSG } from '@/lib/shared/messages';

/**
 * Shown on a login-required page when the session turned out to be gone (docs/accounts.md "Route guard"):
 * clears the stale session cookies, then goes to the sign-in page for this browser.
 */
export function GuardScreen({ loginUrl }: { loginUrl: string }) {
  useEffect(() => {
    clearMember();
    void fetch('/v1/logout', { method: 'POST', headers: { [HEADER.sig]: createSignature() } })
      .catch(() => undefined)
      .finally(() => window.location.replace(loginUrl));
  }, [loginUrl]);
  return (
    <div className="page center-page" role="status">
      <span className="spinner" aria-hidden="true" />
      <p className="muted">{MSG.goingToLogin}</p>
    </div>
  );
}
