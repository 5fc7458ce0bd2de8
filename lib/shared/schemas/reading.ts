import './zod-locale';
import { z } from 'zod';
import { idSchema } from './common';
import { voiceKeySchema } from './voices';

const readType = z.union([z.literal(1), z.literal(2)], { error: 'read_type 只能是 1 或 2' });

export const favoriteBody = z.object({ nid: idSchema, read_type: readType.optional().transform((v) => v ?? 1) });
export const favoriteDeleteQuery = z.object({
  nid: idSchema,
  read_type: z
    .enum(['1', '2'], { error: 'read_type 只能是 1 或 2' })
    .optional()
    .transform((v) => Number(v ?? 1)),
});
export const favoriteStatusQuery = z.object({
  read_type: z
    .enum(['1', '2'])
    .optional()
    .transform((v) => Number(v ?? 1)),
});

export const articleParams = z.object({ id: idSchema });
export const buyBody = z.object({ aid: idSchema });

export const productsQuery = z.object({
  product_type: z.enum(['recharge', 'vip', 'ad_removal', 'whole_book', 'short_drama'], { error: '商品类型不正确' }).optional(),
});
export const productParams = z.object({ id: idSchema });
export const notificationBody = z.object({
  order_id: idSchema,
  notification_id: z.string().regex(/^[0-9a-f]{8,64}$/, { error: '通知编号不正确' }),
  amount: z.number().int().min(0).max(100_000_000),
  status: z.literal('paid'),
  sig: z.string().regex(/^[0-9a-f]{64}$/, { error: '签名格式不正确' }),
});
export const autoBuyBody = z.object({ enabled: z.boolean({ error: '请选择是否自动购买' }) });
export const readQuery = z.object({
  nid: idSchema.optional(),
  auto_buy: z
    .enum(['0', '1'], { error: 'auto_buy 只能是 0 或 1' })
    .optional()
    .transform((v) => v === '1'),
  /** The voice whose time track the reader wants (docs/listening.md "Voice resolution"); absent: the novel's default. */
  voice: voiceKeySchema.optional(),
});
export const prefacesQuery = z.object({
  nid: z
    .string({ error: '请提供小说ID' })
    .regex(/^\d{1,10}(,\d{1,10}){0,19}$/, { error: '小说ID格式不正确（最多20个，用逗号分隔）' })
    .transform((v) => [...new Set(v.split(',').map(Number))].filter((n) => n > 0)),
});

const idList = (name: string) =>
  z
    .string({ error: `请提供${name}` })
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, { error: `${name}格式不正确（最多100个，用逗号分隔）` })
    .transform((v) => [...new Set(v.split(',').map(Number))].filter((n) => n > 0 && n < 2_147_483_647));
const readTypeQuery = z.enum(['1', '2'], { error: 'read_type 只能是 1 或 2' }).transform((v) => Number(v) as 1 | 2);
const paging = {
  start: z.coerce.number({ error: 'start 必须是数字' }).int({ error: 'start 必须是整数' }).min(0).max(1_000_000).default(0),
  limit: z.coerce.number({ error: 'limit 必须是数字' }).int({ error: 'limit 必须是整数' }).min(1).max(100).default(20),
};

export const favoritesListQuery = z.object({ read_type: readTypeQuery.default(1), ...paging });
export const favoritesBatchQuery = z.object({ nids: idList('小说ID') });
export const readLogsListQuery = z.object({ read_type: readTypeQuery.optional(), ...paging });
export const readLogsBatchQuery = z.object({ novel_ids: idList('小说ID') });
export const readLogBody = z.object({
  article_id: idSchema,
  read_type: readType.optional().transform((v) => v ?? 1),
  // Seconds into the audio; 0 is a real position and is kept.
  time_track: z.number({ error: 'time_track 必须是数字' }).int({ error: 'time_track 必须是整数' }).min(0).max(86_400).optional(),
  idx: z.number({ error: 'idx 必须是数字' }).int({ error: 'idx 必须是整数' }).min(0).max(100_000).optional(),
});

// 批量购买 (docs/wallet.md "Batch buying"): only the sheet's three choices, anything else is refused before any query.
export const batchCount = z.union([z.literal(10), z.literal(50), z.literal('all')], { error: '批量购买的章节数不正确' });
export const batchBuyBody = z.object({ aid: idSchema, count: batchCount });
export const batchQuoteQuery = z.object({ aid: idSchema });
