import type { Metadata } from 'next';
import { connection } from 'next/server';
import { listGameLogs } from '@/lib/server/activity/lottery-queries';
import { PRIZES_LIMIT } from '@/lib/shared/activity';
import { ACTIVITY_MSG as T } from '@/lib/shared/activity-text';
import { PrizeRecords } from '@/components/activity/prize-records';
import { PageHead } from '@/components/wallet/page-head';
import { pageMember } from '../_lib/page-member';
import '@/components/activity/activity.css';

export const metadata: Metadata = { title: '抽奖记录', robots: { index: false } };

/** /m/gamelogs (docs/activity-pages.md "My prizes and draws"): every draw and its result, 谢谢参与 included. */
export default async function GamelogsPage() {
  await connection();
  const { member, guard } = await pageMember('/m/gamelogs');
  if (!member) return guard;
  const first = await listGameLogs(member.id, 0, PRIZES_LIMIT);
  return (
    <div className="page a-page">
      <PageHead title={T.gamelogsTitle} />
      <PrizeRecords kind="gamelogs" initial={first} />
    </div>
  );
}
