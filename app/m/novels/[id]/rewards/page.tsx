import type { Metadata } from 'next';
import { connection } from 'next/server';
import { getTipsSum, listTips, listTopTippers } from '@/lib/server/social/tips-queries';
import { PAGE_SIZE } from '@/lib/shared/constants';
import { TopTippers } from '@/components/novel/top-tippers';
import { novelForPage } from '../novel-page-data';
import { PageBar } from '@/components/shell/page-bar';

export const metadata: Metadata = { title: '打赏榜', robots: { index: false } };

export default async function RewardsPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const novel = (await novelForPage((await params).id))!;
  const [top, sum, records] = await Promise.all([
    listTopTippers(novel.id, 3),
    getTipsSum(novel.id),
    listTips(novel.id, 0, PAGE_SIZE.rewards),
  ]);
  return (
    <div className="page">
      <PageBar title="打赏榜" parent={`/m/novels/${novel.id}`} />
      <p className="muted">
        累计 {sum.sum} 书币 · {sum.count} 次打赏
      </p>
      {top.length ? <TopTippers tippers={top} variant="podium" /> : null}
      {records.data.length ? (
        <ul className="tip-list">
          {records.data.map((r) => (
            <li key={r.id}>
              <img src={r.headimgurl} alt="" width={36} height={36} className="avatar" />
              <span>
                <strong>{r.nickname}</strong> 送出 {r.giftname} ×{r.giftamount}
              </span>
              <img src={r.giftimgurl} alt="" width={28} height={28} />
              <span className="muted small">{r.createdat}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty">还没有打赏记录</p>
      )}
    </div>
  );
}
