import type { Metadata } from 'next';
import { connection } from 'next/server';
import { listPrizeRecords } from '@/lib/server/activity/lottery-queries';
import { PRIZES_LIMIT } from '@/lib/shared/activity';
import { ACTIVITY_MSG as T } from '@/lib/shared/activity-text';
import { PrizeRecords } from '@/components/activity/prize-records';
import { PageHead } from '@/components/wallet/page-head';
import { pageMember } from '../../_lib/page-member';
import '@/components/activity/activity.css';

export const metadata: Metadata = { title: '我的奖品', robots: { index: false } };

/** /m/mall/prizes (docs/activity-pages.md "My prizes and draws"): the prizes the member won on the wheel. */
export default async function PrizesPage() {
  await connection();
  const { member, guard } = await pageMember('/m/mall/prizes');
  if (!member) return guard;
  const first = await listPrizeRecords(member.id, 0, PRIZES_LIMIT);
  return (
    <div className="page a-page">
      <PageHead title={T.prizesTitle} />
      <PrizeRecords kind="prizes" initial={first} />
    </div>
  );
}
