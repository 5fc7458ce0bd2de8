import 'server-only';
import { sql } from 'drizzle-orm';
import { ACTIVITY_MAX_GAP_S, NIGHT_HOURS } from '@/lib/shared/activity';
import { getDb, type DbOrTx } from '../db/client';
import { activityDays } from '../db/schema';
import { businessDayOf, businessHourOf } from '@/lib/shared/business-time';
import { addDays } from './periods';

/** Most seconds one report adds: a report covers at most the minute before it (docs/activity.md "What the server counts"). */
const MAX_STEP_S = 60;

export type ActivityKind = 'read' | 'listen';

/** Whether `now` falls in the night hours (business time): 22:00 to 05:00. */
export function isNight(now: Date): boolean {
  const hour = businessHourOf(now);
  return NIGHT_HOURS.from > NIGHT_HOURS.to
    ? hour >= NIGHT_HOURS.from || hour < NIGHT_HOURS.to
    : hour >= NIGHT_HOURS.from && hour < NIGHT_HOURS.to;
}

/**
 * Adds the time since the member's previous report of this kind to today's row (docs/activity.md "What the server
 * counts"): min(now − previous, 60 s) when the previous report was at most ACTIVITY_MAX_GAP_S ago, else nothing (a
 * new session). One upsert: on PostgreSQL the conflicting row is locked and its newest `last_*_at` re-read, so
 * parallel reports each count only the time since the one before them, never the same interval twice; a late,
 * older report counts nothing and never moves `last_*_at` back. The first report of a day counts from yesterday's
 * last one, so reading across midnight loses nothing. Night reading adds to night_read_seconds too, judged by the
 * report's own time.
 */
export async function addActivityTime(memberId: number, kind: ActivityKind, now = new Date(), db: DbOrTx = getDb()): Promise<void> {
  const day = businessDayOf(now);
  const yesterday = addDays(day, -1);
  const at = now.toISOString();
  const seconds = sql.raw(kind === 'read' ? 'read_seconds' : 'listen_seconds');
  const last = sql.raw(kind === 'read' ? 'last_read_at' : 'last_listen_at');
  const night = kind === 'read' && isNight(now);
  // Seconds from `prev` to this report, 0 when there is no prev, it is not earlier, or it is too long ago.
  const step = (prev: ReturnType<typeof sql>) =>
    sql`(case when ${prev} is not null and ${prev} < ${at}::timestamptz and ${prev} >= ${at}::timestamptz - make_interval(secs => ${ACTIVITY_MAX_GAP_S})
      then least(${MAX_STEP_S}, floor(extract(epoch from ${at}::timestamptz - ${prev})))::int else 0 end)`;
  const fromYesterday = step(sql`(select y.${last} from ${activityDays} y where y.member_id = ${memberId} and y.day = ${yesterday})`);
  // `excluded` holds what the insert would have written: the step from yesterday's last report.
  const ongoing = sql`(case when activity_days.${last} is null then excluded.${seconds} else ${step(sql`activity_days.${last}`)} end)`;
  await db.execute(sql`
    insert into ${activityDays} (member_id, day, ${seconds}, night_read_seconds, ${last})
    select ${memberId}, ${day}, s, ${night ? sql`s` : sql`0`}, ${at}::timestamptz from (select ${fromYesterday} as s) x
    on conflict (member_id, day) do update set
      ${seconds} = activity_days.${seconds} + ${ongoing},
      night_read_seconds = activity_days.night_read_seconds + ${night ? ongoing : sql`0`},
      ${last} = greatest(activity_days.${last}, excluded.${last})`);
}
