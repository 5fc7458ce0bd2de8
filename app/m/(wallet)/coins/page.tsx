import type { Metadata } from 'next';
import { IntentLink as Link } from '@/components/ui/intent-link';
import { connection } from 'next/server';
import { getBalance } from '@/lib/server/wallet/accounts';
import { listOrders } from '@/lib/server/wallet/orders';
import { PAGE_SIZE } from '@/lib/shared/constants';
import { OrderList } from '@/components/wallet/order-list';
import { PageHead, rechargeUrl } from '@/components/wallet/page-head';
import { pageMember } from '../_lib/page-member';

export const metadata: Metadata = { title: '充值记录', robots: { index: false } };

export default async function CoinsPage() {
  await connection();
  const { member, guard } = await pageMember('/m/coins');
  if (!member) return guard;
  const [balance, orders] = await Promise.all([getBalance(member.id), listOrders(member.id, 0, PAGE_SIZE.list)]);
  const recharge = rechargeUrl('/m/coins');
  return (
    <div className="page">
      <PageHead title="充值记录" />
      <section className="w-summary" aria-label="书币余额">
        <div>
          <span className="muted small">书币余额</span>
          <strong className="w-summary-value" data-testid="coins-balance">
            {balance.welth}
          </strong>
        </div>
        <Link href={recharge} className="button button-primary">
          去充值
        </Link>
      </section>
      <OrderList initial={orders} limit={PAGE_SIZE.list} emptyAction={{ href: recharge, label: '去充值' }} />
    </div>
  );
}
