import './zod-locale';
import { z } from 'zod';
import { VOUCHER_LOT_STATUSES } from '../dto/wallet-records';
import { pagedQuery } from './catalog';

export const consumesQuery = pagedQuery;

export const voucherLotsQuery = pagedQuery.extend({
  // An empty value means the default, as it does for start and limit.
  status: z
    .string()
    .optional()
    .transform((v) => v || 'active')
    .pipe(z.enum(VOUCHER_LOT_STATUSES, { error: '书券状态只能是 active、expired 或 used' })),
});
