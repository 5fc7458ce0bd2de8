import type { Metadata } from 'next';
import { connection } from 'next/server';
import { VipPage } from '@/components/wallet/vip-page';
import { vipPageData } from '../_lib/vip-data';

// The mini-program and in-app entry: the same page in its compact variant; not for search engines (/m/vip is).
export const metadata: Metadata = { title: '开通VIP会员', robots: { index: false }, alternates: { canonical: '/m/vip' } };

export default async function VipCompact() {
  await connection();
  const data = await vipPageData('/m/vip-m');
  return <VipPage {...data} returnPath="/m/vip-m" compact />;
}
