/**
 * Business time (docs/development.md "Business time"): the one module that knows the product's clock is Asia/Shanghai.
 * Business days, weeks and months, the times the product shows and the times staff type in are all read on that
 * clock, wherever the server or the browser runs and whatever its TZ.
 *
 * Asia/Shanghai has kept UTC+8 without daylight saving since 1991, so business time is the instant moved by a fixed
 * eight hours: plain arithmetic, no time-zone database (this module ships to the browser too); dayjs, in its utc
 * mode, only formats the shifted instant. Days are 'YYYY-MM-DD', months 'YYYY-MM', both as read in business time; a period's bounds are instants, [start, end).
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/** The IANA name: the database's `at time zone` (lib/server/db/business-time-sql.ts) and the e2e browsers' zone. */
export const BUSINESS_TIMEZONE = 'Asia/Shanghai';

/** Business time's distance from UTC. */
export const BUSINESS_UTC_OFFSET_MS = 8 * 3_600_000;

const DAY_MS = 86_400_000;

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The instant as a Date whose UTC fields read the business wall clock (never shown or stored as an instant). */
const wallClock = (at: Date | number | string) => new Date(new Date(at).getTime() + BUSINESS_UTC_OFFSET_MS);

/** The instant at which the business wall clock reads these fields (month from 1; out-of-range fields roll over). */
const fromWallClock = (year: number, month: number, day: number, hour = 0, minute = 0) =>
  new Date(Date.UTC(year, month - 1, day, hour, minute) - BUSINESS_UTC_OFFSET_MS);

const dayKey = (w: Date) => `${pad(w.getUTCFullYear(), 4)}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())}`;

const splitDay = (day: string) => day.split('-').map(Number) as [number, number, number];

/** The business day `at` falls on, YYYY-MM-DD. */
export function businessDayOf(at: Date | number): string {
  return dayKey(wallClock(at));
}

/** The business month `at` falls in, YYYY-MM. */
export function businessMonthOf(at: Date | number): string {
  return businessDayOf(at).slice(0, 7);
}

/** The hour of the business clock at `at`, 0–23. */
export function businessHourOf(at: Date | number): number {
  return wallClock(at).getUTCHours();
}

/** The first instant of the business day `day` (YYYY-MM-DD): midnight in business time. */
export function businessDayStart(day: string): Date {
  const [y, m, d] = splitDay(day);
  return fromWallClock(y, m, d);
}

/** [start, end) of the business day `day`. */
export function businessDayBounds(day: string): { start: Date; end: Date } {
  const start = businessDayStart(day);
  return { start, end: new Date(start.getTime() + DAY_MS) };
}

/** The first instant of the business day `at` falls on. */
export function businessDayStartOf(at: Date | number): Date {
  return businessDayStart(businessDayOf(at));
}

/** The business day `n` days after `day` (negative: before). */
export function addBusinessDays(day: string, n: number): string {
  const [y, m, d] = splitDay(day);
  return dayKey(new Date(Date.UTC(y, m - 1, d + n)));
}

/** [start, end) of the business month `month` (YYYY-MM): end is the first instant of the next month. */
export function businessMonthBounds(month: string): { start: Date; end: Date } {
  const [y, m] = splitDay(month);
  return { start: fromWallClock(y, m, 1), end: fromWallClock(y, m + 1, 1) };
}

/** The first instant of the business month `at` falls in. */
export function businessMonthStartOf(at: Date | number): Date {
  return businessMonthBounds(businessMonthOf(at)).start;
}

/** The business month `n` months after `month` (negative: before), YYYY-MM. */
export function addBusinessMonths(month: string, n: number): string {
  const [y, m] = splitDay(month);
  return dayKey(new Date(Date.UTC(y, m - 1 + n, 1))).slice(0, 7);
}

/** The first instant of the business week `at` falls in: Monday 00:00 in business time (weeks start on Monday). */
export function businessWeekStartOf(at: Date | number): Date {
  const w = wallClock(at);
  const sinceMonday = (w.getUTCDay() + 6) % 7;
  return fromWallClock(w.getUTCFullYear(), w.getUTCMonth() + 1, w.getUTCDate() - sinceMonday);
}

/** [start, end) of the business week `at` falls in (7 × 24 h from Monday's midnight). */
export function businessWeekBounds(at: Date | number): { start: Date; end: Date } {
  const start = businessWeekStartOf(at);
  return { start, end: new Date(start.getTime() + 7 * DAY_MS) };
}

/**
 * An instant as the product shows it, in business time: 'YYYY-MM-DD HH:mm' (with `seconds`, ':ss' too). `sep` is
 * what stands between date and time: 'T' gives the value of a datetime-local field.
 */
export function formatBusinessTime(at: Date | number | string, opts: { seconds?: boolean; sep?: ' ' | 'T' } = {}): string {
  const w = wallClock(at);
  if (Number.isNaN(w.getTime())) return 'Invalid Date';
  // The wall clock's UTC fields are business time; dayjs's utc mode formats them without the machine's zone.
  const sep = opts.sep === 'T' ? '[T]' : ' ';
  return dayjs.utc(w).format(`YYYY-MM-DD${sep}HH:mm${opts.seconds ? ':ss' : ''}`);
}

/** A datetime-local field's value for an instant ('YYYY-MM-DDTHH:mm', business time); '' for none. */
export function businessDateTimeLocal(at: Date | null): string {
  return at ? formatBusinessTime(at, { sep: 'T' }) : '';
}

/**
 * The instant of a business-time 'YYYY-MM-DD HH:mm' (or a datetime-local field's 'YYYY-MM-DDTHH:mm'); undefined when
 * the text is not that, or names a time that does not exist (02-30, 24:00): refused, not rolled over.
 */
export function parseBusinessTime(text: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const at = fromWallClock(y, mo, d, h, mi);
  return formatBusinessTime(at) === `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}` ? at : undefined;
}

/** The first instant of a YYYY-MM-DD business day; undefined when the text names no real day (2026-02-31). */
export function parseBusinessDay(day: string): Date | undefined {
  if (!DAY_PATTERN.test(day)) return undefined;
  const start = businessDayStart(day);
  return businessDayOf(start) === day ? start : undefined;
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
  if (MONTH_PATTERN.test(value)) return { kind: 'month', key: value, ...businessMonthBounds(value) };
  // A day that does not exist would roll over into the next month: refuse it rather than report another day.
  return parseBusinessDay(value) ? { kind: 'day', key: value, ...businessDayBounds(value) } : null;
}

/** The business days of a period in order, up to and including the day of `until` (no day of the future). */
export function businessDaysOf(period: BusinessPeriod, until: Date): string[] {
  if (period.kind === 'day') return [period.key];
  const last = businessDayOf(until);
  const end = businessDayOf(period.end);
  const days: string[] = [];
  for (let day = `${period.key}-01`; day < end && day <= last; day = addBusinessDays(day, 1)) days.push(day);
  return days;
}

/** The period before or after (by one day or one calendar month). */
export function shiftPeriod(period: BusinessPeriod, by: number): string {
  return period.kind === 'day' ? addBusinessDays(period.key, by) : addBusinessMonths(period.key, by);
}
