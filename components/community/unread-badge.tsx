'use client';

import { useEffect, useState } from 'react';
import { api } from '@/lib/client/api';
import { useSignedIn } from '@/lib/client/use-signed-in';
import { MSG } from '@/lib/shared/messages';

/**
 * The unread count beside 消息 on 我的 (docs/community.md "Messages"): asked once after hydration, silently;
 * nothing shows while it is 0 or unknown. The badge sits inside the row's fixed height, so its arrival moves nothing.
 * A plain call rather than an SWR hook: on 我的 it is the only server read in the browser, and SWR would add about
 * 5 KB to the page's first-load JavaScript (docs/development.md "Server data in the browser: SWR hooks").
 */
export function UnreadBadge() {
  const signedIn = useSignedIn();
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
  if (!n) return null;
  return (
    <span className="count-badge" aria-label={`${n}条${MSG.unread}`}>
      {n > 99 ? '99+' : n}
    </span>
  );
}
