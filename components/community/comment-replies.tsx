'use client';

import { useState } from 'react';
import { useCommentReplies } from '@/lib/client/swr/use-comment-replies';
import { COMMUNITY_MSG as T } from '@/lib/shared/community-text';
import type { Comment } from '@/lib/shared/dto/community';
import { MSG } from '@/lib/shared/messages';
import { CommentItem } from './comment-item';

/**
 * A comment's replies (docs/community.md "Replies"): folded behind 查看N条回复, loaded when opened, paged by
 * 更多. Replies this reader just sent (`fresh`) show at once, opened or not.
 */
export function CommentReplies({ parent, fresh, onReply }: { parent: Comment; fresh: Comment[]; onReply: (c: Comment) => void }) {
  const [open, setOpen] = useState(false);
  const { data, size, setSize, isLoading, isValidating } = useCommentReplies(parent.id, open);
  const loaded = data?.flatMap((p) => p.data) ?? [];
  const freshIds = new Set(fresh.map((r) => r.id));
  const shown = open ? [...fresh, ...loaded.filter((r) => !freshIds.has(r.id))] : fresh;
  const total = parent.reply_count + fresh.length;
  const hasmore = open && Boolean(data?.at(-1)?.hasmore);
  if (total === 0) return null;
  return (
    <div className="cm-replies">
      {shown.length ? (
        <ul className="cm-list" aria-label={T.reply}>
          {shown.map((r) => (
            <CommentItem key={r.id} comment={r} onReply={onReply} />
          ))}
        </ul>
      ) : null}
      {parent.reply_count > 0 && (!open || hasmore) ? (
        <button
          type="button"
          className="cm-action"
          aria-expanded={open}
          disabled={isLoading || isValidating}
          onClick={() => (open ? void setSize(size + 1) : setOpen(true))}
        >
          {open ? MSG.loadMore : T.replies(parent.reply_count)}
        </button>
      ) : null}
      {open && !hasmore && data ? (
        <button type="button" className="cm-action" aria-expanded onClick={() => setOpen(false)}>
          {T.hideReplies}
        </button>
      ) : null}
    </div>
  );
}
