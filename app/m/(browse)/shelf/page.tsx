import type { Metadata } from 'next';
import { IntentLink as Link } from '@/components/ui/intent-link';
import { connection } from 'next/server';
import { currentMember } from '@/lib/server/accounts/session-member';
import { listFavorites } from '@/lib/server/reading/favorites';
import { PAGE_SIZE } from '@/lib/shared/constants';
import { SERVER_MSG } from '@/lib/server/messages';
import { readReadType, type SearchParams } from '@/lib/shared/page-params';
import { ReadTypeTabs } from '@/components/shelf/read-type-tabs';
import { ShelfList } from '@/components/shelf/shelf-list';
import { SessionGone } from '@/components/shelf/session-gone';
import { OFFLINE_TEXT } from '@/lib/shared/offline-text';

export const metadata: Metadata = { title: '书架', robots: { index: false } };

export default async function ShelfPage({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  const member = await currentMember();
  if (!member) return <SessionGone path="/m/shelf" />;
  const readType = readReadType((await searchParams).read_type);
  const first = await listFavorites(member.id, readType, 0, PAGE_SIZE.list);
  return (
    <div className="page">
      <header className="page-header">
        <h1 className="page-title">{SERVER_MSG.shelfTitle}</h1>
        <span className="shelf-links">
          <Link href="/m/downloads" className="section-more">
            {OFFLINE_TEXT.pageTitle}
          </Link>{' '}
          <Link href="/m/readlogs" className="section-more">
            {SERVER_MSG.historyTitle}
          </Link>
        </span>
      </header>
      <ShelfList key={readType} initial={first} readType={readType} tabs={<ReadTypeTabs base="/m/shelf" current={readType} />} />
    </div>
  );
}
