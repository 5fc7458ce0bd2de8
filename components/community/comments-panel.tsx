'use client';

import { useRef, useState } from 'react';
import { useComments, type CommentQuery } from '@/lib/client/swr/use-comments';
import { COMMUNITY_MSG as T } from '@/lib/shared/community-text';
import { COMMENTS_PAGE_SIZE, type Comment, type CommentPage } from '@/lib/shared/dto/community';
import { CommentList } from './comment-list';
import { WriteBox, type WriteBoxHandle, type WriteTarget } from './write-box';
import './community.css';

/**
 * A write box over a comment list, for one target (a book, a chapter, a paragraph): a sent comment goes on top of
 * the list, a sent reply into its thread; 回复 turns the box into a reply to that comment (docs/community.md).
 */
export function CommentsPanel({
  query,
  initial,
  signedIn,
  paragraph,
  label,
  placeholder,
  onPosted,
  writeId,
}: {
  query: Omit<CommentQuery, 'limit'>;
  initial?: CommentPage;
  signedIn?: boolean;
  paragraph?: WriteTarget['paragraph'];
  label: string;
  placeholder?: string;
  /** A top-level comment was posted (the reader updates its counts). */
  onPosted?: (c: Comment) => void;
  writeId?: string;
}) {
  const q = { ...query, limit: COMMENTS_PAGE_SIZE };
  const { data, size, setSize, mutate, isLoading, isValidating } = useComments(q, { initial });
  const [replyTo, setReplyTo] = useState<{ id: number; nickname: string; top: number } | null>(null);
  const [fresh, setFresh] = useState<Record<number, Comment[]>>({});
  const box = useRef<WriteBoxHandle>(null);
  // Pages are offsets: a comment posted here shifts the next page by one, so one may come twice.
  const seen = new Set<number>();
  const comments = (data?.flatMap((p) => p.data) ?? []).filter((c) => !seen.has(c.id) && Boolean(seen.add(c.id)));
  const hasmore = Boolean(data?.at(-1)?.hasmore);

  function sent(c: Comment, to: { id: number } | null) {
    if (to && replyTo) {
      const top = replyTo.top;
      setFresh((f) => ({ ...f, [top]: [c, ...(f[top] ?? [])] }));
      setReplyTo(null);
      return;
    }
    void mutate(
      (pages) => {
        // A server-rendered first page is fallback data, not in SWR's cache yet: start from what is shown.
        const [first, ...rest] = pages ?? data ?? [{ data: [], hasmore: false, count: 0 }];
        return [{ ...first!, data: [c, ...first!.data], count: first!.count + 1 }, ...rest];
      },
      { revalidate: false },
    );
    onPosted?.(c);
  }

  return (
    <div className="community">
      <WriteBox
        ref={box}
        id={writeId}
        target={{ novelId: query.novelId, type: query.type, chapterId: query.chapterId, paragraph }}
        replyTo={replyTo}
        onCancelReply={() => setReplyTo(null)}
        onSent={sent}
        signedIn={signedIn}
        placeholder={placeholder}
      />
      <CommentList
        label={label}
        comments={comments}
        hasmore={hasmore}
        loading={isLoading || (isValidating && size > (data?.length ?? 0))}
        onMore={() => void setSize(size + 1)}
        freshReplies={fresh}
        onReply={(target, top) => {
          setReplyTo({ id: target.id, nickname: target.nickname, top: top.id });
          box.current?.focus();
        }}
        empty={
          <div className="cm-empty">
            <p>{T.firstComment}</p>
            <button type="button" className="button button-primary" onClick={() => box.current?.focus()}>
              {T.writeFirst}
            </button>
          </div>
        }
      />
    </div>
  );
}
