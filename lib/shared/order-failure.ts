import { MSG } from './messages';

/**
 * Why /orders/create could not open an order, as a short key in the URL of /orders/failed: the page shows our own
 * text for the key, so nobody can make this site display words of their choosing.
 */
export const ORDER_FAILURES = {
  sold_out: MSG.soldOut,
  coupon: MSG.couponUnusable,
  coupon_missing: MSG.couponMissing,
  minor_consent: MSG.minorNeedsConsent,
  minor_cap: '已超出未成年人充值限额（单笔或本月），请联系监护人',
  minor_no_pay: MSG.minorNoPay,
  product: '商品不存在或已下架',
  whole_book: '全本购买请使用书币支付',
  other: '下单失败，请稍后重试',
} as const;

export type OrderFailure = keyof typeof ORDER_FAILURES;

export function orderFailureFor(message: string): OrderFailure {
  if (message.startsWith('未成年人单笔') || message.startsWith('未成年人本月')) return 'minor_cap';
  const hit = (Object.entries(ORDER_FAILURES) as Array<[OrderFailure, string]>).find(([, text]) => text === message);
  if (hit) return hit[0];
  return message === '商品不存在' ? 'product' : 'other';
}
