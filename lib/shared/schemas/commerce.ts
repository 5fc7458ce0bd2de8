import { z } from 'zod';
import { idSchema } from './common';
import { pagedQuery } from './catalog';

export const couponsQuery = pagedQuery.extend({
  status: z.enum(['usable', 'used', 'expired'], { error: '优惠券状态只能是 usable、used 或 expired' }).default('usable'),
});

/** Promotion popup tracking (docs/wallet.md "Products and VIP"): 1 opened, 2 button tapped, 3 closed. */
export const promotionTrackBody = z.object({
  promotion_id: idSchema,
  act_name: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'act_name 只能是 1、2 或 3' }),
});

/** Rich-message click payloads are passed through as staff defined them; only size and shape are checked. */
export const richMsgClickBody = z
  .record(z.string().max(64), z.unknown(), { error: '请求内容格式不正确' })
  .refine((v) => JSON.stringify(v).length <= 4096, { error: '请求内容过大' });

export const bridgeCodeBody = z.object({ return: z.string().max(1024, { error: '返回地址过长' }).optional() });
