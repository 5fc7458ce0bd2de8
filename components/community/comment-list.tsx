'use client';

import type { ReactNode } from 'react';
import { COMMUNITY_MSG as T } from '@/lib/shared/community-text';
import type { Comment } from '@/lib/shared/dto/community';
import { MSG } from '@/lib/shared/messages';
import { CommentItem } from './comment-item';
import { CommentReplies } from './comment-replies';

/**
 * Top-level comments with their reply threads, 更多 while the server says there are more, and an empty state that
 * invites the first comment (docs/community.md "Comment list").
 */
export function CommentList({
  comments,
  hasmore,
  loading,
  onMore,
  onReply,
  freshReplies = {},
  empty,
  label,
}: {
  comments: Comment[];
  hasmore: boolean;
  loading: boolean;
  onMore: () => void;
  onReply?: (c: Comment, top: Comment) => void;
  freshReplies?: Record<number, Comment[]>;
  /** Shown when there is no comment; null shows nothing. */
  empty?: ReactNode;
  label: string;
}) {
  if (comments.length === 0 && !loading) return empty === undefined ? <p className="cm-empty">{T.firstComment}</p> : <>{empty}</>;
  return (
    <>
      <ul className="cm-list" aria-label={label} aria-busy={loading}>
        {comments.map((c) => (
          <CommentItem key={c.id} comment={c} onReply={onReply ? (target) => onReply(target, c) : undefined}>
            {onReply ? <CommentReplies parent={c} fresh={freshReplies[c.id] ?? []} onReply={(r) => onReply(r, c)} /> : null}
          </CommentItem>
        ))}
      </ul>
      {hasmore ? (
        <div className="cm-more">
          <button type="button" className="button" onClick={onMore} disabled={loading}>
            {loading ? MSG.loading : MSG.loadMore}
          </button>
        </div>
      ) : comments.length > 0 ? (
        <p className="cm-empty small">{MSG.noMore}</p>
      ) : null}
    </>
  );
}
