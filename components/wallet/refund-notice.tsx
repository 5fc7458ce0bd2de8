import { MSG } from '@/lib/shared/messages';

/** Shown wherever a payment starts: recharged coins and VIP are non-refundable (docs/wallet.md "Units"). */
export function RefundNotice() {
  return (
    <p className="refund-notice" data-testid="refund-notice">
      <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-6h2zm0-8h-2V7h2z" fill="currentColor" />
      </svg>
      <span>{MSG.nonRefundable}</span>
    </p>
  );
}
