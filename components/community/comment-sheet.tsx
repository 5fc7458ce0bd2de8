'use client';

import { useMemo } from 'react';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { useComments } from '@/lib/client/swr/use-comments';
import { COMMUNITY_MSG as T } from '@/lib/shared/community-text';
import { COMMENTS_PAGE_SIZE, type Comment } from '@/lib/shared/dto/community';
import { paragraphHash } from '@/lib/shared/paragraph-hash';
import { CommentList } from './comment-list';
import { CommentsPanel } from './comments-panel';
import './community.css';

export interface SheetTarget {
  novelId: number;
  chapterId: number;
  /** A paragraph's thread (段评); absent: the chapter's comments (本章说). */
  paragraph?: { index: number; text: string };
  /** Paragraph comments whose paragraph is gone, shown under the chapter's comments. */
  orphans?: number;
  lang: string;
  dir: 'ltr' | 'rtl';
}

/**
 * The reader's comment sheet (docs/reading.md "Chapter and paragraph comments"), loaded on first open: the chapter's
 * comments (type 2) with the orphaned paragraph comments under their own heading, or one paragraph's thread (type 3,
 * anchored by the paragraph's hash and index), each with its write box. It wears the reader's skin.
 */
export function CommentSheet({ target, onClose, onPosted }: { target: SheetTarget; onClose: () => void; onPosted: (c: Comment) => void }) {
  const p = target.paragraph;
  const hash = useMemo(() => (p ? paragraphHash(p.text) : ''), [p]);
  const title = p ? T.paragraphComments : T.chapterComments;
  return (
    <Dialog label={title} onClose={onClose} className="cm-sheet">
      <div className="dialog-head">
        <h2 className="dialog-title">{title}</h2>
      </div>
      <DialogClose onClose={onClose} />
      {p ? (
        <blockquote className="cm-quote" lang={target.lang} dir={target.dir} aria-label={T.paragraphQuote}>
          {p.text}
        </blockquote>
      ) : (
        <p className="cm-hint">{T.longPressHint}</p>
      )}
      <CommentsPanel
        query={
          p
            ? { novelId: target.novelId, type: 3, chapterId: target.chapterId, paragraphHash: hash, order: 'new' }
            : { novelId: target.novelId, type: 2, chapterId: target.chapterId, order: 'new' }
        }
        paragraph={p ? { hash, index: p.index } : undefined}
        placeholder={p ? T.paragraphPlaceholder : undefined}
        label={title}
        onPosted={onPosted}
      />
      {!p && target.orphans ? <Orphans novelId={target.novelId} chapterId={target.chapterId} /> : null}
    </Dialog>
  );
}

/** Paragraph comments of this chapter whose paragraph was edited away: listed, not lost. */
function Orphans({ novelId, chapterId }: { novelId: number; chapterId: number }) {
  const { data, size, setSize, isLoading, isValidating } = useComments({
    novelId,
    type: 3,
    chapterId,
    paragraphHash: '',
    order: 'new',
    limit: COMMENTS_PAGE_SIZE,
  });
  const comments = data?.flatMap((d) => d.data) ?? [];
  return (
    <section className="community" aria-label={T.orphans}>
      <h3 className="cm-subhead">{T.orphans}</h3>
      <CommentList
        label={T.orphans}
        comments={comments}
        hasmore={Boolean(data?.at(-1)?.hasmore)}
        loading={isLoading || (isValidating && size > (data?.length ?? 0))}
        onMore={() => void setSize(size + 1)}
        empty={null}
      />
    </section>
  );
}
