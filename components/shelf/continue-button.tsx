'use client';

import { IntentLink as Link } from '@/components/ui/intent-link';
import { useNovelPosition } from '@/lib/client/swr/use-reading-position';
import { MSG } from '@/lib/shared/messages';
import { readerHref } from '@/lib/shared/reader-links';

/**
 * The novel page's main button: "开始阅读" (chapter 1) as rendered for everyone, turning into "继续阅读 第N章"
 * at the exact chapter and paragraph once the reader's position is known. One line, full width: the label
 * changes, the box does not.
 */
export function ContinueButton({ novelId, firstArticleId }: { novelId: number; firstArticleId: number }) {
  const position = useNovelPosition(novelId);
  const href = position ? readerHref(novelId, position.aid, position.idx) : readerHref(novelId, firstArticleId);
  const label = position ? (position.chapter ? MSG.continueChapter(position.chapter) : MSG.continueReading) : MSG.startReading;
  return (
    <Link className="button button-primary continue-button" href={href}>
      {label}
    </Link>
  );
}
