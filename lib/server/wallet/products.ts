import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { products } from '../db/schema';
import { ApiError } from '../core/errors';
import { CODES } from '@/lib/shared/dto/envelope';
import { SERVER_MSG } from '../messages';
import { MSG } from '@/lib/shared/messages';
import type { ProductDto, ProductQuota } from '@/lib/shared/dto/shop';
import { quotaStates } from './quota';

export type { ProductDto };

export function toProductDto(p: typeof products.$inferSelect, quota: ProductQuota | null = null): ProductDto {
  return {
    id: p.id,
    product_type: p.productType,
    name: p.name,
    price: p.price,
    welth: p.welth,
    reward_welth: p.rewardWelth,
    reward_welth_coupon: p.rewardWelthCoupon,
    extra_reward_coupon: p.extraRewardCoupon,
    extra_reward_coupon_valid_days: p.extraRewardCouponValidDays,
    valid_days: p.validDays,
    extra_drama_days: p.extraDramaDays,
    // VIP products show a price per day, in cents, rounded up (docs/wallet.md "Products and VIP").
    daily_price: p.productType === 'vip' && p.validDays > 0 ? Math.ceil(p.price / p.validDays) : null,
    daily_quota: p.dailyQuota,
    novel_id: p.novelId,
    quota,
    sold_out_text: quota?.sold_out ? MSG.soldOut : null,
  };
}

export async function listProducts(productType?: string): Promise<ProductDto[]> {
  const rows = await getDb()
    .select()
    .from(products)
    .where(and(eq(products.active, true), productType ? eq(products.productType, productType) : undefined))
    .orderBy(asc(products.sort), asc(products.id));
  const quotas = await quotaStates(rows);
  return rows.map((p) => toProductDto(p, quotas.get(p.id) ?? null));
}

/** One product as the shop shows it, with today's slots when it is limited. */
export async function getProductDto(id: number): Promise<ProductDto> {
  const row = await getProductOrThrow(id);
  return toProductDto(row, (await quotaStates([row])).get(row.id) ?? null);
}

export async function getProductOrThrow(id: number): Promise<typeof products.$inferSelect> {
  const [row] = await getDb()
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.active, true)));
  if (!row) throw new ApiError(CODES.notFound, SERVER_MSG.productNotFound, undefined, 'product');
  return row;
}
