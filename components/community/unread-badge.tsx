'use client';

import { useUnreadCount } from '@/lib/client/swr/use-messages';
import { useSignedIn } from '@/lib/client/use-signed-in';
import { COMMUNITY_MSG as T } from '@/lib/shared/community-text';

/**
 * The unread count beside 消息 on 我的 (docs/community-pages.md "Messages"): asked after hydration, silently; nothing
 * shows while it is 0 or unknown. The badge sits inside the row's fixed height, so its arrival moves nothing.
 */
export function UnreadBadge() {
  const signedIn = useSignedIn();
  const { data } = useUnreadCount(signedIn);
  const n = data?.count ?? 0;
  if (!n) return null;
  return (
    <span className="cm-badge" aria-label={T.unreadCount(n)}>
      {n > 99 ? '99+' : n}
    </span>
  );
}
