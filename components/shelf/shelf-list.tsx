'use client';

import type { ReactNode } from 'react';
import { Cover } from '@/components/novel/cover';
import { PAGE_SIZE } from '@/lib/shared/constants';
import type { FavoriteItem, ListPage, ReadType } from '@/lib/shared/dto/shelf';
import { MSG } from '@/lib/shared/messages';
import { listenHref, readerHref } from '@/lib/shared/reader-links';
import { EditableList, type RowView } from './editable-list';
import { UpdateBadge } from './update-badge';

/** Where a shelf entry opens: the spot the reader left, or /m/show (chapter 1) when never read. */
export function favoriteHref(item: FavoriteItem): string {
  if (!item.last_read_id) return `/m/show/${item.id}`;
  return item.read_type === 2 ? listenHref(item.last_read_id) : readerHref(item.id, item.last_read_id, item.lastReadParagraph ?? 0);
}

function view(item: FavoriteItem): RowView {
  // <bdi>: a right-to-left (Uyghur) chapter title keeps its own order after the Chinese label.
  const progress = item.lastReadTitle ? (
    <>
      {item.read_type === 2 ? MSG.listenTo : MSG.readTo}
      <bdi>{item.lastReadTitle}</bdi>
    </>
  ) : (
    MSG.unread
  );
  return {
    href: favoriteHref(item),
    title: item.title,
    content: (
      <>
        <Cover src={item.thumb} tag={item.cover_tag} width={60} height={80} />
        <span className="shelf-body">
          <span className="shelf-title-row">
            <span className="shelf-title" dir="auto">
              {item.title}
            </span>
            {item.isUpdated ? <UpdateBadge count={item.updateCount} /> : null}
          </span>
          <span className="shelf-progress">{progress}</span>
          <span className="shelf-meta">
            {item.status === 1 ? '完结' : '连载中'} · 共{item.count}章
          </span>
        </span>
      </>
    ),
  };
}

export function ShelfList({ initial, readType, tabs }: { initial: ListPage<FavoriteItem>; readType: ReadType; tabs: ReactNode }) {
  return (
    <EditableList
      initial={initial}
      kind="favorites"
      readType={readType}
      limit={PAGE_SIZE.list}
      removeHint={MSG.shelfRemoveHint}
      keyOf={(item) => item.id}
      view={view}
      tabs={tabs}
      empty={MSG.shelfEmpty}
    />
  );
}
