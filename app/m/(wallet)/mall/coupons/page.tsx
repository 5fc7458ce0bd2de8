import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { connection } from 'next/server';
import { cachedFlags } from '@/lib/server/config/flags-cache';
import { listMallCoupons } from '@/lib/server/wallet/coupon-mall';
import { paymentAvailability } from '@/lib/shared/payment-availability';
import { ACTIVITY_MSG as T } from '@/lib/shared/activity-text';
import { CouponMall, CouponMallLinks } from '@/components/activity/coupon-mall';
import { PageHead, rechargeUrl } from '@/components/wallet/page-head';
import { pageMember } from '../../_lib/page-member';
import '@/components/activity/activity.css';

export const metadata: Metadata = { title: '领券中心', robots: { index: false } };

const PATH = '/m/mall/coupons';

/** /m/mall/coupons (docs/activity-pages.md "Coupon mall"): recharge coupons on offer, one per member while stock lasts. */
export default async function CouponMallPage() {
  await connection();
  const { member, guard } = await pageMember(PATH);
  if (!member) return guard;
  // The iOS messaging app may hide every way to recharge (docs/shell.md "Payment availability and recharge doors").
  const { showRechargeNav } = paymentAvailability((await headers()).get('user-agent'), cachedFlags());
  const coupons = await listMallCoupons(member.id);
  return (
    <div className="page a-page">
      <PageHead title={T.couponsTitle} />
      <p className="muted small w-lead">{T.couponLead}</p>
      <CouponMall memberKey={String(member.id)} initial={coupons} />
      <CouponMallLinks rechargeHref={rechargeUrl(PATH)} showRecharge={showRechargeNav} />
    </div>
  );
}
