import './zod-locale';
import { z } from 'zod';
import { idSchema } from './common';

const readType = z.union([z.literal(1), z.literal(2)], { error: 'read_type 只能是 1 或 2' });

export const favoriteBody = z.object({ nid: idSchema, read_type: readType.optional().transform((v) => v ?? 1) });
export const favoriteDeleteQuery = z.object({ nid: idSchema, read_type: z.enum(['1', '2'], { error: 'read_type 只能是 1 或 2' }).optional().transform((v) => Number(v ?? 1)) });
export const favoriteStatusQuery = z.object({ read_type: z.enum(['1', '2']).optional().transform((v) => Number(v ?? 1)) });

export const articleParams = z.object({ id: idSchema });
export const buyBody = z.object({ aid: idSchema });

export const productsQuery = z.object({ product_type: z.enum(['recharge', 'vip', 'ad_removal', 'whole_book', 'short_drama'], { error: '商品类型不正确' }).optional() });
export const productParams = z.object({ id: idSchema });
export const notificationBody = z.object({
  order_id: idSchema,
  notification_id: z.string().regex(/^[0-9a-f]{8,64}$/, { error: '通知编号不正确' }),
  amount: z.number().int().min(0).max(100_000_000),
  status: z.literal('paid'),
  sig: z.string().regex(/^[0-9a-f]{64}$/, { error: '签名格式不正确' }),
});
export const autoBuyBody = z.object({ enabled: z.boolean({ error: '请选择是否自动购买' }) });
