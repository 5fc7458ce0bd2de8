'use client';

import { IntentLink as Link } from '@/components/ui/intent-link';
import { useState } from 'react';
import { ApiClientError } from '@/lib/client/api';
import { readAllMessages } from '@/lib/client/community';
import { useMessages } from '@/lib/client/swr/use-messages';
import { COMMUNITY_MSG as T } from '@/lib/shared/community-text';
import { MSG } from '@/lib/shared/messages';
import { DelayedSpinner } from '@/components/ui/delayed-spinner';
import './community.css';

/** The member's messages, newest first, unread ones marked, 全部已读, 更多 (docs/community.md "Messages"). */
export function MessageList() {
  const { data, size, setSize, mutate, isLoading, isValidating } = useMessages(true);
  const [busy, setBusy] = useState(false);
  if (!data) return isLoading ? <DelayedSpinner /> : <p className="cm-empty">{MSG.loadFailed}</p>;
  const items = data.flatMap((p) => p.data);
  const unreadCount = data[0]?.unread ?? 0;
  const hasmore = Boolean(data.at(-1)?.hasmore);

  async function readAll() {
    setBusy(true);
    try {
      await readAllMessages();
      await mutate((pages) => pages?.map((p) => ({ ...p, unread: 0, data: p.data.map((m) => ({ ...m, read: true })) })), {
        revalidate: false,
      });
    } catch (err) {
      if (!(err instanceof ApiClientError)) throw err;
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="community">
      <div className="cm-target">
        <span>{unreadCount ? T.unreadCount(unreadCount) : ''}</span>
        <button type="button" className="cm-action" onClick={readAll} disabled={busy || unreadCount === 0}>
          {T.readAll}
        </button>
      </div>
      {items.length === 0 ? (
        <p className="cm-empty">{T.messagesEmpty}</p>
      ) : (
        <ul className="cm-list cm-msg-list" aria-label={T.messages}>
          {items.map((m) => (
            <li key={m.id}>
              <Link href={`/m/message/${m.id}`}>
                <span className="cm-msg-title" data-unread={!m.read}>
                  {m.kind === 'announcement' ? <span className="cm-tag">{T.announcement}</span> : null}
                  <span>{m.title}</span>
                  {m.read ? null : <span className="visually-hidden">{MSG.unread}</span>}
                </span>
                {m.body ? <span className="cm-msg-body">{m.body}</span> : null}
                <span className="cm-time">{m.createdat}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {hasmore ? (
        <div className="cm-more">
          <button type="button" className="button" onClick={() => void setSize(size + 1)} disabled={isValidating}>
            {MSG.loadMore}
          </button>
        </div>
      ) : null}
    </div>
  );
}
