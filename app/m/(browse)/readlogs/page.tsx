import type { Metadata } from 'next';
import { IntentLink as Link } from '@/components/ui/intent-link';
import { connection } from 'next/server';
import { currentMember } from '@/lib/server/accounts/session-member';
import { listReadLogs } from '@/lib/server/reading/readlogs';
import { PAGE_SIZE } from '@/lib/shared/constants';
import { SERVER_MSG } from '@/lib/server/messages';
import { readReadType, type SearchParams } from '@/lib/shared/page-params';
import { HistoryList } from '@/components/shelf/history-list';
import { ReadTypeTabs } from '@/components/shelf/read-type-tabs';
import { SessionGone } from '@/components/shelf/session-gone';
import { PageBar } from '@/components/shell/page-bar';

export const metadata: Metadata = { title: '阅读记录', robots: { index: false } };

export default async function ReadLogsPage({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  const member = await currentMember();
  if (!member) return <SessionGone path="/m/readlogs" />;
  const readType = readReadType((await searchParams).read_type);
  const first = await listReadLogs(member.id, readType, 0, PAGE_SIZE.list);
  return (
    <div className="page">
      <PageBar title={SERVER_MSG.historyTitle} parent="/m/shelf" action={<Link href="/m/shelf">{SERVER_MSG.shelfTitle}</Link>} />
      <HistoryList key={readType} initial={first} readType={readType} tabs={<ReadTypeTabs base="/m/readlogs" current={readType} />} />
    </div>
  );
}
