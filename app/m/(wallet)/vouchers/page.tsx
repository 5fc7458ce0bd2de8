import type { Metadata } from 'next';
import { connection } from 'next/server';
import { getVoucherSummary, listVoucherLots } from '@/lib/server/wallet/voucher-lots';
import { PAGE_SIZE, VOUCHER_VALID_DAYS } from '@/lib/shared/constants';
import { VOUCHER_LOT_STATUSES } from '@/lib/shared/dto/wallet-records';
import { readEnum, type SearchParams } from '@/lib/shared/page-params';
import { EXPIRING_SOON_DAYS } from '@/lib/shared/wallet-text';
import { PageHead, rechargeUrl } from '@/components/wallet/page-head';
import { StatusTabs } from '@/components/wallet/status-tabs';
import { VoucherLotList } from '@/components/wallet/voucher-lot-list';
import { pageMember } from '../_lib/page-member';

export const metadata: Metadata = { title: '我的书券', robots: { index: false } };

const TABS = [
  ['active', '可使用'],
  ['expired', '已过期'],
  ['used', '已用完'],
] as const;

export default async function VouchersPage({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  const { member, guard } = await pageMember('/m/vouchers');
  if (!member) return guard;
  const status = readEnum((await searchParams).status, VOUCHER_LOT_STATUSES, 'active');
  const now = new Date();
  const [summary, lots] = await Promise.all([
    getVoucherSummary(member.id, now),
    listVoucherLots(member.id, status, 0, PAGE_SIZE.list, now),
  ]);
  return (
    <div className="page">
      <PageHead title="我的书券" />
      <section className="w-summary" aria-label="可用书券">
        <div>
          <span className="muted small">可用书券</span>
          <strong className="w-summary-value" data-testid="usable-vouchers">
            {summary.usable}
          </strong>
          {summary.expiring_soon ? (
            <span className="w-soon small">
              {summary.expiring_soon}书券将在{EXPIRING_SOON_DAYS}天内过期
            </span>
          ) : null}
        </div>
      </section>
      <p className="muted small w-lead">
        书券一般自发放起{VOUCHER_VALID_DAYS}天内有效（以每笔的到期时间为准），消费时优先使用最早到期的书券，1书券抵1书币。
      </p>
      <StatusTabs basePath="/m/vouchers" tabs={TABS} current={status} label="书券状态" />
      <VoucherLotList
        key={status}
        initial={lots}
        status={status}
        limit={PAGE_SIZE.list}
        now={now.getTime()}
        emptyAction={{ href: rechargeUrl('/m/vouchers'), label: '去充值领书券' }}
      />
    </div>
  );
}
