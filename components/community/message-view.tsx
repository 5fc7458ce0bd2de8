'use client';

import { IntentLink as Link } from '@/components/ui/intent-link';
import { ApiClientError } from '@/lib/client/api';
import { useMessage } from '@/lib/client/swr/use-messages';
import { COMMUNITY_MSG as T } from '@/lib/shared/community-text';
import { MSG } from '@/lib/shared/messages';
import { DelayedSpinner } from '@/components/ui/delayed-spinner';
import './community.css';

/** A same-site path only: a message's link never leads off the site. */
const safeLink = (link: string | null) => (link && /^\/(?!\/)/.test(link) && !link.includes('\\') ? link : null);

/**
 * One message (docs/community.md "Messages"). Reading it marks it read on the server. An announcement shows to
 * anyone; someone else's personal message — or none — answers 404, and the page then says it does not exist.
 */
export function MessageView({ id }: { id: number }) {
  const { data, error, isLoading } = useMessage(id);
  if (isLoading) return <DelayedSpinner />;
  if (error || !data) {
    const gone = error instanceof ApiClientError && (error.status === 404 || error.status === 403 || error.status === 401);
    return (
      <div className="center-page" data-testid="message-missing">
        <p className="muted">{gone ? T.messageGoneBody : MSG.loadFailed}</p>
        <Link className="button button-primary" href="/m">
          {T.backHome}
        </Link>
      </div>
    );
  }
  const link = safeLink(data.link);
  return (
    <article className="community cm-message">
      {data.kind === 'announcement' ? <span className="cm-tag">{T.announcement}</span> : null}
      <h2>{data.title}</h2>
      <p className="cm-time">{data.createdat}</p>
      {data.body ? (
        <p className="cm-message-body" dir="auto">
          {data.body}
        </p>
      ) : null}
      {link ? (
        <p>
          <Link className="button button-primary" href={link}>
            {T.openLink}
          </Link>
        </p>
      ) : null}
    </article>
  );
}
