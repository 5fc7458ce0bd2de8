'use client';

import type { Paged, VoucherLotRecord, VoucherLotStatus } from '@/lib/shared/dto/wallet-records';
import { formatBusinessTime } from '@/lib/shared/business-time';
import { EXPIRING_SOON_DAYS, expiryText } from '@/lib/shared/wallet-text';
import { EmptyState } from './empty-state';
import { Pager } from './pager';
import { useMore } from '@/lib/client/use-more';

const EMPTY: Record<VoucherLotStatus, string> = { active: '暂无可用书券', expired: '没有过期的书券', used: '没有用完的书券' };

function LotState({ lot, now }: { lot: VoucherLotRecord; now: number }) {
  if (lot.status === 'active') {
    const soon = new Date(lot.expires_at).getTime() - now < EXPIRING_SOON_DAYS * 86_400_000;
    return <strong className={soon ? 'w-countdown w-soon' : 'w-countdown'}>{expiryText(lot.expires_at, now)}</strong>;
  }
  if (lot.status === 'expired') return <span className="muted">已过期</span>;
  return <span className="muted">已用完</span>;
}

/**
 * /m/vouchers: voucher lots of one tab (GET /v1/my/voucher_lots). `now` comes from the server render, so the
 * countdown text the server sent and the one the browser hydrates are the same.
 */
export function VoucherLotList({
  initial,
  status,
  limit,
  now,
  emptyAction,
}: {
  initial: Paged<VoucherLotRecord>;
  status: VoucherLotStatus;
  limit: number;
  now: number;
  emptyAction?: { href: string; label: string };
}) {
  const { items, hasmore, loading, more } = useMore(initial, { kind: 'voucher-lots' }, { status }, limit);
  if (!items.length) return <EmptyState text={EMPTY[status]} action={status === 'active' ? emptyAction : undefined} />;
  return (
    <>
      <ul className="w-records" aria-label="书券">
        {items.map((lot) => (
          <li key={lot.id} className="w-record">
            <div className="w-record-main">
              <span className="w-record-title">
                {lot.title} <span className="w-lot-amount">{lot.amount}书券</span>
              </span>
              <span className="muted small">
                {status === 'active' ? `剩余${lot.remaining} · ` : ''}
                {formatBusinessTime(lot.expires_at)} 到期
              </span>
            </div>
            <div className="w-record-side">
              <LotState lot={lot} now={now} />
            </div>
          </li>
        ))}
      </ul>
      <Pager hasmore={hasmore} loading={loading} onMore={more} />
    </>
  );
}
