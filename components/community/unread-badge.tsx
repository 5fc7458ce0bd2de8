'use client';

import { useUnreadCount } from '@/lib/client/swr/use-unread-count';
import { useSignedIn } from '@/lib/client/use-signed-in';
import { MSG } from '@/lib/shared/messages';

/**
 * The unread count beside 消息 on 我的 (docs/community.md "Messages"): asked once after hydration, silently;
 * nothing shows while it is 0 or unknown. The badge sits inside the row's fixed height, so its arrival moves nothing.
 * The count comes from useUnreadCount, a hook without SWR for 我的's first load (docs/development.md "One home for
 * client data").
 */
export function UnreadBadge() {
  const signedIn = useSignedIn();
  const n = useUnreadCount(signedIn);
  if (!n) return null;
  return (
    <span className="count-badge" aria-label={`${n}条${MSG.unread}`}>
      {n > 99 ? '99+' : n}
    </span>
  );
}
