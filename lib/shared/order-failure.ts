import { MSG } from './messages';
import { PAY_TEXT } from './payment-text';
import { MINORS_TEXT } from './minors-text';

/**
 * Why /orders/create could not open an order, as a short key in the URL of /orders/failed: the page shows our own
 * text for the key, so nobody can make this site display words of their choosing. The wallet sets the key on the
 * error it throws (ApiError.reason), so nothing here reads message text (docs/wallet-orders.md).
 */
export const ORDER_FAILURES = {
  sold_out: MSG.soldOut,
  coupon: MSG.couponUnusable,
  coupon_missing: MSG.couponMissing,
  minor_consent: MSG.minorNeedsConsent,
  minor_cap: MSG.orderMinorCap,
  minor_no_pay: MSG.minorNoPay,
  minors_mode: MINORS_TEXT.refusedPay,
  product: MSG.orderProductGone,
  whole_book: MSG.orderWholeBook,
  limited_pending: MSG.orderLimitedPending,
  busy: MSG.orderBusy,
  provider: PAY_TEXT.providerUnavailable,
  provider_failed: PAY_TEXT.providerFailed,
  other: MSG.orderFailed,
} as const;

export type OrderFailure = keyof typeof ORDER_FAILURES;

/** The /orders/failed key for a refusal's typed reason; one without a reason is 'other'. */
export function orderFailureFor(reason: OrderFailure | undefined): OrderFailure {
  return reason && reason in ORDER_FAILURES ? reason : 'other';
}
