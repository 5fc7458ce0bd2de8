import { ChapterMissing } from '@/components/listen/chapter-missing';

/** /m/listen without an article id (spec §5): 章节不存在. */
export default function ListenWithoutArticle() {
  return <ChapterMissing />;
}
