import 'server-only';
import type { ZodType } from 'zod';
import { SELLING_TEXT } from '@/lib/shared/selling-text';
import { invalid } from '../../core/errors';

/** A console form as posted: every field a string, a checkbox present only when ticked. */
export type SellingForm = Record<string, string | undefined>;

/** Parses a form with its strict schema; the first refusal becomes the flash line (docs/selling.md "Rules"). */
export function parseSelling<T>(schema: ZodType<T>, form: SellingForm): T {
  const result = schema.safeParse(form);
  if (!result.success) throw invalid(result.error.issues[0]?.message || SELLING_TEXT.err.invalidChoice);
  return result.data;
}

/** A row as the audit log keeps it: times as ISO strings, so before and after compare as text. */
export function auditView(row: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
}
