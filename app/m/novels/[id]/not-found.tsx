import { NotFoundView } from '@/components/shell/not-found-view';

/** A novel id that does not exist (also /m/show/{nid}): the shared not-found page, worded for a book. */
export default function NovelNotFound() {
  return <NotFoundView title="这本书不存在" body="可能链接有误，或作品已被删除。" />;
}
