import 'server-only';
import { WEEK_ANCHOR_DAY } from '@/lib/shared/activity';
import { addBusinessDays, businessDayOf, businessDayStart } from '@/lib/shared/business-time';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
const ANCHOR_MS = businessDayStart(WEEK_ANCHOR_DAY).getTime();

/**
 * A mission's period (docs/activity.md "Missions"): day periods run 0:00–0:00 Asia/Shanghai and are keyed by the
 * business day; week periods are 7 × 24 h windows counted from WEEK_ANCHOR_DAY, keyed 'w:N'. Asia/Shanghai keeps
 * no summer time, so both always start at midnight there and cover whole business days [firstDay, endDay).
 */
export interface Period {
  kind: 'day' | 'week';
  key: string;
  startsAt: Date;
  resetsAt: Date;
  /** The first business day in the period and the first one after it (YYYY-MM-DD). */
  firstDay: string;
  endDay: string;
}

/** The instant a business day starts (lib/shared/business-time.ts). */
export const dayStart = businessDayStart;

/** The business day `n` days after `day` (negative: before). */
export const addDays = addBusinessDays;

export function dayPeriod(now: Date): Period {
  const key = businessDayOf(now);
  const startsAt = dayStart(key);
  const resetsAt = new Date(startsAt.getTime() + DAY_MS);
  return { kind: 'day', key, startsAt, resetsAt, firstDay: key, endDay: businessDayOf(resetsAt) };
}

export function weekPeriod(now: Date): Period {
  const n = Math.floor((now.getTime() - ANCHOR_MS) / WEEK_MS);
  const startsAt = new Date(ANCHOR_MS + n * WEEK_MS);
  const resetsAt = new Date(ANCHOR_MS + (n + 1) * WEEK_MS);
  return { kind: 'week', key: `w:${n}`, startsAt, resetsAt, firstDay: businessDayOf(startsAt), endDay: businessDayOf(resetsAt) };
}

export function periodOf(kind: 'day' | 'week', now: Date): Period {
  return kind === 'week' ? weekPeriod(now) : dayPeriod(now);
}
