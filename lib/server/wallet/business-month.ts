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

export const DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** [start, end) of a YYYY-MM-DD business day: midnight to midnight in Asia/Shanghai. */
export function dayBounds(day: string): { start: Date; end: Date } {
  const start = dayjs.tz(`${day} 00:00:00`, BUSINESS_TIMEZONE);
  return { start: start.toDate(), end: start.add(1, 'day').toDate() };
}

/**
 * A business day or month named in a query (the money report, the order list's filters): `YYYY-MM-DD` or `YYYY-MM`
 * with its [start, end) instants, or null when the text is neither or names no real day (2026-02-30).
 */
export interface BusinessPeriod {
  kind: 'day' | 'month';
  /** YYYY-MM-DD or YYYY-MM, as given. */
  key: string;
  start: Date;
  end: Date;
}

export function businessPeriod(value: string | undefined | null): BusinessPeriod | null {
  if (!value) return null;
  if (MONTH_PATTERN.test(value)) return { kind: 'month', key: value, ...monthBounds(value) };
  if (!DAY_PATTERN.test(value)) return null;
  const bounds = dayBounds(value);
  // A day that does not exist rolls over into the next month: refuse it rather than report another day.
  return businessDayOf(bounds.start) === value ? { kind: 'day', key: value, ...bounds } : null;
}

/** The business days of a period in order, up to and including the day of `until` (no day of the future). */
export function businessDaysOf(period: BusinessPeriod, until: Date): string[] {
  if (period.kind === 'day') return [period.key];
  const last = businessDayOf(until);
  const days: string[] = [];
  for (let d = dayjs.tz(`${period.key}-01 00:00:00`, BUSINESS_TIMEZONE); d.toDate() < period.end; d = d.add(1, 'day')) {
    const day = d.format('YYYY-MM-DD');
    if (day > last) break;
    days.push(day);
  }
  return days;
}

/** The period before or after (by one day or one calendar month). */
export function shiftPeriod(period: BusinessPeriod, by: number): string {
  const unit = period.kind === 'day' ? 'day' : 'month';
  const format = period.kind === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  return dayjs.tz(period.start, BUSINESS_TIMEZONE).add(by, unit).format(format);
}
