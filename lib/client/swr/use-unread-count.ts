'use client';

import { useEffect, useState } from 'react';
import { api } from '../api';

/**
 * GET /v1/messages/unread_count: the member's unread messages, asked once after hydration, silently; 0 while
 * signed out or unknown. The one hook here without SWR, on purpose: on 我的 it is the only server read in the
 * browser, and SWR would add about 5 KB to the page's first-load JavaScript (docs/development.md "One home for
 * client data").
 */
export function useUnreadCount(signedIn: boolean): number {
  const [n, setN] = useState(0);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    api<{ count: number }>('/v1/messages/unread_count', { silent: true }).then(
      (r) => live && setN(r.count),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [signedIn]);
  return n;
}
