import 'server-only';
/** Our out_trade_no for an order: the prefix, then the id zero-padded to 8 (WeChat wants 6–32 characters). */
export function outTradeNo(prefix: string, orderId: number): string {
  return `${prefix}${String(orderId).padStart(8, '0')}`;
}

/** The order id inside one of our out_trade_no; null for anyone else's. */
export function orderIdOf(prefix: string, tradeNo: unknown): number | null {
  if (typeof tradeNo !== 'string' || !tradeNo.startsWith(prefix)) return null;
  const rest = tradeNo.slice(prefix.length);
  if (!/^\d{1,12}$/.test(rest)) return null;
  const id = Number(rest);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}
