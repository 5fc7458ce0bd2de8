'use client';

import { IntentLink as Link } from '@/components/ui/intent-link';
import { useState, type ReactNode } from 'react';
import { COMMUNITY_MSG as T } from '@/lib/shared/community-text';
import type { Comment } from '@/lib/shared/dto/community';
import { FanTitle } from '@/components/novel/fan-title';
import { LikeButton } from './like-button';

/** The report page prefilled with this comment (docs/community.md "Reports"). */
export const reportCommentHref = (id: number) => `/m/report?target_type=comment&target_id=${id}`;

/**
 * One comment or reply: who, when, the text (its own direction: Uyghur reads right to left), like, reply, and a menu
 * with 举报. A comment still held for review shows only to its author, marked so.
 */
export function CommentItem({ comment: c, onReply, children }: { comment: Comment; onReply?: (c: Comment) => void; children?: ReactNode }) {
  const [menu, setMenu] = useState(false);
  return (
    <li className="cm-item" data-comment-id={c.id}>
      <img className="avatar" src={c.headimgurl} alt="" width={36} height={36} loading="lazy" />
      <div className="cm-main">
        <p className="cm-head">
          <bdi className="cm-name">{c.nickname}</bdi>
          {c.fan_title ? <FanTitle title={c.fan_title} /> : null}
          {c.is_long_comment ? <span className="cm-tag">{T.longReview}</span> : null}
          <span className="cm-time">{c.createdat}</span>
        </p>
        <p className="cm-content" dir="auto">
          {c.reply_to_nickname ? (
            <span className="cm-reply-to">
              {T.reply} <bdi>{c.reply_to_nickname}</bdi>：
            </span>
          ) : null}
          {c.content}
        </p>
        {c.status === 'pending' && c.is_mine ? <p className="cm-pending">{T.pendingMine}</p> : null}
        <div className="cm-actions">
          <LikeButton commentId={c.id} liked={c.liked} likes={c.likes} />
          {onReply ? (
            <button type="button" className="cm-action" onClick={() => onReply(c)} aria-label={`${T.reply} ${c.nickname}`}>
              {T.reply}
            </button>
          ) : null}
          {c.is_mine ? null : (
            <div
              className="cm-menu"
              // Focus leaving the menu (a tap elsewhere, Tab away) closes it.
              onBlur={(e) => {
                if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setMenu(false);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Escape') setMenu(false);
              }}
            >
              <button type="button" className="cm-action" aria-label={T.more} aria-expanded={menu} onClick={() => setMenu((v) => !v)}>
                ⋯
              </button>
              {menu ? (
                <div className="cm-menu-pop" role="menu">
                  <Link role="menuitem" href={reportCommentHref(c.id)}>
                    {T.report}
                  </Link>
                </div>
              ) : null}
            </div>
          )}
        </div>
        {children}
      </div>
    </li>
  );
}
