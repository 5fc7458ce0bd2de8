import { NotFoundView } from '@/components/shell/not-found-view';
import { MSG } from '@/lib/shared/messages';

/** An unknown chapter id on the listen page: 404 with the shared not-found page (docs/listening.md "Listen page"). */
export default function ListenChapterNotFound() {
  return <NotFoundView title={MSG.chapterMissing} body="链接可能有误，或章节已被删除。" />;
}
