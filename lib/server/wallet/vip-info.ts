import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { products } from '../db/schema';
import { latestPaidOrder, type OrderDto } from './orders';
import { toProductDto, type ProductDto } from './products';
import { getPeriodState } from './vip';

const MONTH_DAYS = 30;

export interface MonthVipInfo {
  product: ProductDto | null;
  is_paid: boolean;
  vip_expires_at: string | null;
  short_drama_expires_at: string | null;
  ad_free: boolean;
}

/** GET /v1/products/get_month_vip_info: the month plan on sale and where this reader's VIP, short-drama VIP and ad removal stand. */
export async function monthVipInfo(memberId: number | null, now = new Date()): Promise<MonthVipInfo> {
  const [month] = await getDb()
    .select()
    .from(products)
    .where(and(eq(products.productType, 'vip'), eq(products.validDays, MONTH_DAYS), eq(products.active, true)))
    .orderBy(asc(products.sort))
    .limit(1);
  const product = month ? toProductDto(month) : null;
  if (!memberId) return { product, is_paid: false, vip_expires_at: null, short_drama_expires_at: null, ad_free: false };
  const [vip, drama, adFree] = await Promise.all([
    getPeriodState(memberId, 'vip', getDb(), now),
    getPeriodState(memberId, 'short_drama', getDb(), now),
    getPeriodState(memberId, 'ad_free', getDb(), now),
  ]);
  return {
    product,
    is_paid: vip.active,
    vip_expires_at: vip.active ? vip.expires_at : null,
    short_drama_expires_at: drama.active ? drama.expires_at : null,
    ad_free: adFree.active || vip.active,
  };
}

/** GET /v1/products/get_month_vip_latest_recharge_order: the member's latest paid month-VIP order, or null. */
export function latestMonthVipOrder(memberId: number): Promise<OrderDto | null> {
  return latestPaidOrder(memberId, 'vip', MONTH_DAYS);
}
