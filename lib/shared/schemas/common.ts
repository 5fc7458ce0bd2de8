import './zod-locale';
import { z } from 'zod';
import { MAX_ID } from '../constants';
import { MSG } from '../messages';

/** A positive database id from a path, query or body: digits only (or an integer), within PostgreSQL's integer range. */
export const idSchema = z
  .union([z.number(), z.string()], { error: MSG.invalidId })
  .transform((v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : typeof v === 'number' ? v : NaN))
  .pipe(
    z.number({ error: MSG.invalidId }).int({ error: MSG.invalidId }).min(1, { error: MSG.invalidId }).max(MAX_ID, { error: MSG.invalidId }),
  );

/** A non-negative integer from a query string, with a default and an upper bound. */
export function intQuery(defaultValue: number, max: number, min = 0) {
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return defaultValue;
      if (!/^-?\d{1,10}$/.test(v)) {
        ctx.addIssue({ code: 'custom', message: MSG.invalidParams });
        return z.NEVER;
      }
      return Number(v);
    })
    .pipe(z.number().int().min(min, { error: MSG.invalidParams }).max(max, { error: MSG.invalidParams }));
}

export const languageTypeSchema = z.coerce
  .number({ error: MSG.invalidParams })
  .int({ error: MSG.invalidParams })
  .refine((n) => n === 0 || n === 1 || n === 2, { error: '语言类型只能是 0、1 或 2' });

export const nidParams = z.object({ nid: idSchema });
