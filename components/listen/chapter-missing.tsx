'use client';

import { IntentLink as Link } from '@/components/ui/intent-link';
import { useEffect } from 'react';
import { toast } from '@/lib/client/stores/toast-store';
import { MSG } from '@/lib/shared/messages';

/** The listen page without a (known) article id: the 章节不存在 toast (docs/listening.md "Listen page"), and a way on. */
export function ChapterMissing() {
  useEffect(() => {
    toast(MSG.chapterMissing);
  }, []);
  return (
    <div className="center-page">
      <p className="muted">{MSG.chapterMissing}</p>
      <Link className="button" href="/m">
        返回首页
      </Link>
    </div>
  );
}
