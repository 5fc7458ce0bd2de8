import 'server-only';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { BUSINESS_TIMEZONE } from '@/lib/shared/constants';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Calendar months and days in Asia/Shanghai: tickets are earned and expire by the month, the free gift goes once a
 * business day, revenue is reported by the month (docs/gifts-votes.md, docs/wallet.md "Revenue by novel").
 */
export function monthOf(now: Date): string {
  return dayjs(now).tz(BUSINESS_TIMEZONE).format('YYYY-MM');
}

/** The business day `now` belongs to, YYYY-MM-DD (midnight to midnight in Asia/Shanghai). */
export function businessDayOf(now: Date): string {
  return dayjs(now).tz(BUSINESS_TIMEZONE).format('YYYY-MM-DD');
}

/** The first instant of the business day `day` (YYYY-MM-DD), midnight in Asia/Shanghai. */
export function businessDayStart(day: string): Date {
  return dayjs.tz(`${day} 00:00:00`, BUSINESS_TIMEZONE).toDate();
}

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** [start, end) of a YYYY-MM month in Asia/Shanghai: end is the first instant of the next month there. */
export function monthBounds(month: string): { start: Date; end: Date } {
  const start = dayjs.tz(`${month}-01 00:00:00`, BUSINESS_TIMEZONE);
  return { start: start.toDate(), end: start.add(1, 'month').toDate() };
}
