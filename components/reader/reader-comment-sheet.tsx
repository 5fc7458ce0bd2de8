'use client';

// Opened on demand, with SWR and the comment list (docs/reading.md "Chapter and paragraph comments").
import { CommentSheetIsland as CommentSheet } from '@/components/community/comment-sheet-island';
import type { ReadChapter } from '@/lib/shared/dto/reading';

/** The chapter's comments (本章说), or one paragraph's (段评), in a bottom sheet over the reader. */
export function ReaderCommentSheet({
  chapter,
  paragraph,
  orphans,
  onClose,
  onPosted,
}: {
  chapter: ReadChapter;
  paragraph?: { index: number; text: string };
  orphans: number;
  onClose: () => void;
  onPosted: () => void;
}) {
  return (
    <CommentSheet
      key={`${chapter.id}:${paragraph?.index ?? 'chapter'}`}
      target={{
        novelId: chapter.novel_id,
        chapterId: chapter.id,
        paragraph,
        orphans,
        lang: chapter.novel.language_type === 0 ? 'ug' : chapter.novel.language_type === 2 ? 'bo' : 'zh-CN',
        dir: chapter.novel.dir,
      }}
      onClose={onClose}
      onPosted={onPosted}
    />
  );
}
