import type { Metadata } from 'next';
import { connection } from 'next/server';
import { couponStats, listMemberCoupons } from '@/lib/server/wallet/coupons';
import { PAGE_SIZE } from '@/lib/shared/constants';
import { COUPON_STATUSES } from '@/lib/shared/dto/wallet-records';
import { readEnum, type SearchParams } from '@/lib/shared/page-params';
import { CouponList } from '@/components/wallet/coupon-list';
import { PageHead, rechargeUrl } from '@/components/wallet/page-head';
import { StatusTabs } from '@/components/wallet/status-tabs';
import { pageMember } from '../../_lib/page-member';

export const metadata: Metadata = { title: '我的优惠券', robots: { index: false } };

const PATH = '/m/mall/vouchers-inline';

export default async function MyCouponsPage({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  const { member, guard } = await pageMember(PATH);
  if (!member) return guard;
  const status = readEnum((await searchParams).status, COUPON_STATUSES, 'usable');
  const now = new Date();
  const [stats, coupons] = await Promise.all([couponStats(member.id, now), listMemberCoupons(member.id, status, 0, PAGE_SIZE.list, now)]);
  const tabs = [
    ['usable', `可使用(${stats.usable})`],
    ['used', `已使用(${stats.used})`],
    ['expired', `已过期(${stats.expired})`],
  ] as const;
  return (
    <div className="page">
      <PageHead title="我的优惠券" />
      <p className="muted small w-lead">充值满指定金额时可用，每次充值限用一张。</p>
      <StatusTabs basePath={PATH} tabs={tabs} current={status} label="优惠券状态" />
      <CouponList
        key={status}
        initial={coupons}
        status={status}
        limit={PAGE_SIZE.list}
        now={now.getTime()}
        useHref={rechargeUrl(PATH)}
        emptyAction={{ href: '/m/mall/coupons', label: '去领券' }}
      />
    </div>
  );
}
