'use client';

import { IntentLink as Link } from '@/components/ui/intent-link';
import type { ConsumeRecord, Paged } from '@/lib/shared/dto/wallet-records';
import { EmptyState } from './empty-state';
import { Pager } from './pager';
import { useMore } from '@/lib/client/use-more';

/** "-12书币 -5书券": what one record took, coins and vouchers apart. */
export function consumeAmount(r: ConsumeRecord): string {
  const parts: string[] = [];
  if (r.welth) parts.push(`-${r.welth}书币`);
  if (r.welth_coupon) parts.push(`-${r.welth_coupon}书券`);
  return parts.join(' ') || '0';
}

/** Where a record leads: a bought chapter opens in the reader, anything else about a book opens the book. */
function recordHref(r: ConsumeRecord): string | null {
  if (r.chapter_id && r.novel_id) return `/m/read/${r.chapter_id}?nid=${r.novel_id}`;
  return r.novel_id ? `/m/novels/${r.novel_id}` : null;
}

/** /m/expenses: what the coins and vouchers went on (GET /v1/my/consumes). A record about a book links to it. */
export function ConsumeList({ initial, limit }: { initial: Paged<ConsumeRecord>; limit: number }) {
  const { items, hasmore, loading, more } = useMore(initial, { kind: 'consumes' }, {}, limit);
  if (!items.length) return <EmptyState text="还没有消费记录" action={{ href: '/m/library', label: '去书库看看' }} />;
  return (
    <>
      <ul className="w-records" aria-label="消费记录">
        {items.map((r) => {
          const body = (
            <>
              <div className="w-record-main">
                <span className="w-record-title">{r.title}</span>
                <span className="muted small">{r.created_at}</span>
              </div>
              <div className="w-record-side">
                <strong className={r.kind === 'expiry' ? 'w-amount muted' : 'w-amount'}>{consumeAmount(r)}</strong>
              </div>
            </>
          );
          const href = recordHref(r);
          return (
            <li key={r.id} className="w-record">
              {href ? (
                <Link href={href} className="w-record-link">
                  {body}
                </Link>
              ) : (
                body
              )}
            </li>
          );
        })}
      </ul>
      <Pager hasmore={hasmore} loading={loading} onMore={more} />
    </>
  );
}
