'use client';

import type { ReadChapter } from '@/lib/shared/dto/reading';
import { AdSlot } from '../ads/ad-slot';
import { GameSlot } from '../games/game-slot';
import { ChapterEnd } from './chapter-end';
import { readUrl } from '@/lib/client/reader/use-reader-chapter';
import { useModalStore } from '@/lib/client/stores/modal-store';

/**
 * Under an open chapter's last paragraph: its end (本章说, 打赏, the way on), the game slot (docs/games.md "Slots") and
 * one ad (docs/ads.md "Ads and placements"), asked afresh for each chapter. The slots are frames of fixed height
 * whose content loads only when they near the screen.
 */
export function ChapterFoot({
  chapter,
  busy,
  onGo,
  onCatalogue,
  commentCount,
  onComments,
}: {
  chapter: ReadChapter;
  busy: boolean;
  onGo: (id: number) => void;
  onCatalogue: () => void;
  commentCount: number | null;
  onComments: () => void;
}) {
  return (
    <>
      <ChapterEnd
        chapter={chapter}
        busy={busy}
        onGo={onGo}
        onCatalogue={onCatalogue}
        commentCount={commentCount}
        onComments={onComments}
        onTip={() => useModalStore.getState().open('gift', { novelId: chapter.novel_id, chapterId: chapter.id, scene: 'reader' })}
        after={<GameSlot languageType={chapter.novel.language_type} returnPath={readUrl(chapter)} />}
      />
      <AdSlot key={chapter.id} placement="chapter_end" languageType={chapter.novel.language_type} />
    </>
  );
}
