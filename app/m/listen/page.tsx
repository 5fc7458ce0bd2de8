import { ChapterMissing } from '@/components/listen/chapter-missing';

/** /m/listen without an article id (docs/listening.md "Listen page"): 章节不存在. */
export default function ListenWithoutArticle() {
  return <ChapterMissing />;
}

// Renders per request until its request-bound parts sit behind Suspense: allowed to block (docs/architecture.md
// "Caching").
export const instant = false;
