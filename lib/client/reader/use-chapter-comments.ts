'use client';

import { useCallback, useEffect, useState } from 'react';
import type { ChapterCommentCounts } from '@/lib/client/reader/comment-counts';
import type { ReadChapter } from '@/lib/shared/dto/reading';

const NONE: ChapterCommentCounts = { chapter: 0, orphans: 0, byIndex: {} };

/**
 * The shown chapter's comment counts and its open comment sheet (docs/reading.md "Chapter and paragraph comments").
 * The counts come after the chapter has painted: the module, the hashing and the calls never delay the text. A
 * sheet belongs to its chapter: showing another closes it.
 */
export function useChapterComments(chapterId: number, withText: () => ReadChapter) {
  const [counts, setCounts] = useState<{ chapterId: number; counts: ChapterCommentCounts } | null>(null);
  const [sheet, setSheet] = useState<{ chapterId: number; paragraph?: { index: number; text: string } } | null>(null);

  useEffect(() => {
    const chapter = withText();
    if (chapter.locked) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        void import('@/lib/client/reader/comment-counts')
          .then((m) => m.loadCommentCounts(chapter.novel_id, chapter.id, withText().paragraphs))
          .then((c) => live && setCounts({ chapterId: chapter.id, counts: c }));
      }, 0);
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [withText]);

  /** A comment was posted in the sheet: its count goes up at once. */
  const posted = useCallback(
    (paragraph: number | undefined) =>
      setCounts((prev) => {
        const base = prev && prev.chapterId === chapterId ? prev.counts : NONE;
        return {
          chapterId,
          counts:
            paragraph === undefined
              ? { ...base, chapter: base.chapter + 1 }
              : { ...base, byIndex: { ...base.byIndex, [paragraph]: (base.byIndex[paragraph] ?? 0) + 1 } },
        };
      }),
    [chapterId],
  );

  /** Opens the chapter's sheet, or a paragraph's (its text read now, from the page). */
  const openSheet = useCallback(
    (index?: number) =>
      setSheet({ chapterId, paragraph: index === undefined ? undefined : { index, text: withText().paragraphs[index] ?? '' } }),
    [chapterId, withText],
  );
  const closeSheet = useCallback(() => setSheet(null), []);

  return {
    counts: counts && counts.chapterId === chapterId ? counts.counts : null,
    sheet: sheet && sheet.chapterId === chapterId ? { paragraph: sheet.paragraph } : null,
    openSheet,
    closeSheet,
    posted,
  };
}
