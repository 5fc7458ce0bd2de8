'use client';

import { useLatestPosition } from '@/lib/client/swr/use-reading-position';
import { MSG } from '@/lib/shared/messages';
import { readerHref } from '@/lib/shared/reader-links';
import { FloatingContinue } from './floating-continue';

/** Home's "继续阅读《书名》": the newest position of the account or this browser, above the tab bar. */
export function ContinueBarBody() {
  const position = useLatestPosition();
  if (!position) return null;
  return (
    <FloatingContinue
      hiddenKey="continue-bar.hidden"
      href={readerHref(position.nid, position.aid, position.idx)}
      label={MSG.continueReading}
      title={position.title}
      detail={position.chapter ? `第${position.chapter}章` : null}
    />
  );
}
