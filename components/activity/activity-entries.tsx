'use client';

import { IntentLink as Link } from '@/components/ui/intent-link';
import type { ActivitySummary } from '@/lib/shared/dto/activity';
import { ACTIVITY_MSG as T } from '@/lib/shared/activity-text';
import { useActivitySummary } from '@/lib/client/swr/use-activity';
import { WHEEL_PATH } from './wheel-path';

/**
 * 活动中心's two entries (docs/activity-pages.md "Activity centre"): the prize wheel with the chances waiting, and
 * the coupon mall. The chances line has its height from the first paint.
 */
export function ActivityEntries({ initial }: { initial?: ActivitySummary }) {
  const { data } = useActivitySummary(true, initial);
  return (
    <nav className="a-entries" aria-label="活动入口">
      <a href={WHEEL_PATH} className="a-entry a-entry-wheel">
        <span className="a-entry-title">{T.wheelEntry}</span>
        <span className="a-entry-lead" data-testid="wheel-chances">
          {data ? T.chancesWaiting(data.chances) : T.wheelEntryLead}
        </span>
      </a>
      <Link href="/m/mall/coupons" className="a-entry a-entry-coupons">
        <span className="a-entry-title">{T.couponEntry}</span>
        <span className="a-entry-lead">{T.couponEntryLead}</span>
      </Link>
    </nav>
  );
}
