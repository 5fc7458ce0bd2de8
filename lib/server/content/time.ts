import 'server-only';
import { parseBusinessTime, businessDateTimeLocal } from '@/lib/shared/business-time';
import { CONTENT_EDIT_TEXT as T } from '@/lib/shared/content-edit-text';
import { invalid } from '../core/errors';

/** A console time typed as "YYYY-MM-DD HH:mm" (or a datetime-local value) in business time; empty is null. */
export function contentTime(value: string | undefined): Date | null {
  const v = (value ?? '').trim();
  if (!v) return null;
  const t = parseBusinessTime(v);
  if (!t) throw invalid(T.timeInvalid);
  return t;
}

/** The same format back, for a form's default value. */
export function contentTimeValue(date: Date | null): string {
  return businessDateTimeLocal(date);
}
