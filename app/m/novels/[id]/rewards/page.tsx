import type { Metadata } from 'next';
import { connection } from 'next/server';
import { getTipsSum, listTips, listTopTippers } from '@/lib/server/wallet/tips-queries';
import { listFans } from '@/lib/server/wallet/fans';
import { PAGE_SIZE } from '@/lib/shared/constants';
import { FanPage } from '@/components/novel/fan-page';
import { novelForPage } from '../novel-page-data';
import { PageBar } from '@/components/shell/page-bar';

export const metadata: Metadata = { title: '打赏榜', robots: { index: false } };

/**
 * The novel's fan page (docs/gifts-votes-pages.md "Fan page"): rendered here from the same reads the /v1 calls answer,
 * then kept fresh in the browser (FanPage), so a tip shows up without a reload.
 */
export default async function RewardsPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const novel = (await novelForPage((await params).id))!;
  const [top, sum, tips, fans] = await Promise.all([
    listTopTippers(novel.id, 3),
    getTipsSum(novel.id),
    listTips(novel.id, 0, PAGE_SIZE.rewards),
    listFans(novel.id, 0, PAGE_SIZE.rewards),
  ]);
  return (
    <div className="page">
      <PageBar title="打赏榜" parent={`/m/novels/${novel.id}`} />
      <FanPage novelId={novel.id} initial={{ top, sum, tips, fans }} />
    </div>
  );
}
