import 'server-only';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { BUSINESS_TIMEZONE } from '@/lib/shared/constants';
import { CONTENT_EDIT_TEXT as T } from '@/lib/shared/content-edit-text';
import { invalid } from '../http/errors';

dayjs.extend(utc);
dayjs.extend(timezone);

/** A console time typed as "YYYY-MM-DD HH:mm" (or a datetime-local value) in Asia/Shanghai; empty is null. */
export function contentTime(value: string | undefined): Date | null {
  const v = (value ?? '').trim();
  if (!v) return null;
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})$/.exec(v);
  if (!m) throw invalid(T.timeInvalid);
  const t = dayjs.tz(`${m[1]} ${m[2]}`, 'YYYY-MM-DD HH:mm', BUSINESS_TIMEZONE);
  if (!t.isValid() || t.format('YYYY-MM-DD HH:mm') !== `${m[1]} ${m[2]}`) throw invalid(T.timeInvalid);
  return t.toDate();
}

/** The same format back, for a form's default value. */
export function contentTimeValue(date: Date | null): string {
  return date ? dayjs(date).tz(BUSINESS_TIMEZONE).format('YYYY-MM-DDTHH:mm') : '';
}
