import './zod-locale';
import { z } from 'zod';
import { TIP_AMOUNT } from '../rewards';
import { idSchema, intQuery } from './common';
import { langDefault } from './catalog';

const tipAmountText = `打赏数量须为1到${TIP_AMOUNT.max}的整数`;

/** POST /v1/novels/{nid}/tips (docs/gifts-votes.md "Gifts and tips"): numbers only, never strings or fractions. */
export const tipBody = z.object({
  amount: z
    .number({ error: tipAmountText })
    .int({ error: tipAmountText })
    .min(1, { error: tipAmountText })
    .max(TIP_AMOUNT.max, { error: tipAmountText })
    .default(TIP_AMOUNT.default),
  gift_id: idSchema,
  scene: z.string({ error: 'scene 格式不正确' }).max(32, { error: 'scene 过长' }).optional(),
  chapter_id: idSchema.nullish(),
});

export const giftsQuery = z.object({ language_type: langDefault });

const voteAmountText = '投票数量须为正整数';
/** POST /v1/competitions/novel/{nid}/votes: the monthly cap is the service's to say; the schema keeps numbers sane. */
export const voteBody = z.object({
  amount: z
    .number({ error: voteAmountText })
    .int({ error: voteAmountText })
    .min(1, { error: voteAmountText })
    .max(1_000_000, { error: voteAmountText }),
});

export const competitionParams = z.object({ id: idSchema });
export const boardQuery = z.object({ start: intQuery(0, 1_000_000), limit: intQuery(20, 100, 1) });
export const fansQuery = z.object({ start: intQuery(0, 1_000_000), limit: intQuery(20, 100, 1) });

/** GET /v1/admin/finance/revenue?month=YYYY-MM (the current month, Asia/Shanghai, when left out). */
export const revenueQuery = z.object({
  month: z
    .string({ error: '月份格式应为 YYYY-MM' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: '月份格式应为 YYYY-MM' })
    .optional(),
});
