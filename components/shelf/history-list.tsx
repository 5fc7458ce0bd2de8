'use client';

import type { ReactNode } from 'react';
import { Cover } from '@/components/novel/cover';
import { removeLocal } from '@/lib/client/local-history';
import { PAGE_SIZE } from '@/lib/shared/constants';
import type { ListPage, ReadLogItem, ReadType } from '@/lib/shared/dto/shelf';
import { MSG } from '@/lib/shared/messages';
import { listenHref, readerHref } from '@/lib/shared/reader-links';
import { EditableList, type RowView } from './editable-list';
import { UpdateBadge } from './update-badge';

/** Text opens the chapter at the paragraph reached; audio the listen page at the second reached. */
export function readLogHref(item: ReadLogItem): string {
  return item.read_type === 2 ? listenHref(item.aid, item.time_track) : readerHref(item.nid, item.aid, item.idx);
}

function view(item: ReadLogItem): RowView {
  return {
    href: readLogHref(item),
    title: item.title,
    content: (
      <>
        <Cover src={item.thumb} tag={item.cover_tag} width={60} height={80} />
        <span className="shelf-body">
          <span className="shelf-title-row">
            <span className="shelf-title" dir="auto">
              {item.title}
            </span>
            <UpdateBadge count={item.updateCount} />
          </span>
          <span className="shelf-progress">
            {item.read_type === 2 ? MSG.listenTo : MSG.readTo}
            <bdi>{item.article}</bdi>
          </span>
          <span className="shelf-meta">{item.readAt}</span>
        </span>
      </>
    ),
  };
}

export function HistoryList({ initial, readType, tabs }: { initial: ListPage<ReadLogItem>; readType: ReadType; tabs: ReactNode }) {
  return (
    <EditableList
      initial={initial}
      kind="readlogs"
      readType={readType}
      limit={PAGE_SIZE.list}
      removeHint={MSG.historyRemoveHint}
      keyOf={(item) => item.nid}
      view={view}
      tabs={tabs}
      empty={MSG.historyEmpty}
      // A copy kept in this browser would otherwise bring the novel back on the next sign-in.
      onRemoved={readType === 1 ? removeLocal : undefined}
    />
  );
}
