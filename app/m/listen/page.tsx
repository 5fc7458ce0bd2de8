import { ChapterMissing } from '@/components/listen/chapter-missing';

/** /m/listen without an article id (docs/listening.md "Listen page"): 章节不存在. */
export default function ListenWithoutArticle() {
  return <ChapterMissing />;
}
