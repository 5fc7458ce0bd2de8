import type { Metadata } from 'next';
import { connection } from 'next/server';
import { VipPage } from '@/components/wallet/vip-page';
import { vipPageData } from '../_lib/vip-data';

export const metadata: Metadata = {
  title: '开通VIP会员',
  description: 'VIP免费读、阅读无广告、关闭游戏推荐、赠短剧VIP。包年、半年、包月套餐。',
};

export default async function Vip() {
  await connection();
  const data = await vipPageData('/m/vip');
  return <VipPage {...data} returnPath="/m/vip" />;
}
